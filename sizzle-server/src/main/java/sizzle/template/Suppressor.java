package sizzle.template;

/**
 * The policy both ends share around {@link TemplateCodec} (LINK.md §9.3): what a device
 * announces, and which messages go compressed. A message goes as DATA-TEMPLATE when its
 * compressed form is shorter, or when it must (the gateway's first message on a connection,
 * which tells the device the gateway agreed); only the handshake's records (ChangeCipherSpec
 * and handshake, content types 20 and 22, first) are worth trying: application data and alerts
 * are ciphertext, which no template shortens.
 */
public final class Suppressor {
    /** The capabilities field's length: edition (u8, bit 7: takes HELLO_DIGEST), certificate ID (4). */
    public static final int CAPABILITIES = 5;
    /** Bit 7 of the edition byte: the device's server takes a ClientHello as HELLO_DIGEST (LINK.md §15.2). */
    public static final int TAKES_DIGEST = 0x80;

    private Suppressor() {
    }

    /** What a device with {@code book} announces after its name in READY-SLEEP (its server taking HELLO_DIGEST or not). */
    public static byte[] capabilities(TemplateBook book, boolean digests) {
        byte[] c = new byte[CAPABILITIES];
        c[0] = (byte) (book.edition | (digests ? TAKES_DIGEST : 0));
        System.arraycopy(book.certificateId, 0, c, 1, 4);
        return c;
    }

    /** The edition a capabilities field names, or −1 if it is none this version reads. */
    public static int edition(byte[] caps) {
        return caps == null || caps.length < CAPABILITIES ? -1 : caps[0] & 0x7F;
    }

    /** Whether {@code caps} says the device's server takes HELLO_DIGEST. */
    public static boolean takesDigest(byte[] caps) {
        return edition(caps) >= 0 && (caps[0] & TAKES_DIGEST) != 0;
    }

    /** Whether {@code caps} names {@code book}: its edition and its certificate ID. */
    public static boolean names(byte[] caps, TemplateBook book) {
        if (edition(caps) != book.edition) return false;
        for (int i = 0; i < 4; i++) {
            if (caps[1 + i] != book.certificateId[i]) return false;
        }
        return true;
    }

    /**
     * The compressed form of message {@code m} if it should go as DATA-TEMPLATE, else null (send
     * it as DATA; {@code cursor}, this direction's, is then left as it was). {@code must}:
     * compress whatever it is. {@code digest}: a ClientHello may go as HELLO_DIGEST, when that is
     * shorter.
     */
    public static byte[] suppress(byte[] m, int off, int len, TemplateBook book, TemplateCursor cursor, boolean must, boolean digest) {
        return suppress(m, off, len, book, cursor, must, digest, Integer.MAX_VALUE);
    }

    /**
     * As above, to a receiver that takes at most {@code room} bytes a message (its capacity): a
     * compressed form longer than that, or, to a device that recreates in place ({@link
     * TemplateBook#inPlace}), one it cannot recreate in that room, is not sent (null: DATA,
     * the cursor as it was), even if it must.
     */
    public static byte[] suppress(byte[] m, int off, int len, TemplateBook book, TemplateCursor cursor, boolean must, boolean digest,
            int room) {
        int type = len > 0 ? m[off] & 0xFF : 0;
        if (!must && type != 20 && type != 22) return null;
        TemplateCursor cur = new TemplateCursor(), hcur = new TemplateCursor();
        cur.set(cursor);
        hcur.set(cursor);
        byte[] c = TemplateCodec.compress(m, off, len, book, cur);
        byte[] h = digest ? TemplateCodec.compressHello(m, off, len, book, hcur) : null;
        if (h != null && h.length < c.length) {
            c = h;
            cur = hcur;
        }
        if (!must && c.length >= len) return null;
        if (c.length > room || book.inPlace && !TemplateCodec.recreatesInPlace(c, room)) return null;
        cursor.set(cur);
        return c;
    }
}
