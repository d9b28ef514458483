#!/usr/bin/env python3
"""Flash of a linked mote firmware per component, like the Sizzle journal paper's Tables 1 and
2: what the link kept (after --gc-sections) of each object file, grouped by what it is.

    mote_flash.py avr|msp430 OBJDIR ELF

The image is linked once more from per-file objects with a link map (the ATmega128's firmware
is compiled by one avr-gcc command, so its objects are first compiled alone with the same
flags, from `make -n`; the MSP430's link keeps them in ELF.objs/), and the relinked image must
be as large as ELF, else nothing is reported. Flash counts .text (code and constants in flash)
and .rodata, .data's initial values and the vectors, and on the MSP430F1611 the information
memory (.infomem: AES's S-box, or MD5's T in the legacy images), so that the components add up
to the main flash and it.
"""
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mote_report  # noqa: E402

# The Montgomery arithmetic's files (kernels/ks_rsa_mont.c and its rows in assembly): RSA's in
# legacy-rsa, ECDSA signing's products modulo n elsewhere.
MONTGOMERY = ("ks_rsa_mont", "ks_rsa_avr", "ks_rsa_msp430")
# Components by source file name (without directory and extension).
COMPONENTS = (
    ("ECC", ("ks_ec", "ks_ec_base", "ks_ec_point", "ks_ec_verify", "ks_fp", "ks_fp_secp160r1", "ks_fp_secp192r1",
             "ks_fp_secp224r1", "ks_fp_secp256r1", "ks_curves", "ks_modinv", "ks_ecdsa", "ks_fp_avr", "ks_fp_msp430")),
    ("RSA", ("ks_rsa", "ks_rsa_crt") + MONTGOMERY),
    ("SHA-1", ("ks_sha1", "ks_sha1_avr", "ks_sha1_msp430")),
    ("SHA-256", ("ks_sha256", "ks_sha512", "ks_sha256_avr", "ks_sha256_msp430")),
    ("MD5", ("ks_md5", "ks_md5_avr", "ks_md5_msp430")),
    ("RC4", ("ks_rc4", "ks_rc4_msp430")),
    ("AES", ("ks_aes_ct", "ks_aes_tab", "ks_aes_avr", "ks_aes_msp430", "ks_ghash", "ks_ghash_avr", "ks_ghash_msp430", "ks_ctr",
             "ks_gcm", "ks_ccm", "ks_aead")),
    ("hash framing, HMAC, PRFs, DRBG", ("ks_hash", "ks_hmac", "ks_ssl3_mac", "ks_tls_prf", "ks_hmac_drbg")),
    ("bignum, wipe", ("ks_bn", "ks_wipe")),
    ("certificate, key", ("sz_identity",)),
    ("TLS", ("sz_alert", "sz_cipher_suite", "sz_client_hello", "sz_extensions", "sz_handshake_reader",
             "sz_protocol_version", "sz_record_layer", "sz_server_handshake", "sz_handshake_hash", "sz_key_schedule",
             "sz_record_protection", "sz_session_cache", "sz_record_writer", "sz_server_flight",
             "sz_client_key_exchange", "sz_tls_connection", "sz_server_log", "sz_finished_check")),
    ("HTTP", ("sz_ascii", "sz_status", "sz_request", "sz_request_parser", "sz_response_writer",
              "sz_http_connection", "sz_http_app")),
    ("application", ("sz_thermostat", "sz_thermostat_pages", "sz_config_form", "sz_password_gate",
                     "sz_thermostat_app", "sz_transcript_app")),
    ("platform, server loop, start-up", ("sz_port_avr", "sz_port_msp430", "sz_port_raw", "sz_port_link", "sz_port_host",
                                         "sz_port_memory", "sz_server_loop", "sz_firmware", "sz_main",
                                         "crt0", "mem", "mem_avr", "mem_msp430", "mspabi", "mote_msp430", "mote_avr", "sz_link_device",
                                         "sz_link_endpoint", "sz_link_frame", "sz_link_receiver", "sz_link_sender",
                                         "sz_link_time", "sz_template", "sz_port_book")),
)
ORDER = [c for c, _ in COMPONENTS] + ["run-time library (libgcc, avr-libc)"]
FLASH_OUT = (".text", ".rodata", ".data", ".vectors", ".init", ".fini", ".progmem", ".infomem")


def component(obj, build=None):
    name = os.path.basename(obj)
    name = re.sub(r"(\.(c|S))?\.o$", "", name)
    if name in MONTGOMERY and build != "legacy-rsa":
        return "ECC"   # Montgomery arithmetic modulo n: ECDSA signing's, not RSA's
    if re.match(r"ks_base_[0-9]+$", name):
        return "ECC"   # k G's table of points in flash (build/gen, the modern motes' SZF_BASE_WINDOW)
    for comp, names in COMPONENTS:
        if name in names:
            return comp
    return "run-time library (libgcc, avr-libc)"


def parse_gnu_map(text):
    """GNU ld's map (avr-ld): {object: bytes in flash output sections}."""
    sizes = {}
    out_sec = None
    started = False
    pending = None
    for line in text.splitlines():
        if line.startswith("Linker script and memory map"):
            started = True
            continue
        if not started:
            continue
        m = re.match(r"^(\.\S+)\s+0x[0-9a-f]+\s+0x[0-9a-f]+", line)
        if m or re.match(r"^(\.\S+)\s*$", line):
            out_sec = (m.group(1) if m else line.strip()).split()[0]
            pending = None
            continue
        m = re.match(r"^ (\S+)\s*$", line)
        if m:
            pending = m.group(1)
            continue
        m = re.match(r"^ ?(\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o\S*)\s*$", line)
        if m and out_sec in FLASH_OUT:
            obj = m.group(4)
            obj = re.sub(r"^.*\((.*)\)$", r"\1", obj)   # archive(member.o)
            sizes[obj] = sizes.get(obj, 0) + int(m.group(3), 16)
        pending = None
    return sizes


def parse_lld_map(text, owners=None):
    """ld.lld's map: {object: bytes in flash output sections}. The sections of a link-time
    optimised module (lto.tmp:(.text.F), .rodata.X, ...) count to the object that defines F or X
    (owners: {symbol: object}; a static symbol's name may carry a .N suffix there); what no
    object defines is left unclaimed."""
    sizes = {}
    out_sec = None
    for line in text.splitlines()[1:]:
        f = line.split(None, 4)
        if len(f) < 5:
            continue
        rest = f[4]
        if not line.startswith(" " * 20) and rest.startswith("."):   # an output section
            out_sec = rest.split()[0]
            continue
        m = re.match(r"^\s*(\S+\.o|lto\.tmp):\((\S+)\)$", rest)
        if not m or out_sec not in FLASH_OUT:
            continue
        obj = m.group(1)
        if obj == "lto.tmp":
            name = re.sub(r"^\.(text|rodata|data)\.", "", m.group(2))
            obj = (owners or {}).get(name) or (owners or {}).get(re.sub(r"\.\d+$", "", name))
            if obj is None:
                continue
        sizes[obj] = sizes.get(obj, 0) + int(f[2], 16)
    return sizes


def bitcode_owners(objs):
    """{symbol: object} of the symbols the objects define (llvm-nm reads bitcode too); a name
    that several objects define (static functions) goes to the first of them."""
    owners = {}
    for obj in objs:
        out = subprocess.run(["llvm-nm-16", "--defined-only", obj], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3:
                owners.setdefault(f[2], obj)
    return owners


def avr_flash_size(elf):
    return mote_report.sizes("avr-size", elf)[0]


def msp_flash_size(elf):
    """The main flash and the information memory."""
    return mote_report.sizes("llvm-size-16", elf)[0] + mote_report.info_memory("llvm-size-16", elf)


def avr_link_command(make_args):
    """The avr-gcc command `make -n` would run to link the firmware (as a list)."""
    out = subprocess.run(["make", "-n", "-B", "-s"] + make_args, check=True, capture_output=True, text=True).stdout
    for line in out.replace("\\\n", " ").splitlines():
        if line.startswith("avr-gcc ") and " -o " in line and line.rstrip().endswith((".c", ".S")):
            return shlex.split(line)
    raise RuntimeError("no avr-gcc link command in make -n's output")


def avr_components(make_args, elf, work, build=None):
    """Compiles the firmware's sources one by one with its flags, links them with a map."""
    cmd = avr_link_command(make_args)
    # make -n's paths (build/gen/ks_base_3.c) are relative to make's -C directory
    cwd = make_args[make_args.index("-C") + 1] if "-C" in make_args else None
    work = os.path.abspath(work)
    o = cmd.index("-o")
    flags = [a for a in cmd[1:o] if not a.startswith("-Wl,")] + cmd[o + 2:]
    srcs = [a for a in flags if a.endswith((".c", ".S"))]
    flags = [a for a in flags if a not in srcs]
    os.makedirs(work, exist_ok=True)
    objs = []
    for src in srcs:
        obj = os.path.join(work, os.path.basename(src) + ".o")
        subprocess.run(["avr-gcc"] + flags + ["-c", src, "-o", obj], check=True, cwd=cwd)
        objs.append(obj)
    relinked = os.path.join(work, "relinked.elf")
    mapfile = os.path.join(work, "relinked.map")
    subprocess.run(["avr-gcc"] + flags + ["-Wl,--gc-sections", "-Wl,-Map=" + mapfile, "-o", relinked] + objs,
                   check=True, cwd=cwd)
    if avr_flash_size(relinked) != avr_flash_size(elf):
        raise RuntimeError("the relinked image (%d B) differs from %s (%d B)" % (
            avr_flash_size(relinked), elf, avr_flash_size(elf)))
    return by_component(parse_gnu_map(open(mapfile).read()), avr_flash_size(elf), build)


def msp_components(elf, linker_script, work, build=None):
    """Relinks ELF.objs with a map, by the link's own command (ELF.link, msp430.mk's msp_link)
    when there is one. With link-time optimisation a function's code counts to the source file
    of the function it ended in (code inlined into a caller counts to the caller's file)."""
    objs = sorted(os.path.join(elf + ".objs", f) for f in os.listdir(elf + ".objs") if f.endswith(".o"))
    os.makedirs(work, exist_ok=True)
    relinked = os.path.join(work, "relinked.elf")
    mapfile = os.path.join(work, "relinked.map")
    link = ["ld.lld-16", "-T", linker_script, "--gc-sections"]
    if os.path.isfile(elf + ".link"):
        link = shlex.split(open(elf + ".link").read())
    subprocess.run(link + ["-Map=" + mapfile, "-o", relinked] + objs, check=True)
    if msp_flash_size(relinked) != msp_flash_size(elf):
        raise RuntimeError("the relinked image differs from %s" % elf)
    return by_component(parse_lld_map(open(mapfile).read(), bitcode_owners(objs)), msp_flash_size(elf), build)


def by_component(sizes, total, build=None):
    """{component: bytes}; what no object claims (padding, fill) goes to the run-time line, so
    that the components add up to the image's flash. Objects that claim more than the image
    holds (a map misread) raise."""
    comps = {}
    for obj, n in sizes.items():
        c = component(obj, build)
        comps[c] = comps.get(c, 0) + n
    rest = total - sum(comps.values())
    if rest < 0:
        raise RuntimeError("the map's objects claim %d B, more than the image's %d B" % (sum(comps.values()), total))
    rt = "run-time library (libgcc, avr-libc)"
    comps[rt] = comps.get(rt, 0) + rest
    return comps


if __name__ == "__main__":
    arch, a, b = sys.argv[1:4]
    if arch == "avr":
        res = avr_components(shlex.split(a), b, "/tmp/mote_flash")
    else:
        res = msp_components(b, a, "/tmp/mote_flash")
    for c in ORDER:
        print("%-40s %6d" % (c, res.get(c, 0)))
    print("total", sum(res.values()))
