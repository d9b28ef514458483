package ksecurity.cert;

import ksecurity.prim.Bytes;

/**
 * OBJECT IDENTIFIER contents (X.690 8.19) to and from dotted strings, and the identifiers this
 * package knows.
 */
public final class Oid {
    // Public keys and curves (RFC 5480, SEC 2).
    public static final String EC_PUBLIC_KEY = "1.2.840.10045.2.1";
    public static final String SECP160R1 = "1.3.132.0.8";
    public static final String SECP192R1 = "1.2.840.10045.3.1.1";
    public static final String SECP224R1 = "1.3.132.0.33";
    public static final String SECP256R1 = "1.2.840.10045.3.1.7";
    public static final String RSA_ENCRYPTION = "1.2.840.113549.1.1.1";

    // Signature algorithms (RFC 3279, RFC 4055, RFC 5758).
    public static final String MD5_WITH_RSA = "1.2.840.113549.1.1.4";
    public static final String SHA1_WITH_RSA = "1.2.840.113549.1.1.5";
    public static final String SHA256_WITH_RSA = "1.2.840.113549.1.1.11";
    public static final String SHA224_WITH_RSA = "1.2.840.113549.1.1.14";
    public static final String SHA384_WITH_RSA = "1.2.840.113549.1.1.12";
    public static final String SHA512_WITH_RSA = "1.2.840.113549.1.1.13";
    public static final String ECDSA_WITH_SHA1 = "1.2.840.10045.4.1";
    public static final String ECDSA_WITH_SHA224 = "1.2.840.10045.4.3.1";
    public static final String ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";
    public static final String ECDSA_WITH_SHA384 = "1.2.840.10045.4.3.3";
    public static final String ECDSA_WITH_SHA512 = "1.2.840.10045.4.3.4";

    // Certificate extensions (RFC 5280 4.2).
    public static final String SUBJECT_KEY_IDENTIFIER = "2.5.29.14";
    public static final String KEY_USAGE = "2.5.29.15";
    public static final String SUBJECT_ALT_NAME = "2.5.29.17";
    public static final String BASIC_CONSTRAINTS = "2.5.29.19";
    public static final String AUTHORITY_KEY_IDENTIFIER = "2.5.29.35";
    public static final String EXT_KEY_USAGE = "2.5.29.37";

    // Extended key usages (RFC 5280 4.2.1.12).
    public static final String ANY_EXTENDED_KEY_USAGE = "2.5.29.37.0";
    public static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
    public static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";

    // Name attributes (RFC 4519), with their RFC 4514 short names below.
    public static final String CN = "2.5.4.3";

    private static final String[] ATTRIBUTE_OIDS = {
        "2.5.4.3", "2.5.4.6", "2.5.4.7", "2.5.4.8", "2.5.4.9", "2.5.4.10", "2.5.4.11",
        "0.9.2342.19200300.100.1.25", "0.9.2342.19200300.100.1.1",
    };
    private static final String[] ATTRIBUTE_NAMES = {
        "CN", "C", "L", "ST", "STREET", "O", "OU", "DC", "UID",
    };

    private Oid() {
    }

    /** The RFC 4514 short name of a name attribute, or the dotted OID itself. */
    public static String attributeName(String oid) {
        for (int i = 0; i < ATTRIBUTE_OIDS.length; i++) {
            if (ATTRIBUTE_OIDS[i].equals(oid)) {
                return ATTRIBUTE_NAMES[i];
            }
        }
        return oid;
    }

    /** Decodes OID contents to dotted form, rejecting empty, truncated and padded arcs. */
    public static String toDotted(byte[] b, int off, int len) throws CertificateException {
        if (len == 0) {
            throw CertificateException.malformed("empty OBJECT IDENTIFIER");
        }
        if ((b[off + len - 1] & 0x80) != 0) {
            throw CertificateException.malformed("truncated OBJECT IDENTIFIER");
        }
        StringBuffer sb = new StringBuffer();
        long arc = 0;
        boolean first = true;
        boolean start = true;
        for (int i = off; i < off + len; i++) {
            int v = b[i] & 0xFF;
            if (start && v == 0x80) {
                throw CertificateException.malformed("non-minimal OBJECT IDENTIFIER arc");
            }
            if (arc > (Long.MAX_VALUE >>> 7)) {
                throw CertificateException.malformed("OBJECT IDENTIFIER arc too large");
            }
            arc = (arc << 7) | (v & 0x7F);
            start = (v & 0x80) == 0;
            if (start) {
                if (first) {
                    // The first subidentifier packs two arcs: 40 * X + Y, X in 0..2.
                    int x = arc < 40 ? 0 : arc < 80 ? 1 : 2;
                    sb.append(x).append('.').append(arc - 40L * x);
                    first = false;
                } else {
                    sb.append('.').append(arc);
                }
                arc = 0;
            }
        }
        return sb.toString();
    }

    /** Encodes a dotted OID to its contents octets (no tag or length). */
    public static byte[] toBytes(String dotted) {
        long[] arcs = new long[dotted.length() / 2 + 1];
        int n = 0;
        int p = 0;
        while (p <= dotted.length()) {
            int q = dotted.indexOf('.', p);
            if (q < 0) {
                q = dotted.length();
            }
            arcs[n++] = Long.parseLong(dotted.substring(p, q));
            p = q + 1;
        }
        if (n < 2 || arcs[0] > 2 || (arcs[0] < 2 && arcs[1] >= 40)) {
            throw new IllegalArgumentException("bad OID ".concat(dotted));
        }
        byte[] tmp = new byte[n * 10];
        int len = 0;
        for (int i = 1; i < n; i++) {
            long v = i == 1 ? arcs[0] * 40 + arcs[1] : arcs[i];
            int groups = 1;
            while ((v >>> (7 * groups)) != 0 && groups < 10) {
                groups++;
            }
            for (int g = groups - 1; g >= 0; g--) {
                int septet = (int) (v >>> (7 * g)) & 0x7F;
                tmp[len++] = (byte) (g == 0 ? septet : septet | 0x80);
            }
        }
        return Bytes.copy(tmp, 0, len);
    }
}
