#!/usr/bin/env python3
"""Smoke test of the gateway benchmark's cycle file (bench/gateway_cycles.py, the measuring
half of `./sizzle bench gateway`; the Java half's smoke test, GatewayBenchTest, reads a fixed
file of this format): the Mica2's legacy profile measured now (~10 s: the legacy-ecc
transcript image in simavr). The file names the device with its clock and the profile; the
full handshake has two server flights, the abbreviated two (the second, the client's Finished,
unanswered), each page request one; every flight's CPU is positive; every record is one whole
TLS record (its header's length is the rest); the first client record is a ClientHello; a full
handshake costs more CPU than an abbreviated one; the mote's template codec has a positive figure
for each handshake flight. Then (~35 s) the same handshakes with a
client that waits 3 s before each handshake flight: every handshake flight's CPU within 5,000
cycles of the file's, and on the MSP430F1611's legacy-ecc transcript image of a prompt client's (the
server's turns while it waits for the client are link, not CPU; a flight goes in one write, so
the server cannot go idle halfway through it). Ends with "N passed, N failed".

    test_gateway_cycles.py [--add "N passed, M failed"]
      (--add: another runner's summary, added into this one's last line: make's mote-bench-smoke
       runs the mote benchmark's smoke test first)
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mote_bench  # noqa: E402
import mote_handshakes  # noqa: E402

# Counted as CPU, the server loop's turns while it waited added 2,300 to 4,000 cycles a second
# of the client's wait to a flight (+2,352 for 1 s, +12,094 for 3 s on the ATmega128's 375 k
# first flight: 3.2%); how the flight's bytes fall into the firmware's reads moves a flight by
# up to ~2,300 cycles (0.6% of that first flight) on a busy machine. A 3 s wait tells the two
# apart with a bound in cycles, not in parts of the flight: 0.5% failed the 375 k flight on
# noise (1,929 cycles apart, 2026-11-29) and would let the bug through on the 5.6 M one
# (28 k).
SLOW_CLIENT_PAUSE_S = 3.0
SLOW_CLIENT_TOLERANCE_CYCLES = 5000


def handshake_flights(arch, pause):
    """{full|abbreviated: [handshake flight CPU]} of the mote's legacy-ecc transcript image (the
    mote benchmark's smoke test built both), its client pausing before each flight."""
    elf = os.path.join(mote_bench.NATIVE, "build", "firmware", "%s-legacy-ecc-transcript" % arch, "sizzle.elf")
    results, _ = mote_handshakes.measure(arch, elf, os.path.join(mote_bench.TRANSCRIPTS,
                                         mote_bench.TRANSCRIPT["legacy-ecc"]), timeout=60, pause=pause)
    return {r.get("kind"): [f["cpu"] for f in r.get("flights", []) if f["handshake"]] for _, r in results}


def same_cpu(slow, quick):
    return len(slow) == len(quick) and all(abs(a - b) <= SLOW_CLIENT_TOLERANCE_CYCLES for a, b in zip(slow, quick))


def main(argv):
    results = []   # (ok, what), in order

    def check(ok, what):
        results.append((bool(ok), what))

    path = os.path.join(tempfile.mkdtemp(prefix="gateway-cycles-"), "cycles.txt")
    p = subprocess.run(["python3", os.path.join(HERE, "gateway_cycles.py"), "--out", path, "--only", "mica2.legacy",
                        "--timeout", "60"], capture_output=True, text=True)
    print(p.stdout[-1000:])
    check(p.returncode == 0 and os.path.isfile(path), "gateway_cycles.py exits 0 (%d): %s" % (p.returncode, p.stderr[-500:]))
    lines = open(path).read().splitlines() if os.path.isfile(path) else []
    check("device mica2 avr 7372800 simavr: exact cycles" in lines, "the Mica2's device line")
    check("profile legacy legacy-ecc legacy-ecdh-ecdsa-rc4-sha-tls10.txt" in lines, "the legacy profile line")
    check(not any(l.startswith("why ") for l in lines), "no failure line")
    flights = {"full": [], "abbreviated": [], "page": []}
    for l in lines:
        if l.startswith("flight "):
            _, kind, response, cpu, client, server = l.split(" ")
            recs = [bytes.fromhex(h) for h in client[2:].split(",") + server[2:].split(",") if h]
            flights[kind].append((int(response), int(cpu), client, recs))
    check([len(flights[k]) for k in ("full", "abbreviated", "page")] == [2, 2, 3],
          "two full, two abbreviated and three page flights: %r" % {k: len(v) for k, v in flights.items()})
    check(all(f[1] > 0 for fs in flights.values() for f in fs), "every flight's CPU is positive")
    check(all(len(r) >= 5 and r[0] in (20, 21, 22, 23) and r[1] == 3 and len(r) == 5 + (r[3] << 8 | r[4])
              for fs in flights.values() for f in fs for r in f[3]), "every record is one whole TLS record")
    first = flights["full"][0][3][0] if flights["full"] else b""
    check(first[:1] == b"\x16" and first[5:6] == b"\x01", "the first client record is a ClientHello")
    check(flights["abbreviated"] and flights["abbreviated"][-1][3] and
          all(r[0] in (20, 22) for r in flights["abbreviated"][-1][3]) and
          sum(f[1] for f in flights["full"]) > sum(f[1] for f in flights["abbreviated"]),
          "the abbreviated handshake ends with the client's Finished and costs less than the full one")
    check(sorted(f[0] for f in flights["page"]) == [600, 1500, 1500], "the pages answer 1,500, 1,500 and 600 bytes")
    codec = {l.split(" ")[1]: [int(x) for x in l.split(" ")[2].split(",")] for l in lines if l.startswith("codec ")}
    check(sorted(codec) == ["abbreviated", "full"] and all(len(codec[k]) == len(flights[k]) and all(c > 0 for c in codec[k])
                                                             for k in codec),
          "the template codec's cycles, one positive figure per handshake flight: %r" % codec)
    slow = {"avr": handshake_flights("avr", SLOW_CLIENT_PAUSE_S), "msp430": handshake_flights("msp430", SLOW_CLIENT_PAUSE_S)}
    quick = {"avr": {k: [f[1] for f in flights[k]] for k in ("full", "abbreviated")},
             "msp430": handshake_flights("msp430", 0)}
    for arch in ("avr", "msp430"):
        for kind in ("full", "abbreviated"):
            check(same_cpu(slow[arch].get(kind, []), quick[arch].get(kind, [])),
                  "%s: the %s handshake's flights cost the same CPU for a client that waits %.1f s before each: "
                  "%r against %r" % (arch, kind, SLOW_CLIENT_PAUSE_S, slow[arch].get(kind), quick[arch].get(kind)))
    for ok, what in results:
        if not ok:
            print("FAILED: " + what)
    passed = sum(ok for ok, _ in results)
    failed = len(results) - passed
    print("%d passed, %d failed" % (passed, failed))
    if argv[:1] == ["--add"]:
        other = re.search(r"(\d+) passed, (\d+) failed$", argv[1] if len(argv) > 1 else "")
        if not other:
            failed += 1
            print("FAILED: --add names no summary line: %r" % argv[1:])
        else:
            passed, failed = passed + int(other.group(1)), failed + int(other.group(2))
        print("with the mote benchmark's smoke test: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
