package ksecurity.crypto;

import ksecurity.security.CryptoException;
import ksecurity.security.Key;

/**
 * Authenticated encryption, as javacardx.crypto.AEADCipher: AES-GCM (any IV length SP 800-38D
 * allows, tags of 4..16 bytes) and AES-CCM (nonces of 7..13 bytes, tags of 4..16 even bytes, so
 * CCM_8 included). CCM needs the AAD and message lengths at init, as the Java Card API asks.
 * On decryption, compare the tag with verifyTag (constant time) before trusting the plaintext.
 */
public abstract class AEADCipher extends Cipher {
    public static final byte CIPHER_AES_GCM = -15;
    public static final byte CIPHER_AES_CCM = -14;
    public static final byte ALG_AES_GCM = -13;
    public static final byte ALG_AES_CCM = -12;

    protected AEADCipher() {
    }

    public abstract void init(Key theKey, byte theMode) throws CryptoException;

    public abstract void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) throws CryptoException;

    public abstract void init(Key theKey, byte theMode, byte[] nonceBuf, short nonceOff, short nonceLen,
            short adataLen, short messageLen, short tagSize) throws CryptoException;

    public abstract void updateAAD(byte[] aadBuf, short aadOff, short aadLen) throws CryptoException;

    public abstract short update(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset)
            throws CryptoException;

    public abstract short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset)
            throws CryptoException;

    public abstract short retrieveTag(byte[] tagBuf, short tagOff, short tagLen) throws CryptoException;

    public abstract boolean verifyTag(byte[] receivedTagBuf, short receivedTagOff, short receivedTagLen,
            short requiredTagLen) throws CryptoException;
}
