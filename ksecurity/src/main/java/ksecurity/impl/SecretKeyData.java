package ksecurity.impl;

import ksecurity.security.CryptoException;

/**
 * The key bytes behind AesKeyImpl, HmacKeyImpl and Arc4KeyImpl. The generation count lets a
 * cipher or MAC keep its expanded key schedule until the key data change.
 */
final class SecretKeyData {
    private final byte[] data;
    private int length;
    private boolean initialized;
    private int generation;

    SecretKeyData(int capacity) {
        data = new byte[capacity];
    }

    void set(byte[] src, int off, int len) {
        if (src == null) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "key data is null");
        }
        if (off < 0 || len < 0 || off > src.length - len) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "key data range outside the array");
        }
        System.arraycopy(src, off, data, 0, len);
        for (int i = len; i < data.length; i++) {
            data[i] = 0;
        }
        length = len;
        initialized = true;
        generation++;
    }

    /** Copies the key out; returns its length. */
    int get(byte[] dst, int off) {
        check();
        if (dst == null || off < 0 || off > dst.length - length) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "output buffer too small for the key");
        }
        System.arraycopy(data, 0, dst, off, length);
        return length;
    }

    void check() {
        if (!initialized) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "key not set");
        }
    }

    /** The key bytes themselves (for the engines in this package; not copied). */
    byte[] bytes() {
        check();
        return data;
    }

    int length() {
        return length;
    }

    boolean isInitialized() {
        return initialized;
    }

    int generation() {
        return generation;
    }

    void clear() {
        for (int i = 0; i < data.length; i++) {
            data[i] = 0;
        }
        length = 0;
        initialized = false;
        generation++;
    }
}
