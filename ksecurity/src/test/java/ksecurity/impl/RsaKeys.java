package ksecurity.impl;

import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Arrays;
import ksecurity.security.KeyBuilder;
import ksecurity.security.KeyPair;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPrivateKey;
import ksecurity.security.RSAPublicKey;

/** Test helpers: RSA key pairs made once per size, and their JDK twins. */
final class RsaKeys {
    private static final java.util.Map<Integer, KeyPair> CACHE = new java.util.HashMap<>();

    private RsaKeys() {
    }

    /** A CRT key pair of this size, generated through KeyPair.genKeyPair (the real RandomData). */
    static synchronized KeyPair crt(int bits) {
        return CACHE.computeIfAbsent(bits, b -> {
            KeyPair kp = new KeyPair(KeyPair.ALG_RSA_CRT, (short) (int) b);
            kp.genKeyPair();
            return kp;
        });
    }

    static BigInteger get(java.util.function.BiFunction<byte[], Short, Short> getter) {
        byte[] buf = new byte[600];
        short len = getter.apply(buf, (short) 0);
        return new BigInteger(1, Arrays.copyOf(buf, len));
    }

    static java.security.PublicKey jdkPublic(RSAPublicKey k) throws Exception {
        return KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(get(k::getModulus), get(k::getExponent)));
    }

    static java.security.PrivateKey jdkPrivate(RSAPublicKey pub, RSAPrivateCrtKey k) throws Exception {
        BigInteger n = get(pub::getModulus);
        BigInteger e = get(pub::getExponent);
        BigInteger p = get(k::getP);
        BigInteger q = get(k::getQ);
        BigInteger d = e.modInverse(p.subtract(BigInteger.ONE).multiply(q.subtract(BigInteger.ONE)));
        return KeyFactory.getInstance("RSA").generatePrivate(new RSAPrivateCrtKeySpec(n, e, d, p, q,
                get(k::getDP1), get(k::getDQ1), get(k::getPQ)));
    }

    /** The same private key in (n, d) form. */
    static RSAPrivateKey plainPrivate(RSAPublicKey pub, RSAPrivateCrtKey k) {
        BigInteger e = get(pub::getExponent);
        BigInteger p = get(k::getP);
        BigInteger q = get(k::getQ);
        BigInteger d = e.modInverse(p.subtract(BigInteger.ONE).multiply(q.subtract(BigInteger.ONE)));
        RSAPrivateKey r = (RSAPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PRIVATE, pub.getSize(), false);
        byte[] n = get(pub::getModulus).toByteArray();
        r.setModulus(n, (short) 0, (short) n.length);
        byte[] db = d.toByteArray();
        r.setExponent(db, (short) 0, (short) db.length);
        return r;
    }
}
