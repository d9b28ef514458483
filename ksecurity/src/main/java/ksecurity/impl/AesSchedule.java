package ksecurity.impl;

import ksecurity.prim.Aes;
import ksecurity.security.AESKey;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;

/**
 * One AES engine per cipher object, keyed from an AESKey. The expansion is redone only when the
 * key object or its data change (AesKeyImpl counts changes), so that a TLS connection calling
 * init once per record does not re-expand the key each time.
 */
final class AesSchedule {
    final Aes aes = new Aes();
    private AesKeyImpl lastKey;
    private int lastGeneration;
    private final byte[] scratch = new byte[32];

    /** Checks the key and keys the engine; returns it. */
    Aes keyFrom(Key theKey) {
        if (theKey == null) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "key is null");
        }
        if (!(theKey instanceof AESKey)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "not an AES key");
        }
        if (!theKey.isInitialized()) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "AES key not set");
        }
        if (theKey instanceof AesKeyImpl) {
            AesKeyImpl k = (AesKeyImpl) theKey;
            if (k != lastKey || k.key.generation() != lastGeneration) {
                aes.init(k.key.bytes(), 0, k.key.length());
                lastKey = k;
                lastGeneration = k.key.generation();
            }
        } else {
            int n = ((AESKey) theKey).getKey(scratch, (short) 0);
            aes.init(scratch, 0, n);
            for (int i = 0; i < 32; i++) {
                scratch[i] = 0;
            }
            lastKey = null;
        }
        return aes;
    }
}
