package sizzle.http;

/**
 * US-ASCII helpers for code that handles protocol text as bytes, as a mote does: constants
 * written as Java strings, small decimal numbers, case-insensitive token compares and the
 * RFC 9110 character classes the parser needs.
 */
public final class Ascii {
    private Ascii() {
    }

    /** The bytes of an ASCII string; fails on anything outside US-ASCII (a constant's typo). */
    public static byte[] bytes(String s) {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                throw new IllegalArgumentException("not US-ASCII: ".concat(s));
            }
            b[i] = (byte) c;
        }
        return b;
    }

    /** Number of decimal digits of {@code n} (n >= 0). */
    public static int decimalLength(int n) {
        int len = 1;
        while (n >= 10) {
            n /= 10;
            len++;
        }
        return len;
    }

    /** Writes {@code n} (n >= 0) in decimal at {@code off}; returns the offset after it. */
    public static int decimal(int n, byte[] out, int off) {
        int end = off + decimalLength(n);
        int i = end;
        do {
            out[--i] = (byte) ('0' + n % 10);
            n /= 10;
        } while (n > 0);
        return end;
    }

    /** Lower case of an ASCII letter; other bytes unchanged. */
    static int lower(int b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }

    /** True if b[off..off+len) equals {@code lower}, a lower-case constant, ignoring ASCII case. */
    public static boolean equalsIgnoreCase(byte[] b, int off, int len, byte[] lower) {
        if (len != lower.length) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (lower(b[off + i] & 0xff) != lower[i]) {
                return false;
            }
        }
        return true;
    }

    /** tchar of RFC 9110 5.6.2: the characters of a method, a field name, a token. */
    static boolean isTchar(int b) {
        if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')) {
            return true;
        }
        switch (b) {
            case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
            case '-': case '.': case '^': case '_': case '`': case '|': case '~':
                return true;
            default:
                return false;
        }
    }

    /** Value of a hex digit, or -1. */
    public static int hexValue(int b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        b = lower(b);
        if (b >= 'a' && b <= 'f') {
            return b - 'a' + 10;
        }
        return -1;
    }
}
