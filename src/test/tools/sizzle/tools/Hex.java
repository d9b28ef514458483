package sizzle.tools;

import com.google.gson.JsonObject;
import java.util.HexFormat;

/** Hex fields of Wycheproof files. */
final class Hex {
    private Hex() {
    }

    static byte[] get(JsonObject o, String field) {
        return HexFormat.of().parseHex(o.get(field).getAsString());
    }

    /** An unsigned big integer field, without the sign byte Wycheproof may prefix, left-padded to len. */
    static byte[] unsigned(JsonObject o, String field, int len) {
        byte[] v = get(o, field);
        int i = 0;
        while (i < v.length - 1 && v[i] == 0) i++;
        int n = v.length - i;
        if (n > len) return java.util.Arrays.copyOfRange(v, i, v.length);
        byte[] out = new byte[len];
        System.arraycopy(v, i, out, len - n, n);
        return out;
    }

    /** An unsigned big integer field with its leading zero bytes removed. */
    static byte[] unsigned(JsonObject o, String field) {
        return unsigned(o, field, 0);
    }

    static short s(int v) {
        if (v != (short) v) throw new IllegalArgumentException("length " + v + " exceeds the Java Card API's short");
        return (short) v;
    }
}
