package ksecurity.impl;

import static org.junit.jupiter.api.Assertions.*;

import ksecurity.security.AESKey;
import ksecurity.security.CryptoException;
import ksecurity.security.HMACKey;
import ksecurity.security.KeyBuilder;
import org.junit.jupiter.api.function.Executable;

/** Helpers for the symmetric API tests. */
final class SymTestSupport {
    private SymTestSupport() {
    }

    /** Asserts a CryptoException with the given reason and a detail message. */
    static CryptoException reason(short expected, Executable e) {
        CryptoException x = assertThrows(CryptoException.class, e);
        assertEquals(expected, x.getReason(), x.getMessage());
        assertTrue(x.getMessage().contains(": "), "a detail is given: " + x.getMessage());
        return x;
    }

    static AESKey aesKey(byte[] k) {
        AESKey key = (AESKey) KeyBuilder.buildKey(KeyBuilder.TYPE_AES, (short) (k.length * 8), false);
        key.setKey(k, (short) 0);
        return key;
    }

    static HMACKey hmacKey(byte[] k) {
        HMACKey key = (HMACKey) KeyBuilder.buildKey(KeyBuilder.TYPE_HMAC, (short) 64, false);
        key.setKey(k, (short) 0, (short) k.length);
        return key;
    }
}
