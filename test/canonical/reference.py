#!/usr/bin/env python3
"""Independent reference for schemas/canonical-form.md (Python 3 standard library only).

Reads lines `MODE<TAB>JSON` (UTF-8) from the file named as the argument (or stdin) and writes one line per input line:
    OK sha256:<hex> <canonical text>      or      ERR <code>
MODE is one of
  contract / plain: the canonical form of the document in contract / non-contract mode
  narrow:           the document is a Tool; the canonical form of the mcpindex narrow preimage
Codes: non-finite, too-deep, invalid-json, not-a-tool.
"""
import hashlib
import json
import math
import re
import sys
import unicodedata

MAX_DEPTH = 64
FLOAT_SHAPED = re.compile(r'-?[0-9]\.[0-9]{17}e[+-][0-9]{2,}')


class CanonError(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def nfc(s):
    return unicodedata.normalize('NFC', s)


def canon(x, depth, contract):
    if depth > MAX_DEPTH:
        raise CanonError('too-deep')
    if x is None or isinstance(x, bool) or isinstance(x, int):
        return x
    if isinstance(x, float):
        if math.isnan(x) or math.isinf(x):
            raise CanonError('non-finite')
        if x == 0.0:
            x = 0.0  # -0.0 -> 0.0
        return '%.17e' % x
    if isinstance(x, str):
        s = nfc(x)
        if contract and (s.startswith('\0') or FLOAT_SHAPED.fullmatch(s)):
            s = '\0' + s
        return s
    if isinstance(x, list):
        return [canon(v, depth + 1, contract) for v in x]
    if isinstance(x, dict):
        groups = {}
        for raw in x:  # json.loads already kept the last value of an exact duplicate key
            groups.setdefault(nfc(raw), []).append(raw)
        out = {}
        for key, raws in groups.items():
            if len(raws) == 1:
                out[key] = canon(x[raws[0]], depth + 1, contract)
            elif contract:
                for raw in raws:
                    out[raw] = canon(x[raw], depth + 1, contract)
            else:
                out[key] = canon(x[max(raws)], depth + 1, contract)
        return out
    raise TypeError(type(x))


def canonical(x, contract):
    return json.dumps(canon(x, 0, contract), sort_keys=True, separators=(',', ':'), ensure_ascii=True)


def narrow_preimage(tool):
    if not isinstance(tool, dict):
        raise CanonError('not-a-tool')
    def or_empty(v):
        return '' if v is None else v
    schema = tool.get('inputSchema')
    return {
        'name': or_empty(tool.get('name')),
        'description': or_empty(tool.get('description')),
        'input_schema': schema if isinstance(schema, dict) else {},
    }


def answer(mode, text):
    try:
        doc = json.loads(text)
    except ValueError:
        return 'ERR invalid-json'
    try:
        if mode == 'narrow':
            canon_text = canonical(narrow_preimage(doc), True)
        else:
            canon_text = canonical(doc, mode == 'contract')
    except CanonError as e:
        return 'ERR ' + e.code
    return 'OK sha256:' + hashlib.sha256(canon_text.encode('utf-8')).hexdigest() + ' ' + canon_text


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1], 'rb') as f:
            data = f.read().decode('utf-8')
    else:
        data = sys.stdin.buffer.read().decode('utf-8')
    out = []
    for line in data.split('\n'):
        if line == '':
            continue
        mode, text = line.split('\t', 1)
        out.append(answer(mode, text))
    sys.stdout.buffer.write(('\n'.join(out) + ('\n' if out else '')).encode('ascii'))


if __name__ == '__main__':
    main()
