package ksecurity.cert;

import ksecurity.prim.Bytes;

/**
 * A strict DER reader (ITU-T X.690 section 10) over one constructed element's contents.
 *
 * <p>Strict means: definite lengths only, each in its shortest form, every length inside its
 * enclosing element, no bytes after the last element, single-byte tags, primitive encodings for
 * strings, minimal INTEGERs, BOOLEANs of exactly 0x00 or 0xFF. {@link #open} also walks the whole
 * tree before anything is interpreted, so a malformed element deep inside a part nobody reads
 * (an unknown extension, a name attribute) still fails, and the nesting depth is bounded so that
 * hostile input cannot run the walk (or later parsing) out of stack.
 *
 * <p>Every failure is a {@link CertificateException#MALFORMED} with a detail naming the rule;
 * nothing here can throw an array-index exception, because every read is bounded by {@code end}.
 */
public final class DerReader {
    /** Deepest nesting accepted; X.509 certificates need 6, keys 4. */
    public static final int MAX_DEPTH = 16;

    public static final int BOOLEAN = 0x01;
    public static final int INTEGER = 0x02;
    public static final int BIT_STRING = 0x03;
    public static final int OCTET_STRING = 0x04;
    public static final int NULL = 0x05;
    public static final int OID = 0x06;
    public static final int UTF8_STRING = 0x0C;
    public static final int PRINTABLE_STRING = 0x13;
    public static final int T61_STRING = 0x14;
    public static final int IA5_STRING = 0x16;
    public static final int UTC_TIME = 0x17;
    public static final int GENERALIZED_TIME = 0x18;
    public static final int UNIVERSAL_STRING = 0x1C;
    public static final int BMP_STRING = 0x1E;
    public static final int SEQUENCE = 0x30;
    public static final int SET = 0x31;

    private final byte[] buf;
    private final int end;
    private final int depth;
    private int pos;

    // The element last read: where its tag starts, where its value lies.
    private int elemStart;
    private int valueOff;
    private int valueLen;

    private DerReader(byte[] buf, int off, int end, int depth) {
        this.buf = buf;
        this.pos = off;
        this.end = end;
        this.depth = depth;
    }

    /**
     * Checks that {@code buf[off..off+len)} is exactly one DER element, well formed all the way
     * down, and returns a reader positioned before it.
     */
    public static DerReader open(byte[] buf, int off, int len) throws CertificateException {
        if (buf == null || off < 0 || len < 0 || off > buf.length - len) {
            throw CertificateException.malformed("no input");
        }
        DerReader r = new DerReader(buf, off, off + len, 0);
        int next = walk(buf, off, off + len, 0);
        if (next != off + len) {
            throw CertificateException.malformed("trailing bytes after the last element");
        }
        return r;
    }

    /** As {@link #open(byte[], int, int)} over the whole array. */
    public static DerReader open(byte[] buf) throws CertificateException {
        return open(buf, 0, buf == null ? 0 : buf.length);
    }

    /**
     * The length (tag and length octets included) of the DER element starting at {@code off},
     * whose header must lie within {@code buf[off..off+len)} and whose value must fit there too;
     * the contents are not checked (use {@link #open} for that).
     */
    public static int elementLength(byte[] buf, int off, int len) throws CertificateException {
        if (buf == null || off < 0 || len < 0 || off > buf.length - len) {
            throw CertificateException.malformed("no input");
        }
        long h = header(buf, off, off + len, true);
        return (int) (h >>> 32) + (int) h - off;
    }

    /**
     * Validates the element at {@code off} (recursively for constructed ones) and returns the
     * offset just after it.
     */
    private static int walk(byte[] b, int off, int end, int depth) throws CertificateException {
        if (depth > MAX_DEPTH) {
            throw CertificateException.malformed("nesting too deep");
        }
        long h = header(b, off, end, depth == 0);
        int vOff = (int) (h >>> 32);
        int vLen = (int) h;
        int tag = b[off] & 0xFF;
        if ((tag & 0x20) != 0) {
            if ((tag & 0xC0) == 0 && tag != SEQUENCE && tag != SET) {
                throw CertificateException.malformed("constructed encoding of a primitive type");
            }
            int p = vOff;
            int vEnd = vOff + vLen;
            while (p < vEnd) {
                p = walk(b, p, vEnd, depth + 1);
            }
        }
        return vOff + vLen;
    }

    /**
     * Parses a tag and length at {@code off}; returns value offset (high half) and value length
     * (low half). {@code top} only changes the wording of a length that runs past the input.
     */
    private static long header(byte[] b, int off, int end, boolean top) throws CertificateException {
        if (end - off < 2) {
            throw CertificateException.malformed("truncated");
        }
        if ((b[off] & 0x1F) == 0x1F) {
            throw CertificateException.malformed("multi-byte tag");
        }
        if (b[off] == 0) {
            throw CertificateException.malformed("end-of-contents octets (BER only)");
        }
        int p = off + 1;
        int first = b[p++] & 0xFF;
        long len;
        if (first < 0x80) {
            len = first;
        } else if (first == 0x80) {
            throw CertificateException.malformed("indefinite length");
        } else {
            int n = first & 0x7F;
            if (n > 4) {
                throw CertificateException.malformed("length too large");
            }
            if (end - p < n) {
                throw CertificateException.malformed("truncated");
            }
            if (b[p] == 0) {
                throw CertificateException.malformed("non-minimal length");
            }
            len = 0;
            for (int i = 0; i < n; i++) {
                len = (len << 8) | (b[p++] & 0xFF);
            }
            if (len < 0x80) {
                throw CertificateException.malformed("non-minimal length");
            }
        }
        if (len > end - p) {
            throw CertificateException.malformed(top ? "truncated" : "length beyond the enclosing element");
        }
        return ((long) p << 32) | len;
    }

    /** True if elements remain in this reader. */
    public boolean hasMore() {
        return pos < end;
    }

    /** The tag of the next element, or -1 at the end. */
    public int peekTag() {
        return pos < end ? buf[pos] & 0xFF : -1;
    }

    /** Fails unless every element has been read. */
    public void finish() throws CertificateException {
        if (pos != end) {
            throw CertificateException.malformed("unexpected extra element");
        }
    }

    /** Reads the next element, which must carry {@code tag}; returns its value offset. */
    public int read(int tag) throws CertificateException {
        if (pos >= end) {
            throw CertificateException.malformed("missing element, expected tag 0x".concat(Integer.toHexString(tag)));
        }
        int t = buf[pos] & 0xFF;
        if (t != tag) {
            throw CertificateException.malformed("wrong tag 0x".concat(Integer.toHexString(t))
                    .concat(", expected 0x").concat(Integer.toHexString(tag)));
        }
        return readAny();
    }

    /** Reads the next element whatever its tag; returns its value offset. */
    public int readAny() throws CertificateException {
        long h = header(buf, pos, end, false);
        elemStart = pos;
        valueOff = (int) (h >>> 32);
        valueLen = (int) h;
        pos = valueOff + valueLen;
        return valueOff;
    }

    /** The tag of the element last read. */
    public int lastTag() {
        return buf[elemStart] & 0xFF;
    }

    /** Value offset of the element last read. */
    public int valueOffset() {
        return valueOff;
    }

    /** Value length of the element last read. */
    public int valueLength() {
        return valueLen;
    }

    /** Where the element last read starts (its tag). */
    public int elementOffset() {
        return elemStart;
    }

    /** Length of the whole element last read, tag and length included. */
    public int elementLength() {
        return valueOff + valueLen - elemStart;
    }

    /** The buffer this reader reads. */
    public byte[] buffer() {
        return buf;
    }

    /** A copy of the whole element last read (tag, length, value). */
    public byte[] elementBytes() {
        return Bytes.copy(buf, elemStart, elementLength());
    }

    /** A copy of the value of the element last read. */
    public byte[] valueBytes() {
        return Bytes.copy(buf, valueOff, valueLen);
    }

    /** Reads a constructed element with {@code tag} and returns a reader over its contents. */
    public DerReader readConstructed(int tag) throws CertificateException {
        read(tag);
        if (depth + 1 > MAX_DEPTH) {
            throw CertificateException.malformed("nesting too deep");
        }
        return new DerReader(buf, valueOff, valueOff + valueLen, depth + 1);
    }

    public DerReader readSequence() throws CertificateException {
        return readConstructed(SEQUENCE);
    }

    /** Reads a BOOLEAN: one content octet, 0x00 or 0xFF (X.690 11.1). */
    public boolean readBoolean() throws CertificateException {
        read(BOOLEAN);
        if (valueLen != 1) {
            throw CertificateException.malformed("bad BOOLEAN length");
        }
        int v = buf[valueOff] & 0xFF;
        if (v != 0 && v != 0xFF) {
            throw CertificateException.malformed("bad BOOLEAN value");
        }
        return v == 0xFF;
    }

    /** Reads a NULL (no content). */
    public void readNull() throws CertificateException {
        read(NULL);
        if (valueLen != 0) {
            throw CertificateException.malformed("bad NULL");
        }
    }

    /**
     * Reads an INTEGER's two's-complement content, checking it is minimal (X.690 8.3.2) and at
     * most {@code maxLen} octets.
     */
    public byte[] readInteger(int maxLen) throws CertificateException {
        read(INTEGER);
        checkInteger(maxLen);
        return valueBytes();
    }

    private void checkInteger(int maxLen) throws CertificateException {
        if (valueLen == 0) {
            throw CertificateException.malformed("empty INTEGER");
        }
        if (valueLen > 1) {
            int b0 = buf[valueOff];
            int b1 = buf[valueOff + 1] & 0x80;
            if ((b0 == 0 && b1 == 0) || (b0 == -1 && b1 != 0)) {
                throw CertificateException.malformed("non-minimal INTEGER");
            }
        }
        if (valueLen > maxLen) {
            throw CertificateException.malformed("oversized INTEGER");
        }
    }

    /**
     * Reads a non-negative INTEGER and returns its magnitude, big-endian without the sign octet
     * ({@code maxBytes} bounds the magnitude). Zero comes back as one zero byte.
     */
    public byte[] readUnsignedInteger(int maxBytes) throws CertificateException {
        read(INTEGER);
        checkInteger(maxBytes + 1);
        if (buf[valueOff] < 0) {
            throw CertificateException.malformed("negative INTEGER");
        }
        if (buf[valueOff] == 0 && valueLen > 1) {
            return Bytes.copy(buf, valueOff + 1, valueLen - 1);
        }
        if (valueLen > maxBytes) {
            throw CertificateException.malformed("oversized INTEGER");
        }
        return valueBytes();
    }

    /** Reads a non-negative INTEGER that fits an int. */
    public int readSmallInt() throws CertificateException {
        byte[] v = readUnsignedInteger(4);
        if (v.length == 4 && v[0] < 0) {
            throw CertificateException.malformed("oversized INTEGER");
        }
        int r = 0;
        for (int i = 0; i < v.length; i++) {
            r = (r << 8) | (v[i] & 0xFF);
        }
        return r;
    }

    /** Reads an OBJECT IDENTIFIER as a dotted string. */
    public String readOid() throws CertificateException {
        read(OID);
        return Oid.toDotted(buf, valueOff, valueLen);
    }

    /** Reads an OCTET STRING's contents. */
    public byte[] readOctetString() throws CertificateException {
        read(OCTET_STRING);
        return valueBytes();
    }

    /**
     * Reads a BIT STRING whose length is a whole number of octets (keys, signatures) and returns
     * those octets.
     */
    public byte[] readOctetAlignedBitString() throws CertificateException {
        read(BIT_STRING);
        if (valueLen == 0) {
            throw CertificateException.malformed("empty BIT STRING");
        }
        if (buf[valueOff] != 0) {
            throw CertificateException.malformed("BIT STRING not octet aligned");
        }
        return Bytes.copy(buf, valueOff + 1, valueLen - 1);
    }

    /**
     * Reads a named-bit BIT STRING (as keyUsage) into booleans, bit 0 first. DER requires unused
     * bits to be zero and no trailing zero bits (X.690 11.2).
     */
    public boolean[] readNamedBits() throws CertificateException {
        read(BIT_STRING);
        if (valueLen == 0) {
            throw CertificateException.malformed("empty BIT STRING");
        }
        int unused = buf[valueOff] & 0xFF;
        if (unused > 7 || (valueLen == 1 && unused != 0)) {
            throw CertificateException.malformed("bad BIT STRING unused-bit count");
        }
        int nBits = (valueLen - 1) * 8 - unused;
        if (nBits > 0) {
            int last = buf[valueOff + valueLen - 1] & 0xFF;
            if ((last & ((1 << unused) - 1)) != 0) {
                throw CertificateException.malformed("BIT STRING unused bits not zero");
            }
            if ((last & (1 << unused)) == 0) {
                throw CertificateException.malformed("BIT STRING with trailing zero bits");
            }
        }
        boolean[] bits = new boolean[nBits];
        for (int i = 0; i < nBits; i++) {
            bits[i] = (buf[valueOff + 1 + (i >> 3)] & (0x80 >>> (i & 7))) != 0;
        }
        return bits;
    }

    /** Reads a UTCTime or GeneralizedTime as milliseconds since 1970-01-01T00:00:00Z. */
    public long readTime() throws CertificateException {
        int tag = peekTag();
        if (tag != UTC_TIME && tag != GENERALIZED_TIME) {
            read(UTC_TIME); // fails with the wrong-tag detail
        }
        readAny();
        return DerTime.parse(buf, valueOff, valueLen, tag == GENERALIZED_TIME);
    }

    /** Skips the next element, whatever it is. */
    public void skip() throws CertificateException {
        readAny();
    }
}
