package sizzle.app;

import sizzle.http.Ascii;

/**
 * The body of POST /config: application/x-www-form-urlencoded (WHATWG URL, "urlencoded
 * parsing") with the fields setpoint, mode and password, each exactly once. Values are decoded
 * into fixed buffers; a value longer than its buffer is counted, not stored, so it fails
 * validation later (or, for the password, the comparison) instead of overflowing.
 */
final class ConfigForm {
    static final int MAX_VALUE = 8;

    private static final byte[] SETPOINT = {'s', 'e', 't', 'p', 'o', 'i', 'n', 't'};
    private static final byte[] MODE = {'m', 'o', 'd', 'e'};
    private static final byte[] PASSWORD = {'p', 'a', 's', 's', 'w', 'o', 'r', 'd'};

    final byte[] setpoint = new byte[MAX_VALUE];
    int setpointLength;
    final byte[] mode = new byte[MAX_VALUE];
    int modeLength;
    final byte[] password = new byte[PasswordGate.MAX_LENGTH];
    int passwordLength;
    private final byte[] name = new byte[MAX_VALUE];

    /**
     * Parses body[0..length). False if malformed: a bad percent-escape, a pair without "=",
     * or one of the three fields missing or repeated. Empty pairs ("a=1&&b=2") are skipped and
     * unknown fields ignored, as browsers' own parsers do.
     */
    boolean parse(byte[] body, int length) {
        setpointLength = -1;
        modeLength = -1;
        passwordLength = -1;
        int i = 0;
        while (i < length) {
            int end = i;
            while (end < length && body[end] != '&') {
                end++;
            }
            if (end > i) {
                int eq = i;
                while (eq < end && body[eq] != '=') {
                    eq++;
                }
                if (eq == end) {
                    return false;
                }
                int n = decode(body, i, eq, name);
                if (n < 0) {
                    return false;
                }
                int v;
                if (is(n, SETPOINT)) {
                    v = setpointLength < 0 ? decode(body, eq + 1, end, setpoint) : -1;
                    setpointLength = v;
                } else if (is(n, MODE)) {
                    v = modeLength < 0 ? decode(body, eq + 1, end, mode) : -1;
                    modeLength = v;
                } else if (is(n, PASSWORD)) {
                    v = passwordLength < 0 ? decode(body, eq + 1, end, password) : -1;
                    passwordLength = v;
                } else {
                    v = decode(body, eq + 1, end, null);
                }
                if (v < 0) {
                    return false; // a bad escape, or a field given twice
                }
            }
            i = end + 1;
        }
        return setpointLength >= 0 && modeLength >= 0 && passwordLength >= 0;
    }

    /** Forgets the password guess. */
    void clear() {
        for (int i = 0; i < password.length; i++) {
            password[i] = 0;
        }
        passwordLength = 0;
    }

    private boolean is(int n, byte[] field) {
        if (n != field.length) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (name[i] != field[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decodes b[from..to) ("+" is a space, "%XX" a byte) into {@code dest} (null: check only).
     * Returns the decoded length, which may exceed dest's, or -1 for a bad escape.
     */
    static int decode(byte[] b, int from, int to, byte[] dest) {
        int cap = dest == null ? 0 : dest.length;
        int n = 0;
        for (int i = from; i < to; i++, n++) {
            int c = b[i] & 0xff;
            if (c == '+') {
                c = ' ';
            } else if (c == '%') {
                int hi = i + 2 < to ? Ascii.hexValue(b[i + 1]) : -1;
                int lo = hi < 0 ? -1 : Ascii.hexValue(b[i + 2]);
                if (lo < 0) {
                    return -1;
                }
                c = hi << 4 | lo;
                i += 2;
            }
            if (n < cap) {
                dest[n] = (byte) c;
            }
        }
        return n;
    }
}
