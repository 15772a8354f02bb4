#!/usr/bin/env python3
"""Reference for src/proxies/pyyaml.ts: PyYAML's own yaml.safe_load.

Reads a JSON array of YAML texts on stdin; writes a JSON object {"version": yaml.__version__,
"results": [...]} with one encoding per text:
    ["error"]                          safe_load raised
    ["str", s] ["int", "123"] ["float", "<16 hex digits of the IEEE double>" | "nan"]
    ["bool", b] ["none"] ["ts"] ["list", [...]] ["dict", [[key, value], ...]] ["other", type]
"""
import json
import math
import struct
import sys
import datetime

import yaml


def enc(v, seen):
    if isinstance(v, bool):
        return ["bool", v]
    if isinstance(v, int):
        return ["int", str(v)]
    if isinstance(v, float):
        return ["float", "nan" if math.isnan(v) else struct.pack(">d", v).hex()]
    if isinstance(v, str):
        return ["str", v]
    if v is None:
        return ["none"]
    if isinstance(v, (datetime.date, datetime.datetime)):
        return ["ts"]
    if isinstance(v, (list, dict)):
        if id(v) in seen:
            return ["recursive"]
        seen = seen | {id(v)}
        if isinstance(v, list):
            return ["list", [enc(x, seen) for x in v]]
        return ["dict", [[enc(k, seen), enc(x, seen)] for k, x in v.items()]]
    return ["other", type(v).__name__]


def main():
    texts = json.load(sys.stdin)
    results = []
    for text in texts:
        try:
            value = yaml.safe_load(text)
        except Exception:  # any exception: Hangar's load fails too
            results.append(["error"])
            continue
        results.append(enc(value, frozenset()))
    json.dump({"version": yaml.__version__, "results": results}, sys.stdout)


main()
