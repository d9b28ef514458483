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
    /** The capabilities field's length: edition (u8), certificate ID (4). */
    public static final int CAPABILITIES = 5;

    private Suppressor() {
    }

    /** What a device with {@code book} announces after its name in READY-SLEEP. */
    public static byte[] capabilities(TemplateBook book) {
        byte[] c = new byte[CAPABILITIES];
        c[0] = (byte) book.edition;
        System.arraycopy(book.certificateId, 0, c, 1, 4);
        return c;
    }

    /** The edition a capabilities field names, or −1 if it is none this version reads. */
    public static int edition(byte[] caps) {
        return caps == null || caps.length < CAPABILITIES ? -1 : caps[0] & 0xFF;
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
     * compress whatever it is.
     */
    public static byte[] suppress(byte[] m, int off, int len, TemplateBook book, TemplateCursor cursor, boolean must) {
        int type = len > 0 ? m[off] & 0xFF : 0;
        if (!must && type != 20 && type != 22) return null;
        TemplateCursor cur = new TemplateCursor();
        cur.set(cursor);
        byte[] c = TemplateCodec.compress(m, off, len, book, cur);
        if (!must && c.length >= len) return null;
        cursor.set(cur);
        return c;
    }
}
