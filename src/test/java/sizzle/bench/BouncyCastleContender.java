package sizzle.bench;

import java.math.BigInteger;
import java.security.SecureRandom;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.agreement.ECDHBasicAgreement;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.RSABlindedEngine;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.generators.ECKeyPairGenerator;
import org.bouncycastle.crypto.generators.RSAKeyPairGenerator;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECKeyGenerationParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.RSAKeyGenerationParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;

/**
 * Bouncy Castle's lightweight API at its best: its custom (specialised-field) curves, RFC 6979
 * nonces like ours, a blinded CRT RSA engine like ours.
 */
final class BouncyCastleContender implements Contender {
    private final SecureRandom random = new SecureRandom();

    public String column() {
        return "bc";
    }

    private AsymmetricCipherKeyPair pair(String curve) {
        X9ECParameters x9 = CustomNamedCurves.getByName(curve);
        ECDomainParameters dp = new ECDomainParameters(x9.getCurve(), x9.getG(), x9.getN(), x9.getH());
        ECKeyPairGenerator g = new ECKeyPairGenerator();
        g.init(new ECKeyGenerationParameters(dp, random));
        return g.generateKeyPair();
    }

    public Rate.Op ecdh(String curve) {
        AsymmetricCipherKeyPair mine = pair(curve), peer = pair(curve);
        ECDHBasicAgreement a = new ECDHBasicAgreement();
        a.init(mine.getPrivate());
        return () -> a.calculateAgreement(peer.getPublic());
    }

    public Rate.Op ecdsaSign(String curve) {
        AsymmetricCipherKeyPair kp = pair(curve);
        ECDSASigner s = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
        s.init(true, kp.getPrivate());
        byte[] hash = new byte[32];
        int[] counter = {0};
        return () -> {
            hash[0] = (byte) counter[0]++;
            s.generateSignature(hash);
        };
    }

    public Rate.Op ecdsaVerify(String curve) {
        AsymmetricCipherKeyPair kp = pair(curve);
        ECDSASigner s = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
        s.init(true, kp.getPrivate());
        byte[] hash = new byte[32];
        BigInteger[] rs = s.generateSignature(hash);
        ECDSASigner v = new ECDSASigner();
        v.init(false, kp.getPublic());
        return () -> {
            if (!v.verifySignature(hash, rs[0], rs[1])) throw new IllegalStateException("verify");
        };
    }

    public Rate.Op ecdsaVerifyOneShot(String curve) {
        byte[][] enc = new byte[KEYS][];
        BigInteger[][] rs = new BigInteger[KEYS][];
        byte[] hash = new byte[32];
        ECDomainParameters dp = null;
        for (int i = 0; i < KEYS; i++) {
            AsymmetricCipherKeyPair kp = pair(curve);
            ECDSASigner s = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
            s.init(true, kp.getPrivate());
            rs[i] = s.generateSignature(hash);
            ECPublicKeyParameters pub = (ECPublicKeyParameters) kp.getPublic();
            enc[i] = pub.getQ().getEncoded(false);
            dp = pub.getParameters();
        }
        ECDomainParameters params = dp;
        ECDSASigner v = new ECDSASigner();
        int[] next = {0};
        return () -> {
            int i = next[0]++ % KEYS;
            v.init(false, new ECPublicKeyParameters(params.getCurve().decodePoint(enc[i]), params));
            if (!v.verifySignature(hash, rs[i][0], rs[i][1])) throw new IllegalStateException("verify");
        };
    }

    public Rate.Op rsaPrivate(int bits) {
        RSAKeyPairGenerator g = new RSAKeyPairGenerator();
        g.init(new RSAKeyGenerationParameters(BigInteger.valueOf(65537), random, bits, 100));
        AsymmetricCipherKeyPair kp = g.generateKeyPair();
        RSABlindedEngine e = new RSABlindedEngine();
        e.init(false, kp.getPrivate());
        byte[] in = new byte[bits / 8 - 1];
        in[0] = 1;
        return () -> e.processBlock(in, 0, in.length);
    }
}
