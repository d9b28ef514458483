package sizzle.template;

import ksecurity.prim.Sha256;
import kssl.tls.Extensions;

/**
 * HELLO-DIGEST (gateway-java/LINK.md §15.2), the gateway's half: a TLS 1.2 ClientHello record
 * split into its digest — the message's length L, SHA-256's chaining value after its first
 * 64·⌊L/64⌋ bytes, its last L mod 64 bytes — and its projection: the same record without the
 * extensions a TLS 1.2 server does not act on. The mote's server parses the projection and
 * hashes the digest ({@code kssl.tls.HelloDigestSource}), so its transcript is the client's.
 */
public final class HelloDigest {
    /** The digest (L u24, chaining value, tail) and the projection record. */
    public final byte[] digest, projection;

    private HelloDigest(byte[] digest, byte[] projection) {
        this.digest = digest;
        this.projection = projection;
    }

    /**
     * The digest and projection of {@code m[off, off+len)} if it is one handshake record holding
     * exactly one ClientHello that offers TLS 1.2, framed correctly throughout, with something to
     * leave out; else null (it goes whole).
     */
    public static HelloDigest of(byte[] m, int off, int len) {
        if (len < 9 || m[off] != 22 || m[off + 1] != 3 || u16(m, off + 3) != len - 5) return null;
        int h = off + 5;
        int l = u24(m, h + 1);
        if (m[h] != 1 || 4 + l != len - 5) return null;
        int b = h + 4, end = b + l;
        if (l < 38 || u16(m, b) < 0x0303) return null;
        int p = b + 34;
        p += 1 + (m[p] & 0xFF);
        if (p + 2 > end) return null;
        p += 2 + u16(m, p);
        if (p + 1 > end) return null;
        p += 1 + (m[p] & 0xFF);
        if (p + 2 > end || p + 2 + u16(m, p) != end) return null;
        int extStart = p + 2, kept = 0, dropped = 0;
        boolean ems = false;
        for (int q = extStart; q < end; ) {
            if (q + 4 > end || q + 4 + u16(m, q + 2) > end) return null;
            int n = 4 + u16(m, q + 2);
            if (Extensions.known(u16(m, q))) kept += n;
            else dropped += n;
            ems |= u16(m, q) == Extensions.EXTENDED_MASTER_SECRET;
            q += n;
        }
        // the mote takes a digested hello only with extended_master_secret in it (LINK.md §15.3)
        if (dropped == 0 || !ems) return null;
        byte[] proj = new byte[len - dropped];
        System.arraycopy(m, off, proj, 0, extStart - off);
        put16(proj, 3, len - dropped - 5);
        put24(proj, 6, l - dropped);
        put16(proj, extStart - 2 - off, kept);
        int w = extStart - off;
        for (int q = extStart; q < end; ) {
            int n = 4 + u16(m, q + 2);
            if (Extensions.known(u16(m, q))) {
                System.arraycopy(m, q, proj, w, n);
                w += n;
            }
            q += n;
        }
        int total = 4 + l, tail = total & 63;
        byte[] d = new byte[35 + tail];
        put24(d, 0, total);
        Sha256 s = new Sha256();
        s.update(m, h, total - tail);
        s.exportState(d, 3);
        System.arraycopy(m, h + total - tail, d, 35, tail);
        return new HelloDigest(d, proj);
    }

    /** The digest's length, read from its first 3 bytes (−1 if it is no digest's start). */
    static int length(byte[] b, int at, int available) {
        if (available < 3) return -1;
        return 35 + (u24(b, at) & 63);
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static int u24(byte[] b, int at) {
        return (b[at] & 0xFF) << 16 | u16(b, at + 1);
    }

    private static void put16(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 8);
        b[at + 1] = (byte) v;
    }

    private static void put24(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 16);
        put16(b, at + 1, v);
    }
}
