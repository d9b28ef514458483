package sizzle.template;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import ksecurity.prim.Sha256;
import org.junit.jupiter.api.Test;
import sizzle.link.Frame;

/**
 * HELLO-DIGEST (LINK.md §15.2) on the stored Chromium-shaped ClientHello: the digest resumes to
 * the whole message's SHA-256; the projection keeps exactly the extensions the server acts on,
 * in order, the rest of the hello unchanged; the sizes on the link. The server's side (parsing
 * the projection, hashing the digest, the Finished checks passing) runs with curl in
 * RadioDeviceTest.templateCompressionCarriesRealHandshakes.
 */
class HelloDigestTest {
    static byte[] browserHello() throws Exception {
        return StoredTranscripts.records("modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt").get(0).bytes();
    }

    static List<Integer> extensions(byte[] rec) {
        int p = 5 + 4 + 34;
        p += 1 + (rec[p] & 0xFF);
        p += 2 + ((rec[p] & 0xFF) << 8 | (rec[p + 1] & 0xFF));
        p += 1 + (rec[p] & 0xFF);
        p += 2;
        List<Integer> types = new ArrayList<>();
        while (p < rec.length) {
            types.add((rec[p] & 0xFF) << 8 | (rec[p + 1] & 0xFF));
            p += 4 + ((rec[p + 2] & 0xFF) << 8 | (rec[p + 3] & 0xFF));
        }
        return types;
    }

    @Test
    void theDigestIsTheWholeHellosHashAndTheProjectionWhatTheServerReads() throws Exception {
        byte[] m = browserHello();
        HelloDigest hd = HelloDigest.of(m, 0, m.length);
        byte[] d = hd.digest;
        int len = (d[0] & 0xFF) << 16 | (d[1] & 0xFF) << 8 | (d[2] & 0xFF);
        assertEquals(1944, len);
        assertEquals(35 + 1944 % 64, d.length);
        Sha256 resumed = new Sha256(), whole = new Sha256();
        resumed.importState(d, 3, len - (len & 63));
        resumed.update(d, 35, len & 63);
        whole.update(m, 5, m.length - 5);
        byte[] a = new byte[32], b = new byte[32];
        resumed.doFinal(a, 0);
        whole.doFinal(b, 0);
        assertArrayEquals(b, a);

        assertEquals(List.of(0x0000, 0x8a8a, 0x0017, 0xff01, 0x000a, 0x000b, 0x0023, 0x0010, 0x0005, 0x000d, 0x0012, 0x0033,
                0x002d, 0x002b, 0x001b, 0x44cd, 0xfe0d, 0x1a1a), extensions(m));
        assertEquals(List.of(0x0000, 0x0017, 0xff01, 0x000a, 0x000b, 0x000d), extensions(hd.projection));
        byte[] p = hd.projection;
        assertEquals(191, p.length);
        int fixed = 5 + 4 + 34 + 1 + 32 + 2 + 32 + 2; // through the compression methods: unchanged
        assertArrayEquals(java.util.Arrays.copyOfRange(m, 9, fixed), java.util.Arrays.copyOfRange(p, 9, fixed));
        assertEquals(p.length - 5, (p[3] & 0xFF) << 8 | (p[4] & 0xFF));
        assertEquals(p.length - 9, (p[6] & 0xFF) << 16 | (p[7] & 0xFF) << 8 | (p[8] & 0xFF));
    }

    @Test
    void onTheLinkTheHelloShrinksFrom1949To153Bytes() throws Exception {
        byte[] m = browserHello();
        TemplateBook book = new TemplateBook(1, new byte[0][]);
        byte[] plain = TemplateCodec.compress(m, 0, m.length, book);
        byte[] digest = TemplateCodec.compressHello(m, 0, m.length, book, new TemplateCursor());
        byte[][] got = new byte[1][];
        byte[] back = TemplateCodec.recreate(digest, 0, digest.length, book, 4096, new TemplateCursor(), got);
        assertArrayEquals(HelloDigest.of(m, 0, m.length).projection, back);
        assertArrayEquals(HelloDigest.of(m, 0, m.length).digest, got[0]);
        String sizes = m.length + " " + plain.length + " " + digest.length + "; frames at 29: " + Frame.frameCount(m.length, 29) + " "
                + Frame.frameCount(plain.length, 29) + " " + Frame.frameCount(digest.length, 29) + "; at 102: "
                + Frame.frameCount(m.length, 102) + " " + Frame.frameCount(digest.length, 102);
        System.out.println("hello digest sizes: " + sizes);
        assertEquals("1949 1780 153; frames at 29: 93 85 8; at 102: 21 2", sizes);
    }

    @Test
    void helloesThatCannotGoSoGoWhole() throws Exception {
        byte[] legacy = StoredTranscripts.records("legacy-ecdh-ecdsa-rc4-sha-tls10.txt").get(0).bytes(); // client_version 3.1
        assertNull(HelloDigest.of(legacy, 0, legacy.length));
        byte[] kssl = StoredTranscripts.records("modern-ecdhe-ecdsa-aes128-gcm.txt").get(0).bytes(); // nothing to leave out
        assertEquals(List.of(), extensions(kssl).stream().filter(t -> !List.of(0, 1, 10, 11, 13, 23, 28, 0xff01).contains(t)).toList());
        assertNull(HelloDigest.of(kssl, 0, kssl.length));
        byte[] m = browserHello();
        byte[] cut = java.util.Arrays.copyOf(m, m.length - 1); // record length no longer fits
        assertNull(HelloDigest.of(cut, 0, cut.length));
        byte[] bad = m.clone();
        bad[bad.length - 3] = 0x7F; // the last extension (1a1a, 1 byte) now claims 32,513: past the end
        assertNull(HelloDigest.of(bad, 0, bad.length));
        byte[] two = m.clone();
        two[5] = 2; // not a ClientHello
        assertNull(HelloDigest.of(two, 0, two.length));
        // without extended_master_secret (its type renamed): the mote would refuse the digest (LINK.md §15.3)
        byte[] noEms = m.clone();
        int p = 5 + 4 + 34;
        p += 1 + (noEms[p] & 0xFF);
        p += 2 + ((noEms[p] & 0xFF) << 8 | (noEms[p + 1] & 0xFF));
        p += 1 + (noEms[p] & 0xFF) + 2;
        while (((noEms[p] & 0xFF) << 8 | (noEms[p + 1] & 0xFF)) != 0x0017) {
            p += 4 + ((noEms[p + 2] & 0xFF) << 8 | (noEms[p + 3] & 0xFF));
        }
        noEms[p + 1] = (byte) 0x99;
        assertNull(HelloDigest.of(noEms, 0, noEms.length));
        assertNotNull(HelloDigest.of(m, 0, m.length));
    }

    @Test
    void aDigestWhereNoneIsTakenOrCutShortIsAnError() throws Exception {
        byte[] m = browserHello();
        TemplateBook book = new TemplateBook(1, new byte[0][]);
        byte[] z = TemplateCodec.compressHello(m, 0, m.length, book, new TemplateCursor());
        assertEquals(TemplateException.BAD_OP, reason(z, book, null));
        assertEquals(TemplateException.TRUNCATED, reason(java.util.Arrays.copyOf(z, 30), book, new byte[1][]));
        assertEquals(TemplateException.INCONSISTENT, reason(java.util.Arrays.copyOf(z, 1 + 35 + 1944 % 64), book, new byte[1][]));
        byte[] second = HexFormat.of().parseHex("00aa" + "c1");
        assertEquals(TemplateException.BAD_OP, reason(second, book, new byte[1][])); // only as the first op
    }

    private static int reason(byte[] z, TemplateBook book, byte[][] digest) {
        try {
            TemplateCodec.recreate(z, 0, z.length, book, 4096, new TemplateCursor(), digest);
            return 0;
        } catch (TemplateException e) {
            return e.reason;
        }
    }
}
