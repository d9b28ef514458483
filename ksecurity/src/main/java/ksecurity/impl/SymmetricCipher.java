package ksecurity.impl;

import ksecurity.prim.Aes;
import ksecurity.prim.Cbc;
import ksecurity.prim.Ctr;
import ksecurity.prim.Rc4;
import ksecurity.security.ARC4Key;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;

/**
 * AES in ECB and CBC without padding (ALG_AES_BLOCK_128_*: 16-byte blocks, keys of 128, 192 or
 * 256 bits), AES in CTR mode (ALG_AES_CTR: the IV is the 16-byte initial counter block, the
 * whole block counts up) and RC4 (ALG_ARC4, legacy only), with Java Card semantics:
 * <ul>
 * <li>update may take any length; ECB/CBC keep a partial block for the next call, and doFinal
 * refuses (ILLEGAL_USE) if the whole message is not a multiple of 16 bytes;</li>
 * <li>init(key, mode) gives CBC a zero IV; ECB and RC4 take no IV; CTR requires one;</li>
 * <li>after doFinal the object is back in the state init left it in (same IV or counter).</li>
 * </ul>
 * ALG_AES_BLOCK_192_* and ALG_AES_BLOCK_256_* are Rijndael with 192- and 256-bit blocks in
 * Java Card, which is not AES: they are refused (use the BLOCK_128 forms with a longer key).
 */
public class SymmetricCipher extends ksecurity.crypto.Cipher {
    private static final int ECB = 1;
    private static final int CBC = 2;
    private static final int CTR = 3;
    private static final int ARC4 = 4;

    private final byte algorithm;
    private final int kind;
    private final AesSchedule schedule;
    private final Cbc cbc;
    private final Ctr ctr;
    private final Rc4 rc4;
    private final byte[] iv = new byte[16];
    private final byte[] pending = new byte[16];
    private final byte[] work = new byte[16];
    private final byte[] result = new byte[16];
    private final byte[] rc4Key = new byte[256];
    private int pendingLen;
    private int rc4KeyLen;
    private byte mode;

    public SymmetricCipher(byte algorithm) {
        switch (algorithm) {
            case ALG_AES_BLOCK_128_ECB_NOPAD: kind = ECB; break;
            case ALG_AES_BLOCK_128_CBC_NOPAD: kind = CBC; break;
            case ALG_AES_CTR: kind = CTR; break;
            case ALG_ARC4: kind = ARC4; break;
            case ALG_AES_BLOCK_192_ECB_NOPAD:
            case ALG_AES_BLOCK_192_CBC_NOPAD:
            case ALG_AES_BLOCK_256_ECB_NOPAD:
            case ALG_AES_BLOCK_256_CBC_NOPAD:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM,
                        "192/256-bit Rijndael blocks are not AES: use ALG_AES_BLOCK_128_* with any AES key");
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "cipher algorithm not supported");
        }
        this.algorithm = algorithm;
        if (kind == ARC4) {
            schedule = null;
            cbc = null;
            ctr = null;
            rc4 = new Rc4();
        } else {
            schedule = new AesSchedule();
            cbc = kind == CBC ? new Cbc(schedule.aes) : null;
            ctr = kind == CTR ? new Ctr(schedule.aes) : null;
            rc4 = null;
        }
    }

    public void init(Key theKey, byte theMode) {
        if (kind == CTR) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "CTR needs a 16-byte initial counter block");
        }
        Args.mode(theMode, MODE_ENCRYPT, MODE_DECRYPT);
        setKey(theKey);
        for (int i = 0; i < 16; i++) {
            iv[i] = 0;
        }
        start(theMode);
    }

    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        Args.mode(theMode, MODE_ENCRYPT, MODE_DECRYPT);
        if (kind == ECB || kind == ARC4) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "this cipher takes no IV");
        }
        if (bLen != 16) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "IV must be 16 bytes");
        }
        Args.range(bArray, bOff, bLen, "IV");
        setKey(theKey);
        System.arraycopy(bArray, bOff, iv, 0, 16);
        start(theMode);
    }

    private void setKey(Key theKey) {
        if (kind != ARC4) {
            schedule.keyFrom(theKey);
            return;
        }
        if (theKey == null) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "key is null");
        }
        if (!(theKey instanceof ARC4Key)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "not an RC4 key");
        }
        if (!theKey.isInitialized()) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "RC4 key not set");
        }
        rc4KeyLen = theKey.getSize() / 8;
        ((ARC4Key) theKey).getKey(rc4Key, (short) 0);
    }

    /** Returns to the state right after init: used by init and after each doFinal. */
    private void start(byte theMode) {
        mode = theMode;
        pendingLen = 0;
        if (kind == CBC) {
            cbc.init(iv, 0);
        } else if (kind == CTR) {
            ctr.init(iv, 0, 16);
        } else if (kind == ARC4) {
            rc4.init(rc4Key, 0, rc4KeyLen);
        }
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public byte getCipherAlgorithm() {
        switch (kind) {
            case ECB: return CIPHER_AES_ECB;
            case CBC: return CIPHER_AES_CBC;
            case CTR: return CIPHER_AES_CTR;
            default: return CIPHER_ARC4;
        }
    }

    public byte getPaddingAlgorithm() {
        return kind == ECB || kind == CBC ? PAD_NOPAD : PAD_NULL;
    }

    public short update(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        return (short) process(inBuff, inOffset, inLength, outBuff, outOffset, false);
    }

    public short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        int n = process(inBuff, inOffset, inLength, outBuff, outOffset, true);
        start(mode);
        return (short) n;
    }

    private int process(byte[] in, int inOff, int len, byte[] out, int outOff, boolean last) {
        if (mode == 0) {
            throw new CryptoException(CryptoException.INVALID_INIT, "cipher not initialised");
        }
        Args.range(in, inOff, len, "input");
        if (kind == CTR || kind == ARC4) {
            Args.range(out, outOff, len, "output");
            if (kind == CTR) {
                ctr.process(in, inOff, len, out, outOff);
            } else {
                rc4.process(in, inOff, len, out, outOff);
            }
            return len;
        }
        int total = pendingLen + len;
        if (last && (total & 15) != 0) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "data is not a multiple of the 16-byte block");
        }
        int blocks = total >> 4;
        Args.range(out, outOff, blocks * 16, "output");
        if (blocks == 0) {
            System.arraycopy(in, inOff, pending, pendingLen, len);
            pendingLen = total;
            return 0;
        }
        // Output lags input by pendingLen bytes, so the next input block is read before each
        // output block is written: in place (out == in, same offset) stays correct.
        System.arraycopy(pending, 0, work, 0, pendingLen);
        int take = 16 - pendingLen;
        System.arraycopy(in, inOff, work, pendingLen, take);
        int readPos = inOff + take;
        int inEnd = inOff + len;
        for (int b = 0; b < blocks; b++) {
            transform();
            if (b + 1 < blocks) {
                System.arraycopy(in, readPos, work, 0, 16);
                readPos += 16;
            } else {
                pendingLen = inEnd - readPos;
                System.arraycopy(in, readPos, pending, 0, pendingLen);
            }
            System.arraycopy(result, 0, out, outOff + 16 * b, 16);
        }
        return blocks * 16;
    }

    /** One block from work to result. */
    private void transform() {
        boolean enc = mode == MODE_ENCRYPT;
        if (kind == ECB) {
            Aes aes = schedule.aes;
            if (enc) {
                aes.encryptBlock(work, 0, result, 0);
            } else {
                aes.decryptBlock(work, 0, result, 0);
            }
        } else if (enc) {
            cbc.encrypt(work, 0, result, 0, 1);
        } else {
            cbc.decrypt(work, 0, result, 0, 1);
        }
    }
}
