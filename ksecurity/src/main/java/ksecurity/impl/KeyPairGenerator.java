package ksecurity.impl;

import ksecurity.security.*;

/** Not written yet. */
public final class KeyPairGenerator {
    private KeyPairGenerator() {
    }

    public static void generate(byte algorithm, PublicKey publicKey, PrivateKey privateKey) {
        throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not implemented yet");
    }
}
