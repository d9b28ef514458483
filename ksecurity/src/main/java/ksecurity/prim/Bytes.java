package ksecurity.prim;

/**
 * The byte-array helpers the whole stack shares (KSecurity, the TLS engine, the server): one
 * constant-time comparison for secrets, one plain one for public data, big-endian fields,
 * copies, wiping and hex. CLDC 1.1 has no java.util.Arrays, and each module used to keep its
 * own copy of these.
 */
public final class Bytes {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Bytes() {
    }

    /**
     * True if a[aOff..aOff+len) equals b[bOff..bOff+len), for MACs, tags, Finished values and
     * passwords: every byte is read and the differences OR-ed together, so the time depends on
     * {@code len} only (a public length), never on where the arrays first differ.
     */
    public static boolean equalsConstantTime(byte[] a, int aOff, byte[] b, int bOff, int len) {
        if (aOff < 0 || bOff < 0 || len < 0 || a.length - aOff < len || b.length - bOff < len) {
            throw new IllegalArgumentException("range outside the array");
        }
        int diff = 0;
        for (int i = 0; i < len; i++) {
            diff |= a[aOff + i] ^ b[bOff + i];
        }
        return diff == 0;
    }

    /** True if the arrays hold the same bytes; for public data only (it stops at the first difference). */
    public static boolean equals(byte[] a, byte[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    public static byte[] copy(byte[] b, int off, int len) {
        byte[] c = new byte[len];
        System.arraycopy(b, off, c, 0, len);
        return c;
    }

    /** Zeroes the array (null: nothing). */
    public static void wipe(byte[] b) {
        if (b != null) {
            for (int i = 0; i < b.length; i++) {
                b[i] = 0;
            }
        }
    }

    public static int u16(byte[] b, int off) {
        return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF);
    }

    public static int u24(byte[] b, int off) {
        return ((b[off] & 0xFF) << 16) | ((b[off + 1] & 0xFF) << 8) | (b[off + 2] & 0xFF);
    }

    public static void put16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    public static void put24(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 16);
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) v;
    }

    public static void put64(byte[] b, int off, long v) {
        for (int i = 7; i >= 0; i--) {
            b[off + i] = (byte) v;
            v >>>= 8;
        }
    }

    /** Lower-case hex of b[off..off+len). */
    public static String hex(byte[] b, int off, int len) {
        StringBuffer sb = new StringBuffer(2 * len);
        appendHex(sb, b, off, len);
        return sb.toString();
    }

    public static void appendHex(StringBuffer sb, byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            sb.append(HEX[(b[i] >> 4) & 0xF]).append(HEX[b[i] & 0xF]);
        }
    }
}
