#!/usr/bin/env python3
"""Smoke test of `./sizzle bench mote` (bench/mote_bench.py --quick --json FILE): every metric
name issue 8 asks for is in the JSON; the quick run's own figures (the scalar multiplications,
the legacy-ecc images and handshakes, TLS 1.0 and SSL 3.0, on both motes) are positive numbers; every other named
figure is positive or null with a note saying why (not run in --quick, does not fit, does not
build); a full handshake costs more than an abbreviated one. Ends with "N passed, N failed".

    test_mote_bench.py [JSON]   (with JSON: check that file instead of running the benchmark)
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ARCHS = ("avr", "msp430")
BUILDS = ("modern", "legacy-ecc", "legacy-rsa")


def required():
    names = []
    for a in ARCHS:
        names += ["%s.secp160r1.scalar_mult.cycles" % a, "%s.p256.scalar_mult.cycles" % a,
                  "%s.rsa1024.private.cycles" % a]
        for b in BUILDS:
            names += ["%s.%s.%s" % (a, b, m) for m in ("ram_bytes", "flash_bytes", "full_handshake.cycles",
                                                       "abbreviated_handshake.cycles")]
        names += ["%s.legacy-ecc.ssl3.%s_handshake.cycles" % (a, k) for k in ("full", "abbreviated")]
    return names


def must_measure():
    """What --quick measures on both motes."""
    out = []
    for a in ARCHS:
        out += ["%s.secp160r1.scalar_mult.cycles" % a, "%s.p256.scalar_mult.cycles" % a]
        out += ["%s.legacy-ecc.%s" % (a, m) for m in ("ram_bytes", "flash_bytes", "full_handshake.cycles",
                                                      "abbreviated_handshake.cycles", "ssl3.full_handshake.cycles",
                                                      "ssl3.abbreviated_handshake.cycles")]
    return out


def main(argv):
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAILED: " + what)

    # Every source a firmware links is filed under a component, none under the run-time line,
    # which is for the compiler's libraries (k G's generated table and the hash assembly once
    # fell there): the table by component adds up to the image only if this holds.
    sys.path.insert(0, HERE)
    import mote_flash
    native = os.path.dirname(HERE)
    sources = ["build/gen/ks_base_3.c", "avr/mote_avr.c", "msp430/mote_msp430.c", "msp430/mem.c", "msp430/crt0.S",
               "msp430/mspabi.S"]
    for d, ext in (("kernels", ".c"), ("prim", ".c"), ("sizzle", ".c"), ("sizzle/port", ".c"), ("sizzle/firmware", ".c"),
                   ("link", ".c"), ("avr", ".S"), ("msp430", ".S")):
        sources += [os.path.join(d, f) for f in sorted(os.listdir(os.path.join(native, d))) if f.endswith(ext)]
    unfiled = [f for f in sources if mote_flash.component(os.path.basename(f) + ".o").startswith("run-time")]
    check(not unfiled, "every firmware source filed under a component: not " + ", ".join(unfiled))

    if argv:
        path = argv[0]
    else:
        path = os.path.join(tempfile.mkdtemp(prefix="mote-bench-"), "mote.json")
        p = subprocess.run(["python3", os.path.join(HERE, "mote_bench.py"), "--quick", "--json", path],
                           capture_output=True, text=True)
        print(p.stdout[-3000:])
        check(p.returncode == 0, "mote_bench.py --quick exits 0 (%d): %s" % (p.returncode, p.stderr[-500:]))
        if not os.path.isfile(path):
            print("%d passed, %d failed" % (passed, failed + 1))
            return 1
    rows = {r["metric"]: r for r in json.load(open(path))}
    for name in required():
        r = rows.get(name)
        check(r is not None, "%s in the JSON" % name)
        if r is None:
            continue
        v = r["value"]
        if name in must_measure():
            check(isinstance(v, (int, float)) and v > 0, "%s measured and positive (%r, %s)" % (name, v, r.get("note")))
        else:
            check((isinstance(v, (int, float)) and v > 0) or (v is None and r.get("note")),
                  "%s positive, or null with the reason (%r)" % (name, r))
    for a in ARCHS:
        for v in ("", "ssl3."):
            full = rows.get("%s.legacy-ecc.%sfull_handshake.cycles" % (a, v), {}).get("value")
            abbr = rows.get("%s.legacy-ecc.%sabbreviated_handshake.cycles" % (a, v), {}).get("value")
            check(full and abbr and full > abbr, "%s %s: a full handshake costs more than an abbreviated one" % (a, v or "tls10"))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
