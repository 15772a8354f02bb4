#!/usr/bin/env python3
"""Writes an mcpindex v2 pin file the way the Python gate would, independently of mcp-audit.

    reference-pin.py OUT_FILE SERVER_ID [--recipe narrow|plain] -- PROGRAM ARG...

Launches PROGRAM over stdio, speaks just enough JSON-RPC (initialize, notifications/initialized,
every page of tools/list), parses each result with json.loads (so `0.0` stays a Python float),
computes each tool's definition_hash with test/canonical/reference.py, and writes
{"version": 2, "pins": [...]} (keys sorted, 2-space indent, trailing newline, mode 0600) with the
captured public contract as `schema` (mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts, PIN_STORE_VERSION = 2), then adds the file's basename to
the tamper-evidence index .ever-pinned.json beside it, as the gate does after every pin write
(same format, sorted and de-duplicated, mode 0600; mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts EVER_PINNED_NAME).
`--recipe plain` hashes the whole tool in non-contract mode instead: a wrong recipe on purpose.
Standard library only.
"""
import hashlib
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'canonical'))
import reference  # noqa: E402


def rpc(proc, msg_id, method, params):
    proc.stdin.write((json.dumps({'jsonrpc': '2.0', 'id': msg_id, 'method': method, 'params': params}) + '\n').encode())
    proc.stdin.flush()
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit('server closed stdout before answering ' + method)
        msg = json.loads(line)
        if msg.get('id') == msg_id:
            if 'error' in msg:
                raise SystemExit(method + ' failed: ' + json.dumps(msg['error']))
            return msg['result']


def list_tools(argv):
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        rpc(proc, 1, 'initialize', {'protocolVersion': '2025-06-18', 'capabilities': {},
                                    'clientInfo': {'name': 'reference-pin', 'version': '0'}})
        proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        proc.stdin.flush()
        tools, cursor, msg_id = [], None, 2
        while True:
            result = rpc(proc, msg_id, 'tools/list', {} if cursor is None else {'cursor': cursor})
            tools.extend(result['tools'])
            cursor = result.get('nextCursor')
            msg_id += 1
            if not cursor:
                return tools
    finally:
        proc.kill()
        proc.wait()


def public_contract(tool):
    description = tool.get('description')
    schema = tool.get('inputSchema')
    out = {'name': tool['name'], 'description': '' if description is None else description,
           'inputSchema': schema if isinstance(schema, dict) else {}}
    for key in ('annotations', 'outputSchema'):
        if isinstance(tool.get(key), dict):
            out[key] = tool[key]
    return out


def main():
    sep = sys.argv.index('--')
    out_file, server_id, *opts = sys.argv[1:sep]
    recipe = opts[opts.index('--recipe') + 1] if '--recipe' in opts else 'narrow'
    pins = []
    for tool in list_tools(sys.argv[sep + 1:]):
        subject = reference.narrow_preimage(tool) if recipe == 'narrow' else tool
        text = reference.canonical(subject, recipe == 'narrow')
        pins.append({'server_id': server_id, 'tool_name': tool['name'],
                     'definition_hash': 'sha256:' + hashlib.sha256(text.encode('utf-8')).hexdigest(),
                     'pinned_at': '2026-11-01T10:00:00.000+00:00', 'schema': public_contract(tool)})
    os.makedirs(os.path.dirname(out_file), exist_ok=True)
    with open(out_file, 'w', encoding='utf-8') as f:
        f.write(json.dumps({'version': 2, 'pins': pins}, sort_keys=True, indent=2) + '\n')
    os.chmod(out_file, 0o600)
    index_file = os.path.join(os.path.dirname(out_file), '.ever-pinned.json')
    stores = []
    if os.path.exists(index_file):
        with open(index_file, encoding='utf-8') as f:
            stores = json.load(f)['stores']
    with open(index_file, 'w', encoding='utf-8') as f:
        f.write(json.dumps({'stores': sorted(set(stores + [os.path.basename(out_file)]))}, indent=2) + '\n')
    os.chmod(index_file, 0o600)
    for pin in pins:
        print(pin['tool_name'] + '\t' + pin['definition_hash'])


if __name__ == '__main__':
    main()
