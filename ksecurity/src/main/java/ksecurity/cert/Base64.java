package ksecurity.cert;

import ksecurity.prim.Bytes;

/** RFC 4648 base64 for PEM (CLDC has none). Decoding skips whitespace and rejects anything else. */
final class Base64 {
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    private Base64() {
    }

    static byte[] decode(String s) throws CertificateException {
        byte[] out = new byte[s.length() * 3 / 4 + 3];
        int n = 0;
        int acc = 0;
        int bits = 0;
        int pad = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                continue;
            }
            if (c == '=') {
                pad++;
                continue;
            }
            int v = ALPHABET.indexOf(c);
            if (v < 0 || pad > 0) {
                throw CertificateException.malformed("bad base64");
            }
            acc = (acc << 6) | v;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                out[n++] = (byte) (acc >> bits);
            }
        }
        // Leftover bits must be zero padding, and '=' must complete the last quantum.
        if ((acc & ((1 << bits) - 1)) != 0 || pad > 2 || (bits == 0 && pad != 0)
                || (bits == 4 && pad != 2) || (bits == 2 && pad != 1) || bits == 6) {
            throw CertificateException.malformed("bad base64");
        }
        return Bytes.copy(out, 0, n);
    }

    /** Encodes with lines of 64 characters, as PEM (RFC 7468) writes. */
    static String encode(byte[] b) {
        StringBuffer sb = new StringBuffer(b.length * 4 / 3 + b.length / 48 + 4);
        int line = 0;
        for (int i = 0; i < b.length; i += 3) {
            int v = (b[i] & 0xFF) << 16;
            if (i + 1 < b.length) {
                v |= (b[i + 1] & 0xFF) << 8;
            }
            if (i + 2 < b.length) {
                v |= b[i + 2] & 0xFF;
            }
            sb.append(ALPHABET.charAt(v >> 18)).append(ALPHABET.charAt((v >> 12) & 63));
            sb.append(i + 1 < b.length ? ALPHABET.charAt((v >> 6) & 63) : '=');
            sb.append(i + 2 < b.length ? ALPHABET.charAt(v & 63) : '=');
            line += 4;
            if (line == 64 && i + 3 < b.length) {
                sb.append('\n');
                line = 0;
            }
        }
        return sb.toString();
    }
}
