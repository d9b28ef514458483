#!/usr/bin/env python3
"""Where does a supposedly constant-time operation spend a different number of cycles?

    ct_profile.py firmware.elf PROFILE [--nm avr-nm] [--whole N]

PROFILE comes from `avr_harness -P PROFILE firmware.elf`: one block of cycles per instruction
address for each interval between two reads of the cycle counter. The long blocks are the
operations the test firmware timed (sim/ec_test.c: one scalar multiplication each); each is
compared with the previous long block of about the same length (the same curve, another
scalar), and the functions whose cycle totals differ are listed, largest difference first.

--whole N: every block summed instead, and the N functions that took most of the run's cycles
printed (a server's whole run: bench/mote_handshakes.py with a harness that adds -P; the
harness writes its last block when it is stopped). --block I with it: block I alone (with -W
the harness writes a block per flight: the CPU cycles from the previous idle line to the next).
"""
import argparse
import bisect
import subprocess
import sys


def functions(elf, nm):
    out = subprocess.run([nm, "-n", elf], check=True, capture_output=True, text=True).stdout
    syms = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "Tt":
            syms.append((int(f[0], 16), f[2]))
    return syms


def blocks(path):
    out, cur = [], None
    for line in open(path):
        f = line.split()
        if f[0] == "block":
            cur = {}
            out.append(cur)
        else:
            cur[int(f[0], 16)] = int(f[1])
    return out


def by_function(block, syms):
    addrs = [a for a, _ in syms]
    totals = {}
    for addr, cycles in block.items():
        i = bisect.bisect_right(addrs, addr) - 1
        name = syms[i][1] if i >= 0 else "?"
        totals[name] = totals.get(name, 0) + cycles
    return totals


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("elf")
    ap.add_argument("profile")
    ap.add_argument("--nm", default="avr-nm")
    ap.add_argument("--whole", type=int, metavar="N")
    ap.add_argument("--block", type=int, metavar="I")
    a = ap.parse_args()
    syms = functions(a.elf, a.nm)
    bs = blocks(a.profile)
    if a.whole:
        run = {}
        for b in (bs if a.block is None else bs[a.block:a.block + 1]):
            for addr, cycles in b.items():
                run[addr] = run.get(addr, 0) + cycles
        totals = by_function(run, syms)
        whole = sum(totals.values()) or 1
        for name, cycles in sorted(totals.items(), key=lambda t: -t[1])[:a.whole]:
            print("%12d %5.1f%%  %s" % (cycles, 100.0 * cycles / whole, name))
        print("%12d total" % whole)
        return 0
    sums = [sum(b.values()) for b in bs]
    if not sums:
        sys.exit("ct_profile: no blocks in %s" % a.profile)
    ops = [i for i, s in enumerate(sums) if s > max(sums) / 50]
    prev = None
    for i in ops:
        if prev is not None and abs(sums[i] - sums[prev]) <= sums[prev] / 100:
            fa, fb = by_function(bs[prev], syms), by_function(bs[i], syms)
            diff = sorted(((fb.get(n, 0) - fa.get(n, 0), n) for n in set(fa) | set(fb)),
                          key=lambda d: -abs(d[0]))
            diff = [d for d in diff if d[0]]
            print("block %d (%d cycles) vs block %d (%d cycles): %s" % (
                prev, sums[prev], i, sums[i], "same cycles in every function" if not diff else ""))
            for d, n in diff:
                print("  %+d %s" % (d, n))
        prev = i
    return 0


if __name__ == "__main__":
    sys.exit(main())
