package ksecurity.cert;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A test-side DER tree for making malformed certificates: parse a good one, change a node or
 * how its length is written, encode it again (enclosing lengths follow).
 */
final class Tlv {
    int tag;
    byte[] value; // primitive
    List<Tlv> kids; // constructed
    int lengthOctets; // 0: shortest form; n: long form with n octets (non-minimal if needless)
    boolean indefinite;
    int lengthDelta; // added to the written length (to lie about it)

    Tlv(int tag, byte[] value) {
        this.tag = tag;
        this.value = value;
    }

    Tlv(int tag, List<Tlv> kids) {
        this.tag = tag;
        this.kids = kids;
    }

    static Tlv parse(byte[] b) {
        int[] pos = {0};
        Tlv t = parse(b, pos);
        if (pos[0] != b.length) {
            throw new IllegalArgumentException("trailing");
        }
        return t;
    }

    private static Tlv parse(byte[] b, int[] pos) {
        int tag = b[pos[0]++] & 0xFF;
        int len = b[pos[0]++] & 0xFF;
        if (len >= 0x80) {
            int n = len & 0x7F;
            len = 0;
            for (int i = 0; i < n; i++) {
                len = (len << 8) | (b[pos[0]++] & 0xFF);
            }
        }
        int end = pos[0] + len;
        if ((tag & 0x20) != 0) {
            List<Tlv> kids = new ArrayList<>();
            while (pos[0] < end) {
                kids.add(parse(b, pos));
            }
            return new Tlv(tag, kids);
        }
        byte[] v = java.util.Arrays.copyOfRange(b, pos[0], end);
        pos[0] = end;
        return new Tlv(tag, v);
    }

    /** The node at a path of child indices. */
    Tlv at(int... path) {
        Tlv t = this;
        for (int i : path) {
            t = t.kids.get(i);
        }
        return t;
    }

    byte[] encode() {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        if (kids != null) {
            for (Tlv k : kids) {
                content.writeBytes(k.encode());
            }
        } else {
            content.writeBytes(value);
        }
        byte[] c = content.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int len = c.length + lengthDelta;
        if (indefinite) {
            out.write(0x80);
            out.writeBytes(c);
            out.write(0);
            out.write(0);
            return out.toByteArray();
        }
        int n = lengthOctets;
        if (n == 0) {
            n = len < 0x80 ? 0 : len < 0x100 ? 1 : len < 0x10000 ? 2 : 3;
        }
        if (n == 0) {
            out.write(len);
        } else {
            out.write(0x80 | n);
            for (int i = n - 1; i >= 0; i--) {
                out.write(len >>> (8 * i));
            }
        }
        out.writeBytes(c);
        return out.toByteArray();
    }
}
