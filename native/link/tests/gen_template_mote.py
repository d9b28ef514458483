#!/usr/bin/env python3
"""Writes template_mote.h for tests/template_mote.c (make -C native template-mote-test): the book
of vectors/templates.txt (edition 1's protocol templates; the legacy transcripts' Certificate
messages) in flash, and the handshakes' messages as a C mote meets them (the legacy
ECDH-ECDSA-RC4-SHA ones, TLS 1.0 and SSL 3.0, and the modern ECDHE-ECDSA-AES128-GCM one, TLS
1.2): its own server records, each cut into messages of at most its images' capacity over the
link (the ATmega128's: 265 bytes legacy, 640 modern; the Certificate record in pieces), for its
suppressor; the gateway's messages as the Java suppressor wrote them (without POINTs), for its
recreator.

usage: gen_template_mote.py templates.txt out.h"""
import sys

# each source: its name in the output, the largest message of the mote's (GatewayBench.FIRMWARE_CAPACITY, mica2)
SOURCES = {"legacy-ecdh-ecdsa-rc4-sha-tls10.txt": ("TLS 1.0", 265), "legacy-ecdh-ecdsa-rc4-sha-ssl3.txt": ("SSL 3.0", 265),
           "modern-ecdhe-ecdsa-aes128-gcm.txt": ("TLS 1.2", 640)}
PIECE = max(piece for _, piece in SOURCES.values())


def records(b):
    out, at = [], 0
    while at + 5 <= len(b):
        n = 5 + (b[at + 3] << 8 | b[at + 4])
        out.append(b[at:at + n])
        at += n
    assert at == len(b)
    return out


def main():
    src, dst = sys.argv[1], sys.argv[2]
    templates, certs, msgs = {}, [], []
    name, conn = None, 0
    for line in open(src):
        w = line.split()
        if not w or w[0].startswith("#"):
            continue
        if w[0] == "template" and w[1] != "0":
            templates[int(w[1])] = bytes.fromhex(w[2])
        elif w[0] == "transcript":
            name = w[1] if w[1] in SOURCES else None
            conn = 0
        elif name is None:
            continue
        elif w[0] == "template":
            certs.append(bytes.fromhex(w[2]))
        elif w[0] == "connection":
            conn += 1
            first = True
        elif w[0] in ("C", "S"):
            plain = bytes.fromhex(w[1])
            label, piece = SOURCES[name]
            what = "%s %s" % (label, "full" if conn == 1 else "abbreviated")
            if w[0] == "S":
                for r in records(plain):
                    for k in range(0, len(r), piece):
                        msgs.append((len(certs) - 1, first, "S", what, r[k:k + piece], b""))
                        first = False
            elif w[2] != "-":
                msgs.append((len(certs) - 1, first, "C", what, plain, bytes.fromhex(w[2])))
                first = False
    o = ["/* Written by gen_template_mote.py from vectors/templates.txt: do not edit. */",
         "#define TPL_PIECE %d" % PIECE]

    def arr(n, b):
        o.append("static const uint8_t %s[%d] MOTE_FLASH = {%s};" % (n, len(b), ",".join(str(x) for x in b)))

    for i in sorted(templates):
        arr("tpl_%d" % i, templates[i])
    for i, c in enumerate(certs):
        arr("cert_%d" % i, c)
    o.append("#define TPL_CERTS %d" % len(certs))
    o.append("static const uint8_t *const tpl_at[32] MOTE_FLASH = {0, 0, 0, 0, %s};" %
             ", ".join("tpl_%d" % i for i in range(4, 20)))
    o.append("static const uint16_t tpl_len[32] MOTE_FLASH = {0, 0, 0, 0, %s};" %
             ", ".join(str(len(templates[i])) for i in range(4, 20)))
    o.append("static const uint8_t *const cert_at[TPL_CERTS] MOTE_FLASH = {%s};" %
             ", ".join("cert_%d" % i for i in range(len(certs))))
    o.append("static const uint16_t cert_len[TPL_CERTS] MOTE_FLASH = {%s};" % ", ".join(str(len(c)) for c in certs))
    for i, m in enumerate(msgs):
        arr("msg_%d" % i, m[4])
        arr("form_%d" % i, m[5] if m[5] else b"\0")
    o.append("#define TPL_MSGS %d" % len(msgs))
    o.append("struct tpl_msg { uint8_t cert, first; char side; const char *what; const uint8_t *m; uint16_t n; "
             "const uint8_t *z; uint16_t zn; };")
    o.append("static const struct tpl_msg tpl_msgs[TPL_MSGS] = {")
    for i, m in enumerate(msgs):
        o.append("\t{%d, %d, '%s', \"%s\", msg_%d, %d, form_%d, %d}," % (m[0], int(m[1]), m[2], m[3], i, len(m[4]), i,
                                                                     len(m[5])))
    o.append("};")
    open(dst, "w").write("\n".join(o) + "\n")


main()
