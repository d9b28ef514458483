package sizzle.bench;

import ksecurity.crypto.Cipher;
import ksecurity.math.EcKernel;
import ksecurity.math.Kernels;
import ksecurity.math.ModExpKernel;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyAgreement;
import ksecurity.security.KeyBuilder;
import ksecurity.security.KeyPair;
import ksecurity.security.PrivateKey;
import ksecurity.security.Signature;

/** KSecurity through its Java Card-shaped API, on the pure-Java or the native kernels. */
final class KSecurityContender implements Contender {
    private final String column;
    private final EcKernel ec;
    private final ModExpKernel modExp;

    KSecurityContender(String column, EcKernel ec, ModExpKernel modExp) {
        this.column = column;
        this.ec = ec;
        this.modExp = modExp;
    }

    public String column() {
        return column;
    }

    private static short bits(String curve) {
        return (short) Integer.parseInt(curve.substring(4, 7));   // "secp256r1" -> 256
    }

    private KeyPair ecPair(String curve) {
        Kernels.use(ec, modExp);
        KeyPair kp = new KeyPair(KeyPair.ALG_EC_FP, bits(curve));
        kp.genKeyPair();
        return kp;
    }

    public Rate.Op ecdh(String curve) {
        KeyPair mine = ecPair(curve), peer = ecPair(curve);
        byte[] w = new byte[1 + 2 * 32];
        short wLen = ((ECPublicKey) peer.getPublic()).getW(w, (short) 0);
        KeyAgreement ka = KeyAgreement.getInstance(KeyAgreement.ALG_EC_SVDP_DH_PLAIN, false);
        ka.init(mine.getPrivate());
        byte[] secret = new byte[32];
        return () -> {
            Kernels.use(ec, modExp);
            ka.generateSecret(w, (short) 0, wLen, secret, (short) 0);
        };
    }

    public Rate.Op ecdsaSign(String curve) {
        KeyPair kp = ecPair(curve);
        Signature s = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        s.init(kp.getPrivate(), Signature.MODE_SIGN);
        byte[] msg = new byte[32], sig = new byte[80];
        int[] counter = {0};
        return () -> {
            Kernels.use(ec, modExp);
            msg[0] = (byte) counter[0]++;          // RFC 6979: a new message, a new nonce
            s.sign(msg, (short) 0, (short) 32, sig, (short) 0);
        };
    }

    public Rate.Op ecdsaVerify(String curve) {
        KeyPair kp = ecPair(curve);
        Signature s = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        s.init(kp.getPrivate(), Signature.MODE_SIGN);
        byte[] msg = new byte[32], sig = new byte[80];
        short len = s.sign(msg, (short) 0, (short) 32, sig, (short) 0);
        Signature v = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        v.init(kp.getPublic(), Signature.MODE_VERIFY);
        return () -> {
            Kernels.use(ec, modExp);
            if (!v.verify(msg, (short) 0, (short) 32, sig, (short) 0, len)) throw new IllegalStateException("verify");
        };
    }

    public Rate.Op ecdsaVerifyOneShot(String curve) {
        byte[][] w = new byte[KEYS][], sig = new byte[KEYS][];
        byte[] msg = new byte[32];
        for (int i = 0; i < KEYS; i++) {
            KeyPair kp = ecPair(curve);
            Signature s = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
            s.init(kp.getPrivate(), Signature.MODE_SIGN);
            byte[] buf = new byte[80];
            sig[i] = java.util.Arrays.copyOf(buf, s.sign(msg, (short) 0, (short) 32, buf, (short) 0));
            byte[] enc = new byte[1 + 2 * 32];
            w[i] = java.util.Arrays.copyOf(enc, ((ECPublicKey) kp.getPublic()).getW(enc, (short) 0));
        }
        Signature v = Signature.getInstance(Signature.ALG_ECDSA_SHA_256, false);
        int[] next = {0};
        return () -> {
            Kernels.use(ec, modExp);
            int i = next[0]++ % KEYS;
            ECPublicKey key = (ECPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PUBLIC, bits(curve), false);
            key.setW(w[i], (short) 0, (short) w[i].length);
            v.init(key, Signature.MODE_VERIFY);
            if (!v.verify(msg, (short) 0, (short) 32, sig[i], (short) 0, (short) sig[i].length)) {
                throw new IllegalStateException("verify");
            }
        };
    }

    public Rate.Op rsaPrivate(int bits) {
        Kernels.use(ec, modExp);
        KeyPair kp = new KeyPair(KeyPair.ALG_RSA_CRT, (short) bits);
        kp.genKeyPair();
        PrivateKey priv = kp.getPrivate();
        Cipher rsa = Cipher.getInstance(Cipher.ALG_RSA_NOPAD, false);
        rsa.init(priv, Cipher.MODE_DECRYPT);
        byte[] in = new byte[bits / 8], out = new byte[bits / 8];
        in[1] = 1;                                  // any value below the modulus
        return () -> {
            Kernels.use(ec, modExp);
            rsa.doFinal(in, (short) 0, (short) in.length, out, (short) 0);
        };
    }
}
