package sizzle.template;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Edition 1 of the protocol templates is made, not typed: {@link Skeletons} of the stored
 * transcripts named in {@link #SOURCES}. This test makes them again and fails if a byte of
 * ProtocolTemplates differs; {@code -Dtemplates.write=true} rewrites ProtocolTemplates.java's data.
 */
class ProtocolTemplatesTest {
    static final String[] SOURCES = {
        "legacy-ecdh-ecdsa-rc4-sha-tls10.txt",
        "legacy-ecdh-ecdsa-rc4-sha-ssl3.txt",
        "modern-ecdhe-ecdsa-aes128-gcm.txt",
        "modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt",
    };

    @Test
    void editionOneIsTheTranscriptsSkeletons() throws IOException {
        byte[][] made = new byte[4 * SOURCES.length][];
        for (int i = 0; i < SOURCES.length; i++) {
            List<StoredTranscripts.Rec> recs = StoredTranscripts.records(SOURCES[i]);
            for (int k = 0; k < 4; k++) made[4 * i + k] = Skeletons.of(recs, 1 + k / 2, k % 2 == 0 ? 'C' : 'S');
        }
        if (Boolean.getBoolean("templates.write")) write(made);
        byte[][] stored = ProtocolTemplates.edition(1);
        assertEquals(made.length, stored.length);
        for (int i = 0; i < made.length; i++) assertArrayEquals(made[i], stored[i], SOURCES[i / 4]);
    }

    /**
     * Editions 2 and 3 in the C motes' flash (native/sizzle/port/sz_template_editionN.h): edition
     * 1's first eight templates, and all of them, as committed ({@code -Dtemplates.write=true}
     * writes the files again); neither carries POINT, both recreate in place.
     */
    @Test
    void theCMotesEditionsAreEditionOnesTemplatesAndTheCHeadersHoldThem() throws IOException {
        byte[][] one = ProtocolTemplates.edition(1);
        for (int edition = 2; edition <= 3; edition++) {
            byte[][] t = ProtocolTemplates.edition(edition);
            assertEquals(edition == 2 ? 8 : one.length, t.length);
            for (int i = 0; i < t.length; i++) assertArrayEquals(one[i], t[i]);
            String header = cHeader(edition, t);
            Path file = ROOT.resolve("native/sizzle/port/sz_template_edition" + edition + ".h");
            if (Boolean.getBoolean("templates.write")) Files.writeString(file, header);
            assertEquals(Files.readString(file), header, "matches " + file);
            TemplateBook book = new TemplateBook(edition, new byte[0][]);
            assertFalse(book.points, "the C motes' editions carry no POINT (LINK.md §9.7)");
            assertTrue(book.inPlace);
        }
        assertTrue(new TemplateBook(1, new byte[0][]).points);
        assertFalse(new TemplateBook(1, new byte[0][]).inPlace);
    }

    private static final Path ROOT = StoredTranscripts.DIR.resolve("../../../../..").normalize();

    /** The C header of {@code edition}'s templates: each one's end offset, then their bytes, all in flash. */
    private static String cHeader(int edition, byte[][] t) {
        StringBuilder b = new StringBuilder();
        b.append("/* Edition ").append(edition).append(" of the radio link's protocol templates (gateway-java/LINK.md §9.1, §9.7): edition 1's\n")
                .append(edition == 2 ? "   legacy TLS 1.0 and SSL 3.0 templates, ids 4-11" : "   templates, ids 4-19")
                .append(", in flash. Written from sizzle.template.ProtocolTemplates\n")
                .append("   by gateway-java's ProtocolTemplatesTest (-Dtemplates.write=true); do not edit. Include from one C\n")
                .append("   file only (sz_port_book.c). */\n")
                .append("#define SZ_TEMPLATE_EDITION ").append(edition).append("\n#define SZ_TEMPLATE_FIRST 4\n")
                .append("#define SZ_TEMPLATE_COUNT ").append(t.length).append("\n\n");
        int total = 0;
        b.append("/* where each template ends in sz_template_bytes */\n")
                .append("static const uint16_t sz_template_end[SZ_TEMPLATE_COUNT] KS_FLASH = {");
        for (int i = 0; i < t.length; i++) {
            total += t[i].length;
            b.append(i == 0 ? "" : ", ").append(total);
        }
        b.append("};\n\nstatic const uint8_t sz_template_bytes[").append(total).append("] KS_FLASH = {\n");
        int n = 0;
        for (byte[] m : t) {
            for (byte x : m) {
                b.append(n % 16 == 0 ? "    " : " ").append(String.format("0x%02x,", x & 0xFF));
                if (++n % 16 == 0) b.append('\n');
            }
        }
        if (n % 16 != 0) b.append('\n');
        b.append("};\n");
        return b.toString();
    }

    /** Writes the made templates into ProtocolTemplates.java's data, the rest of the file as it is. */
    private static void write(byte[][] made) throws IOException {
        StringBuilder b = new StringBuilder();
        for (byte[] m : made) {
            b.append("                hex(\n");
            String h = HexFormat.of().formatHex(m);
            for (int k = 0; k < h.length(); k += 96) {
                b.append("                    \"").append(h, k, Math.min(h.length(), k + 96)).append('"');
                b.append(k + 96 < h.length() ? " +\n" : "),\n");
            }
        }
        Path p = ROOT.resolve("sizzle-server/src/main/java/sizzle/template/ProtocolTemplates.java");
        String java = Files.readString(p);
        String open = "            one = new byte[][] {\n", close = "            };\n";
        int from = java.indexOf(open) + open.length(), to = java.indexOf(close, from);
        Files.writeString(p, java.substring(0, from) + b + java.substring(to));
    }
}
