package kssl.tls;

/** Big-endian field access and the constant-time comparison the record layer needs. */
final class Bytes {
    private static final String HEX = "0123456789abcdef";

    private Bytes() {
    }

    static int u16(byte[] b, int off) {
        return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF);
    }

    static int u24(byte[] b, int off) {
        return ((b[off] & 0xFF) << 16) | ((b[off + 1] & 0xFF) << 8) | (b[off + 2] & 0xFF);
    }

    static void put16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    static void put24(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 16);
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) v;
    }

    static void put64(byte[] b, int off, long v) {
        for (int i = 7; i >= 0; i--) {
            b[off + i] = (byte) v;
            v >>>= 8;
        }
    }

    /**
     * True if the two ranges are equal. Reads every byte and ORs the differences, so the time
     * does not depend on where a MAC, tag or Finished value first differs.
     */
    static boolean equal(byte[] a, int aOff, byte[] b, int bOff, int len) {
        int diff = 0;
        for (int i = 0; i < len; i++) {
            diff |= a[aOff + i] ^ b[bOff + i];
        }
        return diff == 0;
    }

    static byte[] copy(byte[] b, int off, int len) {
        byte[] c = new byte[len];
        System.arraycopy(b, off, c, 0, len);
        return c;
    }

    static void wipe(byte[] b) {
        if (b != null) {
            for (int i = 0; i < b.length; i++) {
                b[i] = 0;
            }
        }
    }

    static String hex(byte[] b, int off, int len) {
        StringBuffer sb = new StringBuffer(2 * len);
        for (int i = 0; i < len; i++) {
            int v = b[off + i] & 0xFF;
            sb.append(HEX.charAt(v >>> 4));
            sb.append(HEX.charAt(v & 15));
        }
        return sb.toString();
    }
}
