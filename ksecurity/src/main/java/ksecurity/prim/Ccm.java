package ksecurity.prim;

/**
 * CCM (SP 800-38C) over AES: CBC-MAC over B0, the encoded AAD and the payload, then CTR with
 * counter blocks Ctr_i (S0 masks the tag). CCM must know both lengths before it starts: they
 * are given to init, and finish refuses if the data given do not add up to them. Nonces are
 * 7..13 bytes, tags 4, 6, ..., 16 bytes. Streaming: data may come in any pieces.
 *
 * Speed: each completed payload block needs one CBC-MAC encryption and the next counter
 * block's encryption; both are done in one two-lane call of the bitsliced AES, which costs the
 * same as one.
 */
public final class Ccm implements Aead {
    private final Aes aes;
    private final byte[] ctr = new byte[16];
    private final byte[] ks = new byte[16];
    private int ksPos;
    private final byte[] mac = new byte[16];
    private final byte[] block = new byte[16];
    private final byte[] s0 = new byte[16];
    private int blockLen;
    private boolean encrypting;
    private int tagLen;
    private long aadExpected;
    private long msgExpected;
    private long aadSeen;
    private long msgSeen;

    public Ccm(Aes aes) {
        this.aes = aes;
    }

    /** Starts a message; throws IllegalArgumentException on a bad nonce, tag or length. */
    public void init(boolean encrypt, byte[] nonce, int off, int nonceLen, long aadLen, long msgLen, int tagLen) {
        if (nonceLen < 7 || nonceLen > 13) {
            throw new IllegalArgumentException("CCM nonce must be 7..13 bytes");
        }
        if (tagLen < 4 || tagLen > 16 || (tagLen & 1) != 0) {
            throw new IllegalArgumentException("CCM tag must be 4, 6, ..., 16 bytes");
        }
        int q = 15 - nonceLen;
        if (aadLen < 0 || msgLen < 0 || (q < 8 && (msgLen >>> (8 * q)) != 0)) {
            throw new IllegalArgumentException("CCM message too long for this nonce length");
        }
        encrypting = encrypt;
        this.tagLen = tagLen;
        aadExpected = aadLen;
        msgExpected = msgLen;
        aadSeen = 0;
        msgSeen = 0;
        // B0 = flags || N || Q
        mac[0] = (byte) ((aadLen > 0 ? 0x40 : 0) | (((tagLen - 2) / 2) << 3) | (q - 1));
        System.arraycopy(nonce, off, mac, 1, nonceLen);
        for (int i = 0; i < q; i++) {
            mac[15 - i] = (byte) (msgLen >>> (8 * i));
        }
        // Ctr_0 = (q - 1) || N || 0; S0 = E(Ctr_0), computed together with E(B0).
        ctr[0] = (byte) (q - 1);
        System.arraycopy(nonce, off, ctr, 1, nonceLen);
        for (int i = 1 + nonceLen; i < 16; i++) {
            ctr[i] = 0;
        }
        aes.encryptBlocks2(mac, 0, ctr, 0, mac, 0, s0, 0);
        // The payload uses Ctr_1 onwards; its keystream is made when the first byte comes.
        ctr[15] = 1;
        ksPos = 16;
        blockLen = 0;
        if (aadLen > 0) {
            // The AAD length encoding (§A.2.2) starts the first AAD block.
            if (aadLen < 0xff00) {
                absorbByte((int) (aadLen >>> 8));
                absorbByte((int) aadLen);
            } else if ((aadLen >>> 32) == 0) {
                absorbByte(0xff);
                absorbByte(0xfe);
                for (int i = 3; i >= 0; i--) {
                    absorbByte((int) (aadLen >>> (8 * i)));
                }
            } else {
                absorbByte(0xff);
                absorbByte(0xff);
                for (int i = 7; i >= 0; i--) {
                    absorbByte((int) (aadLen >>> (8 * i)));
                }
            }
        }
    }

    public void updateAad(byte[] in, int off, int len) {
        if (msgSeen > 0 || aadSeen + len > aadExpected) {
            throw new IllegalStateException("CCM AAD exceeds the length given at init");
        }
        absorb(in, off, len);
        aadSeen += len;
        if (aadSeen == aadExpected) {
            padMac();
        }
    }

    /** Encrypts or decrypts len bytes; returns len. out may equal in at the same offset. */
    public int update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (aadSeen != aadExpected) {
            throw new IllegalStateException("CCM AAD shorter than the length given at init");
        }
        if (msgSeen + len > msgExpected) {
            throw new IllegalStateException("CCM data exceeds the length given at init");
        }
        for (int i = 0; i < len; i++) {
            if (ksPos == 16) {
                aes.encryptBlock(ctr, 0, ks, 0);
                increment();
                ksPos = 0;
            }
            byte x = in[inOff + i];
            byte y = (byte) (x ^ ks[ksPos++]);
            out[outOff + i] = y;
            // The MAC covers the plaintext: the input when encrypting, the output when decrypting.
            block[blockLen++] = encrypting ? x : y;
            if (blockLen == 16) {
                // Payload blocks line up with MAC blocks (the AAD was padded), so the MAC step
                // and the next keystream block share one two-lane AES call.
                for (int j = 0; j < 16; j++) {
                    mac[j] ^= block[j];
                }
                aes.encryptBlocks2(mac, 0, ctr, 0, mac, 0, ks, 0);
                increment();
                ksPos = 0;
                blockLen = 0;
            }
        }
        msgSeen += len;
        return len;
    }

    public int tagLength() {
        return tagLen;
    }

    /** Writes the tagLength()-byte tag at out[off]. */
    public void finish(byte[] tag, int off) {
        if (aadSeen != aadExpected || msgSeen != msgExpected) {
            throw new IllegalStateException("CCM data length differs from the length given at init");
        }
        padMac();
        for (int i = 0; i < tagLen; i++) {
            tag[off + i] = (byte) (mac[i] ^ s0[i]);
        }
    }

    /** Ctr_i to Ctr_i+1. The counter field cannot overflow: init bounded the message length. */
    private void increment() {
        for (int i = 15; i > 0; i--) {
            ctr[i]++;
            if (ctr[i] != 0) {
                break;
            }
        }
    }

    private void absorbByte(int b) {
        block[blockLen++] = (byte) b;
        if (blockLen == 16) {
            macBlock();
        }
    }

    private void absorb(byte[] in, int off, int len) {
        for (int i = 0; i < len; i++) {
            block[blockLen++] = in[off + i];
            if (blockLen == 16) {
                macBlock();
            }
        }
    }

    private void padMac() {
        if (blockLen > 0) {
            while (blockLen < 16) {
                block[blockLen++] = 0;
            }
            macBlock();
        }
    }

    private void macBlock() {
        for (int i = 0; i < 16; i++) {
            mac[i] ^= block[i];
        }
        aes.encryptBlock(mac, 0, mac, 0);
        blockLen = 0;
    }

    public void clear() {
        for (int i = 0; i < 16; i++) {
            ctr[i] = 0;
            ks[i] = 0;
            mac[i] = 0;
            block[i] = 0;
            s0[i] = 0;
        }
        blockLen = 0;
    }
}
