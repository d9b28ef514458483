package ksecurity.cert;

import ksecurity.prim.Bytes;

/**
 * Writes DER. Constructed elements are opened with {@link #begin} and closed with {@link #end},
 * which fills in the length in its shortest form once the contents are known (moving them
 * when the length needs more than one octet), so callers never count bytes.
 */
public final class DerWriter {
    private byte[] buf = new byte[256];
    private int len;
    private int[] open = new int[DerReader.MAX_DEPTH];
    private int depth;

    /** Opens a constructed element (SEQUENCE, SET, or a context tag such as 0xA0). */
    public DerWriter begin(int tag) {
        if (depth == open.length) {
            throw new IllegalStateException("nesting too deep");
        }
        put(tag);
        put(0);
        open[depth++] = len;
        return this;
    }

    /** Closes the element opened last. */
    public DerWriter end() {
        if (depth == 0) {
            throw new IllegalStateException("end without begin");
        }
        int start = open[--depth];
        int n = len - start;
        int extra = n < 0x80 ? 0 : n < 0x100 ? 1 : n < 0x10000 ? 2 : 3;
        if (extra == 0) {
            buf[start - 1] = (byte) n;
            return this;
        }
        ensure(extra);
        System.arraycopy(buf, start, buf, start + extra, n);
        buf[start - 1] = (byte) (0x80 | extra);
        for (int i = 0; i < extra; i++) {
            buf[start + i] = (byte) (n >>> (8 * (extra - 1 - i)));
        }
        len += extra;
        return this;
    }

    /** Writes a primitive element. */
    public DerWriter primitive(int tag, byte[] v, int off, int n) {
        put(tag);
        putLength(n);
        ensure(n);
        System.arraycopy(v, off, buf, len, n);
        len += n;
        return this;
    }

    public DerWriter primitive(int tag, byte[] v) {
        return primitive(tag, v, 0, v.length);
    }

    /** Copies an already-encoded element (or several). */
    public DerWriter raw(byte[] der) {
        ensure(der.length);
        System.arraycopy(der, 0, buf, len, der.length);
        len += der.length;
        return this;
    }

    public DerWriter bool(boolean v) {
        return primitive(DerReader.BOOLEAN, new byte[] {(byte) (v ? 0xFF : 0)});
    }

    public DerWriter nul() {
        return primitive(DerReader.NULL, new byte[0]);
    }

    public DerWriter oid(String dotted) {
        return primitive(DerReader.OID, Oid.toBytes(dotted));
    }

    /** A non-negative INTEGER from a big-endian magnitude of any padding. */
    public DerWriter unsignedInteger(byte[] magnitude) {
        int i = 0;
        while (i < magnitude.length - 1 && magnitude[i] == 0) {
            i++;
        }
        int n = magnitude.length - i;
        boolean pad = n > 0 && magnitude[i] < 0;
        put(DerReader.INTEGER);
        if (n == 0) {
            putLength(1);
            put(0);
            return this;
        }
        putLength(n + (pad ? 1 : 0));
        if (pad) {
            put(0);
        }
        ensure(n);
        System.arraycopy(magnitude, i, buf, len, n);
        len += n;
        return this;
    }

    /** A non-negative INTEGER. */
    public DerWriter integer(long v) {
        byte[] m = new byte[8];
        for (int i = 0; i < 8; i++) {
            m[i] = (byte) (v >>> (56 - 8 * i));
        }
        return unsignedInteger(m);
    }

    public DerWriter octetString(byte[] v) {
        return primitive(DerReader.OCTET_STRING, v);
    }

    /** A BIT STRING holding whole octets (a key or a signature). */
    public DerWriter bitString(byte[] octets) {
        put(DerReader.BIT_STRING);
        putLength(octets.length + 1);
        put(0);
        ensure(octets.length);
        System.arraycopy(octets, 0, buf, len, octets.length);
        len += octets.length;
        return this;
    }

    /** A named-bit BIT STRING (bit 0 first), trailing zero bits dropped as DER requires. */
    public DerWriter namedBits(boolean[] bits) {
        int n = bits.length;
        while (n > 0 && !bits[n - 1]) {
            n--;
        }
        int octets = (n + 7) / 8;
        byte[] v = new byte[octets + 1];
        v[0] = (byte) (octets * 8 - n);
        for (int i = 0; i < n; i++) {
            if (bits[i]) {
                v[1 + (i >> 3)] |= (byte) (0x80 >>> (i & 7));
            }
        }
        return primitive(DerReader.BIT_STRING, v);
    }

    /** A time as RFC 5280 wants it (UTCTime through 2049, GeneralizedTime after). */
    public DerWriter time(long ms) {
        return primitive(DerTime.isUtc(ms) ? DerReader.UTC_TIME : DerReader.GENERALIZED_TIME, DerTime.format(ms));
    }

    /** A string element of the given tag, its characters encoded as UTF-8. */
    public DerWriter string(int tag, String s) {
        return primitive(tag, Utf8.encode(s));
    }

    public int size() {
        return len;
    }

    /** The encoding so far; all elements must be closed. */
    public byte[] toByteArray() {
        if (depth != 0) {
            throw new IllegalStateException("unclosed element");
        }
        return Bytes.copy(buf, 0, len);
    }

    private void putLength(int n) {
        if (n < 0x80) {
            put(n);
        } else if (n < 0x100) {
            put(0x81);
            put(n);
        } else if (n < 0x10000) {
            put(0x82);
            put(n >>> 8);
            put(n);
        } else {
            put(0x83);
            put(n >>> 16);
            put(n >>> 8);
            put(n);
        }
    }

    private void put(int b) {
        ensure(1);
        buf[len++] = (byte) b;
    }

    private void ensure(int n) {
        if (len + n > buf.length) {
            byte[] b = new byte[Math.max(buf.length * 2, len + n)];
            System.arraycopy(buf, 0, b, 0, len);
            buf = b;
        }
    }
}
