package ksecurity.impl;

import static ksecurity.impl.EcKeyTest.assertReason;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import ksecurity.math.Curves;
import ksecurity.math.Ecdsa;
import ksecurity.math.TestRandom;
import ksecurity.security.CryptoException;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.KeyPair;
import ksecurity.security.Signature;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA1Digest;
import org.bouncycastle.crypto.digests.SHA224Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA384Digest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ECDSA through the Java Card API against Bouncy Castle, and malformed signatures. */
class EcdsaSignatureTest {
    private static final int ROUNDS = 40;

    static Digest bcDigest(byte alg) {
        switch (alg) {
            case Signature.ALG_ECDSA_SHA: return new SHA1Digest();
            case Signature.ALG_ECDSA_SHA_224: return new SHA224Digest();
            case Signature.ALG_ECDSA_SHA_384: return new SHA384Digest();
            case Signature.ALG_ECDSA_SHA_512: return new SHA512Digest();
            default: return new SHA256Digest();
        }
    }

    static KeyPair pair(int bits, long seed) {
        KeyPair kp = new KeyPair(KeyPair.ALG_EC_FP, (short) bits);
        KeyPairGenerator.generate(KeyPair.ALG_EC_FP, kp.getPublic(), kp.getPrivate(), new TestRandom(seed));
        return kp;
    }

    static BigInteger scalar(KeyPair kp) {
        byte[] s = new byte[40];
        short len = ((ECPrivateKey) kp.getPrivate()).getS(s, (short) 0);
        return new BigInteger(1, Arrays.copyOf(s, len));
    }

    @ParameterizedTest
    @CsvSource({"160, 17", "160, 33", "192, 17", "192, 37", "224, 37", "224, 33", "256, 17", "256, 37", "256, 33",
        "256, 34", "256, 38", "160, 38", "224, 34"})
    void signaturesInteroperateWithBouncyCastle(int bits, byte alg) throws Exception {
        X9ECParameters x9 = CustomNamedCurves.getByName(Curves.name(Curves.byBits(bits)));
        ECDomainParameters dom = new ECDomainParameters(x9.getCurve(), x9.getG(), x9.getN(), x9.getH());
        Random rnd = new Random(bits * 100 + alg);
        for (int i = 0; i < ROUNDS; i++) {
            KeyPair kp = pair(bits, rnd.nextLong());
            BigInteger d = scalar(kp);
            byte[] msg = new byte[rnd.nextInt(200)];
            rnd.nextBytes(msg);
            Digest md = bcDigest(alg);
            md.update(msg, 0, msg.length);
            byte[] h = new byte[md.getDigestSize()];
            md.doFinal(h, 0);

            Signature signer = Signature.getInstance(alg, false);
            signer.init(kp.getPrivate(), Signature.MODE_SIGN);
            byte[] sig = new byte[signer.getLength()];
            int len = signer.sign(msg, (short) 0, (short) msg.length, sig, (short) 0);
            byte[] ours = Arrays.copyOf(sig, len);

            // BC verifies ours (hedged nonce); without the fresh input (RFC 6979 exactly) BC's
            // own deterministic signature is byte-identical to ours.
            ASN1Sequence seq = ASN1Sequence.getInstance(ours);
            BigInteger r = ASN1Integer.getInstance(seq.getObjectAt(0)).getValue();
            BigInteger s = ASN1Integer.getInstance(seq.getObjectAt(1)).getValue();
            ECDSASigner bc = new ECDSASigner(new HMacDSAKCalculator(bcDigest(alg)));
            ECPublicKeyParameters pub = new ECPublicKeyParameters(x9.getG().multiply(d), dom);
            bc.init(false, pub);
            assertTrue(bc.verifySignature(h, r, s), "BC verifies ours");
            bc.init(true, new ECPrivateKeyParameters(d, dom));
            BigInteger[] rs = bc.generateSignature(h);
            int curve = Curves.byBits(bits), ob = Curves.orderBytes(curve);
            byte[] raw = new byte[2 * ob];
            Ecdsa.sign(curve, fixed(d, ob), 0, h, 0, h.length, Digests.forAlgorithm(signer.getMessageDigestAlgorithm()),
                    null, raw, 0);
            assertEquals(rs[0], new BigInteger(1, Arrays.copyOf(raw, ob)), "RFC 6979 r agrees with BC");
            assertEquals(rs[1], new BigInteger(1, Arrays.copyOfRange(raw, ob, 2 * ob)), "RFC 6979 s agrees with BC");

            // We verify BC's (made with a random nonce), whole-message and precomputed-hash forms.
            ECDSASigner random = new ECDSASigner();
            random.init(true, new ECPrivateKeyParameters(d, dom));
            rs = random.generateSignature(h);
            byte[] der = new DERSequence(new ASN1Integer[] {new ASN1Integer(rs[0]), new ASN1Integer(rs[1])})
                    .getEncoded("DER");
            Signature verifier = Signature.getInstance(alg, false);
            verifier.init(kp.getPublic(), Signature.MODE_VERIFY);
            assertTrue(verifier.verify(msg, (short) 0, (short) msg.length, der, (short) 0, (short) der.length));
            assertTrue(verifier.verifyPreComputedHash(h, (short) 0, (short) h.length, der, (short) 0,
                    (short) der.length));
            h[3] ^= 0x40;
            assertFalse(verifier.verifyPreComputedHash(h, (short) 0, (short) h.length, der, (short) 0,
                    (short) der.length));
        }
    }

    static byte[] fixed(BigInteger v, int len) {
        byte[] raw = v.toByteArray(), out = new byte[len];
        int n = Math.min(raw.length, len);
        System.arraycopy(raw, raw.length - n, out, len - n, n);
        return out;
    }

    private static byte[] sign(Signature s, byte[] msg) {
        byte[] buf = new byte[s.getLength()];
        return Arrays.copyOf(buf, s.sign(msg, (short) 0, (short) msg.length, buf, (short) 0));
    }

    /** By default the nonces are hedged from the platform's source: the same message signs differently. */
    @Test
    void signingIsHedgedByDefault() {
        KeyPair kp = pair(256, 4);
        byte[] msg = "the same ServerKeyExchange".getBytes();
        Signature s = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        s.init(kp.getPrivate(), Signature.MODE_SIGN);
        byte[] a = sign(s, msg), b = sign(s, msg);
        assertFalse(Arrays.equals(a, b), "two signatures of one message share no nonce");
        Signature v = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        v.init(kp.getPublic(), Signature.MODE_VERIFY);
        assertTrue(verify(v, msg, a));
        assertTrue(verify(v, msg, b));
    }

    /**
     * With the caller's source (KSecurity's extension setRandomData), a seeded source gives the
     * same bytes every run: k' is orderBytes drawn from it in one call, as Ecdsa.sign documents.
     */
    @Test
    void callersSourceGivesRepeatableSignatures() throws Exception {
        KeyPair kp = pair(256, 5);
        byte[] msg = "seeded".getBytes();
        Signature s1 = Signature.getInstance(Signature.ALG_ECDSA_SHA_384, false);
        s1.init(kp.getPrivate(), Signature.MODE_SIGN);
        s1.setRandomData(new TestRandom(99));
        Signature s2 = Signature.getInstance(Signature.ALG_ECDSA_SHA_384, false);
        s2.setRandomData(new TestRandom(99));
        s2.init(kp.getPrivate(), Signature.MODE_SIGN);
        byte[] a = sign(s1, msg);
        assertArrayEquals(a, sign(s2, msg), "same seed, same signature (set before or after init)");
        assertFalse(Arrays.equals(a, sign(s1, msg)), "the source moves on");

        java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-384");
        byte[] h = md.digest(msg);
        byte[] raw = new byte[64];
        Ecdsa.sign(Curves.SECP256R1, fixed(scalar(kp), 32), 0, h, 0, h.length, new ksecurity.prim.Sha384(),
                new TestRandom(99), raw, 0);
        ASN1Sequence seq = ASN1Sequence.getInstance(a);
        assertEquals(new BigInteger(1, Arrays.copyOf(raw, 32)), ASN1Integer.getInstance(seq.getObjectAt(0)).getValue());
        assertEquals(new BigInteger(1, Arrays.copyOfRange(raw, 32, 64)), ASN1Integer.getInstance(seq.getObjectAt(1)).getValue());
    }

    @Test
    void setRandomDataRefusesNullAndNonceFreeSignatures() {
        Signature s = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        assertReason(CryptoException.ILLEGAL_VALUE, () -> s.setRandomData(null));
        Signature hmac = Signature.getInstance(Signature.ALG_HMAC_SHA_256, false);
        assertReason(CryptoException.ILLEGAL_USE, () -> hmac.setRandomData(new TestRandom(1)));
        Signature rsa = Signature.getInstance(Signature.ALG_RSA_SHA_256_PKCS1, false);
        assertReason(CryptoException.ILLEGAL_USE, () -> rsa.setRandomData(new TestRandom(1)));
    }

    @Test
    void precomputedHashMustHaveTheDigestLength() {
        KeyPair kp = pair(256, 1);
        Signature s = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        s.init(kp.getPrivate(), Signature.MODE_SIGN);
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> s.signPreComputedHash(new byte[20], (short) 0, (short) 20, new byte[80], (short) 0));
    }

    @Test
    void uninitializedKeysAndSignaturesAreRefused() {
        Signature s = Signature.getInstance(Signature.ALG_ECDSA_SHA, false);
        ECPrivateKey empty = (ECPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PRIVATE, (short) 256, false);
        assertReason(CryptoException.UNINITIALIZED_KEY, () -> s.init(empty, Signature.MODE_SIGN));
        assertReason(CryptoException.INVALID_INIT,
                () -> s.sign(new byte[1], (short) 0, (short) 1, new byte[80], (short) 0));
        KeyPair kp = pair(256, 2);
        assertReason(CryptoException.ILLEGAL_VALUE, () -> s.init(kp.getPublic(), Signature.MODE_SIGN));
    }

    @Test
    void malformedSignaturesDoNotVerify() throws Exception {
        KeyPair kp = pair(256, 3);
        byte[] msg = "message".getBytes();
        Signature signer = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        signer.init(kp.getPrivate(), Signature.MODE_SIGN);
        byte[] buf = new byte[80];
        byte[] good = Arrays.copyOf(buf, signer.sign(msg, (short) 0, (short) msg.length, buf, (short) 0));
        Signature v = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        v.init(kp.getPublic(), Signature.MODE_VERIFY);
        assertTrue(verify(v, msg, good));

        byte[] trailing = Arrays.copyOf(good, good.length + 1);
        assertFalse(verify(v, msg, trailing), "trailing byte after the SEQUENCE");
        byte[] trailingInside = Arrays.copyOf(good, good.length + 1);
        trailingInside[1]++;
        assertFalse(verify(v, msg, trailingInside), "trailing byte inside the SEQUENCE");
        byte[] longLength = good.clone();
        longLength[1]++;
        assertFalse(verify(v, msg, longLength), "SEQUENCE length beyond the data");
        byte[] intLength = good.clone();
        intLength[3]++;
        assertFalse(verify(v, msg, intLength), "INTEGER length beyond its place");
        assertFalse(verify(v, msg, Arrays.copyOf(good, good.length - 1)), "truncated");
        assertFalse(verify(v, msg, new byte[0]), "empty");

        ASN1Sequence seq = ASN1Sequence.getInstance(good);
        BigInteger r = ASN1Integer.getInstance(seq.getObjectAt(0)).getValue();
        BigInteger s = ASN1Integer.getInstance(seq.getObjectAt(1)).getValue();
        BigInteger n = new BigInteger(1, Curves.n(Curves.SECP256R1));
        assertFalse(verify(v, msg, der(r.negate(), s)), "negative r");
        assertFalse(verify(v, msg, der(BigInteger.ZERO, s)), "r = 0");
        assertFalse(verify(v, msg, der(r, BigInteger.ZERO)), "s = 0");
        assertFalse(verify(v, msg, der(r.add(n), s)), "r + n");
        assertFalse(verify(v, msg, der(n, s)), "r = n");
        assertFalse(verify(v, msg, der(r, s.add(n))), "s + n");
        byte[] padded = rawDer(new byte[] {0, 0, 5}, new byte[] {5});
        assertFalse(verify(v, msg, padded), "non-minimal INTEGER");
    }

    private static boolean verify(Signature v, byte[] msg, byte[] sig) {
        return v.verify(msg, (short) 0, (short) msg.length, sig, (short) 0, (short) sig.length);
    }

    private static byte[] der(BigInteger r, BigInteger s) throws Exception {
        return new DERSequence(new ASN1Integer[] {new ASN1Integer(r), new ASN1Integer(s)}).getEncoded("DER");
    }

    private static byte[] rawDer(byte[] r, byte[] s) {
        byte[] out = new byte[6 + r.length + s.length];
        out[0] = 0x30;
        out[1] = (byte) (4 + r.length + s.length);
        out[2] = 0x02;
        out[3] = (byte) r.length;
        System.arraycopy(r, 0, out, 4, r.length);
        out[4 + r.length] = 0x02;
        out[5 + r.length] = (byte) s.length;
        System.arraycopy(s, 0, out, 6 + r.length, s.length);
        return out;
    }
}
