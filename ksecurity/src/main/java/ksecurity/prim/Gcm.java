package ksecurity.prim;

/**
 * GCM (SP 800-38D) over AES, streaming: AAD first, then data of any length in any pieces, then
 * the tag. IVs of any length of at least one byte are accepted: 12-byte IVs are used directly
 * (J0 = IV || 0^31 || 1), others are hashed with GHASH (§7.1 step 2). The counter is inc32,
 * so a J0 whose low word is near 2^32 wraps exactly as the standard says.
 *
 * Tags of 16, 15, 14, 13, 12, 8 or 4 bytes (SP 800-38D §5.2.1.2): the leading bytes of the full
 * tag.
 *
 * Decryption returns plaintext before the tag is checked (as the Java Card AEADCipher API
 * does): callers must check the tag, in constant time, before using it.
 */
public final class Gcm implements Aead {
    private final Aes aes;
    private final Ghash ghash = new Ghash();
    private final Ctr ctr;
    private final byte[] j0 = new byte[16];
    private final byte[] buf = new byte[16];
    private boolean encrypting;
    private boolean inData;
    private int tagLen = 16;
    private long aadLen;
    private long dataLen;

    public Gcm(Aes aes) {
        this.aes = aes;
        this.ctr = new Ctr(aes);
    }

    /** Starts a message with a 16-byte tag. The AES key must be set. */
    public void init(boolean encrypt, byte[] iv, int off, int len) {
        init(encrypt, iv, off, len, 0, 0, 16);
    }

    /** Starts a message (Aead): the lengths are not needed and not checked. */
    public void init(boolean encrypt, byte[] iv, int off, int len, long aadLength, long msgLength, int tagLen) {
        if (len < 1) {
            throw new IllegalArgumentException("GCM IV must be at least 1 byte");
        }
        if (!validTagLength(tagLen)) {
            throw new IllegalArgumentException("GCM tag must be 4, 8 or 12..16 bytes");
        }
        this.tagLen = tagLen;
        encrypting = encrypt;
        for (int i = 0; i < 16; i++) {
            buf[i] = 0;
        }
        aes.encryptBlock(buf, 0, buf, 0);
        ghash.init(buf, 0);
        if (len == 12) {
            System.arraycopy(iv, off, j0, 0, 12);
            j0[12] = 0;
            j0[13] = 0;
            j0[14] = 0;
            j0[15] = 1;
        } else {
            ghash.update(iv, off, len);
            ghash.pad();
            lengthBlock(0, (long) len * 8);
            ghash.update(buf, 0, 16);
            ghash.finish(j0, 0);
            ghash.reset();
        }
        System.arraycopy(j0, 0, buf, 0, 16);
        increment32(buf);
        ctr.init(buf, 0, 4);
        inData = false;
        aadLen = 0;
        dataLen = 0;
    }

    /** Adds associated data; only before the first data byte. */
    public void updateAad(byte[] in, int off, int len) {
        if (inData) {
            throw new IllegalStateException("AAD must come before the data");
        }
        ghash.update(in, off, len);
        aadLen += len;
    }

    /** Encrypts or decrypts len bytes to out[outOff]; returns len. out may equal in. */
    public int update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (!inData) {
            ghash.pad();
            inData = true;
        }
        if (encrypting) {
            ctr.process(in, inOff, len, out, outOff);
            ghash.update(out, outOff, len);
        } else {
            // Hash the ciphertext before it may be overwritten in place.
            ghash.update(in, inOff, len);
            ctr.process(in, inOff, len, out, outOff);
        }
        dataLen += len;
        return len;
    }

    /** The tag lengths SP 800-38D allows: 4, 8, 12..16 bytes. */
    public static boolean validTagLength(int t) {
        return t == 4 || t == 8 || (t >= 12 && t <= 16);
    }

    public int tagLength() {
        return tagLen;
    }

    /** Writes the tagLength()-byte tag (the full tag's leading bytes) at out[off]; the message is then over. */
    public void finish(byte[] tag, int off) {
        ghash.pad();
        lengthBlock(aadLen * 8, dataLen * 8);
        ghash.update(buf, 0, 16);
        ghash.finish(buf, 0);
        aes.encryptBlock(j0, 0, j0, 0);
        for (int i = 0; i < tagLen; i++) {
            tag[off + i] = (byte) (buf[i] ^ j0[i]);
        }
        inData = false;
    }

    private void lengthBlock(long a, long b) {
        for (int i = 0; i < 8; i++) {
            buf[7 - i] = (byte) (a >>> (8 * i));
            buf[15 - i] = (byte) (b >>> (8 * i));
        }
    }

    private static void increment32(byte[] b) {
        for (int i = 15; i >= 12; i--) {
            b[i]++;
            if (b[i] != 0) {
                break;
            }
        }
    }

    public void clear() {
        ghash.clear();
        ctr.clear();
        for (int i = 0; i < 16; i++) {
            j0[i] = 0;
            buf[i] = 0;
        }
    }
}
