package sizzle.bench;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;

/** The JDK's own providers (SunEC serves P-256 only among our curves; SunRsaSign, SunJCE). */
final class JdkContender implements Contender {
    public String column() {
        return "jdk";
    }

    private static KeyPair pair(String curve) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC", "SunEC");
        g.initialize(new ECGenParameterSpec(curve));
        return g.generateKeyPair();
    }

    public Rate.Op ecdh(String curve) throws Exception {
        if (!curve.equals("secp256r1")) return null;
        KeyPair mine = pair(curve), peer = pair(curve);
        KeyAgreement ka = KeyAgreement.getInstance("ECDH", "SunEC");
        return () -> {
            ka.init(mine.getPrivate());
            ka.doPhase(peer.getPublic(), true);
            ka.generateSecret();
        };
    }

    public Rate.Op ecdsaSign(String curve) throws Exception {
        if (!curve.equals("secp256r1")) return null;
        KeyPair kp = pair(curve);
        java.security.Signature s = java.security.Signature.getInstance("SHA256withECDSA", "SunEC");
        s.initSign(kp.getPrivate());
        byte[] msg = new byte[32];
        return () -> {
            s.update(msg);
            s.sign();
        };
    }

    public Rate.Op ecdsaVerify(String curve) throws Exception {
        if (!curve.equals("secp256r1")) return null;
        KeyPair kp = pair(curve);
        java.security.Signature s = java.security.Signature.getInstance("SHA256withECDSA", "SunEC");
        s.initSign(kp.getPrivate());
        byte[] msg = new byte[32];
        s.update(msg);
        byte[] sig = s.sign();
        java.security.Signature v = java.security.Signature.getInstance("SHA256withECDSA", "SunEC");
        v.initVerify(kp.getPublic());
        return () -> {
            v.update(msg);
            if (!v.verify(sig)) throw new IllegalStateException("verify");
        };
    }

    public Rate.Op rsaPrivate(int bits) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(bits);
        KeyPair kp = g.generateKeyPair();
        Cipher c = Cipher.getInstance("RSA/ECB/NoPadding");
        c.init(Cipher.DECRYPT_MODE, kp.getPrivate());
        byte[] in = new byte[bits / 8];
        in[1] = 1;
        return () -> c.doFinal(in);
    }
}
