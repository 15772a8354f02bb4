#!/usr/bin/env python3
"""Regenerates fixtures/canonical/vectors.json from the Python reference (never from the TypeScript
code). Published values (reference §1.13–1.15, §2.5, §14.2) are asserted, not just recomputed.
Usage: python3 test/canonical/make-vectors.py > fixtures/canonical/vectors.json
"""
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

cases = []


def add(name, profile, text, source, canonical=None, digest=None, error=None):
    got = reference.answer('narrow' if profile == 'narrow' else profile, text) if profile != 'hangar' else None
    case = {'name': name, 'profile': profile, 'input': text, 'source': source}
    if profile == 'hangar':
        case['canonical'] = canonical
        case['hash'] = hashlib.sha256(canonical.encode('utf-8')).hexdigest()
        assert case['hash'] == digest, (name, case['hash'])
    elif error is not None:
        assert got == 'ERR ' + error, (name, got)
        case['error'] = error
    else:
        ok, h, c = got.split(' ', 2)
        assert ok == 'OK', (name, got)
        if canonical is not None:
            assert c == canonical, (name, c, canonical)
        if digest is not None:
            assert h == digest, (name, h, digest)
        case['canonical'] = c
        case['hash'] = h
    cases.append(case)


V = [
    ('V1', '{"name":"search_docs","description":"Search the documentation index.","inputSchema":{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}}', 'a5bc94324ee8897ee248249f766b74a05e500362ae8c89f7e0c7987fe3748bd9'),
    ('V2', '{"name":"calc","description":"Numeric tool.","inputSchema":{"type":"object","properties":{"rate":{"type":"number","minimum":0.5,"maximum":3.14},"epsilon":{"type":"number","default":0.1}}}}', '9a97e18b654b298ef33332cd4f7f1cedfbbab96ae59107c3d8434a71ebddee61'),
    ('V3', '{"name":"greet","description":"Say h\u00e9llo \u2014 \u65e5\u672c\u8a9e caf\u00e9.","inputSchema":{"type":"object","properties":{"name":{"type":"string","default":"na\u00efve caf\u00e9 \u5317\u4eac"}},"required":["name"]}}', 'cc6f686aa8c7fca2ec5836b3a22e70cf8228c750f8ad9bf96372f409e39bcfc7'),
    ('V4', '{"name":"cfg","description":"Config.","inputSchema":{"type":"object","properties":{"limits":{"type":"object","properties":{"threshold":{"type":"number","default":2.5e-3},"ratio":{"type":"number","default":1.25}}}}}}', 'd009b8191fb5947664daf3b93f6cc52b7dc01dc981d9af68e0ce4527f3a3842d'),
    ('V5', '{"name":"bound","description":"Bound.","inputSchema":{"type":"object","properties":{"x":{"type":"number","minimum":0.0}}}}', 'c47e5b3368c4e0a291459a811175f1eb9706dc2e18f443fefa9f8ac3e9dc91ca'),
    ('V6', '{"name":"bound","description":"Bound.","inputSchema":{"type":"object","properties":{"x":{"type":"number","minimum":0}}}}', '1114155260e9500e740b3732473d5c678f24b825fce8f64fea1339d605c4d1e0'),
]
for name, text, h in V:
    add('narrow-' + name, 'narrow', text, 'published mcpindex parity vector ' + name + ' (reference 1.13)', digest='sha256:' + h)
add('narrow-float-tie-2^-26', 'narrow', '{"name":"t","description":"d","inputSchema":{"type":"number","minimum":1.4901161193847656e-08}}',
    'float-tie vector (reference 1.15)',
    canonical='{"description":"d","input_schema":{"minimum":"1.49011611938476562e-08","type":"number"},"name":"t"}',
    digest='sha256:517f1e4fe841c4a3781458e5b5b3b7b0d6347a98d742c816c69f09f425e40789')
add('narrow-null-name-and-description', 'narrow', '{"name":null,"inputSchema":{"type":"object"}}', 'rule: absent or null -> ""',
    canonical='{"description":"","input_schema":{"type":"object"},"name":""}')
add('narrow-non-object-input-schema', 'narrow', '{"name":"x","description":"d","inputSchema":[1,2]}', 'rule: non-object inputSchema -> {}',
    canonical='{"description":"d","input_schema":{},"name":"x"}')
add('narrow-ignores-output-schema-annotations-title', 'narrow',
    '{"name":"x","title":"T","description":"d","inputSchema":{},"outputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}',
    'rule: narrow preimage is name, description, input_schema only', canonical='{"description":"d","input_schema":{},"name":"x"}')

ROWS = [
    ('plain', '{"a":1,"b":"c"}', '{"a":1,"b":"c"}', '{"a":1,"b":"c"}'),
    ('nfc-single', '{"\\u00e9":1}', '{"\\u00e9":1}', '{"\\u00e9":1}'),
    ('nfc-collision', '{"\\u00e9":1,"e\\u0301":2}', '{"\\u00e9":1}', '{"e\\u0301":2,"\\u00e9":1}'),
    ('float', '{"n":0.5}', '{"n":"5.00000000000000000e-01"}', '{"n":"5.00000000000000000e-01"}'),
    ('floatish-string', '{"s":"5.00000000000000000e-01"}', '{"s":"5.00000000000000000e-01"}', '{"s":"\\u00005.00000000000000000e-01"}'),
    ('nul-string', '{"s":"\\u0000abc"}', '{"s":"\\u0000abc"}', '{"s":"\\u0000\\u0000abc"}'),
    ('three-digit-exponent', '{"s":"1.00000000000000000e+100"}', '{"s":"1.00000000000000000e+100"}', '{"s":"\\u00001.00000000000000000e+100"}'),
    ('unicode-digits', '{"s":"\\u0661.00000000000000000e+00"}', '{"s":"\\u0661.00000000000000000e+00"}', '{"s":"\\u0661.00000000000000000e+00"}'),
    ('trailing-newline', '{"s":"5.00000000000000000e-01\\n"}', '{"s":"5.00000000000000000e-01\\n"}', '{"s":"5.00000000000000000e-01\\n"}'),
    ('proto-under-properties', '{"properties":{"name":{"__proto__":{"x":1}}}}', '{"properties":{"name":{"__proto__":{"x":1}}}}', '{"properties":{"name":{"__proto__":{"x":1}}}}'),
    ('defs-proto', '{"$defs":{"__proto__":{"type":"object"}}}', '{"$defs":{"__proto__":{"type":"object"}}}', '{"$defs":{"__proto__":{"type":"object"}}}'),
]
for name, text, plain, contract in ROWS:
    add('contract-bytes-' + name, 'contract', text, 'mcpindex contract-bytes fixture row (reference 1.14)', canonical=contract)
    add('plain-bytes-' + name, 'plain', text, 'mcpindex contract-bytes fixture row, non-contract column (reference 1.14)', canonical=plain)

FLOATS = [
    ('1125899906842623.125', '1.12589990684262312e+15'), ('5e-324', '4.94065645841246544e-324'),
    ('-5e-324', '-4.94065645841246544e-324'), ('9007199254740994.0', '9.00719925474099400e+15'),
    ('1e300', '1.00000000000000005e+300'), ('0.1', '1.00000000000000006e-01'), ('-0.0', '0.00000000000000000e+00'),
    ('0.0', '0.00000000000000000e+00'), ('1.4901161193847656e-08', '1.49011611938476562e-08'),
    ('7.450580596923828e-09', '7.45058059692382812e-09'), ('-1.4901161193847656e-08', '-1.49011611938476562e-08'),
    ('2.2250738585072014e-308', '2.22507385850720138e-308'), ('2.225073858507201e-308', '2.22507385850720089e-308'),
    ('1.7976931348623157e308', '1.79769313486231571e+308'), ('1e23', '9.99999999999999916e+22'),
    ('1e153', '1.00000000000000000e+153'), ('3.14', '3.14000000000000012e+00'), ('12345.678', '1.23456779999999999e+04'),
    ('0.10000038146972656', '1.00000381469726562e-01'), ('10.000007629394531', '1.00000076293945312e+01'),
    ('1000000000000.0156', '1.00000000000001562e+12'), ('1000000000000000.1', '1.00000000000000012e+15'),
    ('-287614387509121.3125', '-2.87614387509121312e+14'), ('611814223097.4453125', '6.11814223097445312e+11'),
    ('0.0010008811950683594', '1.00088119506835938e-03'),
]
for lit, py in FLOATS:
    add('float-' + lit, 'contract', '[' + lit + ']', "Python '%.17e' table (reference 14.2)", canonical='["' + py + '"]')

HANGAR_ADD = '{"description":"Add numbers","inputSchema":{"properties":{"a":{"type":"number"}},"type":"object"},"name":"add"}'
HANGAR = [
    ('hangar-add', '{"name": "add", "description": "Add numbers", "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}}}}', HANGAR_ADD, '61ccc5d86e8ad8087d55647f94b3dd1826e8af4b01ed5d672b55800e9b5bfc53', 'published (mcp-hangar cookbook 14; reference 2.5)'),
    ('hangar-add-with-empty-annotations-and-title', '{"name": "add", "title": "", "annotations": {}, "description": "Add numbers", "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}}}}', HANGAR_ADD, '61ccc5d86e8ad8087d55647f94b3dd1826e8af4b01ed5d672b55800e9b5bfc53', 'published: same digest with annotations={} and title="" (reference 2.5)'),
    ('hangar-add-with-null-and-empty-optional-fields', '{"name":"add","description":"Add numbers","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}},"outputSchema":{},"annotations":{"destructiveHint":true},"_meta":{"x":1}}', HANGAR_ADD, '61ccc5d86e8ad8087d55647f94b3dd1826e8af4b01ed5d672b55800e9b5bfc53', 'rule: empty outputSchema dropped; annotations and _meta not hashed (reference 2.5)'),
    ('hangar-read-file', '{"name":"read_file","description":"Read a file from disk","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}', '{"description":"Read a file from disk","inputSchema":{"properties":{"path":{"type":"string"}},"type":"object"},"name":"read_file"}', '2f365dfaaf2fa8c0daed41c77b6e64a62f9fc7aea0ddd6771c716e39678f7f65', 'computed from the rules (reference 2.5)'),
    ('hangar-V1-search-docs', V[0][1], '{"description":"Search the documentation index.","inputSchema":{"properties":{"query":{"type":"string"}},"required":["query"],"type":"object"},"name":"search_docs"}', 'd66f27e4630d81b35f389e9c0dec7c6aff815e859c1decd1330fdccaeda55060', 'computed from the rules (reference 2.5)'),
]
for name, text, canon, h, src in HANGAR:
    add(name, 'hangar', text, src, canonical=canon, digest=h)

MORE = [
    ('escapes-short-and-control', 'contract', '["\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f"]', '["\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f"]'),
    ('escapes-non-ascii-lowercase-hex', 'contract', '["\u00ff\u0100\uabcd"]', '["\\u00ff\\u0100\\uabcd"]'),
    ('astral-as-surrogate-pair', 'contract', '["\U0001f600"]', '["\\ud83d\\ude00"]'),
    ('keys-sorted-by-code-point-not-utf16', 'contract', '{"\\ud83d\\ude00":2,"\\ue000":1}', '{"\\ue000":1,"\\ud83d\\ude00":2}'),
    ('nfd-string-normalized', 'contract', '["e\\u0301"]', '["\\u00e9"]'),
    ('big-integer-exact', 'contract', '[9007199254740993,-123456789012345678901234567890]', '[9007199254740993,-123456789012345678901234567890]'),
    ('negative-zero-integer', 'contract', '[-0]', '[0]'),
    ('exponent-without-fraction-is-float', 'contract', '[1E5,1e0]', '["1.00000000000000000e+05","1.00000000000000000e+00"]'),
    ('float-underflow-to-zero', 'contract', '[1e-400]', '["0.00000000000000000e+00"]'),
    ('duplicate-key-last-wins', 'contract', '{"a":1,"a":2}', '{"a":2}'),
    ('whitespace-removed-literals-kept', 'contract', ' { "t" : true ,\t"f" : false , "n" : null , "e" : [ ] , "o" : { } } ', '{"e":[],"f":false,"n":null,"o":{},"t":true}'),
    ('narrow-depth-64-in-preimage-accepted', 'narrow', '{"name":"x","inputSchema":' + '{"a":' * 63 + '{}' + '}' * 63 + '}', None),
    ('depth-64-accepted', 'contract', '[' * 64 + '1' + ']' * 64, '[' * 64 + '1' + ']' * 64),
    ('nfc-collision-three-keys-plain-keeps-last', 'plain', '{"\\u00c5":1,"A\\u030a":2,"\\u212b":3}', '{"\\u00c5":3}'),
    ('nfc-collision-three-keys-contract-keeps-all', 'contract', '{"\\u00c5":1,"A\\u030a":2,"\\u212b":3}', '{"A\\u030a":2,"\\u00c5":1,"\\u212b":3}'),
]
for name, profile, text, canon in MORE:
    add(name, profile, text, 'rule (schemas/canonical-form.md); expected bytes from the Python reference', canonical=canon)

ERRORS = [
    ('error-non-finite-1e400', 'contract', '{"a":[1,1e400]}', 'non-finite'),
    ('error-non-finite-negative', 'narrow', '{"name":"x","inputSchema":{"minimum":-1e999}}', 'non-finite'),
    ('error-depth-65', 'contract', '[' * 65 + '1' + ']' * 65, 'too-deep'),
    ('error-depth-65-in-narrow-preimage', 'narrow', '{"name":"x","inputSchema":' + '{"a":' * 64 + '{}' + '}' * 64 + '}', 'too-deep'),
]
for name, profile, text, err in ERRORS:
    add(name, profile, text, 'rule (schemas/canonical-form.md)', error=err)

json.dump({'description': 'Canonical-form and digest vectors. profile: contract|plain = canonical form of the input; '
           'narrow = mcpindex definition_hash of the input tool; hangar = mcp-hangar digest (bare hex). '
           'Regenerate with test/canonical/make-vectors.py.', 'cases': cases}, sys.stdout, indent=2, ensure_ascii=True)
sys.stdout.write('\n')
