package ksecurity.security;

/**
 * An RC4 key (KSecurity extension: Java Card has no RC4). 1 to 256 bytes; 5 bytes for the
 * SSL 3.0 export suites. RC4 is broken: it is here only for the legacy profile, to reproduce the
 * papers and talk to old peers.
 */
public interface ARC4Key extends SecretKey {
    void setKey(byte[] keyData, short kOff, short kLen) throws CryptoException, NullPointerException, ArrayIndexOutOfBoundsException;

    byte getKey(byte[] keyData, short kOff);
}
