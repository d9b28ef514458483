package sizzle.template;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        for (StoredTranscripts.Rec r : recs) {
            if (r.side() == 'S' && r.connection() == 1 && r.contentType() == 22) s.write(r.bytes(), 5, r.bytes().length - 5);
            if (r.side() == 'S' && r.contentType() == 20) break;
        }
        byte[] b = s.toByteArray();
        for (int p = 0; p + 4 <= b.length; ) {
            int l = (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
            if (b[p] == 11) {
                byte[] m = new byte[4 + l];
                System.arraycopy(b, p, m, 0, m.length);
                return new byte[][] {m};
            }
            p += 4 + l;
        }
        return new byte[0][];
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
        // length, SEEK+offset, COPY of the 10 bytes up to 04, POINT and its 20-byte x
        assertEquals(1 + 3 + 1 + 1 + 20, c.length, HexFormat.of().formatHex(c));
        assertEquals(TemplateCodec.POINT | 0 << 1 | (cke[50] & 1), c[5] & 0xFF);
    }

    private static TemplateBook book() {
        return new TemplateBook(1, new byte[][] {TemplateBook.certificateMessage(new byte[][] {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}})});
    }

    private static int reason(String hex) {
        byte[] c = HexFormat.of().parseHex(hex);
        return assertThrows(TemplateException.class, () -> TemplateCodec.recreate(c, 0, c.length, book(), 1000)).reason;
    }

    @Test
    void unknownTemplate() {
        assertEquals(TemplateException.UNKNOWN_TEMPLATE, reason("04" + "c1" + "00" + "83")); // template 1: no second certificate
        assertEquals(TemplateException.UNKNOWN_TEMPLATE, reason("04" + "df" + "00" + "83")); // template 31: beyond the edition
    }

    @Test
    void truncated() {
        assertEquals(TemplateException.TRUNCATED, reason("05" + "04" + "aabb")); // a 5-byte literal with 2 bytes
        assertEquals(TemplateException.TRUNCATED, reason("05" + "01" + "aabb")); // 2 of 5 bytes, then nothing
        assertEquals(TemplateException.TRUNCATED, reason("05" + "c0")); // a SEEK without its offset
        assertEquals(TemplateException.TRUNCATED, reason("15" + "f6" + "1122")); // a P-256 x cut short
        assertEquals(TemplateException.TRUNCATED, reason("")); // not even the length
    }

    @Test
    void inconsistent() {
        assertEquals(TemplateException.INCONSISTENT, reason("04" + "83")); // a COPY before any SEEK
        assertEquals(TemplateException.INCONSISTENT, reason("20" + "c0" + "00" + "9f")); // 32 bytes from a 17-byte template
        assertEquals(TemplateException.INCONSISTENT, reason("04" + "c0" + "40")); // SEEK past the template's end
        assertEquals(TemplateException.INCONSISTENT, reason("02" + "02" + "aabbcc")); // 3 bytes where 2 were announced
        assertEquals(TemplateException.INCONSISTENT, reason("01" + "00" + "aa" + "00")); // bytes after the last op
        assertEquals(TemplateException.INCONSISTENT, reason("e907")); // 1,001 bytes announced, the limit 1,000
        assertEquals(TemplateException.INCONSISTENT, reason("00")); // an empty message
    }

    @Test
    void badPointAndReservedOps() {
        // secp160r1 x = 5: x^3 - 3x + b is no square there (checked: the recreator must refuse it, not invent a y)
        String x5 = "0000000000000000000000000000000000000005";
        int r0 = reasonOrNone("29" + "f0" + x5), r1 = reasonOrNone("29" + "f0" + "ffffffffffffffffffffffffffffffffffffffff");
        assertTrue(r0 == TemplateException.BAD_POINT || r1 == TemplateException.BAD_POINT, r0 + " " + r1);
        assertEquals(TemplateException.BAD_POINT, r1); // x >= p
        assertEquals(TemplateException.BAD_OP, reason("04" + "e1"));
        assertEquals(TemplateException.BAD_OP, reason("04" + "f8"));
        assertEquals(TemplateException.BAD_OP, reason("04" + "f2")); // curve 1 (P-192): no POINT for it
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
