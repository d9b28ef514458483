package ksecurity.impl;

import ksecurity.prim.Bytes;
import ksecurity.crypto.AEADCipher;
import ksecurity.prim.Aead;
import ksecurity.prim.Ccm;
import ksecurity.prim.Gcm;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;

/**
 * AES-GCM and AES-CCM behind the Java Card 3.0.5 AEADCipher API:
 * init(key, mode, nonce, adataLen, messageLen, tagSize); updateAAD; update; doFinal; then
 * retrieveTag (encryption) or verifyTag (decryption, constant time).
 * <ul>
 * <li>GCM: IVs of 1 byte or more; adataLen and messageLen are not needed and not checked; tags
 * of 16, 15, 14, 13, 12, 8 or 4 bytes (SP 800-38D §5.2.1.2), retrieveTag may truncate.</li>
 * <li>CCM: nonces of 7..13 bytes; tags of 4, 6, ..., 16 bytes; the AAD and message must add up
 * to adataLen and messageLen exactly (ILLEGAL_USE otherwise); the tag length is fixed by init.</li>
 * <li>init(key, mode, iv...) (5 arguments) is GCM with 16-byte tags; CCM refuses it, as it needs
 * the lengths. init(key, mode) is refused: an AEAD needs a fresh nonce for every message.</li>
 * </ul>
 * Decryption hands out plaintext before the tag is checked, as the API requires: do not use it
 * until verifyTag has returned true. After doFinal a new init (a new nonce) is needed. Both
 * modes run through the one engine interface (ksecurity.prim.Aead), which also checks the
 * nonce, tag and lengths each mode accepts.
 */
public class AeadCipherImpl extends AEADCipher {
    private static final int IDLE = 0;
    private static final int AAD = 1;
    private static final int DATA = 2;
    private static final int DONE = 3;

    private final byte algorithm;
    private final boolean isGcm;
    private final AesSchedule schedule = new AesSchedule();
    private final Aead aead;
    private final byte[] tag = new byte[16];
    private byte mode;
    private int state = IDLE;
    private int tagSize;

    public AeadCipherImpl(byte algorithm) {
        if (algorithm != ALG_AES_GCM && algorithm != ALG_AES_CCM) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "AEAD algorithm not supported");
        }
        this.algorithm = algorithm;
        isGcm = algorithm == ALG_AES_GCM;
        aead = isGcm ? (Aead) new Gcm(schedule.aes) : new Ccm(schedule.aes);
    }

    public void init(Key theKey, byte theMode) {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "an AEAD cipher needs a nonce: use init with one");
    }

    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        if (!isGcm) {
            throw new CryptoException(CryptoException.ILLEGAL_USE,
                    "CCM needs the AAD and message lengths: use the 8-argument init");
        }
        init(theKey, theMode, bArray, bOff, bLen, (short) 0, (short) 0, (short) 16);
    }

    public void init(Key theKey, byte theMode, byte[] nonceBuf, short nonceOff, short nonceLen, short adataLen,
            short messageLen, short tagSize) {
        Args.mode(theMode, MODE_ENCRYPT, MODE_DECRYPT);
        Args.range(nonceBuf, nonceOff, nonceLen, "nonce");
        // a refused init leaves the cipher uninitialised, whatever it held before
        state = IDLE;
        schedule.keyFrom(theKey);
        try {
            aead.init(theMode == MODE_ENCRYPT, nonceBuf, nonceOff, nonceLen, adataLen, messageLen, tagSize);
        } catch (IllegalArgumentException e) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, e.getMessage());
        }
        mode = theMode;
        this.tagSize = tagSize;
        state = AAD;
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public byte getCipherAlgorithm() {
        return isGcm ? CIPHER_AES_GCM : CIPHER_AES_CCM;
    }

    public byte getPaddingAlgorithm() {
        return PAD_NULL;
    }

    public void updateAAD(byte[] aadBuf, short aadOff, short aadLen) {
        checkState();
        if (state != AAD) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "AAD must come before the data");
        }
        Args.range(aadBuf, aadOff, aadLen, "AAD");
        try {
            aead.updateAad(aadBuf, aadOff, aadLen);
        } catch (IllegalStateException e) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "AAD longer than the adataLen given to init");
        }
    }

    public short update(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        return (short) process(inBuff, inOffset, inLength, outBuff, outOffset);
    }

    /** Processes the last data; the tag is then available through retrieveTag or verifyTag. */
    public short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        int n = process(inBuff, inOffset, inLength, outBuff, outOffset);
        try {
            aead.finish(tag, 0);
        } catch (IllegalStateException e) {
            throw new CryptoException(CryptoException.ILLEGAL_USE,
                    "AAD or message length differs from the lengths given to init");
        }
        state = DONE;
        return (short) n;
    }

    private int process(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkState();
        if (state == DONE) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "message finished: init again with a new nonce");
        }
        Args.range(in, inOff, len, "input");
        Args.range(out, outOff, len, "output");
        try {
            aead.update(in, inOff, len, out, outOff);
        } catch (IllegalStateException e) {
            throw new CryptoException(CryptoException.ILLEGAL_USE,
                    "AAD or message length differs from the lengths given to init");
        }
        state = DATA;
        return len;
    }

    /** Encryption only, after doFinal: writes tagLen bytes of the tag; returns tagLen. */
    public short retrieveTag(byte[] tagBuf, short tagOff, short tagLen) {
        checkState();
        if (state != DONE) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "the tag is available after doFinal");
        }
        if (mode != MODE_ENCRYPT) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "retrieveTag is for encryption; use verifyTag");
        }
        checkTagLength(tagLen);
        Args.range(tagBuf, tagOff, tagLen, "tag output");
        System.arraycopy(tag, 0, tagBuf, tagOff, tagLen);
        return tagLen;
    }

    /**
     * Decryption only, after doFinal: true if the received tag is requiredTagLen bytes long and
     * equals the computed tag on those bytes. The comparison runs in constant time.
     */
    public boolean verifyTag(byte[] receivedTagBuf, short receivedTagOff, short receivedTagLen,
            short requiredTagLen) {
        checkState();
        if (state != DONE) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "the tag is available after doFinal");
        }
        if (mode != MODE_DECRYPT) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "verifyTag is for decryption; use retrieveTag");
        }
        checkTagLength(requiredTagLen);
        Args.range(receivedTagBuf, receivedTagOff, receivedTagLen, "received tag");
        if (receivedTagLen != requiredTagLen) {
            return false;
        }
        return Bytes.equalsConstantTime(tag, 0, receivedTagBuf, receivedTagOff, requiredTagLen);
    }

    private void checkTagLength(int len) {
        if (isGcm ? !Gcm.validTagLength(len) || len > tagSize : len != tagSize) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, isGcm
                    ? "GCM tag length must be 4, 8 or 12..16 bytes, at most the size given to init"
                    : "CCM tag length must be the size given to init");
        }
    }

    private void checkState() {
        if (state == IDLE) {
            throw new CryptoException(CryptoException.INVALID_INIT, "cipher not initialised");
        }
    }
}
