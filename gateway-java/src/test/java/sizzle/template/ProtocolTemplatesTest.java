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
     * Editions 2 and 3 in the C motes' flash: edition 1's first eight templates, and all of them;
     * neither carries POINT, both recreate in place. Edition 2 is the start of edition 3, so one
     * header holds both (native/sizzle/port/sz_template_editions.h, as committed;
     * {@code -Dtemplates.write=true} writes it again): a legacy build's flash has only the first part.
     */
    @Test
    void theCMotesEditionsAreEditionOnesTemplatesAndTheCHeaderHoldsThem() throws IOException {
        byte[][] one = ProtocolTemplates.edition(1);
        byte[][] two = ProtocolTemplates.edition(2), three = ProtocolTemplates.edition(3);
        assertEquals(8, two.length);
        assertEquals(one.length, three.length);
        for (int i = 0; i < three.length; i++) {
            assertArrayEquals(one[i], three[i]);
            if (i < two.length) assertArrayEquals(one[i], two[i]);
        }
        for (int edition = 2; edition <= 3; edition++) {
            TemplateBook book = new TemplateBook(edition, new byte[0][]);
            assertFalse(book.points, "the C motes' editions carry no POINT (LINK.md §9.7)");
            assertTrue(book.inPlace);
        }
        assertTrue(new TemplateBook(1, new byte[0][]).points);
        assertFalse(new TemplateBook(1, new byte[0][]).inPlace);

        String header = cHeader(two.length, three);
        Path file = ROOT.resolve("native/sizzle/port/sz_template_editions.h");
        if (Boolean.getBoolean("templates.write")) Files.writeString(file, header);
        assertEquals(Files.readString(file), header, "matches " + file);
    }

    private static final Path ROOT = StoredTranscripts.DIR.resolve("../../../../..").normalize();

    /**
     * The C header of editions 2 and 3: edition 3's templates t, of which edition 2 is the first
     * {@code legacy}; each one's end offset, then their bytes, all in flash, the part past
     * edition 2 under {@code #if SZ_TEMPLATE_EDITION == 3}.
     */
    private static String cHeader(int legacy, byte[][] t) {
        StringBuilder b = new StringBuilder();
        b.append("/* Editions 2 and 3 of the radio link's protocol templates (gateway-java/LINK.md §9.1, §9.7), in\n")
                .append("   flash: edition 1's legacy TLS 1.0 and SSL 3.0 templates, ids 4-").append(3 + legacy)
                .append(" (edition 2, the legacy builds'), then\n")
                .append("   its modern ones, ids ").append(4 + legacy).append("-").append(3 + t.length)
                .append(" (edition 3 is all of them: the modern build's). Written from\n")
                .append("   sizzle.template.ProtocolTemplates by gateway-java's ProtocolTemplatesTest (-Dtemplates.write=true);\n")
                .append("   do not edit. Include from one C file only (sz_port_book.c), SZ_TEMPLATE_EDITION defined first. */\n")
                .append("#define SZ_TEMPLATE_FIRST 4\n")
                .append("#if SZ_TEMPLATE_EDITION == 3\n#define SZ_TEMPLATE_COUNT ").append(t.length)
                .append("\n#else\n#define SZ_TEMPLATE_COUNT ").append(legacy).append("\n#endif\n\n");
        int total = 0;
        b.append("/* where each template ends in sz_template_bytes */\n")
                .append("static const uint16_t sz_template_end[SZ_TEMPLATE_COUNT] KS_FLASH = {");
        for (int i = 0; i < t.length; i++) {
            total += t[i].length;
            b.append(i == legacy ? "\n#if SZ_TEMPLATE_EDITION == 3\n    " : i == 0 ? "" : " ").append(total).append(',');
        }
        b.append("\n#endif\n};\n\nstatic const uint8_t sz_template_bytes[] KS_FLASH = {\n");
        int n = 0;
        for (int i = 0; i < t.length; i++) {
            if (i == legacy) {
                if (n % 16 != 0) b.append('\n');
                b.append("#if SZ_TEMPLATE_EDITION == 3\n");
                n = 0;
            }
            for (byte x : t[i]) {
                b.append(n % 16 == 0 ? "    " : " ").append(String.format("0x%02x,", x & 0xFF));
                if (++n % 16 == 0) b.append('\n');
            }
        }
        if (n % 16 != 0) b.append('\n');
        b.append("#endif\n};\n");
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
