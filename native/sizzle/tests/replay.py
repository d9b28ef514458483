#!/usr/bin/env python3
"""Replays stored transcripts against a running Sizzle firmware over loopback TCP: the host
build, the ATmega128 in simavr or the MSP430F1611 in mspdebug's simulator.

    replay.py [--chunk N] [--timeout S] [--build B] PLATFORM=SPEC TRANSCRIPT...

PLATFORM=SPEC as in port/tests/sz_launch.py (host=BINARY, avr=HARNESS:ELF,
msp430=BRIDGE:ELF). The firmware must be a transcript build (the transcript app: each
`GET /i` answered with the transcripts' M bytes). For each transcript file (format:
kssl-client/src/test/resources/transcripts/README.md) one firmware is started, seeded with the
transcript's server seed (SeededRandom's label, ASCII, zero-padded to 32 bytes), and each
connection is replayed in wire order: the client's records are sent (in pieces of N bytes with
--chunk; `C truncated` bytes likewise; `C close` ends the client's stream), and before the next
client line every server record listed before it must have come, byte for byte. At the first differing byte the check fails and says where (connection,
server record, offset, expected and received bytes). After the last record the server must
close the connection. Last line: "N passed, N failed" (one check per connection).
"""
import argparse
import os
import re
import socket
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "port", "tests"))
from sz_launch import KINDS, at_eof, connect, free_port, read_exact, start, stop  # noqa: E402

SEED_LINE = re.compile(r'^# server random: SeededRandom\("([^"]*)"\)')
PROFILE_LINE = re.compile(r"^# profile \w+, ([\w.]+), (TLS_\w+)")
# The suites of the C builds, and which build serves each.
SUITES = {
    "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256": (0xC02B, "modern"),
    "TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8": (0xC0AE, "modern"),
    "TLS_ECDH_ECDSA_WITH_RC4_128_SHA": (0xC002, "legacy-ecc"),
    "TLS_RSA_WITH_RC4_128_SHA": (0x0005, "legacy-rsa"),
    "TLS_RSA_WITH_RC4_128_MD5": (0x0004, "legacy-rsa"),
}
CONNECTION = re.compile(r"^connection (\d+) requests (\d+) response (\d+)(?: fails (\w+))?$")


class Transcript:
    def __init__(self, path):
        self.name = os.path.basename(path)[:-4] if path.endswith(".txt") else os.path.basename(path)
        self.seed = None
        self.suite = None  # the one suite the server allows (the one the Java server chose or offered)
        self.version = None  # the version the Java server ran (SSLv3: its records start in 3.0)
        self.connections = []  # [(header, [(side, type, bytes)])]
        with open(path) as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                m = SEED_LINE.match(line)
                p = PROFILE_LINE.match(line)
                if m:
                    self.seed = m.group(1).encode("ascii").ljust(32, b"\0")
                elif p and self.suite is None:
                    self.version, self.suite = p.group(1), p.group(2)
                elif line.startswith("#") or not line:
                    continue
                elif CONNECTION.match(line):
                    self.connections.append((line, []))
                elif line == "C close" and self.connections:
                    self.connections[-1][1].append(("C", "close", None))
                else:
                    side, rtype, data = line.split(" ")
                    if side not in ("C", "S") or not self.connections:
                        raise ValueError("%s:%d: not a transcript line" % (path, n))
                    self.connections[-1][1].append((side, rtype, bytes.fromhex(data)))
        if self.seed is None or len(self.seed) != 32:
            raise ValueError("%s: no server seed of at most 32 bytes" % path)
        if self.suite not in SUITES:
            raise ValueError("%s: no # profile line naming a suite of the C builds" % path)

    @property
    def build(self):
        return SUITES[self.suite][1]

    def firmware_seed(self):
        """The harness's seed bytes for the transcript application (firmware/sz_main.c): the
        server's seed, the suite to allow, the first record version, the connections' response
        sizes."""
        sizes = [int(CONNECTION.match(h).group(3)) for h, _ in self.connections]
        version = 0x0300 if self.version == "SSLv3" else 0x0301
        return (self.seed + SUITES[self.suite][0].to_bytes(2, "big") + version.to_bytes(2, "big") + bytes([len(sizes)])
                + b"".join(m.to_bytes(2, "big") for m in sizes))


def first_difference(want, got):
    for i, (a, b) in enumerate(zip(want, got)):
        if a != b:
            return i
    return min(len(want), len(got))


def replay_connection(port, header, records, chunk, timeout):
    """None if every server byte came as stored and the server closed; else what differed."""
    return replay_on(connect(port, timeout=timeout), records, chunk)


def replay_on(s, records, chunk, expect_close=True):
    """replay_connection on a connected socket (closed after); expect_close=False: the
    records are a connection's beginning, the server's close is not awaited."""
    server_index = 0
    try:
        for side, rtype, data in records:
            if side == "C" and data is None:
                s.shutdown(socket.SHUT_WR)  # C close: the client's end of stream
                continue
            if side == "C":
                step = chunk or len(data)
                for i in range(0, len(data), step):
                    s.sendall(data[i:i + step])
                continue
            got = read_exact(s, len(data))
            if got != data:
                at = first_difference(data, got)
                if at >= len(got):
                    return "server record %d (%s): the connection ended after %d of its %d bytes" % (
                        server_index, rtype, len(got), len(data))
                return "server record %d (%s), byte %d of %d: expected %s, got %s" % (
                    server_index, rtype, at, len(data), data[at:at + 8].hex(), got[at:at + 8].hex())
            server_index += 1
        if expect_close and not at_eof(s):
            return "the server did not close the connection after its last record"
        return None
    except socket.timeout:
        return "timed out waiting for server record %d" % server_index
    finally:
        s.close()


def replay(kind, spec, path, chunk, timeout):
    """(passed, failed, lines) for one transcript file on a firmware of its own."""
    t = Transcript(path)
    port = free_port()
    proc = start(kind, spec, port, t.firmware_seed())
    results = []
    try:
        for header, records in t.connections:
            try:
                why = replay_connection(port, header, records, chunk, timeout)
            except OSError as e:
                why = "link error: %s" % e
            results.append((header, why))
            if why:
                break  # the server's state (cache, random source) is off the script from here
    finally:
        if proc.poll() is None:
            proc.kill()
        stop(proc, 5)
    lines = ["%-7s %-48s %-42s %s" % (kind, t.name, header.split(" requests")[0],
                                      "ok" if why is None else "FAILED: " + why) for header, why in results]
    missing = len(t.connections) - len(results)
    return (sum(1 for _, w in results if w is None),
            sum(1 for _, w in results if w is not None) + missing, lines)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chunk", type=int, default=0, help="send the client's records in pieces of N bytes")
    ap.add_argument("--timeout", type=float, default=60, help="seconds to wait for a server byte")
    ap.add_argument("--corpus", metavar="DIR", help="write each connection's client bytes into DIR as a fuzzer seed "
                    "(first byte: reads of 64 bytes) instead of replaying; PLATFORM is then ignored")
    ap.add_argument("--build", help="replay only the transcripts this build serves (modern, legacy-ecc, legacy-rsa)")
    ap.add_argument("platform", help="host=BINARY, avr=HARNESS:ELF or msp430=BRIDGE:ELF")
    ap.add_argument("transcripts", nargs="+")
    a = ap.parse_args(argv)
    kind, _, spec = a.platform.partition("=")
    if not a.corpus and (kind not in KINDS or not spec):
        ap.error("platform: host=BINARY, avr=HARNESS:ELF or msp430=BRIDGE:ELF")
    passed = failed = 0
    paths = [p for p in a.transcripts if a.build is None or Transcript(p).build == a.build]
    if not paths:
        print("no transcript for the build %s" % a.build, file=sys.stderr)
        return 2
    if a.corpus:
        n = 0
        for path in paths:
            t = Transcript(path)
            for i, (_, records) in enumerate(t.connections):
                data = b"".join(d for side, _, d in records if side == "C" and d is not None)
                with open(os.path.join(a.corpus, "%s-%d" % (t.name, i + 1)), "wb") as f:
                    f.write(b"\x3f" + data)
                n += 1
        print("%d seeds written to %s" % (n, a.corpus))
        return 0
    for path in paths:
        p, f, lines = replay(kind, spec, path, a.chunk, a.timeout)
        for line in lines:
            print(line, flush=True)
        passed, failed = passed + p, failed + f
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
