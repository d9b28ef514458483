package ksecurity.cert;

/** Lower-case hex for fingerprints and the "#" form of name values. */
public final class Hex {
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {
    }

    public static String toHex(byte[] b) {
        StringBuffer sb = new StringBuffer(b.length * 2);
        append(sb, b, 0, b.length);
        return sb.toString();
    }

    static void append(StringBuffer sb, byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            sb.append(DIGITS[(b[i] >> 4) & 0xF]).append(DIGITS[b[i] & 0xF]);
        }
    }
}
