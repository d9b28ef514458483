#!/usr/bin/env python3
"""The cycle file of `./sizzle bench gateway`: per device kind and profile, each server flight
of a full and an abbreviated handshake and of a page request, with the records both ways as
stored and the server's CPU cycles for it, measured now on the simulated mote.

    gateway_cycles.py --out FILE [--timeout S] [--only DEVICE.PROFILE ...]

Devices: mica2 (ATmega128 at 7.3728 MHz in simavr, exact cycles) and telosb (MSP430F1611 at
8 MHz in mspdebug's simulator, whose counts read ~10% high). Profiles: legacy (legacy-ecc
build, TLS 1.0 ECDH-ECDSA RC4-SHA), legacy-ssl3 (the same image and suite in SSL 3.0, the
papers' protocol) and modern (modern build, TLS 1.2 ECDHE-ECDSA AES-128-GCM answering a
Chromium-shaped 1,949-byte ClientHello: the browser's handshake the goal is about).
Each build's transcript image replays its stored transcript (bench/mote_handshakes.py, the
same measurement as `./sizzle bench mote`), whose steps give the flights; the Java benchmark
(sizzle.bench.GatewayBench) runs them over the radio model. The file, one item a line:

    device NAME ARCH CLOCK_HZ NOTE...
    profile NAME BUILD TRANSCRIPT
    why TEXT                                   (the profile's replay failed: what it has is partial)
    flight full|abbreviated|page RESPONSE CYCLES C=HEX,HEX... S=HEX,...
      (one step: the client's records, the server's as stored, the server's CPU cycles for it;
       RESPONSE: for a page, the body bytes the server answered with; else 0)
    codec full|abbreviated CYCLES,CYCLES...
      (the mote's template codec per handshake flight, measured on the same mote by `make -C
       native template-mote-test`: the gateway's compressed messages of the flight recreated,
       then the mote's own compressed; added to the flight's CPU when the benchmark runs it
       compressed. Modern: measured on KSSL's modern handshake, whose hello goes by templates
       where the benchmark's Chromium hello goes as HELLO_DIGEST)
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mote_bench  # noqa: E402
import mote_handshakes  # noqa: E402
from replay import CONNECTION  # noqa: E402  (mote_handshakes put its directory on the path)

DEVICES = {"mica2": "avr", "telosb": "msp430"}
PROFILES = {"legacy": ("legacy-ecc", "legacy-ecdh-ecdsa-rc4-sha-tls10.txt"),
            # the papers' own protocol (Sizzle's `openssl s_client` log: "Protocol : SSLv3"):
            # the same image and suite, the comparison with their figures like for like
            "legacy-ssl3": ("legacy-ecc", "legacy-ecdh-ecdsa-rc4-sha-ssl3.txt"),
            "modern": ("modern", "modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt")}
NOTE = {"avr": "simavr: exact cycles", "msp430": mote_bench.MSP_NOTE}
# the profiles' handshakes as tests/template_mote.c names them (modern: KSSL's hello recreated
# from templates, where the benchmark's Chromium hello goes as HELLO_DIGEST; the server's
# messages, the codec's most, are the same image's)
CODEC = {"legacy": "TLS 1.0", "legacy-ssl3": "SSL 3.0", "modern": "TLS 1.2"}
CODEC_LINE = re.compile(r"^(SSL 3\.0|TLS 1\.[02]) (full|abbreviated), the (gateway|mote)'s message: \d+ -> \d+ bytes; "
                        r"(?:recreated in (\d+)$|compressed in (\d+) cycles)")


def codec_flights(output):
    """{(arch, "TLS 1.0", "full"): [cycles per flight]} from template-mote-test's output: a
    flight starts at each message from the gateway (recreated on the mote) and takes the mote's
    own messages after it (compressed on the mote; their "recreated" is the gateway's work)."""
    got, arch = {}, None
    for line in output.splitlines():
        if line.startswith("== "):
            arch = "avr" if "avr_harness" in line else "msp430" if "mspsim_run" in line else None
            continue
        m = CODEC_LINE.match(line)
        if not m or not arch:
            continue
        flights = got.setdefault((arch, m.group(1), m.group(2)), [])
        if m.group(3) == "gateway":
            flights.append(int(m.group(4)))
        elif flights:
            flights[-1] += int(m.group(5))
    return got


def profile(arch, build, transcript, timeout):
    """One build's flights, or {"why": reason}."""
    ok, out = mote_bench.make("sizzle-firmware", "SZ_FW_PLATFORM=" + arch, "SZ_FW_BUILD=" + build)
    if not ok:
        return {"why": mote_bench.failed(out)}
    elf = os.path.join(mote_bench.NATIVE, "build", "firmware", "%s-%s-transcript" % (arch, build), "sizzle.elf")
    results, _ = mote_handshakes.measure(arch, elf, os.path.join(mote_bench.TRANSCRIPTS, transcript),
                                         timeout=timeout, connections=2)
    got = {"build": build, "transcript": transcript, "pages": []}
    for header, r in results:
        if r.get("why") or not r.get("equal"):
            got["why"] = "%s: %s" % (header.split(" requests")[0], r.get("why") or "server bytes differ")
        if not r.get("kind"):
            continue
        got[r["kind"]] = [f for f in r["flights"] if f["handshake"]]
        response = int(CONNECTION.match(header).group(3))
        # the rest: requests, each answered with `response` bytes
        got["pages"] += [dict(f, response=response) for f in r["flights"] if not f["handshake"]]
    return got


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=float, default=300, help="seconds to wait for one step")
    ap.add_argument("--only", nargs="*", help="DEVICE.PROFILE pairs (default: all six)")
    a = ap.parse_args(argv)
    lines = ["# gateway_cycles.py: server CPU cycles per flight, measured on the simulated motes"]
    ok, out = mote_bench.make("template-mote-test")
    codec = codec_flights(out) if ok else {}
    if not ok:
        print("  the template codec's cycles not measured (%s): compressed figures without them"
              % mote_bench.failed(out), flush=True)
    for device, arch in DEVICES.items():
        lines.append("device %s %s %d %s" % (device, arch, mote_bench.CLOCK_HZ[arch], NOTE[arch]))
        for name, (build, transcript) in PROFILES.items():
            if a.only and "%s.%s" % (device, name) not in a.only:
                continue
            print("  %s %s: %s replayed on the %s transcript image ..." % (device, name, transcript, build), flush=True)
            p = profile(arch, build, transcript, a.timeout)
            lines.append("profile %s %s %s" % (name, build, transcript))
            if p.get("why"):
                lines.append("why " + " ".join(p["why"].split()))
            for kind in ("full", "abbreviated", "pages"):
                for f in p.get(kind, []):
                    lines.append("flight %s %d %d C=%s S=%s" % (kind.rstrip("s"), f.get("response", 0), f["cpu"],
                                                              ",".join(f["client"]), ",".join(f["server"])))
            for kind in ("full", "abbreviated"):
                c = codec.get((arch, CODEC.get(name), kind))
                if c is None:
                    if codec:   # measured, but not this handshake: say so, the compressed row goes without it
                        print("    the codec's %s flights: not in template-mote-test's output: left out" % kind)
                    continue
                if len(c) != len(p.get(kind, [])):   # the codec test's handshake is not this one
                    print("    the codec's %s flights: %d, the transcript's %d: left out" % (kind, len(c), len(p.get(kind, []))))
                    continue
                lines.append("codec %s %s" % (kind, ",".join(str(x) for x in c)))
            print("    %s" % ("; ".join("%s %s cycles" % (k, sum(f["cpu"] for f in p[k]))
                                       for k in ("full", "abbreviated") if k in p) or p.get("why")), flush=True)
    with open(a.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
