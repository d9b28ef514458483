#!/usr/bin/env python3
"""The mote test's known answers (keys_mote.c), cut from the Java-written protection-vectors.txt.

usage: keys_kat.py protection-vectors.txt PROFILE > keys_kat.h

For each of the profile's chosen cases: version, suite, premaster, randoms, master secret,
the first four records each side wrote (the server's to seal, the client's to open; the fourth
is 100 bytes) and the failing open of the fourth client record with its last MAC/tag byte
flipped. One flat byte string in flash (MOTE_FLASH), read in order by the firmware: items are
a tag byte and, for bytes, a 2-byte little-endian length and the bytes.
"""
import sys

CASES = {
    "modern": ["TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256-303-1", "TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8-303-1"],
    "legacy-ecc": ["TLS_ECDH_ECDSA_WITH_RC4_128_SHA-301-1", "TLS_ECDH_ECDSA_WITH_RC4_128_SHA-300-1"],
    "legacy-rsa": ["TLS_RSA_WITH_RC4_128_MD5-300-1", "TLS_RSA_WITH_RC4_128_SHA-301-1"],
}


def unhex(s):
    return b"" if s == "-" else bytes.fromhex(s)


def read_cases(path):
    cases, cur = {}, None
    for line in open(path):
        t = line.split()
        if not t or t[0].startswith("#"):
            continue
        if t[0] == "case":
            cur = {"name": t[2], "seal_c": [], "seal_s": [], "fail": []}
            cases[t[2]] = cur
        elif cur is None or t[0] == "name_digest":
            continue
        elif t[0] == "seal":
            cur["seal_" + t[1]].append((int(t[2]), t[3], t[4]))
        elif t[0] == "open_fail":
            cur["fail"].append((int(t[1]), int(t[2]), unhex(t[3]), t[4]))
        elif t[0] != "end":
            cur[t[0]] = t[1]
    return cases


def blob(c):
    out = bytearray()

    def item(tag, data=None):
        out.append(ord(tag))
        if data is not None:
            out.extend(len(data).to_bytes(2, "little"))
            out.extend(data)

    item("C")
    out.extend(int(c["version"], 16).to_bytes(2, "big"))
    out.extend(int(c["suite"], 16).to_bytes(2, "big"))
    item("P", unhex(c["premaster"]))
    item("c", unhex(c["client_random"]))
    item("s", unhex(c["server_random"]))
    item("M", unhex(c["master"]))
    for side, tag in (("seal_s", "S"), ("seal_c", "O")):
        for typ, plain, frag in c[side][:4]:
            item(tag)
            out.append(typ)
            item("p", unhex(plain))
            item("f", unhex(frag))
    third = [f for f in c["fail"] if f[1] == 3 and f[3] == "flip-%d" % (len(f[2]) - 1)]
    assert len(third) == 1, c["name"]
    typ, after, frag, _ = third[0]
    item("F")
    out.append(typ)
    out.append(after)
    item("f", frag)
    return bytes(out)


def main():
    path, profile = sys.argv[1], sys.argv[2]
    cases = read_cases(path)
    data = b"".join(blob(cases[n]) for n in CASES[profile]) + b"E"
    print("/* Written by keys_kat.py from protection-vectors.txt (profile %s): %s. */" % (profile, ", ".join(CASES[profile])))
    print("#define KEYS_KAT_CASES %d" % len(CASES[profile]))
    print("static const uint8_t keys_kat[%d] MOTE_FLASH = {" % len(data))
    for i in range(0, len(data), 16):
        print("    " + ", ".join("0x%02x" % b for b in data[i:i + 16]) + ",")
    print("};")


if __name__ == "__main__":
    main()
