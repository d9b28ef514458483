package sizzle.app;

/**
 * Comparison whose running time does not depend on the bytes compared: every byte is visited,
 * differences are OR-ed together, and the only branch is on the final result.
 */
public final class ConstantTime {
    private ConstantTime() {
    }

    /**
     * True if a[0..length) equals b[0..length). Time depends on {@code length} only, which
     * callers make a public constant (never the secret's length).
     */
    public static boolean equals(byte[] a, byte[] b, int length) {
        if (a.length < length || b.length < length) {
            throw new IllegalArgumentException("array shorter than length");
        }
        int diff = 0;
        for (int i = 0; i < length; i++) {
            diff |= a[i] ^ b[i];
        }
        return diff == 0;
    }
}
