package sizzle.template;

import ksecurity.prim.Sha256;

/**
 * The templates one device and the gateway both hold (LINK.md §9.1): ids 0–3 the device's own
 * Certificate handshake messages (its chains, as it sends them), ids 4 and up the protocol
 * templates of a numbered edition ({@link ProtocolTemplates}). The device announces the edition
 * and the 4-byte ID of its certificates in READY-SLEEP; the gateway compresses for it only if
 * it holds the same edition and the certificates for that ID.
 */
public final class TemplateBook {
    /** Certificate messages occupy ids 0 … CERTIFICATES − 1. */
    public static final int CERTIFICATES = 4;
    /** The most templates an op can name (5 bits). */
    public static final int MAX = 32;

    private final byte[][] templates;
    public final int edition;
    /** Whether POINT goes between the ends of this book (its edition says: LINK.md §9.7). */
    public final boolean points;
    /** Whether its device recreates in place (its edition says: LINK.md §9.7). */
    public final boolean inPlace;
    /** The first 4 bytes of SHA-256 over the certificate messages, each preceded by its u24 length. */
    public final byte[] certificateId;

    /**
     * A book of {@code edition}'s protocol templates and the device's certificate messages
     * (handshake type 11 with its 3-byte length, as on the wire; at most {@link #CERTIFICATES}).
     */
    public TemplateBook(int edition, byte[][] certificateMessages) {
        byte[][] protocol = ProtocolTemplates.edition(edition);
        if (protocol == null) throw new IllegalArgumentException("unknown template edition");
        if (certificateMessages.length > CERTIFICATES || CERTIFICATES + protocol.length > MAX) {
            throw new IllegalArgumentException("too many templates");
        }
        this.edition = edition;
        points = ProtocolTemplates.points(edition);
        inPlace = ProtocolTemplates.inPlace(edition);
        templates = new byte[CERTIFICATES + protocol.length][];
        Sha256 h = new Sha256();
        byte[] len = new byte[3];
        for (int i = 0; i < certificateMessages.length; i++) {
            byte[] m = certificateMessages[i];
            templates[i] = m;
            len[0] = (byte) (m.length >>> 16);
            len[1] = (byte) (m.length >>> 8);
            len[2] = (byte) m.length;
            h.update(len, 0, 3);
            h.update(m, 0, m.length);
        }
        System.arraycopy(protocol, 0, templates, CERTIFICATES, protocol.length);
        byte[] d = new byte[32];
        h.doFinal(d, 0);
        certificateId = new byte[4];
        System.arraycopy(d, 0, certificateId, 0, 4);
    }

    /** The suppressor's index: for each 3-byte hash, a chain of (template, offset) places where those bytes start. */
    private int[] head, next, base;

    /** The 3-byte hash the index uses. */
    static int hash(byte[] b, int at) {
        return ((b[at] & 0xFF) * 961 + (b[at + 1] & 0xFF) * 31 + (b[at + 2] & 0xFF)) & 0xFFF;
    }

    /** The first place whose 3 bytes hash to {@code h}, as an index into places (−1: none); see {@link #nextPlace}. */
    synchronized int firstPlace(int h) {
        if (head == null) buildIndex();
        return head[h] - 1;
    }

    int nextPlace(int place) {
        return next[place] - 1;
    }

    /** The template of a place, and its offset there. */
    int placeTemplate(int place) {
        int t = 0;
        while (t + 1 < base.length && base[t + 1] <= place) t++;
        return t;
    }

    int placeOffset(int place, int t) {
        return place - base[t];
    }

    private void buildIndex() {
        base = new int[templates.length];
        int total = 0;
        for (int t = 0; t < templates.length; t++) {
            base[t] = total;
            total += templates[t] == null ? 0 : templates[t].length;
        }
        head = new int[4096];
        next = new int[total];
        for (int t = templates.length - 1; t >= 0; t--) {
            byte[] tpl = templates[t];
            if (tpl == null) continue;
            for (int p = tpl.length - 3; p >= 0; p--) {
                int h = hash(tpl, p);
                next[base[t] + p] = head[h];
                head[h] = base[t] + p + 1;
            }
        }
    }

    /** How many ids there are (some of the certificate ids may be empty). */
    public int count() {
        return templates.length;
    }

    /** Template {@code id}, or null if this book has none there. */
    public byte[] template(int id) {
        return id >= 0 && id < templates.length ? templates[id] : null;
    }

    /**
     * The Certificate handshake message for a chain of DER certificates (leaf first), as TLS
     * writes it: type 11, u24 length, u24 list length, each certificate with its u24 length.
     */
    public static byte[] certificateMessage(byte[][] chain) {
        int list = 0;
        for (int i = 0; i < chain.length; i++) list += 3 + chain[i].length;
        byte[] m = new byte[4 + 3 + list];
        m[0] = 11;
        u24(m, 1, 3 + list);
        u24(m, 4, list);
        int at = 7;
        for (int i = 0; i < chain.length; i++) {
            u24(m, at, chain[i].length);
            System.arraycopy(chain[i], 0, m, at + 3, chain[i].length);
            at += 3 + chain[i].length;
        }
        return m;
    }

    /**
     * A device's Certificate message as a full handshake's server records carry it (whole TLS
     * records, header included, in order): the first handshake message of type 11 across the
     * handshake records before ChangeCipherSpec, as {@code {message}} for this book's
     * constructor; none ({@code {}}) if there is none.
     */
    public static byte[][] certificateMessageIn(byte[][] serverRecords) {
        int total = 0, n = 0;
        for (; n < serverRecords.length && serverRecords[n][0] != 20; n++) {
            if (serverRecords[n][0] == 22) total += serverRecords[n].length - 5;
        }
        byte[] b = new byte[total];
        for (int i = 0, at = 0; i < n; i++) {
            if (serverRecords[i][0] != 22) continue;
            System.arraycopy(serverRecords[i], 5, b, at, serverRecords[i].length - 5);
            at += serverRecords[i].length - 5;
        }
        for (int p = 0; p + 4 <= b.length; ) {
            int l = (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
            if (b[p] == 11 && p + 4 + l <= b.length) {
                byte[] m = new byte[4 + l];
                System.arraycopy(b, p, m, 0, m.length);
                return new byte[][] {m};
            }
            p += 4 + l;
        }
        return new byte[0][];
    }

    private static void u24(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 16);
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) v;
    }
}
