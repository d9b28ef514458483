package sizzle.template;

import ksecurity.math.Curves;
import ksecurity.math.EcPoints;

/**
 * The suppressor and the recreator of LINK.md §9: a message (whole TLS records) is written as
 * its length and a short program of ops over the templates both ends hold (a {@link TemplateBook}):
 * copy bytes from a template, insert bytes that differ (randoms, session ids, ciphertext), jump
 * to another template, and an EC point sent as x and one bit. The recreator runs the program and
 * gets exactly the original bytes, which TLS then reads and hashes; nothing in it depends on
 * TLS, so any byte string goes through unchanged (a bad guess only costs bytes, never
 * correctness). The same code runs on the gateway and on a device (CLDC 1.1, no allocation on
 * the recreator's path but the output). The one op that knows TLS is HELLO_DIGEST (LINK.md §15.2):
 * a first op carrying the real ClientHello's digest, the ops after it producing its projection.
 *
 * <p>A compressed message is ops alone, to its end (the link's length says where that is):
 * {@code 00nnnnnn} LITERAL n+1 bytes follow; {@code 01nnnnnn} COPY n+1 bytes from the cursor;
 * {@code 100ttttt} SEEK to template t, then the offset (varint); {@code 101ttttt} SEEK to the
 * start of template t; {@code 0xE0} COPY_LONG, the count (varint); {@code 0xF0 | curve << 1 | ybit} POINT, x follows, 04||x||y produced
 * (secp160r1 = 0, P-256 = 3). A LITERAL and a POINT move the cursor too (they stand for the
 * template's bytes there). Varints: 7 bits a byte, low group first, high bit = more; at most 3
 * bytes. The cursor ({@link TemplateCursor}) carries over from the direction's last message.
 */
public final class TemplateCodec {
    static final int COPY = 0x40, SEEK = 0x80, SEEK_START = 0xA0, RESERVED = 0xC0, COPY_LONG = 0xE0, POINT = 0xF0;
    /** The op a compressed ClientHello's digest starts with (LINK.md §15.2): always the message's first byte. */
    public static final int HELLO_DIGEST = 0xC1;
    /** The longest LITERAL and COPY one op byte holds. */
    static final int SHORT = 64;
    /** A jump pays for itself from this match length on (SEEK, offset, COPY, and the jump back). */
    static final int SEEK_MIN = 8;
    /** A copy at the cursor pays from this length on (vs. the literal it replaces). */
    static final int COPY_MIN = 2;
    /** The curves a POINT may name: the two the profiles use. */
    private static final int[] POINT_CURVES = {Curves.SECP256R1, Curves.SECP160R1};

    private TemplateCodec() {
    }

    // --- the suppressor ---

    /** The compressed form of {@code in[off, off+len)} over {@code book}, from a fresh cursor. */
    public static byte[] compress(byte[] in, int off, int len, TemplateBook book) {
        return compress(in, off, len, book, new TemplateCursor());
    }

    /** The compressed form of {@code in[off, off+len)} over {@code book}; moves {@code cur} as the recreator will. */
    public static byte[] compress(byte[] in, int off, int len, TemplateBook book, TemplateCursor cur) {
        return compress(in, off, len, book, cur, book.points);
    }

    /** As above; with {@code points} false it writes no POINT (as for a C device's book, edition 2), whatever the book's edition. */
    static byte[] compress(byte[] in, int off, int len, TemplateBook book, TemplateCursor cur, boolean points) {
        Out o = new Out(len / 2 + 16);
        int end = off + len, litStart = -1;
        int i = off;
        while (i < end) {
            int pointLen = points ? pointAt(in, off, i, end) : 0;
            if (pointLen > 0) {
                litStart = o.flush(in, litStart, i);
                int fb = (pointLen - 1) / 2;
                int curve = curveOf(fb);
                o.put(POINT | curve << 1 | (in[i + pointLen - 1] & 1));
                o.put(in, i + 1, fb);
                i += pointLen;
                cur.advance(pointLen, book.template(cur.t));
                continue;
            }
            int m = cur.t >= 0 ? match(in, i, end, book.template(cur.t), cur.pos) : 0;
            if (m >= COPY_MIN) {
                litStart = o.flush(in, litStart, i);
                o.copy(m);
                i += m;
                cur.advance(m, book.template(cur.t));
                continue;
            }
            long best = search(in, i, end, book);
            if (best != 0) {
                int bt = (int) (best >>> 40), bp = (int) (best >>> 20) & 0xFFFFF, bl = (int) best & 0xFFFFF;
                litStart = o.flush(in, litStart, i);
                if (bp == 0) {
                    o.put(SEEK_START | bt);
                } else {
                    o.put(SEEK | bt);
                    o.varint(bp);
                }
                o.copy(bl);
                cur.seek(bt, bp);
                cur.advance(bl, book.template(bt));
                i += bl;
                continue;
            }
            if (litStart < 0) litStart = i;
            i++;
            // The recreator moves its cursor by whole ops: a LITERAL ends where the cursor goes back from a certificate.
            if (cur.advance(1, book.template(cur.t))) litStart = o.flush(in, litStart, i);
        }
        o.flush(in, litStart, end);
        return o.bytes();
    }

    /** Length of the match of in[i..] and tpl[pos..]. */
    private static int match(byte[] in, int i, int end, byte[] tpl, int pos) {
        int n = 0;
        while (i + n < end && pos + n < tpl.length && pos + n >= 0 && in[i + n] == tpl[pos + n]) n++;
        return n;
    }

    /** The longest match of in[i..] anywhere in the book, as t << 40 | pos << 20 | len, or 0 if none reaches SEEK_MIN. */
    private static long search(byte[] in, int i, int end, TemplateBook book) {
        if (end - i < SEEK_MIN) return 0;
        long best = 0;
        int bestLen = SEEK_MIN - 1;
        for (int place = book.firstPlace(TemplateBook.hash(in, i)); place >= 0; place = book.nextPlace(place)) {
            int t = book.placeTemplate(place), p = book.placeOffset(place, t);
            int m = match(in, i, end, book.template(t), p);
            if (m > bestLen) {
                bestLen = m;
                best = (long) t << 40 | (long) p << 20 | m;
            }
        }
        return best;
    }

    /**
     * The length of an uncompressed EC point starting at in[i] (04||x||y, preceded by its
     * one-byte length as TLS writes it in ClientKeyExchange and ServerKeyExchange) that
     * POINT can carry exactly, else 0.
     */
    private static int pointAt(byte[] in, int off, int i, int end) {
        if (i == off || in[i] != 0x04) return 0;
        int l = in[i - 1] & 0xFF;
        for (int k = 0; k < POINT_CURVES.length; k++) {
            int c = POINT_CURVES[k];
            if (l != EcPoints.uncompressedLength(c) || i + l > end) continue;
            try {
                EcPoints.decode(c, in, i, l); // valid: below p and on the curve, so x and y's parity give back exactly these bytes
                return l;
            } catch (RuntimeException notAPoint) {
                return 0;
            }
        }
        return 0;
    }

    private static boolean pointCurve(int curve) {
        for (int k = 0; k < POINT_CURVES.length; k++) {
            if (POINT_CURVES[k] == curve) return true;
        }
        return false;
    }

    private static int curveOf(int fieldBytes) {
        for (int k = 0; k < POINT_CURVES.length; k++) {
            if (Curves.fieldBytes(POINT_CURVES[k]) == fieldBytes) return POINT_CURVES[k];
        }
        throw new IllegalArgumentException("no curve");
    }

    // --- the recreator ---

    /** As below, from a fresh cursor, taking no HELLO_DIGEST. */
    public static byte[] recreate(byte[] c, int off, int len, TemplateBook book, int limit) throws TemplateException {
        return recreate(c, off, len, book, limit, new TemplateCursor(), null);
    }

    /**
     * The message as HELLO_DIGEST (LINK.md §15.2) and the ops for the hello's projection, or null
     * if the message is no ClientHello that can go so (the cursor then untouched).
     */
    static byte[] compressHello(byte[] m, int off, int len, TemplateBook book, TemplateCursor cur) {
        HelloDigest hd = HelloDigest.of(m, off, len);
        if (hd == null) return null;
        byte[] ops = compress(hd.projection, 0, hd.projection.length, book, cur);
        byte[] z = new byte[1 + hd.digest.length + ops.length];
        z[0] = (byte) HELLO_DIGEST;
        System.arraycopy(hd.digest, 0, z, 1, hd.digest.length);
        System.arraycopy(ops, 0, z, 1 + hd.digest.length, ops.length);
        return z;
    }

    /**
     * The original bytes of compressed message {@code c[off, off+len)}, at most {@code limit}
     * of them (the receiver's record buffer), the cursor going on from {@code cursor} (moved only
     * if the whole message is good). Throws TemplateException saying what is wrong.
     */
    public static byte[] recreate(byte[] c, int off, int len, TemplateBook book, int limit, TemplateCursor cursor,
            byte[][] digest) throws TemplateException {
        In r = new In(c, off, len);
        if (len < 1) throw new TemplateException(TemplateException.INCONSISTENT, "an empty message");
        if ((c[off] & 0xFF) == HELLO_DIGEST) {
            // first op only: the real ClientHello's digest, then the ops of its projection (LINK.md §15.2)
            if (digest == null) throw new TemplateException(TemplateException.BAD_OP, "HELLO_DIGEST where none is taken");
            r.u8();
            int n = HelloDigest.length(c, off + 1, len - 1);
            if (n < 0 || n > len - 1) throw new TemplateException(TemplateException.TRUNCATED, "ends inside a HELLO_DIGEST");
            byte[] d = new byte[n];
            System.arraycopy(r.bytes(n), r.at(n), d, 0, n);
            digest[0] = d;
            if (r.atEnd()) throw new TemplateException(TemplateException.INCONSISTENT, "a HELLO_DIGEST without its hello");
        }
        Out out = new Out(Math.min(limit, 4 * len + 64));
        TemplateCursor cur = new TemplateCursor();
        cur.set(cursor);
        while (!r.atEnd()) {
            int op = r.u8();
            byte[] tpl = book.template(cur.t);
            if (op < COPY) {
                int k = op + 1;
                room(out, k, limit);
                out.put(r.bytes(k), r.at(k), k);
                cur.advance(k, tpl);
            } else if (op < SEEK || op == COPY_LONG) {
                int k = op == COPY_LONG ? r.varint() : (op & 0x3F) + 1;
                if (tpl == null) throw new TemplateException(TemplateException.INCONSISTENT, "COPY before any SEEK");
                if (k < 1 || k > tpl.length - cur.pos) {
                    throw new TemplateException(TemplateException.INCONSISTENT, TemplateException.say("COPY of ", k, TemplateException.say(" at ", cur.pos, TemplateException.say(" beyond the template's ", tpl.length, " bytes"))));
                }
                room(out, k, limit);
                out.put(tpl, cur.pos, k);
                cur.advance(k, tpl);
            } else if (op < RESERVED) {
                int t = op & 0x1F;
                byte[] to = book.template(t);
                if (to == null) throw new TemplateException(TemplateException.UNKNOWN_TEMPLATE, TemplateException.say("template ", t, ""));
                int at = op < SEEK_START ? r.varint() : 0;
                if (at > to.length) throw new TemplateException(TemplateException.INCONSISTENT, TemplateException.say("SEEK to ", at, TemplateException.say(" in a ", to.length, "-byte template")));
                cur.seek(t, at);
            } else if ((op & 0xF8) == POINT && pointCurve((op >>> 1) & 3) && book.points) {
                int curve = (op >>> 1) & 3, fb = Curves.fieldBytes(curve);
                int k = EcPoints.uncompressedLength(curve);
                byte[] cx = new byte[1 + fb];
                cx[0] = (byte) (0x02 | (op & 1));
                System.arraycopy(r.bytes(fb), r.at(fb), cx, 1, fb);
                byte[] xy;
                try {
                    xy = EcPoints.decode(curve, cx, 0, cx.length);
                } catch (RuntimeException e) {
                    throw new TemplateException(TemplateException.BAD_POINT, Curves.name(curve));
                }
                room(out, k, limit);
                out.put(0x04);
                out.put(xy, 0, 2 * fb);
                cur.advance(k, tpl);
            } else {
                throw new TemplateException(TemplateException.BAD_OP, TemplateException.say("op ", op, ""));
            }
        }
        cursor.set(cur);
        return out.bytes();
    }

    /**
     * Whether compressed message {@code c} (well formed: one this codec made) recreates in place in
     * {@code room} bytes as a C device recreates (LINK.md §9.7, native/link/sz_template.c): the
     * message moved to the room's end, the original bytes written forward from its start, a
     * LITERAL's bytes never ahead of where they are read, a COPY's never over an op not yet read;
     * after a HELLO_DIGEST, nothing written at or past its L, which the device's server reads after.
     */
    public static boolean recreatesInPlace(byte[] c, int room) {
        if (c.length > room) return false;
        In r = new In(c, 0, c.length);
        int w = 0, start = room - c.length, floor = room;
        try {
            if (c.length > 0 && (c[0] & 0xFF) == HELLO_DIGEST) {
                r.u8();
                floor = start + r.p;
                int n = HelloDigest.length(c, 1, c.length - 1);
                if (n < 0) return false;
                r.bytes(n);
            }
            while (!r.atEnd()) {
                int op = r.u8(), k;
                if (op < COPY) {
                    k = op + 1;
                    if (w > start + r.p) return false;
                    r.bytes(k);
                } else if (op < SEEK || op == COPY_LONG) {
                    k = op == COPY_LONG ? r.varint() : (op & 0x3F) + 1;
                    if (w + k > start + r.p) return false;
                } else if (op < RESERVED) {
                    if (op < SEEK_START) r.varint();
                    continue;
                } else {
                    return false; // no POINT or HELLO_DIGEST at a device that recreates in place
                }
                w += k;
                if (w > floor) return false;
            }
        } catch (TemplateException e) {
            return false;
        }
        return true;
    }

    private static void room(Out out, int k, int limit) throws TemplateException {
        if (k > limit - out.n) throw new TemplateException(TemplateException.INCONSISTENT, TemplateException.say("ops produce more than the limit of ", limit, " bytes"));
    }

    /** The compressed message's reader: every read checks the end (TRUNCATED). */
    private static final class In {
        private final byte[] b;
        private int p;
        private final int end;

        In(byte[] b, int off, int len) {
            this.b = b;
            this.p = off;
            this.end = off + len;
        }

        int u8() throws TemplateException {
            if (p >= end) throw new TemplateException(TemplateException.TRUNCATED, "ends before its last op");
            return b[p++] & 0xFF;
        }

        /** Checks that {@code k} more bytes are there and steps over them; read them at b[at(k)]. */
        byte[] bytes(int k) throws TemplateException {
            if (k > end - p) throw new TemplateException(TemplateException.TRUNCATED, TemplateException.say("ends inside an op's ", k, " bytes"));
            p += k;
            return b;
        }

        /** Where the {@code k} bytes just stepped over begin. */
        int at(int k) {
            return p - k;
        }

        int varint() throws TemplateException {
            int v = 0;
            for (int s = 0; s < 21; s += 7) {
                int x = u8();
                v |= (x & 0x7F) << s;
                if ((x & 0x80) == 0) return v;
            }
            throw new TemplateException(TemplateException.INCONSISTENT, "a number longer than 3 bytes");
        }

        boolean atEnd() {
            return p == end;
        }
    }

    /** The suppressor's growing output. */
    private static final class Out {
        private byte[] b;
        int n;

        Out(int size) {
            b = new byte[size];
        }

        void put(int x) {
            if (n == b.length) grow(1);
            b[n++] = (byte) x;
        }

        void put(byte[] s, int off, int len) {
            if (n + len > b.length) grow(len);
            System.arraycopy(s, off, b, n, len);
            n += len;
        }

        private void grow(int k) {
            byte[] nb = new byte[Math.max(2 * b.length, n + k)];
            System.arraycopy(b, 0, nb, 0, n);
            b = nb;
        }

        void varint(int v) {
            while (v >= 0x80) {
                put(v & 0x7F | 0x80);
                v >>>= 7;
            }
            put(v);
        }

        void copy(int k) {
            if (k <= SHORT) {
                put(COPY | (k - 1));
            } else {
                put(COPY_LONG);
                varint(k);
            }
        }

        /** Writes the pending literal run in[from, to) (if any); returns -1 (no run pending). */
        int flush(byte[] in, int from, int to) {
            if (from < 0) return -1;
            while (from < to) {
                int k = Math.min(SHORT, to - from);
                put(k - 1);
                put(in, from, k);
                from += k;
            }
            return -1;
        }

        byte[] bytes() {
            byte[] r = new byte[n];
            System.arraycopy(b, 0, r, 0, n);
            return r;
        }
    }
}
