package sizzle.tools;

import com.google.gson.JsonObject;
import java.util.Arrays;
import ksecurity.crypto.AEADCipher;
import ksecurity.crypto.Cipher;
import ksecurity.security.AESKey;
import ksecurity.security.KeyBuilder;

/** AES-GCM and AES-CCM through AEADCipher: decryption (with the tag check) always, encryption for valid cases. */
final class AeadVectors implements VectorKind {
    private final byte algorithm;

    AeadVectors(String name) {
        algorithm = name.equals("AES-GCM") ? AEADCipher.ALG_AES_GCM : AEADCipher.ALG_AES_CCM;
    }

    public boolean run(JsonObject group, JsonObject test) {
        byte[] key = Hex.get(test, "key"), iv = Hex.get(test, "iv"), aad = Hex.get(test, "aad");
        byte[] msg = Hex.get(test, "msg"), ct = Hex.get(test, "ct"), tag = Hex.get(test, "tag");
        int tagLen = group.get("tagSize").getAsInt() / 8;
        AESKey k = (AESKey) KeyBuilder.buildKey(KeyBuilder.TYPE_AES, Hex.s(key.length * 8), false);
        k.setKey(key, (short) 0);
        AEADCipher c = (AEADCipher) Cipher.getInstance(algorithm, false);

        c.init(k, Cipher.MODE_DECRYPT, iv, (short) 0, Hex.s(iv.length), Hex.s(aad.length), Hex.s(ct.length), Hex.s(tagLen));
        if (aad.length > 0) c.updateAAD(aad, (short) 0, Hex.s(aad.length));
        byte[] plain = new byte[ct.length];
        int n = c.doFinal(ct, (short) 0, Hex.s(ct.length), plain, (short) 0);
        if (!c.verifyTag(tag, (short) 0, Hex.s(tag.length), Hex.s(tagLen))) return false;
        if (n != msg.length || !Arrays.equals(plain, msg)) return false;

        c.init(k, Cipher.MODE_ENCRYPT, iv, (short) 0, Hex.s(iv.length), Hex.s(aad.length), Hex.s(msg.length), Hex.s(tagLen));
        if (aad.length > 0) c.updateAAD(aad, (short) 0, Hex.s(aad.length));
        byte[] sealed = new byte[msg.length];
        n = c.doFinal(msg, (short) 0, Hex.s(msg.length), sealed, (short) 0);
        byte[] myTag = new byte[tagLen];
        c.retrieveTag(myTag, (short) 0, Hex.s(tagLen));
        return n == ct.length && Arrays.equals(sealed, ct) && Arrays.equals(myTag, tag);
    }
}
