#!/usr/bin/env python3
"""The inputs of the constant-time firmware (tests/ct_mote.c) for one profile, as a C header:

    ct_kat.py modern|legacy-ecc|legacy-rsa IDENTITY_HEADER > ct_kat.h

modern / legacy-ecc: CT_EC_RUNS secret scalars (deterministic, from SHA-256 of a label, in
[1, n-1]) and the x coordinate each gives with the client's point (the curve's generator, the
ClientKeyExchange body 04||x||y with its length byte), by plain Python arithmetic.
legacy-rsa: three EncryptedPreMasterSecret bodies (TLS: a 2-byte length, then the 128-byte
ciphertext) under the identity's public key (n, e read from the header): good PKCS #1 v1.5
padding with version 3.1; bad padding (block type 1); good padding with wrong version bytes
(3.0); and the 48-byte premaster each carries. TEST KEYS ONLY.
"""
import hashlib
import re
import sys

CURVES = {
    "modern": dict(  # P-256
        p=0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF,
        a=-3, n=0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
        gx=0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
        gy=0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5, field=32, order=32),
    "legacy-ecc": dict(  # secp160r1
        p=0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF7FFFFFFF, a=-3, n=0x0100000000000000000001F4C8F927AED3CA752257,
        gx=0x4A96B5688EF573284664698968C38BB913CBFC82, gy=0x23A628553168947D59DCC912042351377AC5FB32,
        field=20, order=21),
}
EC_RUNS = 6


def ec_mul(c, k, pt):
    p, a = c["p"], c["a"]
    r = None
    for bit in bin(k)[2:]:
        r = ec_add(p, a, r, r)
        if bit == "1":
            r = ec_add(p, a, r, pt)
    return r


def ec_add(p, a, P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    if P[0] == Q[0]:
        if (P[1] + Q[1]) % p == 0:
            return None
        lam = (3 * P[0] * P[0] + a) * pow(2 * P[1], p - 2, p) % p
    else:
        lam = (Q[1] - P[1]) * pow(Q[0] - P[0], p - 2, p) % p
    x = (lam * lam - P[0] - Q[0]) % p
    return x, (lam * (P[0] - x) - P[1]) % p


def c_bytes(name, data):
    body = ",".join("0x%02x" % b for b in data)
    return "static const uint8_t %s[%d] KS_FLASH = {%s};" % (name, len(data), body)


def ec(profile):
    c = CURVES[profile]
    out = ["#define CT_EC_RUNS %d" % EC_RUNS]
    point = bytes([1 + 2 * c["field"], 4]) + c["gx"].to_bytes(c["field"], "big") + c["gy"].to_bytes(c["field"], "big")
    out.append(c_bytes("ct_point", point))
    ds, xs = b"", b""
    for i in range(EC_RUNS):
        h = int.from_bytes(hashlib.sha256(b"sizzle ct scalar %d" % i).digest(), "big")
        d = h % (c["n"] - 1) + 1
        ds += d.to_bytes(c["order"], "big")
        xs += ec_mul(c, d, (c["gx"], c["gy"]))[0].to_bytes(c["field"], "big")
    out.append(c_bytes("ct_scalars", ds))
    out.append(c_bytes("ct_x", xs))
    return out


def header_bytes(text, name):
    m = re.search(r"%s\[\d+\] KS_FLASH = \{([^}]*)\}" % name, text)
    if not m:
        sys.exit("ct_kat: no %s in the identity header" % name)
    return bytes(int(v, 16) for v in re.findall(r"0x[0-9a-fA-F]+", m.group(1)))


def rsa(identity):
    text = open(identity).read()
    n = int.from_bytes(header_bytes(text, "sz_id_rsa_n"), "big")
    e = int.from_bytes(header_bytes(text, "sz_id_rsa_e"), "big")
    k = 128
    out = ["#define CT_RSA_CASES 3", "#define CT_RSA_VERSION 0x0301"]
    bodies, pms = b"", b""
    for i, (block, version) in enumerate(((2, b"\x03\x01"), (1, b"\x03\x01"), (2, b"\x03\x00"))):
        seed = hashlib.sha256(b"sizzle ct premaster %d" % i).digest() * 4
        premaster = version + seed[:46]
        ps = bytes((b % 255) + 1 for b in hashlib.sha256(b"sizzle ct padding %d" % i).digest() * 3)[:k - 3 - 48]
        em = bytes([0, block]) + ps + b"\x00" + premaster
        assert len(em) == k
        c = pow(int.from_bytes(em, "big"), e, n)
        bodies += b"\x00\x80" + c.to_bytes(k, "big")
        pms += premaster
    out.append(c_bytes("ct_rsa_bodies", bodies))
    out.append(c_bytes("ct_rsa_premasters", pms))
    return out


def main(argv):
    if len(argv) != 2 or argv[0] not in ("modern", "legacy-ecc", "legacy-rsa"):
        sys.exit("usage: ct_kat.py modern|legacy-ecc|legacy-rsa IDENTITY_HEADER")
    lines = ["/* Written by sizzle/tests/ct_kat.py %s: do not edit. TEST KEYS ONLY. */" % argv[0],
             "#include <stdint.h>"]
    lines += rsa(argv[1]) if argv[0] == "legacy-rsa" else ec(argv[0])
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
