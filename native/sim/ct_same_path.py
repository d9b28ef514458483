#!/usr/bin/env python3
"""Did every run of an operation take the same path through the code?

    ct_same_path.py RUN.out PROFILE [--elf FIRMWARE.elf --nm avr-nm] [--min-cycles N | --paired]

RUN.out is a test firmware's output (sim/rsa_test.c, sim/ec_test.c): its "result ...
curve=OP ..." lines name the timed operations in the order they ran. PROFILE comes from the
same run, `avr_harness -P PROFILE`: the cycles spent at each instruction address, one block
per interval between two reads of the cycle counter. The blocks of at least --min-cycles
are the timed operations, in the same order; or, with --paired (sim/cipher_test.c, whose
operations are short and whose set-up between them is not), the firmware reads the counter
twice to begin with and then once before and once after each operation, so the operations
are blocks 3, 5, 7, ... Runs of one operation must have spent the same
cycles at every address: then every conditional branch went the same way the same number of
times whatever the secret inputs were. Equal cycle totals alone can miss a branch whose two
paths cost the same (on the AVR a skip over one instruction does: brlo taken, 2 cycles; not
taken, 1 + the instruction).

Prints "check same_path op=OP runs=N addresses=N differing=N ok=0|1" per operation (the
differing addresses, with their functions, after it) and "N passed, N failed"; exit 1 if any
operation differs or the blocks do not match the results.
"""
import argparse
import bisect
import os
import sys

# the profile and symbol readers of the profiling tool
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
from ct_profile import blocks, functions  # noqa: E402


def results(path):
    ops = []
    for line in open(path):
        if line.startswith("result "):
            f = dict(x.split("=", 1) for x in line.split()[1:] if "=" in x)
            ops.append(f["curve"])
    return ops


def symbolizer(elf, nm):
    if not elf:
        return lambda a: "?"
    syms = functions(elf, nm)
    addrs = [a for a, _ in syms]

    def name(addr):
        i = bisect.bisect_right(addrs, addr) - 1
        return "%s+0x%x" % (syms[i][1], addr - syms[i][0]) if i >= 0 else "?"
    return name


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("profile")
    ap.add_argument("--elf")
    ap.add_argument("--nm", default="avr-nm")
    ap.add_argument("--min-cycles", type=int, default=1000000)
    ap.add_argument("--paired", action="store_true")
    a = ap.parse_args()
    ops = results(a.out)
    if a.paired:
        runs = blocks(a.profile)[3::2][:len(ops)]
    else:
        runs = [b for b in blocks(a.profile) if sum(b.values()) >= a.min_cycles]
    passed = failed = 0
    if not ops or len(runs) != len(ops):
        print("check same_path results=%d long_blocks=%d ok=0" % (len(ops), len(runs)))
        print("0 passed, 1 failed")
        return 1
    name = symbolizer(a.elf, a.nm)
    for op in dict.fromkeys(ops):
        mine = [b for o, b in zip(ops, runs) if o == op]
        addrs = sorted(set().union(*mine))
        diff = [x for x in addrs if len({b.get(x, 0) for b in mine}) > 1]
        ok = not diff
        print("check same_path op=%s runs=%d addresses=%d differing=%d ok=%d" % (
            op, len(mine), len(addrs), len(diff), ok))
        for x in diff[:20]:
            print("#   0x%x %s: %s" % (x, name(x), " ".join(str(b.get(x, 0)) for b in mine)))
        passed, failed = passed + ok, failed + (not ok)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
