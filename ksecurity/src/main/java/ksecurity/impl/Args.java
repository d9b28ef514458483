package ksecurity.impl;

import ksecurity.security.CryptoException;

/** Argument checks shared by the symmetric API classes: a clear CryptoException, never an AIOOBE. */
final class Args {
    private Args() {
    }

    /** Checks that [off, off + len) lies inside b. */
    static void range(byte[] b, int off, int len, String what) {
        if (b == null) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" is null"));
        }
        if (off < 0 || len < 0 || off > b.length - len) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" range outside the array"));
        }
    }

    static void mode(byte mode, byte a, byte b) {
        if (mode != a && mode != b) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "unknown mode");
        }
    }
}
