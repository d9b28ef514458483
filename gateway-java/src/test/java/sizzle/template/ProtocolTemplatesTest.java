package sizzle.template;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Edition 1 of the protocol templates is made, not typed: {@link Skeletons} of the stored
 * transcripts named in {@link #SOURCES}. This test makes them again and fails if a byte of
 * ProtocolTemplates differs; {@code -Dtemplates.write=true} rewrites ProtocolTemplates.java.
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

    private static void write(byte[][] made) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("package sizzle.template;\n\n");
        b.append("/**\n * The protocol templates both ends hold, by edition (LINK.md §9.1). Edition 1: the fixed framing of\n");
        b.append(" * the KSSL client's and the Sizzle server's handshakes (legacy TLS 1.0 and SSL 3.0 ECDH-ECDSA-RC4-SHA,\n");
        b.append(" * modern TLS 1.2 ECDHE-ECDSA-AES128-GCM) and of a Chromium-shaped ClientHello, made from the stored\n");
        b.append(" * transcripts with every per-connection field zeroed and certificates and key shares cut out\n");
        b.append(" * (ProtocolTemplatesTest makes them again and compares; it rewrites this file with\n");
        b.append(" * -Dtemplates.write=true). Four a source, in id order from 4: its full handshake's client records,\n");
        b.append(" * its server records, then the same for its abbreviated handshake. Sources:\n");
        for (String s : SOURCES) b.append(" * ").append(s).append('\n');
        b.append(" */\nfinal class ProtocolTemplates {\n    private static byte[][] one;\n\n");
        b.append("    private ProtocolTemplates() {\n    }\n\n");
        b.append("    /** The templates of {@code edition}, or null if this end does not know it. */\n");
        b.append("    static synchronized byte[][] edition(int edition) {\n        if (edition != 1) return null;\n");
        b.append("        if (one == null) {\n            one = new byte[][] {\n");
        for (byte[] m : made) {
            b.append("                hex(\n");
            String h = HexFormat.of().formatHex(m);
            for (int k = 0; k < h.length(); k += 96) {
                b.append("                    \"").append(h, k, Math.min(h.length(), k + 96)).append('"');
                b.append(k + 96 < h.length() ? " +\n" : "),\n");
            }
        }
        b.append("            };\n        }\n        return one;\n    }\n\n");
        b.append("    private static byte[] hex(String s) {\n        byte[] b = new byte[s.length() / 2];\n");
        b.append("        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);\n");
        b.append("        return b;\n    }\n}\n");
        Path p = StoredTranscripts.DIR.resolve("../../../../../sizzle-server/src/main/java/sizzle/template/ProtocolTemplates.java").normalize();
        Files.writeString(p, b.toString());
    }
}
