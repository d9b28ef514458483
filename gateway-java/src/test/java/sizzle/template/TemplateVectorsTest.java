package sizzle.template;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Java codec and the C one (native/link/sz_template.c) on real data, both ways, through two
 * files under native/link/tests/vectors: {@code templates.txt}, written here (edition 1's
 * protocol templates, then for each stored transcript its Certificate message as template 0 and
 * each message of its handshake with the Java suppressor's form without POINTs, as for a C
 * device), which the C test recreates; and {@code templates-c.txt}, the C suppressor's forms of
 * the same messages (written by {@code test_template -w}, compared by it otherwise), which this
 * test recreates. Both with each direction's cursor carried from message to message within a
 * connection and moved only by a message that went compressed (Suppressor's rule: a handshake or
 * ChangeCipherSpec message, when shorter; the gateway's first message of a connection always).
 * Without {@code -Dtemplates.write=true} it makes templates.txt again and fails on any byte's
 * difference; with it, it rewrites the file.
 */
class TemplateVectorsTest {
    static final Path VECTORS = StoredTranscripts.DIR.resolve("../../../../../native/link/tests/vectors").normalize();

    /** The transcripts the vectors hold: the good ones (legacy TLS 1.0 and SSL 3.0, modern TLS 1.2). */
    static List<Path> transcripts() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : StoredTranscripts.all()) {
            if (p.getParent().equals(StoredTranscripts.DIR)) out.add(p);
        }
        return out;
    }

    /** A message the suppressor tries: its first record is a handshake or ChangeCipherSpec record. */
    static boolean tried(byte[] m) {
        return m.length > 0 && (m[0] == 22 || m[0] == 20);
    }

    @Test
    void javaFormsAreTheStoredOnes() throws IOException {
        HexFormat hex = HexFormat.of();
        StringBuilder b = new StringBuilder();
        b.append("# Written by gateway-java's TemplateVectorsTest (-Dtemplates.write=true), read by test_template.c.\n");
        b.append("# template ID HEX: edition 1's protocol templates; per transcript its Certificate message as template 0.\n");
        b.append("# C|S PLAIN JAVA: a message of the client or the server, tried by the suppressor, and the Java\n");
        b.append("# suppressor's form without POINTs ('-': it goes as DATA), then the least room it recreates in\n");
        b.append("# place in by TemplateCodec.recreatesInPlace (the C recreator's must be the same); cursors carried\n");
        b.append("# within a connection.\n");
        TemplateBook empty = new TemplateBook(1, new byte[0][]);
        for (int id = TemplateBook.CERTIFICATES; id < empty.count(); id++) {
            b.append("template ").append(id).append(' ').append(hex.formatHex(empty.template(id))).append('\n');
        }
        int compressed = 0;
        for (Path f : transcripts()) {
            List<StoredTranscripts.Rec> recs = StoredTranscripts.records(f);
            TemplateBook book = new TemplateBook(1, TemplateCodecTest.certificates(recs));
            b.append("transcript ").append(f.getFileName()).append('\n');
            if (book.template(0) != null) b.append("template 0 ").append(hex.formatHex(book.template(0))).append('\n');
            for (List<Msg> conn : connections(recs)) {
                b.append("connection\n");
                TemplateCursor client = new TemplateCursor(), server = new TemplateCursor();
                boolean first = true;
                for (Msg m : conn) {
                    TemplateCursor cur = m.side == 'C' ? client : server;
                    boolean must = m.side == 'C' && first;
                    if (m.side == 'C') first = false;
                    TemplateCursor moved = new TemplateCursor();
                    moved.set(cur);
                    byte[] c = TemplateCodec.compress(m.bytes, 0, m.bytes.length, book, moved, false);
                    boolean send = must || c.length < m.bytes.length;
                    if (send) {
                        cur.set(moved);
                        compressed++;
                    }
                    b.append(m.side).append(' ').append(hex.formatHex(m.bytes)).append(' ')
                            .append(send ? hex.formatHex(c) + " " + leastRoom(c, m.bytes.length) : "-").append('\n');
                }
            }
        }
        assertTrue(compressed > 40, compressed + " compressed messages");
        Path p = VECTORS.resolve("templates.txt");
        if (Boolean.getBoolean("templates.write")) Files.writeString(p, b.toString());
        assertEquals(Files.readString(p), b.toString(), "templates.txt is not what the Java suppressor writes now: -Dtemplates.write=true");
    }

    /** The least room compressed form c of an n-byte message recreates in place in (the Java rule). */
    private static int leastRoom(byte[] c, int n) {
        int room = Math.max(n, c.length);
        while (!TemplateCodec.recreatesInPlace(c, room)) room++;
        return room;
    }

    /** The C suppressor's forms (templates-c.txt) come back byte for byte through the Java recreator, cursors carried. */
    @Test
    void cFormsComeBackThroughTheJavaRecreator() throws Exception {
        List<String> lines = Files.readAllLines(VECTORS.resolve("templates-c.txt"));
        int at = 0, checked = 0;
        for (Path f : transcripts()) {
            while (lines.get(at).startsWith("#")) at++;
            assertEquals("transcript " + f.getFileName(), lines.get(at++));
            List<StoredTranscripts.Rec> recs = StoredTranscripts.records(f);
            TemplateBook book = new TemplateBook(1, TemplateCodecTest.certificates(recs));
            for (List<Msg> conn : connections(recs)) {
                assertEquals("connection", lines.get(at++));
                TemplateCursor client = new TemplateCursor(), server = new TemplateCursor();
                for (Msg m : conn) {
                    String[] w = lines.get(at++).split(" ");
                    assertEquals(String.valueOf(m.side), w[0], f.getFileName().toString());
                    if (w[1].equals("-")) continue; // the C suppressor found no shorter form: DATA
                    byte[] c = HexFormat.of().parseHex(w[1]);
                    assertTrue(c.length < m.bytes.length);
                    TemplateCursor cur = m.side == 'C' ? client : server;
                    byte[] r = TemplateCodec.recreate(c, 0, c.length, book, m.bytes.length, cur, null);
                    assertArrayEquals(m.bytes, r, f.getFileName() + " " + m.side + " " + w[1]);
                    checked++;
                }
            }
        }
        assertEquals(lines.size(), at, "templates-c.txt holds more than the transcripts' messages");
        assertTrue(checked > 30, checked + " C forms recreated");
    }

    /**
     * A literal run across a certificate's end (its last 3 bytes differ, then 6 bytes in place of
     * the protocol template's first 6 after the certificate, the rest as the template has it):
     * the suppressor's cursor goes back at the end, byte by byte, the recreator's only at an op's
     * end, so the LITERAL must end there (test_template.c checks the C suppressor so).
     */
    @Test
    void aLiteralAcrossTheCertificatesEndComesBack() throws Exception {
        byte[] cert = TemplateBook.certificateMessage(new byte[][] {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}});
        TemplateBook book = new TemplateBook(1, new byte[][] {cert});
        byte[] t5 = book.template(5);
        int cut = 0;
        while (!(t5[cut] == 0x0e && t5[cut + 1] == 0 && t5[cut + 2] == 0 && t5[cut + 3] == 0)) cut++;
        java.io.ByteArrayOutputStream m = new java.io.ByteArrayOutputStream();
        m.write(t5, 0, cut);
        m.write(cert, 0, 17);
        for (int i = 0; i < 9; i++) m.write(0xC0 + 7 * i);
        m.write(t5, cut + 6, t5.length - cut - 6); // the 6 bytes stood for the template's first 6 after the certificate
        byte[] msg = m.toByteArray();
        TemplateCursor sup = new TemplateCursor(), rec = new TemplateCursor();
        byte[] c = TemplateCodec.compress(msg, 0, msg.length, book, sup);
        assertArrayEquals(msg, TemplateCodec.recreate(c, 0, c.length, book, msg.length, rec, null));
        assertEquals(sup.t + " " + sup.pos + " " + sup.retT, rec.t + " " + rec.pos + " " + rec.retT);
    }

    record Msg(char side, byte[] bytes) {
    }

    /** Each connection's messages that the suppressor tries, in order: one side's consecutive records, joined (TemplateCodecTest.messages' cut). */
    static List<List<Msg>> connections(List<StoredTranscripts.Rec> recs) {
        List<List<Msg>> out = new ArrayList<>();
        java.io.ByteArrayOutputStream cur = new java.io.ByteArrayOutputStream();
        char side = 0;
        int conn = -1;
        for (int i = 0; i <= recs.size(); i++) {
            StoredTranscripts.Rec r = i < recs.size() ? recs.get(i) : null;
            if (r == null || r.side() != side || r.connection() != conn) {
                if (cur.size() > 0 && tried(cur.toByteArray())) out.get(out.size() - 1).add(new Msg(side, cur.toByteArray()));
                cur.reset();
                if (r == null) break;
                if (r.connection() != conn) out.add(new ArrayList<>());
                side = r.side();
                conn = r.connection();
            }
            cur.write(r.bytes(), 0, r.bytes().length);
        }
        return out;
    }
}
