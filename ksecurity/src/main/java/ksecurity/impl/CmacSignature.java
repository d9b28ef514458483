package ksecurity.impl;

import ksecurity.prim.Cmac;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;
import ksecurity.security.MessageDigest;

/** AES-CMAC (SP 800-38B, RFC 4493) with an AES key of any size; 16-byte MACs. */
public class CmacSignature extends MacSignature {
    private final AesSchedule schedule = new AesSchedule();
    private final Cmac cmac = new Cmac(schedule.aes);

    public CmacSignature(byte algorithm) {
        super(algorithm);
        if (algorithm != ALG_AES_CMAC_128) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "CMAC algorithm not supported");
        }
    }

    void setKey(Key theKey) {
        schedule.keyFrom(theKey);
        cmac.init();
    }

    void macUpdate(byte[] in, int off, int len) {
        cmac.update(in, off, len);
    }

    void macFinal(byte[] out, int off) {
        cmac.doFinal(out, off);
    }

    public byte getMessageDigestAlgorithm() {
        return MessageDigest.ALG_NULL;
    }

    public byte getCipherAlgorithm() {
        return SIG_CIPHER_AES_CMAC128;
    }

    public short getLength() {
        return 16;
    }
}
