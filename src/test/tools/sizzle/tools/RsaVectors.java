package sizzle.tools;

import com.google.gson.JsonObject;
import java.util.Arrays;
import ksecurity.crypto.Cipher;
import ksecurity.security.KeyBuilder;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPrivateKey;
import ksecurity.security.RSAPublicKey;
import ksecurity.security.Signature;

/** RSA PKCS#1 v1.5: decryption with a CRT key, signature verification, and signing (non-CRT key). */
final class RsaVectors implements VectorKind {
    enum Mode { DECRYPT, VERIFY, SIGN }

    private final Mode mode;

    RsaVectors(Mode mode) {
        this.mode = mode;
    }

    public boolean run(JsonObject group, JsonObject test) {
        short bits = Hex.s(group.get("keySize").getAsInt());
        byte[] msg = Hex.get(test, "msg");
        switch (mode) {
            case DECRYPT: {
                JsonObject k = group.getAsJsonObject("privateKey");
                RSAPrivateCrtKey key = (RSAPrivateCrtKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_CRT_PRIVATE, bits, false);
                byte[] v;
                v = Hex.unsigned(k, "prime1"); key.setP(v, (short) 0, Hex.s(v.length));
                v = Hex.unsigned(k, "prime2"); key.setQ(v, (short) 0, Hex.s(v.length));
                v = Hex.unsigned(k, "exponent1"); key.setDP1(v, (short) 0, Hex.s(v.length));
                v = Hex.unsigned(k, "exponent2"); key.setDQ1(v, (short) 0, Hex.s(v.length));
                v = Hex.unsigned(k, "coefficient"); key.setPQ(v, (short) 0, Hex.s(v.length));
                Cipher rsa = Cipher.getInstance(Cipher.ALG_RSA_PKCS1, false);
                rsa.init(key, Cipher.MODE_DECRYPT);
                byte[] ct = Hex.get(test, "ct");
                byte[] out = new byte[bits / 8];
                int n = rsa.doFinal(ct, (short) 0, Hex.s(ct.length), out, (short) 0);
                return Arrays.equals(Arrays.copyOf(out, n), msg);
            }
            case VERIFY: {
                JsonObject k = group.getAsJsonObject("publicKey");
                RSAPublicKey key = (RSAPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PUBLIC, bits, false);
                byte[] v;
                v = Hex.unsigned(k, "modulus"); key.setModulus(v, (short) 0, Hex.s(v.length));
                v = Hex.unsigned(k, "publicExponent"); key.setExponent(v, (short) 0, Hex.s(v.length));
                Signature rsa = Signature.getInstance(algorithm(group.get("sha").getAsString()), false);
                rsa.init(key, Signature.MODE_VERIFY);
                byte[] sig = Hex.get(test, "sig");
                return rsa.verify(msg, (short) 0, Hex.s(msg.length), sig, (short) 0, Hex.s(sig.length));
            }
            default: {
                JsonObject k = group.getAsJsonObject("privateKey");
                RSAPrivateKey key = (RSAPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PRIVATE, bits, false);
                byte[] v;
                v = Hex.unsigned(k, "modulus"); key.setModulus(v, (short) 0, Hex.s(v.length));
                v = Hex.unsigned(k, "privateExponent"); key.setExponent(v, (short) 0, Hex.s(v.length));
                Signature rsa = Signature.getInstance(algorithm(group.get("sha").getAsString()), false);
                rsa.init(key, Signature.MODE_SIGN);
                byte[] sig = new byte[bits / 8];
                int n = rsa.sign(msg, (short) 0, Hex.s(msg.length), sig, (short) 0);
                return Arrays.equals(Arrays.copyOf(sig, n), Hex.get(test, "sig"));
            }
        }
    }

    private static byte algorithm(String sha) {
        switch (sha) {
            case "MD5": return Signature.ALG_RSA_MD5_PKCS1;
            case "SHA-1": return Signature.ALG_RSA_SHA_PKCS1;
            case "SHA-224": return Signature.ALG_RSA_SHA_224_PKCS1;
            case "SHA-256": return Signature.ALG_RSA_SHA_256_PKCS1;
            case "SHA-384": return Signature.ALG_RSA_SHA_384_PKCS1;
            case "SHA-512": return Signature.ALG_RSA_SHA_512_PKCS1;
            default:
                throw new Unsupported("RSA with " + sha);
        }
    }
}
