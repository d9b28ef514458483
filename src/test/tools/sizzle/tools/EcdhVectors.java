package sizzle.tools;

import com.google.gson.JsonObject;
import java.util.Arrays;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.KeyAgreement;
import ksecurity.security.KeyBuilder;

/**
 * ECDH through KeyAgreement.ALG_EC_SVDP_DH_PLAIN: the peer's key is a bare point (ecpoint files)
 * or a SubjectPublicKeyInfo (asn files), which must name the group's curve.
 */
final class EcdhVectors implements VectorKind {
    private final boolean asn;

    EcdhVectors(boolean asn) {
        this.asn = asn;
    }

    public boolean run(JsonObject group, JsonObject test) {
        Curve curve = Curve.named(group.get("curve").getAsString());
        byte[] s = Hex.unsigned(test, "private", curve.orderBytes);
        ECPrivateKey key = (ECPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PRIVATE, curve.bits, false);
        key.setS(s, (short) 0, Hex.s(s.length));
        byte[] peer = Hex.get(test, "public");
        if (asn) {
            peer = SubjectPublicKeyInfo.point(peer, curve);
            if (peer == null) return false;
        }
        KeyAgreement ecdh = KeyAgreement.getInstance(KeyAgreement.ALG_EC_SVDP_DH_PLAIN, false);
        ecdh.init(key);
        byte[] shared = new byte[curve.fieldBytes()];
        int n = ecdh.generateSecret(peer, (short) 0, Hex.s(peer.length), shared, (short) 0);
        return n == shared.length && Arrays.equals(shared, Hex.get(test, "shared"));
    }
}
