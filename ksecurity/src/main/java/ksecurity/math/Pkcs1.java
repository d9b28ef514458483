package ksecurity.math;

import ksecurity.security.CryptoException;
import ksecurity.security.MessageDigest;
import ksecurity.security.RandomData;

/**
 * PKCS #1 v1.5 encodings (RFC 8017): EME-PKCS1-v1_5 for encryption (7.2) and EMSA-PKCS1-v1_5
 * for signatures (9.2) with the DigestInfo prefixes of MD5, SHA-1 and SHA-224/256/384/512.
 *
 * The decryption check reads every byte and keeps its verdict in masks (no early exit, no
 * secret-dependent index), against Bleichenbacher's padding oracle. Only the final verdict
 * leaves as a branch, because the API must then fail; a TLS server should use
 * {@link #decodeEncryptionOrFallback} instead, which never fails (RFC 5246 7.4.7.1).
 */
public final class Pkcs1 {
    /** The smallest padding string of EME-PKCS1-v1_5. */
    private static final int MIN_PS = 8;

    private static final byte[] MD5_PREFIX = Curves.hex("3020300C06082A864886F70D020505000410");
    private static final byte[] SHA1_PREFIX = Curves.hex("3021300906052B0E03021A05000414");
    private static final byte[] SHA224_PREFIX = Curves.hex("302D300D06096086480165030402040500041C");
    private static final byte[] SHA256_PREFIX = Curves.hex("3031300D060960864801650304020105000420");
    private static final byte[] SHA384_PREFIX = Curves.hex("3041300D060960864801650304020205000430");
    private static final byte[] SHA512_PREFIX = Curves.hex("3051300D060960864801650304020305000440");

    private Pkcs1() {
    }

    /** EM = 00 || 02 || PS (non-zero random, >= 8 bytes) || 00 || M, k bytes at em[0]. */
    public static void encodeEncryption(byte[] msg, int off, int len, int k, RandomData rng, byte[] em) {
        if (len > k - 3 - MIN_PS) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "message too long for PKCS#1 v1.5 encryption");
        }
        int psLen = k - 3 - len;
        em[0] = 0x00;
        em[1] = 0x02;
        byte[] one = new byte[1];
        for (int i = 0; i < psLen; i++) {
            do {
                rng.generateData(one, (short) 0, (short) 1);
            } while (one[0] == 0);
            em[2 + i] = one[0];
        }
        em[2 + psLen] = 0x00;
        System.arraycopy(msg, off, em, 3 + psLen, len);
    }

    /**
     * Checks EM (k bytes) in constant time; returns the offset of the message inside EM, or -1
     * when the padding is wrong (first byte 00, second 02, at least 8 non-zero padding bytes,
     * then a zero byte).
     */
    public static int decodeEncryption(byte[] em, int k) {
        int good = Mp.eqMask(em[0], 0) & Mp.eqMask(em[1], 2);
        int found = 0;
        int sep = 0;
        for (int i = 2; i < k; i++) {
            int zero = Mp.eqMask(em[i] & 0xFF, 0);
            sep |= i & zero & ~found;
            found |= zero;
        }
        // the separator must come after at least 8 padding bytes: sep >= 10
        int enoughPadding = ~((sep - (2 + MIN_PS)) >> 31);
        good &= found & enoughPadding;
        // One branch on the final verdict only: the caller has to fail on bad padding.
        return good != 0 ? sep + 1 : -1;
    }

    /**
     * For TLS RSA key exchange: copies the expected-length message out of EM (k bytes) when the
     * padding is right and the length matches, else copies fallback; no branch or index depends
     * on EM. out receives exactly expectedLen bytes at outOff.
     */
    public static void decodeEncryptionOrFallback(byte[] em, int k, int expectedLen, byte[] fallback, byte[] out,
            int outOff) {
        int good = Mp.eqMask(em[0], 0) & Mp.eqMask(em[1], 2);
        int found = 0;
        int sep = 0;
        for (int i = 2; i < k; i++) {
            int zero = Mp.eqMask(em[i] & 0xFF, 0);
            sep |= i & zero & ~found;
            found |= zero;
        }
        good &= found & ~((sep - (2 + MIN_PS)) >> 31) & Mp.eqMask(k - sep - 1, expectedLen);
        for (int i = 0; i < expectedLen; i++) {
            int v = em[k - expectedLen + i] & 0xFF;
            int f = fallback[i] & 0xFF;
            out[outOff + i] = (byte) (f ^ (good & (v ^ f)));
        }
    }

    /** The DigestInfo prefix for a MessageDigest algorithm, or null if there is none. */
    public static byte[] digestInfoPrefix(byte mdAlgorithm) {
        switch (mdAlgorithm) {
            case MessageDigest.ALG_MD5: return MD5_PREFIX;
            case MessageDigest.ALG_SHA: return SHA1_PREFIX;
            case MessageDigest.ALG_SHA_224: return SHA224_PREFIX;
            case MessageDigest.ALG_SHA_256: return SHA256_PREFIX;
            case MessageDigest.ALG_SHA_384: return SHA384_PREFIX;
            case MessageDigest.ALG_SHA_512: return SHA512_PREFIX;
            default: return null;
        }
    }

    /** EM = 00 || 01 || FF.. || 00 || DigestInfo(hash), k bytes at em[0]. */
    public static void encodeSignature(byte mdAlgorithm, byte[] hash, int off, int len, int k, byte[] em) {
        byte[] prefix = digestInfoPrefix(mdAlgorithm);
        if (prefix == null) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "no DigestInfo for this hash");
        }
        encodeSignatureBlock(prefix, hash, off, len, k, em);
    }

    /**
     * EM = 00 || 01 || FF.. || 00 || prefix || t, k bytes at em[0]: the signature block with any
     * prefix, empty for SSL 3.0 and TLS 1.0's RSA signatures over MD5 || SHA-1, which carry no
     * DigestInfo (RFC 2246 §4.7).
     */
    public static void encodeSignatureBlock(byte[] prefix, byte[] t, int off, int len, int k, byte[] em) {
        int tLen = prefix.length + len;
        if (k < tLen + 3 + MIN_PS) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA modulus too short for this DigestInfo");
        }
        em[0] = 0x00;
        em[1] = 0x01;
        int psEnd = k - tLen - 1;
        for (int i = 2; i < psEnd; i++) {
            em[i] = (byte) 0xFF;
        }
        em[psEnd] = 0x00;
        System.arraycopy(prefix, 0, em, psEnd + 1, prefix.length);
        System.arraycopy(t, off, em, psEnd + 1 + prefix.length, len);
    }

    /**
     * Whether the recovered block (k bytes, the signature to the public exponent) is exactly
     * the signature block of prefix || t: the whole expected block is re-encoded and compared,
     * so no parsing of the recovered one can be fooled (no Bleichenbacher'06 forgery).
     */
    public static boolean isSignatureBlock(byte[] recovered, byte[] prefix, byte[] t, int off, int len, int k) {
        byte[] expected = new byte[k];
        encodeSignatureBlock(prefix, t, off, len, k, expected);
        int diff = 0;
        for (int i = 0; i < k; i++) {
            diff |= recovered[i] ^ expected[i];
        }
        return diff == 0;
    }
}
