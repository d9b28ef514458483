package ksecurity.security;

/**
 * A digest that can be resumed from an intermediate state (the chaining value and the count of
 * bytes already hashed), as javacard.security.InitializedMessageDigest.
 */
public abstract class InitializedMessageDigest extends MessageDigest {
    protected InitializedMessageDigest() {
    }

    public abstract void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset,
            short initialDigestLength, byte[] digestedMsgLenBuf, short digestedMsgLenOffset,
            short digestedMsgLenLength) throws CryptoException;
}
