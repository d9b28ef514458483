package ksecurity.math;

/**
 * The four named prime curves (SEC 2 v2, section 2): secp160r1, secp192r1 (P-192),
 * secp224r1 (P-224) and secp256r1 (P-256). All are y^2 = x^3 + ax + b over F_p with a = -3 and
 * cofactor 1. The integer ids are shared with the native C kernels.
 *
 * Parameters are big-endian: p, a, b, Gx, Gy are fieldBytes long; n is orderBytes long (21 bytes
 * for secp160r1, whose order has 161 bits). Accessors return fresh copies.
 */
public final class Curves {
    public static final int SECP160R1 = 0;
    public static final int SECP192R1 = 1;
    public static final int SECP224R1 = 2;
    public static final int SECP256R1 = 3;
    /** Number of curves; ids run from 0 to COUNT - 1. */
    public static final int COUNT = 4;

    private static final String[] NAMES = {"secp160r1", "secp192r1", "secp224r1", "secp256r1"};
    private static final int[] BITS = {160, 192, 224, 256};
    private static final int[] FIELD_BYTES = {20, 24, 28, 32};
    private static final int[] ORDER_BYTES = {21, 24, 28, 32};
    private static final int[] ORDER_BITS = {161, 192, 224, 256};

    private static final String[] P = {
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF7FFFFFFF",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000000000000000000000001",
        "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF",
    };
    private static final String[] A = {
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF7FFFFFFC",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFC",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFE",
        "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFC",
    };
    private static final String[] B = {
        "1C97BEFC54BD7A8B65ACF89F81D4D4ADC565FA45",
        "64210519E59C80E70FA7E9AB72243049FEB8DEECC146B9B1",
        "B4050A850C04B3ABF54132565044B0B7D7BFD8BA270B39432355FFB4",
        "5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B",
    };
    private static final String[] GX = {
        "4A96B5688EF573284664698968C38BB913CBFC82",
        "188DA80EB03090F67CBF20EB43A18800F4FF0AFD82FF1012",
        "B70E0CBD6BB4BF7F321390B94A03C1D356C21122343280D6115C1D21",
        "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296",
    };
    private static final String[] GY = {
        "23A628553168947D59DCC912042351377AC5FB32",
        "07192B95FFC8DA78631011ED6B24CDD573F977A11E794811",
        "BD376388B5F723FB4C22DFE6CD4375A05A07476444D5819985007E34",
        "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5",
    };
    private static final String[] N = {
        "0100000000000000000001F4C8F927AED3CA752257",
        "FFFFFFFFFFFFFFFFFFFFFFFF99DEF836146BC9B1B4D22831",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3D",
        "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551",
    };
    /** The curves' object identifiers as DER (tag 06, length, contents). */
    private static final String[] OID = {
        "06052B81040008",                 // 1.3.132.0.8
        "06082A8648CE3D030101",           // 1.2.840.10045.3.1.1
        "06052B81040021",                 // 1.3.132.0.33
        "06082A8648CE3D030107",           // 1.2.840.10045.3.1.7
    };

    private Curves() {
    }

    /** True for a known curve id. */
    public static boolean isValid(int id) {
        return id >= 0 && id < COUNT;
    }

    public static String name(int id) {
        check(id);
        return NAMES[id];
    }

    /** The field size in bits (160, 192, 224 or 256), as Java Card's LENGTH_EC_FP_*. */
    public static int bits(int id) {
        check(id);
        return BITS[id];
    }

    public static int fieldBytes(int id) {
        check(id);
        return FIELD_BYTES[id];
    }

    public static int orderBytes(int id) {
        check(id);
        return ORDER_BYTES[id];
    }

    /** The bit length of the order n (161 for secp160r1). */
    public static int orderBits(int id) {
        check(id);
        return ORDER_BITS[id];
    }

    public static byte[] p(int id) {
        check(id);
        return hex(P[id]);
    }

    public static byte[] a(int id) {
        check(id);
        return hex(A[id]);
    }

    public static byte[] b(int id) {
        check(id);
        return hex(B[id]);
    }

    public static byte[] gx(int id) {
        check(id);
        return hex(GX[id]);
    }

    public static byte[] gy(int id) {
        check(id);
        return hex(GY[id]);
    }

    /** The generator, uncompressed: 04 || Gx || Gy. */
    public static byte[] g(int id) {
        int fb = fieldBytes(id);
        byte[] out = new byte[1 + 2 * fb];
        out[0] = 0x04;
        System.arraycopy(gx(id), 0, out, 1, fb);
        System.arraycopy(gy(id), 0, out, 1 + fb, fb);
        return out;
    }

    public static byte[] n(int id) {
        check(id);
        return hex(N[id]);
    }

    /** The cofactor: 1 for all four curves. */
    public static int h(int id) {
        check(id);
        return 1;
    }

    /** The curve's object identifier as DER: 06 || length || contents. */
    public static byte[] oid(int id) {
        check(id);
        return hex(OID[id]);
    }

    /** The curve with this field size in bits (160, 192, 224, 256), or -1. */
    public static int byBits(int bits) {
        for (int i = 0; i < COUNT; i++) {
            if (BITS[i] == bits) {
                return i;
            }
        }
        return -1;
    }

    /** The curve whose DER object identifier (06 || length || contents) is buf[off..off+len), or -1. */
    public static int byOid(byte[] buf, int off, int len) {
        for (int i = 0; i < COUNT; i++) {
            byte[] o = hex(OID[i]);
            if (o.length != len) {
                continue;
            }
            int diff = 0;
            for (int j = 0; j < len; j++) {
                diff |= o[j] ^ buf[off + j];
            }
            if (diff == 0) {
                return i;
            }
        }
        return -1;
    }

    private static void check(int id) {
        if (!isValid(id)) {
            throw new IllegalArgumentException("unknown curve id");
        }
    }

    static byte[] hex(String s) {
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((digit(s.charAt(2 * i)) << 4) | digit(s.charAt(2 * i + 1)));
        }
        return out;
    }

    private static int digit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return c - 'A' + 10;
    }
}
