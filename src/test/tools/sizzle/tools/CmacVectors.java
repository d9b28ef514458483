package sizzle.tools;

import com.google.gson.JsonObject;
import java.util.Arrays;
import ksecurity.security.AESKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.Signature;

/** AES-CMAC through Signature.ALG_AES_CMAC_128; a truncated tag is compared with the MAC's prefix. */
final class CmacVectors implements VectorKind {
    public boolean run(JsonObject group, JsonObject test) {
        byte[] key = Hex.get(test, "key"), msg = Hex.get(test, "msg"), tag = Hex.get(test, "tag");
        int tagLen = group.get("tagSize").getAsInt() / 8;
        AESKey k = (AESKey) KeyBuilder.buildKey(KeyBuilder.TYPE_AES, Hex.s(key.length * 8), false);
        k.setKey(key, (short) 0);
        Signature mac = Signature.getInstance(Signature.ALG_AES_CMAC_128, false);
        mac.init(k, Signature.MODE_SIGN);
        byte[] full = new byte[16];
        mac.sign(msg, (short) 0, Hex.s(msg.length), full, (short) 0);
        return tag.length == tagLen && Arrays.equals(Arrays.copyOf(full, tagLen), tag);
    }
}
