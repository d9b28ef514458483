#!/usr/bin/env python3
"""The mote check of the C engine's inbound path (native/sizzle/tests/mote.mk).

  mote_check.py input CORPUS BUILD CASE OUT    writes OUT: a 16-bit little-endian length, then
                                               the case's input bytes (the corpus's `in` lines)
  mote_check.py report CORPUS CASE --size TOOL ARCH:BUILD:RUN_OUTPUT:OBJECTS... ...
                                               each run's printed line must be the corpus's `out`
                                               line of (BUILD, CASE); prints the runs' metrics,
                                               the engine's flash (TOOL on the engine's objects;
                                               --size - for runs that measure no objects)
                                               and `N passed, N failed`
"""
import subprocess
import sys


def cases(corpus):
    cur = None
    with open(corpus) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("case "):
                _, build, name = line.split(" ", 2)
                cur = {"build": build, "name": name, "in": b""}
            elif cur is not None and line.startswith("in "):
                h = line[3:]
                cur["in"] += b"" if h == "-" else bytes.fromhex(h)
            elif cur is not None and line.startswith("out "):
                cur["out"] = line[4:]
                yield cur
                cur = None


def find(corpus, build, name):
    for c in cases(corpus):
        if c["build"] == build and c["name"] == name:
            return c
    sys.exit("no case %s %s in %s" % (build, name, corpus))


def sizes(tool, objects):
    out = subprocess.run([tool] + objects, capture_output=True, text=True, check=True).stdout
    text = data = bss = 0
    for row in out.splitlines()[1:]:
        f = row.split()
        text, data, bss = text + int(f[0]), data + int(f[1]), bss + int(f[2])
    return text, data, bss


def main():
    if sys.argv[1] == "input":
        corpus, build, name, out = sys.argv[2:6]
        wire = find(corpus, build, name)["in"]
        with open(out, "wb") as f:
            f.write(bytes([len(wire) & 255, len(wire) >> 8]) + wire)
        return 0
    corpus, name = sys.argv[2], sys.argv[3]
    tool = None
    passed = failed = 0
    args = sys.argv[4:]
    i = 0
    while i < len(args):
        if args[i] == "--size":
            tool = None if args[i + 1] == "-" else args[i + 1]
            i += 2
            continue
        arch, build, run, objects = args[i].split(":", 3)
        i += 1
        want = find(corpus, build, name)["out"]
        text = open(run, errors="replace").read()
        got = [l[5:] for l in text.splitlines() if l.startswith("line ")]
        ok = len(got) == 1 and got[0] == want and text.rstrip().endswith("exit 0")
        print("check %s %s %s ok=%d" % (arch, build, name, ok))
        if not ok:
            print("  want %s\n  got  %s" % (want[:200], (got[0] if got else text[-300:])[:200]))
        passed, failed = passed + ok, failed + (not ok)
        for l in text.splitlines():
            if l.startswith("metric "):
                print("%s.%s" % (arch, l[7:]))
        if tool:
            t, d, b = sizes(tool, objects.split(","))
            print("%s.%s.engine.flash_bytes %d" % (arch, build, t + d))
            print("%s.%s.engine.static_ram_bytes %d" % (arch, build, d + b))
    print("sizzle-mote: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
