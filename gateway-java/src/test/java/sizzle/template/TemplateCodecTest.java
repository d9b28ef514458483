package sizzle.template;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The suppressor and the recreator: every stored transcript (good and bad input, both
 * directions, each run of one side's records as one message, as the bridge and a mote send
 * them) comes back byte for byte; random bytes too; and each kind of bad compressed message
 * fails with its own reason.
 */
public class TemplateCodecTest {
    /** The device's Certificate message as the transcript's server sent it (empty if it sent none). */
    public static byte[][] certificates(List<StoredTranscripts.Rec> recs) {
        return TemplateBook.certificateMessageIn(recs.stream().filter(r -> r.side() == 'S' && r.connection() == 1)
                .map(StoredTranscripts.Rec::bytes).toArray(byte[][]::new));
    }

    /** One side's consecutive records, joined: what one link message carries. */
    public static List<byte[]> messages(List<StoredTranscripts.Rec> recs) {
        List<byte[]> out = new ArrayList<>();
        ByteArrayOutputStream cur = new ByteArrayOutputStream();
        char side = 0;
        int conn = -1;
        for (StoredTranscripts.Rec r : recs) {
            if ((r.side() != side || r.connection() != conn) && cur.size() > 0) {
                out.add(cur.toByteArray());
                cur.reset();
            }
            side = r.side();
            conn = r.connection();
            cur.write(r.bytes(), 0, r.bytes().length);
        }
        if (cur.size() > 0) out.add(cur.toByteArray());
        return out;
    }

    @Test
    void everyStoredTranscriptComesBackByteForByte() throws Exception {
        int files = 0, msgs = 0;
        for (Path f : StoredTranscripts.all()) {
            List<StoredTranscripts.Rec> recs = StoredTranscripts.records(f);
            TemplateBook book = new TemplateBook(1, certificates(recs));
            for (byte[] m : messages(recs)) {
                byte[] c = TemplateCodec.compress(m, 0, m.length, book);
                assertArrayEquals(m, TemplateCodec.recreate(c, 0, c.length, book, m.length), f.getFileName().toString());
                msgs++;
            }
            files++;
        }
        assertTrue(files >= 50 && msgs >= 200, files + " files, " + msgs + " messages");
    }

    @Test
    void randomBytesComeBackToo() throws Exception {
        Random r = new Random(9);
        TemplateBook book = new TemplateBook(1, new byte[0][]);
        byte[] tpl = book.template(TemplateBook.CERTIFICATES);
        for (int i = 0; i < 300; i++) {
            byte[] m = new byte[1 + r.nextInt(600)];
            r.nextBytes(m);
            // splice template pieces in, so copies, seeks and literals all occur
            for (int k = 0; k < 3 && m.length > 40; k++) {
                int at = r.nextInt(m.length - 20), from = r.nextInt(tpl.length - 20);
                System.arraycopy(tpl, from, m, at, 20);
            }
            byte[] c = TemplateCodec.compress(m, 0, m.length, book);
            assertArrayEquals(m, TemplateCodec.recreate(c, 0, c.length, book, m.length));
        }
    }

    @Test
    void aClientKeyExchangePointGoesAsXAndOneBit() throws Exception {
        List<StoredTranscripts.Rec> recs = StoredTranscripts.records("legacy-ecdh-ecdsa-rc4-sha-tls10.txt");
        byte[] cke = recs.get(2).bytes(); // 16 03 01 00 2e 10 00 00 2a 29 04 x y
        assertEquals(51, cke.length);
        TemplateBook book = new TemplateBook(1, certificates(recs));
        byte[] c = TemplateCodec.compress(cke, 0, cke.length, book);
        // SEEK and its offset into the client's template, COPY of the 10 bytes up to 04, POINT and its 20-byte x
        assertEquals(2 + 1 + 1 + 20, c.length, HexFormat.of().formatHex(c));
        assertEquals(TemplateCodec.POINT | 0 << 1 | (cke[50] & 1), c[3] & 0xFF);
    }

    /** Edition 2 (the C motes' legacy images, LINK.md §9.7): the same point goes as literal bytes, and a POINT is refused. */
    @Test
    void editionTwoCarriesNoPoint() throws Exception {
        List<StoredTranscripts.Rec> recs = StoredTranscripts.records("legacy-ecdh-ecdsa-rc4-sha-tls10.txt");
        byte[] cke = recs.get(2).bytes();
        TemplateBook two = new TemplateBook(2, certificates(recs));
        byte[] c = TemplateCodec.compress(cke, 0, cke.length, two);
        // SEEK and its offset, COPY of the 10 bytes up to 04, LITERAL of 04 x y
        assertEquals(2 + 1 + 1 + 41, c.length, HexFormat.of().formatHex(c));
        assertArrayEquals(cke, TemplateCodec.recreate(c, 0, c.length, two, 1000));
        byte[] withPoint = TemplateCodec.compress(cke, 0, cke.length, new TemplateBook(1, certificates(recs)));
        TemplateException e = assertThrows(TemplateException.class,
                () -> TemplateCodec.recreate(withPoint, 0, withPoint.length, two, 1000));
        assertEquals(TemplateException.BAD_OP, e.reason);
    }

    /**
     * A device that recreates in place (the C motes, LINK.md §9.7, §15.2) keeps a HELLO_DIGEST's
     * digest where it was read: the projection must fit below it, in a room of the projection's
     * length and the message's less one (the C recreator's rule, test_template.c's hello_digest).
     */
    @Test
    void aHelloDigestRecreatesInPlaceBelowItsDigest() throws Exception {
        List<StoredTranscripts.Rec> recs = StoredTranscripts.records("modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt");
        byte[] hello = recs.get(0).bytes();
        TemplateBook three = new TemplateBook(3, certificates(recs));
        byte[] z = Suppressor.suppress(hello, 0, hello.length, three, new TemplateCursor(), true, true);
        assertEquals(TemplateCodec.HELLO_DIGEST, z[0] & 0xFF);
        byte[][] digest = new byte[1][];
        int projection = TemplateCodec.recreate(z, 0, z.length, three, 1 << 16, new TemplateCursor(), digest).length;
        assertTrue(TemplateCodec.recreatesInPlace(z, projection + z.length - 1));
        assertFalse(TemplateCodec.recreatesInPlace(z, projection + z.length - 2));
        byte[] short1 = Suppressor.suppress(hello, 0, hello.length, three, new TemplateCursor(), true, true, projection + z.length - 2);
        assertTrue(short1 == null || short1[0] != (byte) TemplateCodec.HELLO_DIGEST, "no HELLO_DIGEST to a device whose room is a byte short");
    }

    private static TemplateBook book() {
        return new TemplateBook(1, new byte[][] {TemplateBook.certificateMessage(new byte[][] {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}})});
    }

    private static int reason(String hex) {
        byte[] c = HexFormat.of().parseHex(hex);
        return assertThrows(TemplateException.class, () -> TemplateCodec.recreate(c, 0, c.length, book(), 1000)).reason;
    }

    // Ops: 00nnnnnn LITERAL, 01nnnnnn COPY, 100ttttt SEEK + offset, 101ttttt SEEK to the start, E0 COPY_LONG, F0|curve<<1|y POINT.
    // The book: template 0 a 20-byte Certificate message; 1–3 empty; 4–19 edition 1.

    @Test
    void unknownTemplate() {
        assertEquals(TemplateException.UNKNOWN_TEMPLATE, reason("a1" + "43")); // template 1: no second certificate
        assertEquals(TemplateException.UNKNOWN_TEMPLATE, reason("bf" + "43")); // template 31: beyond the edition
        assertEquals(TemplateException.UNKNOWN_TEMPLATE, reason("9f05" + "43"));
    }

    @Test
    void truncated() {
        assertEquals(TemplateException.TRUNCATED, reason("04" + "aabb")); // a 5-byte literal with 2 bytes
        assertEquals(TemplateException.TRUNCATED, reason("80")); // a SEEK without its offset
        assertEquals(TemplateException.TRUNCATED, reason("8080")); // an offset cut inside its varint
        assertEquals(TemplateException.TRUNCATED, reason("f6" + "1122")); // a P-256 x cut short
        assertEquals(TemplateException.TRUNCATED, reason("a0" + "e0")); // a COPY_LONG without its count
    }

    @Test
    void inconsistent() {
        assertEquals(TemplateException.INCONSISTENT, reason("43")); // a COPY before any SEEK
        assertEquals(TemplateException.INCONSISTENT, reason("a0" + "5f")); // 32 bytes from a 20-byte template
        assertEquals(TemplateException.INCONSISTENT, reason("a0" + "4f" + "44")); // 16 bytes, then 5 more beyond its end
        assertEquals(TemplateException.INCONSISTENT, reason("80" + "15")); // SEEK past the template's end
        assertEquals(TemplateException.INCONSISTENT, reason(("3f" + "00".repeat(64)).repeat(16))); // 1,024 bytes, the limit 1,000
        assertEquals(TemplateException.INCONSISTENT, reason("80ffffff7f")); // a number longer than 3 bytes
        assertEquals(TemplateException.INCONSISTENT, reason("")); // an empty message
    }

    @Test
    void badPointAndReservedOps() {
        assertEquals(TemplateException.BAD_POINT, reason("f0" + "ffffffffffffffffffffffffffffffffffffffff")); // x >= p
        // a secp160r1 x with no y: the recreator must refuse it, not invent one (about half of all x)
        int refused = 0;
        for (int x = 1; x <= 8; x++) {
            if (reasonOrNone("f0" + "00000000000000000000000000000000000000" + String.format("%02x", x)) == TemplateException.BAD_POINT) refused++;
        }
        assertTrue(refused > 0 && refused < 8, refused + " of 8");
        assertEquals(TemplateException.BAD_OP, reason("c0")); // reserved: 110xxxxx
        assertEquals(TemplateException.BAD_OP, reason("e1"));
        assertEquals(TemplateException.BAD_OP, reason("f8"));
        assertEquals(TemplateException.BAD_OP, reason("f2" + "00".repeat(24))); // curve 1 (P-192): no POINT for it
    }

    private static int reasonOrNone(String hex) {
        byte[] c = HexFormat.of().parseHex(hex);
        try {
            TemplateCodec.recreate(c, 0, c.length, book(), 1000);
            return 0;
        } catch (TemplateException e) {
            return e.reason;
        }
    }
}
