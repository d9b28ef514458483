package sizzle.tools;

import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.Signature;

/** ECDSA verification, DER signatures or IEEE P1363 (r||s, turned into DER here). */
final class EcdsaVectors implements VectorKind {
    private final boolean p1363;

    EcdsaVectors(boolean p1363) {
        this.p1363 = p1363;
    }

    public boolean run(JsonObject group, JsonObject test) {
        JsonObject pk = group.getAsJsonObject("publicKey");
        Curve curve = Curve.named(pk.get("curve").getAsString());
        byte[] w = Hex.get(pk, "uncompressed");
        ECPublicKey key = (ECPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PUBLIC, curve.bits, false);
        key.setW(w, (short) 0, Hex.s(w.length));
        Signature ecdsa = Signature.getInstance(algorithm(group.get("sha").getAsString()), false);
        ecdsa.init(key, Signature.MODE_VERIFY);
        byte[] msg = Hex.get(test, "msg"), sig = Hex.get(test, "sig");
        if (p1363) {
            if (sig.length != 2 * curve.orderBytes) return false;
            sig = der(sig, curve.orderBytes);
        }
        return ecdsa.verify(msg, (short) 0, Hex.s(msg.length), sig, (short) 0, Hex.s(sig.length));
    }

    static byte algorithm(String sha) {
        switch (sha) {
            case "SHA-1": return Signature.ALG_ECDSA_SHA;
            case "SHA-224": return Signature.ALG_ECDSA_SHA_224;
            case "SHA-256": return Signature.ALG_ECDSA_SHA_256;
            case "SHA-384": return Signature.ALG_ECDSA_SHA_384;
            case "SHA-512": return Signature.ALG_ECDSA_SHA_512;
            default:
                throw new Unsupported("ECDSA with " + sha);
        }
    }

    /** SEQUENCE { INTEGER r, INTEGER s } from the fixed-length halves of a P1363 signature. */
    private static byte[] der(byte[] raw, int n) {
        byte[] r = new BigInteger(1, java.util.Arrays.copyOfRange(raw, 0, n)).toByteArray();
        byte[] s = new BigInteger(1, java.util.Arrays.copyOfRange(raw, n, 2 * n)).toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x30);
        out.write(4 + r.length + s.length);
        out.write(0x02);
        out.write(r.length);
        out.writeBytes(r);
        out.write(0x02);
        out.write(s.length);
        out.writeBytes(s);
        return out.toByteArray();
    }
}
