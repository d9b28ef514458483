package ksecurity.prim;

/**
 * Authenticated encryption with associated data, the small engine interface GCM and CCM share
 * (in the spirit of Bouncy Castle's AEADCipher): init with a nonce, the lengths and the tag
 * length; the associated data; the data in any pieces; then the tag. The Java Card AEADCipher
 * (ksecurity.impl.AeadCipherImpl) and the TLS records (kssl.tls.AeadProtection) drive either
 * mode through it alone.
 *
 * Decryption returns plaintext before the tag is known: callers compare the tag, in constant
 * time, before they use it.
 */
public interface Aead {
    /**
     * Starts a message under the engine's key: aadLen and msgLen are the lengths that will
     * follow (CCM needs them before it starts and finish checks them; GCM does not use them),
     * tagLen the tag's length in bytes. IllegalArgumentException for a nonce, tag length or
     * message length the mode refuses.
     */
    void init(boolean encrypt, byte[] nonce, int off, int len, long aadLen, long msgLen, int tagLen);

    /** Adds associated data; only before the first data byte. */
    void updateAad(byte[] in, int off, int len);

    /** Encrypts or decrypts len bytes to out[outOff]; returns len. out may equal in at the same offset. */
    int update(byte[] in, int inOff, int len, byte[] out, int outOff);

    /**
     * Writes the tagLength()-byte tag at out[off]; the message is then over. CCM throws
     * IllegalStateException if the data given differ from the lengths given to init.
     */
    void finish(byte[] tag, int off);

    /** The tag length init set. */
    int tagLength();

    /** Wipes the key-dependent state. */
    void clear();
}
