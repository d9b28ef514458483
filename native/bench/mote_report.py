#!/usr/bin/env python3
"""Read the simulated-mote test runs (sim/ec_test.c output) and report them.

    mote_report.py test ARCH NAME=PREFIX...
        a table per run, then "N passed, N failed" (exit 1 if any failed). PREFIX.out is the
        run's output, ending with the harness's "exit N" line.
    mote_report.py bench ARCH --size TOOL --baseline ELF NAME=PREFIX...
        `metric value unit` lines (MSP430 cycle figures carry a trailing "# mspdebug 0.22:
        ~10% high" comment): cycles, milliseconds at the mote's clock, peak stack, the
        flash and static RAM of the implementation alone (ec.*: PREFIX.elf less the baseline
        firmware, which is the same test firmware without any multiplication) and of the whole
        test firmware (ec_test_firmware.*; on the AVR as `avr-size -C --mcu=atmega128` counts).
        NAME is ks.lN (our kernels with N-bit limbs and the field arithmetic in assembly),
        ks.cN (the same in portable C), micro_ecc, rsa.lN (sim/rsa_test.c: RSA-1024 private
        operations, ARCH.rsa1024.private.* and ARCH.rsa1024.blind_init.*), prim.lN
        (sim/prim_test.c: hashes, HMAC, PRFs, DRBG, ECDSA signing and its hedge, and the
        flash of each primitive's object, build/ARCH/prim_objs_lN/*.o), or cipher.B
        (sim/cipher_test.c, build B: ARCH.cipher.OP.cycles.B, RAM per context, flash per
        component; the first cipher build named is the mote's default and gives the headlines
        ARCH.aes128.block.cycles, ARCH.gcm.block.cycles, ARCH.ccm.block.cycles and
        ARCH.rc4.byte.cycles). The headline
        metrics (ARCH.CURVE.scalar_mult.cycles, ARCH.rsa1024.private.cycles) come from the
        fastest constant-time build.
        Lines starting with '#' are notes.
"""
import re
import statistics
import subprocess
import sys

CLOCK_HZ = {"avr": 7372800, "msp430": 8000000}
MOTE = {"avr": "ATmega128 (Mica2) in simavr, exact cycles",
        "msp430": "MSP430F1611 (TelosB) in mspdebug sim"}
MSP_NOTE = "mspdebug 0.22 over-counts constant-generator operands: its cycle counts read ~10% high"
# Anchors (DESIGN.md §8): Gura et al., CHES 2004, secp160r1 on an ATmega128 at 8 MHz.
GURA_SECP160R1_CYCLES = 6500000
# ... and RSA-1024 private (CRT), 10.99 s at 8 MHz.
GURA_RSA1024_CYCLES = 88000000
CURVES = ("secp160r1", "p256")
RSA_OPS = (("rsa1024_private", "rsa1024.private"), ("rsa1024_blind", "rsa1024.blind_init"))


def caveat(arch):
    """What goes beside every cycle-derived figure of this mote."""
    return "  # mspdebug 0.22: ~10% high" if arch == "msp430" else ""


def parse_run(prefix):
    run = {"results": [], "equal": {}, "checks": [], "passed": None, "failed": None, "exit": None}
    try:
        text = open(prefix + ".out").read()
    except OSError:
        return run
    for line in text.splitlines():
        fields = dict(f.split("=", 1) for f in line.split()[1:] if "=" in f)
        if line.startswith("result "):
            run["results"].append(fields)
        elif line.startswith("check "):
            run["checks"].append((line.split()[1], fields))
        elif line.startswith("equal "):
            run["equal"][fields["curve"]] = (fields["ok"] == "1", fields.get("required") == "1")
        elif line.startswith("unavailable:"):
            run["unavailable"] = line.split(":", 1)[1].strip()
        elif line.startswith("exit "):
            run["exit"] = int(line.split()[1])
        else:
            m = re.match(r"(\d+) passed, (\d+) failed", line)
            if m:
                run["passed"], run["failed"] = int(m.group(1)), int(m.group(2))
    return run


def named_args(args):
    out = []
    for a in args:
        name, _, prefix = a.partition("=")
        if not prefix:
            sys.exit("mote_report: expected NAME=PREFIX, got %r" % a)
        out.append((name, prefix))
    return out


def test(arch, args):
    clock = CLOCK_HZ[arch]
    passed = failed = 0
    print("%s; ms at %.4g MHz" % (MOTE[arch], clock / 1e6))
    if arch == "msp430":
        print("note: " + MSP_NOTE)
    print("%-10s %-10s %2s %6s %12s %9s %6s  %s" % ("build", "curve", "k", "weight", "cycles", "ms", "stack", "result"))
    for name, prefix in named_args(args):
        run = parse_run(prefix)
        for r in run["results"]:
            cycles = int(r["cycles"])
            print("%-10s %-10s %2s %6s %12d %9.1f %6s  %s%s" % (
                name, r["curve"], r["k"], r["weight"], cycles, cycles * 1000.0 / clock,
                r["stack"], "ok" if r["ok"] == "1" else "WRONG RESULT", caveat(arch)))
        for check, f in run["checks"]:
            print("%-10s %-10s %s" % (name, check, " ".join(
                "%s=%s" % kv for kv in f.items() if kv[0] != "ok") + (" ok" if f.get("ok") == "1" else " FAILED")))
        for curve, (ok, required) in run["equal"].items():
            print("%-10s %-10s same cycle count for every input: %s" % (
                name, curve, "yes" if ok else ("NO" if required else "no (not required)")))
        if run["passed"] is None:
            print("%-10s run did not finish (exit %s)" % (name, run["exit"]))
            failed += 1
            continue
        passed += run["passed"]
        failed += run["failed"]
        if run["exit"] != 0 and run["failed"] == 0:
            print("%-10s harness exit status %s" % (name, run["exit"]))
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def section_sizes(tool, elf):
    """{section: bytes} from `tool -A` (llvm-size-16's SysV form)."""
    out = subprocess.run([tool, "-A", elf], check=True, capture_output=True, text=True).stdout
    sec = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 2 and f[0].startswith(".") and f[1].isdigit():
            sec[f[0]] = int(f[1])
    return sec


def sizes(tool, elf):
    """(flash, static RAM) in bytes; on the MSP430F1611 the main flash (info_memory apart)."""
    if tool == "avr-size":
        out = subprocess.run([tool, "-C", "--mcu=atmega128", elf], check=True,
                             capture_output=True, text=True).stdout
        flash = int(re.search(r"Program:\s+(\d+)", out).group(1))
        ram = int(re.search(r"Data:\s+(\d+)", out).group(1))
        return flash, ram
    sec = section_sizes(tool, elf)
    flash = sum(sec.get(s, 0) for s in (".text", ".rodata", ".data", ".vectors"))
    return flash, sec.get(".data", 0) + sec.get(".bss", 0)


def info_memory(tool, elf):
    """The bytes an MSP430F1611 image puts in the information memory (0x1000-0x10FF, 256 B of
    flash apart from the 48 KB: msp430f1611.ld's .infomem), 0 for the ATmega128."""
    return 0 if tool == "avr-size" else section_sizes(tool, elf).get(".infomem", 0)


def op_figures(arch, name, op, metric, suffix, rs):
    """Prints one operation's figures for one build (cycles, ms, stack); returns (the counts
    differ across inputs, the cycles: the one count of a constant-time build, else the median)."""
    clock = CLOCK_HZ[arch]
    counts = [int(r["cycles"]) for r in rs]
    cycles, varies = int(statistics.median(counts)), len(set(counts)) > 1
    if varies:
        print("# %s %s %s: cycle counts differ across inputs (%d..%d): not constant time" % (
            arch, op, name, min(counts), max(counts)))
    print("%s.%s.cycles.%s %d cycles%s" % (arch, metric, suffix, cycles, caveat(arch)))
    print("%s.%s.ms.%s %.1f ms%s" % (arch, metric, suffix, cycles * 1000.0 / clock, caveat(arch)))
    print("%s.%s.stack.%s %d bytes" % (arch, metric, suffix, max(int(r["stack"]) for r in rs)))
    return varies, cycles


def headline(arch, op, metric, entry):
    """The fastest constant-time build's figures (entry: varies, cycles, build); returns cycles."""
    varies, cycles, limb = entry
    print("# %s %s: headline from kernels build %s (%s)" % (
        arch, op, limb, "NOT constant time" if varies else "fastest constant-time build"))
    print("%s.%s.cycles %d cycles%s" % (arch, metric, cycles, caveat(arch)))
    print("%s.%s.ms %.1f ms%s" % (arch, metric, cycles * 1000.0 / CLOCK_HZ[arch], caveat(arch)))
    return cycles


def bench(arch, argv):
    tool = baseline = None
    rest = []
    i = 0
    while i < len(argv):
        if argv[i] in ("--size", "--baseline"):
            if i + 1 == len(argv):
                sys.exit("mote_report: %s needs a value" % argv[i])
            if argv[i] == "--size":
                tool = argv[i + 1]
            else:
                baseline = argv[i + 1]
            i += 2
        else:
            rest.append(argv[i])
            i += 1
    if not tool or not baseline:
        sys.exit("mote_report: bench needs --size TOOL and --baseline ELF")
    clock = CLOCK_HZ[arch]
    base_flash, base_ram = sizes(tool, baseline)
    print("# %s; ms at %.4g MHz" % (MOTE[arch], clock / 1e6))
    if arch == "msp430":
        print("# " + MSP_NOTE)
    best = {}   # curve -> (not constant time, cycles, limb name): constant-time builds first
    peer = {}
    for name, prefix in named_args(rest):
        run = parse_run(prefix)
        if name.startswith("rsa."):
            rsa_bench(arch, name, prefix, run, best, tool)
            continue
        if name.startswith("cipher."):
            cipher_bench(arch, name, run, best)
            continue
        if name.startswith("prim."):
            prim_bench(arch, name, prefix, run, tool)
            continue
        suffix = "micro_ecc" if name == "micro_ecc" else name.split(".", 1)[-1]
        if "unavailable" in run:
            print("# %s %s: not measured (%s)" % (arch, name, run["unavailable"]))
            continue
        wrong = [r for r in run["results"] if r["ok"] != "1"]
        if wrong or run["passed"] is None:
            print("# %s %s: run failed (%d wrong results, exit %s): no figures" % (arch, name, len(wrong), run["exit"]))
            continue
        for curve in CURVES:
            rs = [r for r in run["results"] if r["curve"] == curve]
            if not rs:
                continue
            varies, cycles = op_figures(arch, name, curve, curve + ".scalar_mult", suffix, rs)
            if name == "micro_ecc":
                peer[curve] = cycles
            elif curve not in best or (varies, cycles) < best[curve][:2]:
                best[curve] = (varies, cycles, suffix)
        flash, ram = sizes(tool, prefix + ".elf")
        print("%s.ec.flash.%s %d bytes" % (arch, suffix, flash - base_flash))
        print("%s.ec.ram.%s %d bytes" % (arch, suffix, ram - base_ram))
        print("%s.ec_test_firmware.flash.%s %d bytes" % (arch, suffix, flash))
        print("%s.ec_test_firmware.ram.%s %d bytes" % (arch, suffix, ram))
    for curve in CURVES:
        if curve not in best:
            continue
        cycles = headline(arch, curve, curve + ".scalar_mult", best[curve])
        if curve in peer:
            print("%s.%s.scalar_mult.speedup_vs_micro_ecc %.2f x" % (arch, curve, peer[curve] / cycles))
        if arch == "avr" and curve == "secp160r1":
            print("# Gura et al. 2004, ATmega128: ~%d cycles" % GURA_SECP160R1_CYCLES)
            print("avr.secp160r1.scalar_mult.speedup_vs_gura2004 %.2f x" % (GURA_SECP160R1_CYCLES / cycles))
    for op, metric in RSA_OPS:
        if op not in best:
            continue
        cycles = headline(arch, op, metric, best[op])
        if arch == "avr" and op == "rsa1024_private":
            print("# Gura et al. 2004, ATmega128, RSA-1024 private (CRT, assembly): ~%d cycles" % GURA_RSA1024_CYCLES)
            print("avr.rsa1024.private.speedup_vs_gura2004 %.2f x" % (GURA_RSA1024_CYCLES / cycles))
    return 0


# sim/cipher_test.c's operations that make the per-block headlines: (operation, metric, bytes)
CIPHER_HEADLINES = (("aes128_block", "aes128.block", 16), ("gcm_block", "gcm.block", 16),
                    ("ccm_block", "ccm.block", 16), ("rc4_256_bytes", "rc4.byte", 256))


def cipher_bench(arch, name, run, best):
    """The cipher firmware's figures for one build (cipher.B); the first build's headlines."""
    build = name.split(".", 1)[-1]
    wrong = [r for r in run["results"] if r["ok"] != "1"]
    if wrong or run["passed"] is None or run["failed"]:
        print("# %s %s: run failed (%d wrong results, exit %s): no figures" % (arch, name, len(wrong), run["exit"]))
        return
    for check, f in run["checks"]:
        if check == "config":
            print("# %s %s: %s" % (arch, name, " ".join("%s=%s" % kv for kv in f.items() if kv[0] != "ok")))
        elif check == "ram_bytes":
            for ctx, n in f.items():
                if ctx != "ok":
                    print("%s.cipher.ram.%s.%s %s bytes" % (arch, ctx, build, n))
        elif check == "flash_bytes":
            print("%s.cipher.flash.%s.%s %d bytes" % (arch, f["component"], build, int(f["text"]) + int(f["data"])))
    ops = list(dict.fromkeys(r["curve"] for r in run["results"]))
    for op in ops:
        rs = [r for r in run["results"] if r["curve"] == op]
        op_figures(arch, name, op, "cipher." + op, build, rs)
    if "cipher" in best:
        return
    best["cipher"] = build
    print("# %s cipher headlines: build %s (the mote's default)" % (arch, build))
    for op, metric, n in CIPHER_HEADLINES:
        counts = [int(r["cycles"]) for r in run["results"] if r["curve"] == op]
        if counts:  # per 16-byte block, or per byte for RC4
            per = statistics.median(counts) / (n if n > 16 else 1)
            print("%s.%s.cycles %s cycles%s" % (arch, metric, "%.1f" % per if n > 16 else "%d" % per, caveat(arch)))


def rsa_bench(arch, name, prefix, run, best, tool):
    """The RSA firmware's figures per build (rsa.lN), and its candidates for the headline."""
    limb = name.split(".", 1)[-1]
    wrong = [r for r in run["results"] if r["ok"] != "1"]
    if wrong or run["passed"] is None:
        print("# %s %s: run failed (%d wrong results, exit %s): no figures" % (arch, name, len(wrong), run["exit"]))
        return
    for op, metric in RSA_OPS:
        rs = [r for r in run["results"] if r["curve"] == op]
        if not rs:
            continue
        varies, cycles = op_figures(arch, name, op, metric, limb, rs)
        if op not in best or (varies, cycles) < best[op][:2]:
            best[op] = (varies, cycles, limb)
    flash, ram = sizes(tool, prefix + ".elf")
    print("%s.rsa_test_firmware.flash.%s %d bytes" % (arch, limb, flash))
    print("%s.rsa_test_firmware.ram.%s %d bytes" % (arch, limb, ram))


# sim/prim_test.c's timed primitives: check name -> metric
PRIM_CHECKS = (("md5_block", "md5.block"), ("sha1_block", "sha1.block"), ("sha256_block", "sha256.block"),
               ("hmac_sha256_32", "hmac_sha256.32B"), ("prf_tls12_32", "prf_tls12.32B"),
               ("prf_tls10_32", "prf_tls10.32B"), ("drbg_generate_32", "drbg.generate_32B"))


def object_flash(tool, path):
    """text + data of one object file (Berkeley format: avr-size, llvm-size)."""
    out = subprocess.run([tool, path], check=True, capture_output=True, text=True).stdout.splitlines()
    f = out[1].split()
    return int(f[0]) + int(f[1])


def prim_bench(arch, name, prefix, run, tool):
    """sim/prim_test.c (prim.lN): cycles of the hashes, HMAC, PRFs, DRBG and ECDSA signing,
    the cost of hedging the nonce, and the flash of each component (its object alone)."""
    import glob
    import os
    build = name.split(".", 1)[-1]
    wrong = [r for r in run["results"] if r["ok"] != "1"] + [c for c, f in run["checks"] if f.get("ok") != "1"]
    if wrong or run["passed"] is None or run["failed"]:
        print("# %s %s: run failed (exit %s): no figures" % (arch, name, run["exit"]))
        return
    checks = {c: f for c, f in run["checks"]}
    for check, metric in PRIM_CHECKS:
        if check in checks:
            print("%s.%s.cycles.%s %s cycles%s" % (arch, metric, build, checks[check]["cycles"], caveat(arch)))
    for prf in ("prf_tls12", "prf_tls10"):
        if prf + "_32" in checks and prf + "_64" in checks:
            print("%s.%s.per_32B.cycles.%s %d cycles%s" % (arch, prf, build, int(checks[prf + "_64"]["cycles"])
                                                           - int(checks[prf + "_32"]["cycles"]), caveat(arch)))
    sign = {}
    for r in run["results"]:
        sign.setdefault(r["curve"], []).append(int(r["cycles"]))
    stack = max([int(r["stack"]) for r in run["results"]] or [0])
    for curve, ob in (("p256", 32), ("secp160r1", 21)):
        hedged = sign.get(curve + "_sha256_hedged.r0" if curve == "p256" else curve + "_sha1_hedged.r0")
        if not hedged:
            continue
        print("%s.%s.ecdsa_sign.cycles.%s %d cycles%s" % (arch, curve, build, hedged[0], caveat(arch)))
        print("%s.%s.ecdsa_sign.ms.%s %.1f ms%s" % (arch, curve, build, hedged[0] * 1000.0 / CLOCK_HZ[arch],
                                                   caveat(arch)))
        # the hedge: k' in the nonce's HMAC (a hedged and a deterministic signature with the
        # same number of rejected candidates) plus drawing k' (one DRBG generate of ob bytes)
        rej = "r0" if curve == "p256" else "r2"
        pair = (sign.get("%s_%s_hedged.%s" % (curve, "sha256" if curve == "p256" else "sha1", rej)),
                sign.get("%s_%s_rfc6979.%s" % (curve, "sha256" if curve == "p256" else "sha1", rej)))
        draw = checks.get("drbg_generate_%d" % ob)
        if pair[0] and pair[1] and draw:
            mac = pair[0][0] - pair[1][0]
            print("# %s %s: hedging = %d cycles more HMAC input + %s to draw k' (%d bytes)" % (
                arch, curve, mac, draw["cycles"], ob))
            print("%s.%s.ecdsa_sign.hedge.cycles.%s %d cycles%s" % (arch, curve, build, mac + int(draw["cycles"]),
                                                                    caveat(arch)))
    r1, r0 = sign.get("secp160r1_sha1_hedged.r1"), sign.get("secp160r1_sha1_hedged.r0")
    if r1 and r0:
        print("%s.secp160r1.ecdsa_sign.per_rejected_candidate.cycles.%s %d cycles%s" % (
            arch, build, r1[0] - r0[0], caveat(arch)))
    print("%s.ecdsa_sign.stack.%s %d bytes" % (arch, build, stack))
    objs = os.path.join(os.path.dirname(prefix), "prim_objs_" + build)
    for obj in sorted(glob.glob(os.path.join(objs, "*.o"))):
        print("%s.flash.%s.%s %d bytes" % (arch, os.path.basename(obj)[:-2], build, object_flash(tool, obj)))
    flash, ram = sizes(tool, prefix + ".elf")
    print("%s.prim_test_firmware.flash.%s %d bytes" % (arch, build, flash))
    print("%s.prim_test_firmware.ram.%s %d bytes" % (arch, build, ram))


def main(argv):
    if len(argv) < 3 or argv[0] not in ("test", "bench") or argv[1] not in CLOCK_HZ:
        sys.exit("usage: mote_report.py test|bench avr|msp430 ...")
    return test(argv[1], argv[2:]) if argv[0] == "test" else bench(argv[1], argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
