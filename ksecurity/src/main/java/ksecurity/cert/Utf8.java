package ksecurity.cert;

import ksecurity.prim.Bytes;

/**
 * Strict UTF-8 (RFC 3629) for name strings: CLDC guarantees no charset beyond ISO-8859-1, and
 * a lenient decoder would let two encodings of one name compare unequal in places.
 */
final class Utf8 {
    private Utf8() {
    }

    static byte[] encode(String s) {
        byte[] out = new byte[s.length() * 3];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            int c = s.charAt(i);
            if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length()) {
                int lo = s.charAt(i + 1);
                if (lo >= 0xDC00 && lo <= 0xDFFF) {
                    c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
                    i++;
                }
            }
            if (c < 0x80) {
                out[n++] = (byte) c;
            } else if (c < 0x800) {
                out[n++] = (byte) (0xC0 | (c >> 6));
                out[n++] = (byte) (0x80 | (c & 0x3F));
            } else if (c < 0x10000) {
                out[n++] = (byte) (0xE0 | (c >> 12));
                out[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[n++] = (byte) (0x80 | (c & 0x3F));
            } else {
                out[n++] = (byte) (0xF0 | (c >> 18));
                out[n++] = (byte) (0x80 | ((c >> 12) & 0x3F));
                out[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[n++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return Bytes.copy(out, 0, n);
    }

    /** Decodes, rejecting overlong forms, surrogates, values above U+10FFFF and truncation. */
    static String decode(byte[] b, int off, int len) throws CertificateException {
        StringBuffer sb = new StringBuffer(len);
        int end = off + len;
        int p = off;
        while (p < end) {
            int c = b[p++] & 0xFF;
            int more;
            int min;
            if (c < 0x80) {
                more = 0;
                min = 0;
            } else if (c >= 0xC2 && c <= 0xDF) {
                more = 1;
                min = 0x80;
                c &= 0x1F;
            } else if (c >= 0xE0 && c <= 0xEF) {
                more = 2;
                min = 0x800;
                c &= 0x0F;
            } else if (c >= 0xF0 && c <= 0xF4) {
                more = 3;
                min = 0x10000;
                c &= 0x07;
            } else {
                throw CertificateException.malformed("bad UTF-8");
            }
            if (end - p < more) {
                throw CertificateException.malformed("bad UTF-8");
            }
            for (int i = 0; i < more; i++) {
                int cc = b[p++] & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    throw CertificateException.malformed("bad UTF-8");
                }
                c = (c << 6) | (cc & 0x3F);
            }
            if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
                throw CertificateException.malformed("bad UTF-8");
            }
            appendCodePoint(sb, c);
        }
        return sb.toString();
    }

    static void appendCodePoint(StringBuffer sb, int c) {
        if (c < 0x10000) {
            sb.append((char) c);
        } else {
            c -= 0x10000;
            sb.append((char) (0xD800 + (c >> 10)));
            sb.append((char) (0xDC00 + (c & 0x3FF)));
        }
    }
}
