#!/usr/bin/env python3
"""One stored HTTP transcript (sizzle-server/src/test/resources/http-transcripts/) made into
what the mote firmware http_mote.c replays:

  http_script.py header TRANSCRIPT > http_device.h   the device (name, kind, password block,
                                                      clients, chunk) as flash constants
  http_script.py input TRANSCRIPT > FILE              the connections as the firmware reads them
                                                      from the UART / mailbox: u16 count; each:
                                                      u8 peer length, peer, i64 time, i16
                                                      temperature, u8 timeout, u16 length, bytes
  http_script.py check TRANSCRIPT OUTPUT [figures]    compares the firmware's output with the
                                                      stored writes; "N passed, N failed"
All integers little-endian."""
import re
import struct
import sys


def read(path):
    t = {"conns": []}
    for line in open(path, encoding="ascii"):
        f = line.split()
        if line.startswith("# sizzle http transcript v1: "):
            t["name"] = line.split(": ", 1)[1].strip()
        elif line.startswith("#"):
            continue
        elif f[0] == "device":
            t.update(device=f[1], kind=f[2], password=bytes.fromhex(f[4]), clients=int(f[6]), chunk=int(f[8]))
        elif f[0] == "connection":
            t["conns"].append(dict(peer=f[3], time=int(f[5]), temperature=int(f[7]), timeout=f[9] == "timeout",
                                   consumed=int(f[11]), input=b"", writes=[]))
        elif f[0] == "C":
            t["conns"][-1]["input"] += bytes.fromhex(f[1])
        elif f[0] == "S":
            t["conns"][-1]["writes"].append(bytes.fromhex(f[1]))
    return t


def c_bytes(b):
    return ", ".join("0x%02x" % x for x in b)


def header(t):
    secret = t["password"].ljust(32, b"\0") + bytes([len(t["password"])])
    print("/* Made by http_script.py from the transcript %s: the device it was written with. */" % t["name"])
    print('#include "ks_config.h"')
    print("static const uint8_t http_name[] KS_FLASH = {%s};" % c_bytes(t["device"].encode()))
    print("static const uint8_t http_kind[] KS_FLASH = {%s};" % c_bytes(t["kind"].encode()))
    print("/* TEST PASSWORD ONLY */")
    print("static const uint8_t http_secret[33] KS_FLASH = {%s};" % c_bytes(secret))
    print("#define HTTP_CLIENTS %d" % t["clients"])
    print("#define HTTP_CHUNK %d" % t["chunk"])


def script(t):
    out = struct.pack("<H", len(t["conns"]))
    for c in t["conns"]:
        peer = c["peer"].encode()
        out += struct.pack("<B", len(peer)) + peer + struct.pack("<qhBH", c["time"], c["temperature"], c["timeout"],
                                                                  len(c["input"])) + c["input"]
    sys.stdout.buffer.write(out)


def check(t, output_path, figures):
    text = open(output_path, encoding="ascii", errors="replace").read()
    conns, writes = [], []
    passed = failed = 0
    for line in text.splitlines():
        if line.startswith("W "):
            writes.append(bytes.fromhex(line[2:]))
        elif line.startswith("E "):
            m = re.match(r"E consumed=(\d+) closed=(\d)", line)
            conns.append((int(m.group(1)), int(m.group(2)), writes))
            writes = []
    problems = []
    if len(conns) != len(t["conns"]):
        problems.append("%d connections replayed, the transcript has %d" % (len(conns), len(t["conns"])))
    for i, (c, (consumed, closed, got)) in enumerate(zip(t["conns"], conns)):
        want = b"".join(c["writes"])
        have = b"".join(got)
        if have != want:
            k = next((k for k in range(min(len(have), len(want))) if have[k] != want[k]), min(len(have), len(want)))
            problems.append("connection %d: first differing byte at offset %d" % (i + 1, k))
        elif [len(w) for w in got] != [len(w) for w in c["writes"]]:
            problems.append("connection %d: the writes are cut differently" % (i + 1))
        if consumed != c["consumed"]:
            problems.append("connection %d: read %d bytes, the Java %d" % (i + 1, consumed, c["consumed"]))
        if not closed:
            problems.append("connection %d: not closed at the end" % (i + 1))
    name = "%s transcript %s replayed (%d connections)" % (figures, t["name"], len(t["conns"]))
    if problems:
        failed += 1
        print("FAIL", name + ":", "; ".join(problems))
    else:
        passed += 1
        print("ok", name)
    cycles = [(int(m.group(1)), int(m.group(2)), int(m.group(3)))
              for m in re.finditer(r"^compare len=(\d+) ok=(\d) cycles=(\d+)$", text, re.M)]
    right = [c for c in cycles if c[1] == 1]
    if len(cycles) >= 8 and len(right) == 1 and len({c[2] for c in cycles}) == 1:
        passed += 1
        print("ok %s password comparison: %d cycles for each of %d guesses (lengths %s, one right)"
              % (figures, cycles[0][2], len(cycles), sorted({c[0] for c in cycles})))
    else:
        failed += 1
        print("FAIL %s password comparison cycles: %s" % (figures, cycles))
    for line in text.splitlines():
        if line.startswith("figure "):
            print(line)
    if "done" not in text:
        failed += 1
        print("FAIL %s: the firmware did not finish" % figures)
    print("%s http: %d passed, %d failed" % (figures, passed, failed))
    return failed == 0


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    t = read(path)
    if cmd == "header":
        header(t)
    elif cmd == "input":
        script(t)
    elif cmd == "check":
        sys.exit(0 if check(t, sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "mote") else 1)
    else:
        sys.exit("usage: http_script.py header|input|check TRANSCRIPT [OUTPUT [NAME]]")


if __name__ == "__main__":
    main()
