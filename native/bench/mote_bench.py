#!/usr/bin/env python3
"""`./sizzle bench mote`: the C Sizzle server on the simulated motes beside the papers, the
goals of issue 8 and micro-ecc (measured in the same run).

    mote_bench.py [--quick] [--json FILE] [--identities DIR]

1. Cycles of every primitive and scalar multiplication, ours and micro-ecc's:
   `make -C native mote-bench` (bench/mote_report.py's `metric value unit` lines). --quick:
   the scalar multiplications only (ours with 16-bit limbs and micro-ecc).
2. Flash per component and static RAM of the thermostat firmware per build and mote
   (sizzle-firmware SZ_FW_APP=thermostat; identities from --identities DIR/PLATFORM-BUILD/
   sz_identity.h as `./sizzle bench mote` makes them (the DEMO device certificates), else the
   transcripts' test identities); the stack's high-water mark from the firmware's log line
   `ram: static=S stack=P total=T` when it prints one, else "n/a".
3. The server's CPU cycles for a full and an abbreviated handshake per build and mote: the
   build's stored transcript replayed against its transcript image (bench/mote_handshakes.py).
   --quick: legacy-ecc only.
An image that does not build, does not fit or does not finish its handshake is reported so, with
the reason. Ends with the JSON (a list of {"metric", "value", "unit"[, "note"]}) when asked.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mote_flash  # noqa: E402
import mote_handshakes  # noqa: E402
import mote_report  # noqa: E402

NATIVE = os.path.abspath(os.path.join(HERE, ".."))
BUILD = os.path.join(NATIVE, "build", "bench-mote")
TRANSCRIPTS = os.path.join(NATIVE, "..", "kssl-client", "src", "test", "resources", "transcripts")
ARCHS = ("avr", "msp430")
BUILDS = ("modern", "legacy-ecc", "legacy-rsa")
CLOCK_HZ = mote_report.CLOCK_HZ
SIZE_TOOL = {"avr": "avr-size", "msp430": "llvm-size-16"}
MOTE = {"avr": "ATmega128 (Mica2, 7.3728 MHz; simavr, exact cycles)",
        "msp430": "MSP430F1611 (TelosB, 8 MHz; mspdebug sim, cycles ~10% high)"}
RAM_BYTES = {"avr": 4096, "msp430": 10240}
FLASH_BYTES = {"avr": 131072, "msp430": 49152}
TRANSCRIPT = {"modern": "modern-ecdhe-ecdsa-aes128-gcm.txt",
              "legacy-ecc": "legacy-ecdh-ecdsa-rc4-sha-tls10.txt",
              "legacy-rsa": "legacy-rsa-rc4-sha-tls10.txt"}
# legacy-ecc's handshakes again in SSL 3.0, the papers' only protocol (its key derivation and
# MACs are the nested MD5/SHA-1 of SSL 3.0, not TLS 1.0's HMAC PRF): metrics ARCH.legacy-ecc.ssl3.*
SSL3 = ("legacy-ecc", "ssl3", "legacy-ecdh-ecdsa-rc4-sha-ssl3.txt")
IDENTITY = {"modern": "test-p256.h", "legacy-ecc": "test-p160.h", "legacy-rsa": "test-rsa1024.h"}
MSP_NOTE = "mspdebug 0.22 counts ~10% high"

# Issue 8's goals: (metric, limit, unit, what).
GOALS = {
    "avr.secp160r1.scalar_mult.cycles": 4.0e6, "avr.p256.scalar_mult.cycles": 20e6,
    "msp430.secp160r1.scalar_mult.cycles": 2.5e6, "msp430.p256.scalar_mult.cycles": 12e6,
    "avr.legacy-ecc.ram_bytes": 3072, "avr.modern.ram_bytes": 4096 - 256, "msp430.modern.ram_bytes": 6144,
    "avr.legacy-ecc.full_handshake.cycles": 0.75 * CLOCK_HZ["avr"],
    "avr.legacy-ecc.ssl3.full_handshake.cycles": 0.75 * CLOCK_HZ["avr"],
}
# The papers' figures beside ours (shared/papers/FIGURES.md).
PAPER = {
    "avr.secp160r1.scalar_mult.cycles": "Gura et al. 2004: ~6.5 M (ATmega128 asm); Sizzle: 0.5-1.6 s a point mult.",
    "avr.rsa1024.private.cycles": "Gura et al. 2004: ~88 M (10.99 s at 8 MHz); Sizzle Fig. 8: RSA decryption 5.7-22 s",
    "avr.legacy-ecc.full_handshake.cycles": "Sizzle PerCom Mica2: 3.8 s handshake (with radio); Fig. 8 ECC full 1-4 s",
    "avr.legacy-ecc.abbreviated_handshake.cycles": "Sizzle PerCom Mica2: 1.2 s abbreviated (with radio)",
    "avr.legacy-ecc.ssl3.full_handshake.cycles": "Sizzle PerCom Mica2 (SSL 3.0): 3.8 s handshake (with radio)",
    "avr.legacy-ecc.ssl3.abbreviated_handshake.cycles": "Sizzle PerCom Mica2 (SSL 3.0): 1.2 s abbreviated (with radio)",
    "avr.legacy-rsa.full_handshake.cycles": "Sizzle Fig. 8: RSA full 6-25 s (with radio)",
    "msp430.legacy-ecc.full_handshake.cycles": "Telos energy report: ECDH handshake 1,110 ms (82% communication)",
    "msp430.legacy-ecc.abbreviated_handshake.cycles": "Telos energy report: abbreviated 422 ms (93% communication)",
    "msp430.legacy-rsa.full_handshake.cycles": "Telos energy report: RSA handshake 6,410 ms (41% communication)",
    "avr.legacy-ecc.ram_bytes": "Sizzle Mica2: 3,094 B static + 656 B stack (ECC)",
    "msp430.legacy-ecc.ram_bytes": "Sizzle TelosB: 2,780 B static + 651 B stack (ECC)",
    "avr.legacy-rsa.ram_bytes": "Sizzle Mica2: 3,094 B static + 950 B stack (RSA)",
    "msp430.legacy-rsa.ram_bytes": "Sizzle TelosB: 2,780 B static + 853 B stack (RSA)",
}
# Journal Table 2 (crypto flash, code + constants) and Table 1 (the whole thermostat image).
PAPER_FLASH = {"avr": {"RSA": "6,444 + 1,349", "ECC": "5,348 + 268", "SHA-1": "2,046", "MD5": "2,442",
                       "RC4": "228", "TLS": "7,556 (SSL)", "total": "49,116 (Mica2, with TinyOS)"},
               "msp430": {"RSA": "3,180 + 1,350", "ECC": "3,328 + 268", "SHA-1": "1,486", "MD5": "1,742",
                          "RC4": "216", "TLS": "5,848 (SSL)", "total": "40,988 (TelosB, with TinyOS)"}}


class Metrics:
    def __init__(self):
        self.rows = []

    def add(self, name, value, unit, note=None):
        row = {"metric": name, "value": value, "unit": unit}
        if note:
            row["note"] = note
        self.rows = [r for r in self.rows if r["metric"] != name] + [row]

    def get(self, name):
        for r in self.rows:
            if r["metric"] == name:
                return r["value"]
        return None

    def write(self, path):
        with open(path, "w") as f:
            json.dump(self.rows, f, indent=1)
            f.write("\n")


def make(*args, quiet=True):
    """(ok, output) of make -C native ARGS."""
    p = subprocess.run(["make", "-s", "--no-print-directory", "-C", NATIVE] + list(args),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode == 0, p.stdout


def why(output):
    """The line of a failed build that says why."""
    lines = [l for l in output.splitlines() if re.search(r"error|overflow|will not fit|not fit", l, re.I)]
    return (lines or output.strip().splitlines()[-1:] or ["failed"])[0].strip()[:160]


def failed(output):
    """A failed image build's status: "does not fit" (the link overflowed a memory) or "does not
    build", with the line that says why."""
    line = why(output)
    return ("does not fit: " if re.search(r"overflow|will not fit", line, re.I) else "does not build: ") + line


# ---------------------------------------------------------------- primitives
def primitives(m, quick):
    """mote-bench's metric lines into m. --quick: the scalar multiplications alone (our 16-bit
    build and micro-ecc, both motes), no RSA, primitive or cipher runs."""
    if quick:
        out = ""
        for arch, tool in (("avr", "avr-size"), ("msp430", "llvm-size-16")):
            d = os.path.join(NATIVE, "build", arch)
            runs = [os.path.join(d, f) for f in ("ec_ks_l16.out", "ec_uecc.out", "ec_baseline.elf")]
            ok, o = make(*runs)
            if not ok:
                print("the scalar multiplication runs failed:\n" + o[-2000:])
                return False
            o = subprocess.run(["python3", os.path.join(HERE, "mote_report.py"), "bench", arch, "--size", tool,
                                "--baseline", runs[2], "ks.l16=" + runs[0][:-4], "micro_ecc=" + runs[1][:-4]],
                               capture_output=True, text=True).stdout
            out += o
    else:
        ok, out = make("mote-bench")
        if not ok:
            print("mote-bench failed:\n" + out[-2000:])
            return False
    for line in out.splitlines():
        f = line.split("#")[0].split()
        if len(f) >= 3 and re.match(r"^(avr|msp430)\.", f[0]):
            try:
                v = float(f[1])
            except ValueError:
                continue
            m.add(f[0], int(v) if v == int(v) else v, " ".join(f[2:]),
                  MSP_NOTE if f[0].startswith("msp430.") and "cycles" in f[0] else None)
    if quick:
        for arch in ARCHS:
            m.add(arch + ".rsa1024.private.cycles", None, "cycles", "not run (--quick)")
    return True


def mark(name, value):
    goal = GOALS.get(name)
    if goal is None or value is None:
        return ""
    return "goal <= %s: %s" % (fmt(goal), "pass" if value <= goal else "short by %s" % fmt(value - goal))


def fmt(v):
    if v is None:
        return "n/a"
    if isinstance(v, float) and v != int(v):
        return "%.2f" % v
    v = int(v)
    return "%.2f M" % (v / 1e6) if v >= 1e6 else "{:,}".format(v)


def ms(arch, cycles):
    return "%.1f ms" % (cycles * 1000.0 / CLOCK_HZ[arch]) if cycles else ""


def print_primitives(m):
    print("\n== Scalar multiplication (k*P) and RSA-1024: ours vs micro-ecc, same run")
    print("%-8s %-22s %12s %11s %12s %7s  %s" % ("mote", "operation", "cycles", "ms", "micro-ecc", "ours x", "goal / papers"))
    for arch in ARCHS:
        for op in ("secp160r1.scalar_mult", "p256.scalar_mult", "rsa1024.private"):
            name = "%s.%s.cycles" % (arch, op)
            ours, peer = m.get(name), m.get("%s.%s.cycles.micro_ecc" % (arch, op))
            print("%-8s %-22s %12s %11s %12s %7s  %s%s%s" % (
                arch, op, fmt(ours), ms(arch, ours), fmt(peer), "%.2fx" % (peer / ours) if ours and peer else "",
                mark(name, ours), ("; " + PAPER[name]) if name in PAPER else "",
                " (" + MSP_NOTE + ")" if arch == "msp430" else ""))
    if m.get("avr.sha256.block.cycles.l16") is None and m.get("avr.sha256.block.cycles") is None:
        print("\n(primitives: not run with --quick)")
        return
    print("\n== Primitives (cycles; AVR exact, MSP430 %s)" % MSP_NOTE)
    prims = (("md5.block", "MD5 block"), ("sha1.block", "SHA-1 block"), ("sha256.block", "SHA-256 block"),
             ("hmac_sha256.32B", "HMAC-SHA256 32 B"), ("prf_tls12.32B", "TLS 1.2 PRF 32 B"),
             ("prf_tls10.32B", "TLS 1.0 PRF 32 B"), ("drbg.generate_32B", "HMAC-DRBG 32 B"),
             ("aes128.block", "AES-128 block"), ("gcm.block", "GCM 16 B"), ("ccm.block", "CCM 16 B"),
             ("rc4.byte", "RC4 per byte"), ("p256.ecdsa_sign", "ECDSA sign P-256"),
             ("secp160r1.ecdsa_sign", "ECDSA sign secp160r1"), ("rsa1024.blind_init", "RSA blinding set-up"))
    print("%-24s %14s %14s %8s" % ("", "ATmega128", "MSP430F1611", "MSP/AVR"))
    for key, label in prims:
        v = []
        for arch in ARCHS:
            x = m.get("%s.%s.cycles" % (arch, key))
            if x is None:
                x = m.get("%s.%s.cycles.l16" % (arch, key))
            if x is not None:
                m.add("%s.%s.cycles" % (arch, key), x, "cycles", MSP_NOTE if arch == "msp430" else None)
            v.append(x)
        print("%-24s %14s %14s %8s" % (label, fmt(v[0]), fmt(v[1]), "%.2f" % (v[1] / v[0]) if v[0] and v[1] else ""))


# ---------------------------------------------------------------- images
def image_dir(arch, build, identities):
    """A thermostat build's directory: the identity and a password file (the bench's own)."""
    d = os.path.join(BUILD, "%s-%s" % (arch, build))
    os.makedirs(d, exist_ok=True)
    src = os.path.join(identities, "%s-%s" % (arch, build), "sz_identity.h") if identities else None
    if not (src and os.path.isfile(src)):
        src = os.path.join(NATIVE, "sizzle", "identities", IDENTITY[build])
    shutil.copyfile(src, os.path.join(d, "sz_identity.h"))
    with open(os.path.join(d, "password"), "w") as f:
        f.write("bench-mote-password\n")
    return d, "DEMO device certificate" if identities and src.startswith(identities) else "test identity (chain)"


def thermostat(arch, build, identities, components=True):
    """Builds the image; flash per component, static RAM. Returns a dict for the tables."""
    d, ident = image_dir(arch, build, identities)
    args = ["sizzle-firmware", "SZ_FW_PLATFORM=" + arch, "SZ_FW_BUILD=" + build, "SZ_FW_DIR=" + d]
    ok, out = make(*args)
    elf = os.path.join(d, arch, "sizzle.elf")
    info = {"identity": ident, "fits": None, "why": None, "components": {}}
    if not ok or not os.path.isfile(elf):
        info["why"] = failed(out)
        return info
    flash, ram = mote_report.sizes(SIZE_TOOL[arch], elf)
    info.update(flash=flash, static=ram, infomem=mote_report.info_memory(SIZE_TOOL[arch], elf))
    if flash > FLASH_BYTES[arch]:
        info["why"] = "does not fit: %d B of flash > %d" % (flash, FLASH_BYTES[arch])
    elif ram > RAM_BYTES[arch]:
        info["why"] = "does not fit: %d B static RAM > %d" % (ram, RAM_BYTES[arch])
    if not components:
        return info
    try:
        if arch == "avr":
            info["components"] = mote_flash.avr_components(["-C", NATIVE] + args, elf, os.path.join(d, "objs"), build)
        else:
            info["components"] = mote_flash.msp_components(elf, os.path.join(NATIVE, "msp430", "msp430f1611.ld"),
                                                           os.path.join(d, "objs"), build)
    except (RuntimeError, subprocess.CalledProcessError) as e:
        info["components_why"] = str(e)
    return info


def handshakes(arch, build, timeout, transcript=None):
    """(full, abbreviated, ram line, reason) from the transcript image, replaying the build's
    transcript (or the one named)."""
    ok, out = make("sizzle-firmware", "SZ_FW_PLATFORM=" + arch, "SZ_FW_BUILD=" + build)
    elf = os.path.join(NATIVE, "build", "firmware", "%s-%s-transcript" % (arch, build), "sizzle.elf")
    if not ok:
        return None, None, None, failed(out)
    flash, ram = mote_report.sizes(SIZE_TOOL[arch], elf)
    if ram > RAM_BYTES[arch]:
        return None, None, None, "does not fit: %d B static RAM > %d" % (ram, RAM_BYTES[arch])
    # a step's longest wait: RSA-1024 on the MSP430 (~30 s of mspdebug), on the AVR ~7 s
    timeout = timeout if arch == "msp430" else min(timeout, 60)
    results, rams = mote_handshakes.measure(arch, elf, os.path.join(TRANSCRIPTS, transcript or TRANSCRIPT[build]),
                                            timeout=timeout, connections=2)
    full = abbr = None
    reason = None
    for header, r in results:
        if r.get("why") or not r.get("equal"):
            reason = "handshake did not complete as stored (%s): %s" % (header.split(" requests")[0], r.get("why"))
            if re.search(r"no idle line|timed out", r.get("why") or ""):
                reason = ("does not fit: the firmware stopped answering in its handshake (%s, %d s); the "
                          "transcript image's static RAM %s B leaves %s B of %s for the stack" % (
                              r.get("why"), timeout, fmt(ram), fmt(RAM_BYTES[arch] - ram), fmt(RAM_BYTES[arch])))
            break
        if r["kind"] == "full" and full is None:
            full = r
        elif r["kind"] == "abbreviated" and abbr is None:
            abbr = r
    return full, abbr, (rams[-1] if rams else None), reason


def ram_figures(info, ram):
    """(static, stack, total): the thermostat image's static RAM (the image the budgets are
    about; the transcript image's record buffer differs) and the stack high-water from the
    transcript image's 'ram:' line after its handshakes, when it printed one."""
    static = info.get("static")
    stack = ram[1] if ram else None
    return static, stack, (static + stack if static is not None and stack is not None else static)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="scalar multiplications only (no RSA, primitive, cipher runs); handshakes of legacy-ecc only")
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--identities", metavar="DIR", help="DIR/PLATFORM-BUILD/sz_identity.h (DEMO identities)")
    ap.add_argument("--timeout", type=float, default=180, help="seconds to wait for a handshake step")
    ap.add_argument("--no-primitives", action="store_true", help="skip make mote-bench (images and handshakes only)")
    a = ap.parse_args(argv)
    m = Metrics()
    print("Sizzle on the motes: %s; %s" % (MOTE["avr"], MOTE["msp430"]))
    if not a.no_primitives:
        if not primitives(m, a.quick):
            return 1
        print_primitives(m)

    images, hs = {}, {}
    for arch in ARCHS:
        for build in BUILDS:
            if a.quick and build != "legacy-ecc":
                images[arch, build] = {"identity": "not built", "fits": None, "why": "not run (--quick)",
                                       "components": {}}
                hs[arch, build] = (None, None, None, "not run (--quick: legacy-ecc only)")
            else:
                images[arch, build] = thermostat(arch, build, a.identities, components=not a.quick)
                hs[arch, build] = handshakes(arch, build, a.timeout)
        hs[arch, SSL3[0] + "." + SSL3[1]] = handshakes(arch, SSL3[0], a.timeout, SSL3[2])

    comps = mote_flash.ORDER
    for arch in ARCHS:
        print("\n== Flash per component, thermostat firmware, %s (bytes; what the link kept)" % MOTE[arch])
        print("%-36s %10s %10s %10s   %s" % ("component", "modern", "legacy-ecc", "legacy-rsa", "journal Table 2"))
        for c in comps + ["total"]:
            row = []
            for build in BUILDS:
                info = images[arch, build]
                v = info.get("flash") if c == "total" else info["components"].get(c) if info["components"] else None
                if c == "total" and v is not None and info["components"]:
                    v += info["infomem"]   # the components' sum: the main flash and the information memory
                row.append(fmt(v) if v is not None else "-")
            if c != "total" and all(x == "-" for x in row):
                continue
            print("%-36s %10s %10s %10s   %s" % (c, row[0], row[1], row[2], PAPER_FLASH[arch].get(c, "")))
        for build in BUILDS:
            info = images[arch, build]
            note = info["why"] or ""
            if info.get("components_why"):
                note += " (components: %s)" % info["components_why"]
            if info.get("infomem"):
                note = ("%s B of it in the information memory, %s B in the main flash" % (
                    fmt(info["infomem"]), fmt(info["flash"])) + ("; " + note if note else ""))
            print("  %s: %s%s" % (build, info["identity"], "; " + note if note else ""))
            m.add("%s.%s.flash_bytes" % (arch, build), info.get("flash"), "bytes",
                  info["why"] if info.get("flash") is None else None)
            for c, v in info["components"].items():
                m.add("%s.%s.flash.%s" % (arch, build, re.sub(r"[^a-z0-9]+", "_", c.lower()).strip("_")), v, "bytes")

    print("\n== RAM per build (bytes): the thermostat image's static (.data + .bss) + the stack high-water "
          "(the transcript image's 'ram:' line after its handshakes)")
    print("%-8s %-11s %8s %8s %8s   %s" % ("mote", "build", "static", "stack", "total", "goal / papers / status"))
    for arch in ARCHS:
        for build in BUILDS:
            info = images[arch, build]
            static, stack, total = ram_figures(info, hs[arch, build][2])
            name = "%s.%s.ram_bytes" % (arch, build)
            note = info["why"] if static is None else (
                "the thermostat image's static RAM only: stack n/a (%s)" % (hs[arch, build][3] or "no 'ram:' line")
                if stack is None else
                "the thermostat image's static RAM + the stack high-water of the transcript image's 'ram:' line "
                "after its handshakes")
            m.add(name, total, "bytes", note)
            if stack is not None:
                m.add("%s.%s.stack_bytes" % (arch, build), stack, "bytes")
            bits = [x for x in (mark(name, total) if stack is not None else
                                ("goal <= %s (needs the stack figure)" % fmt(GOALS[name]) if name in GOALS else ""),
                                PAPER.get(name, ""), info["why"] or "") if x]
            print("%-8s %-11s %8s %8s %8s   %s" % (arch, build, fmt(static), fmt(stack), fmt(total), "; ".join(bits)))

    print("\n== Server CPU per handshake (cycles the CPU ran for the server; link waits excluded)")
    print("%-8s %-15s %-12s %12s %11s %12s   %s" % ("mote", "build", "handshake", "cycles", "ms", "link (excl.)",
                                                   "goal / papers"))
    for arch in ARCHS:
        for build in BUILDS[:2] + (SSL3[0] + "." + SSL3[1],) + BUILDS[2:]:
            full, abbr, _, reason = hs[arch, build]
            for kind, r in (("full", full), ("abbreviated", abbr)):
                name = "%s.%s.%s_handshake.cycles" % (arch, build, kind)
                cyc = r["handshake_cpu"] if r else None
                m.add(name, cyc, "cycles", (MSP_NOTE if arch == "msp430" else None) if cyc else
                      (reason or "no %s connection in the transcript" % kind))
                if cyc:
                    m.add("%s.%s.%s_handshake.ms" % (arch, build, kind), round(cyc * 1000.0 / CLOCK_HZ[arch], 1), "ms",
                          MSP_NOTE if arch == "msp430" else None)
                bits = [x for x in (mark(name, cyc), PAPER.get(name, ""), "" if cyc else reason,
                                    MSP_NOTE if arch == "msp430" and cyc else "") if x]
                print("%-8s %-15s %-12s %12s %11s %12s   %s" % (
                    arch, build, kind, fmt(cyc), ms(arch, cyc), fmt(r["handshake_link"]) if r and arch == "avr" else "",
                    "; ".join(bits)))
    if a.json:
        m.write(a.json)
        print("\nwrote %s (%d metrics)" % (a.json, len(m.rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
