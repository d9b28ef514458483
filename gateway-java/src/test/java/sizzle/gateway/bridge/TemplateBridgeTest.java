package sizzle.gateway.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sizzle.Connection;
import sizzle.gateway.radio.ChannelModel;
import sizzle.link.LinkConfig;
import sizzle.template.StoredTranscripts;
import sizzle.template.TemplateBook;
import sizzle.template.TemplateCodecTest;

/**
 * Template compression through the bridge (LINK.md §9), on the deterministic simulator: stored
 * transcripts replayed between a client of the bridge and a Java mote's connections, every
 * record arriving byte for byte, with the radio bytes of each handshake counted (frames with
 * their headers and CRCs, the ACKs and the mote's READYs: everything on the air from the
 * ClientHello to the last Finished's ACK) with compression off and on; a device without
 * templates served plain; and each kind of bad compressed message, either way, resetting that
 * connection alone.
 */
class TemplateBridgeTest extends BridgeRig {
    /** Radio bytes of connection 1 (full handshake) and 2 (abbreviated), and the messages' own bytes. */
    record Counts(long full, long abbreviated, long fullMessages, long abbreviatedMessages) {
    }

    /**
     * Replays {@code transcript}'s two handshakes through the bridge; each one side's run of
     * records is written at once (the client's go as one message, the mote's one record each).
     */
    Counts replay(String transcript, ChannelModel ch, LinkConfig cfg, boolean templates, boolean compression) throws Exception {
        return replay(transcript, ch, cfg, templates, compression, false);
    }

    /**
     * With {@code digests} the mote takes a ClientHello as HELLO_DIGEST: where the gateway sends
     * one, the mote's stream has the hello's projection and its connection the hello's digest.
     */
    Counts replay(String transcript, ChannelModel ch, LinkConfig cfg, boolean templates, boolean compression, boolean digests)
            throws Exception {
        List<StoredTranscripts.Rec> recs = StoredTranscripts.records(transcript);
        setUp(ch, cfg, templates ? new TemplateBook(1, TemplateCodecTest.certificates(recs)) : null, compression, digests);
        medium.trace(true);
        long[] air = new long[2], carried = new long[2];
        for (int conn = 1; conn <= 2; conn++) {
            BridgedConnection c = open();
            Connection m = moteSide.accept();
            long before = medium.bytes, msgBefore = messageBytes();
            for (byte[][] run : handshakeRuns(recs, conn)) {
                byte[] all = concat(run);
                if (run == null || all.length == 0) continue;
                boolean fromClient = run[0][0] != 'S';
                byte[] bytes = java.util.Arrays.copyOfRange(all, 1, all.length);
                sizzle.template.HelloDigest hd = digests ? sizzle.template.HelloDigest.of(bytes, 0, bytes.length) : null;
                if (fromClient && hd != null) {
                    int sent = bridge.hellosDigested();
                    c.output().write(bytes);
                    assertArrayEquals(hd.projection, read(m.input(), hd.projection.length), transcript);
                    assertEquals(sent + 1, bridge.hellosDigested());
                    assertArrayEquals(hd.digest, ((kssl.tls.HelloDigestSource) m).clientHelloDigest());
                } else if (fromClient) {
                    c.output().write(bytes);
                    assertArrayEquals(bytes, read(m.input(), bytes.length), transcript);
                } else {
                    m.output().write(bytes);
                    assertArrayEquals(bytes, read(c.input(), bytes.length), transcript);
                }
            }
            run(300); // the last ACK COMPLETE, and the mote's READY
            air[conn - 1] = medium.bytes - before;
            carried[conn - 1] = messageBytes() - msgBefore;
            c.close();
            InputStream mi = m.input();
            assertTrue(sim.runUntil(() -> endOf(mi), sim.nowUs() + 20_000_000));
            run(300);
        }
        return new Counts(air[0], air[1], carried[0], carried[1]);
    }

    /** The messages' bytes on the air so far, both ways: DATA and DATA-TEMPLATE frames' data (the channel is clean: nothing sent twice). */
    private long messageBytes() {
        long n = 0;
        for (sizzle.gateway.radio.RadioMedium.Transmission t : medium.transmissions()) {
            byte[] f = t.frame();
            int type = (f[2] & 0xFF) >>> 4;
            if (type == 0 || type == 7) n += f.length - 8 - (f[5] == 0 ? 2 : 0);
        }
        return n;
    }

    /** Connection {@code conn}'s handshake records (up to the first application data) as runs of one side, each run prefixed by its side. */
    static List<byte[][]> handshakeRuns(List<StoredTranscripts.Rec> recs, int conn) {
        List<byte[][]> runs = new ArrayList<>();
        List<byte[]> cur = new ArrayList<>();
        char side = 0;
        for (StoredTranscripts.Rec r : recs) {
            if (r.connection() != conn) continue;
            if (r.contentType() == 23 || r.contentType() == 21) break;
            if (r.side() != side && !cur.isEmpty()) {
                runs.add(cur.toArray(new byte[0][]));
                cur.clear();
            }
            if (cur.isEmpty()) cur.add(new byte[] {(byte) r.side()});
            side = r.side();
            cur.add(r.bytes());
        }
        if (!cur.isEmpty()) runs.add(cur.toArray(new byte[0][]));
        return runs;
    }

    static byte[] concat(byte[][] parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) o.write(p, 0, p.length);
        return o.toByteArray();
    }

    /**
     * The papers' figures (Sizzle journal paper Table 3): 534 → 232 bytes for a full legacy
     * handshake, 251 → 204 for an abbreviated one, counting the handshake messages' bytes. Here
     * both that count and the radio's (every frame's 6-byte header and CRC, the ACKs, the mote's
     * READYs), on the Mica2's CC1000 (29-byte frames) and the CC2420 (102).
     */
    @ParameterizedTest
    @CsvSource({
        "legacy-ecdh-ecdsa-rc4-sha-ssl3.txt, cc1000, 1555, 464, 526, 403, 1011, 228, 262, 205",
        "legacy-ecdh-ecdsa-rc4-sha-ssl3.txt, cc2420, 1239, 344, 398, 319, 1011, 228, 262, 205",
        "legacy-ecdh-ecdsa-rc4-sha-tls10.txt, cc1000, 1572, 384, 543, 331, 1020, 180, 271, 157",
        "legacy-ecdh-ecdsa-rc4-sha-tls10.txt, cc2420, 1266, 296, 425, 253, 1020, 180, 271, 157",
        "modern-ecdhe-ecdsa-aes128-gcm.txt, cc1000, 1877, 546, 559, 324, 1237, 294, 287, 150",
        "modern-ecdhe-ecdsa-aes128-gcm.txt, cc2420, 1499, 428, 441, 246, 1237, 294, 287, 150",
        "modern-ecdhe-ecdsa-aes128-ccm8-512.txt, cc2420, 1527, 490, 442, 308, 1243, 348, 288, 194",
        "modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt, cc1000, 4407, 2953, 3051, 2685, 3071, 2037, 2091, 1863",
        "modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt, cc2420, 3485, 2325, 2397, 2113, 3071, 2037, 2091, 1863",
    })
    void radioBytesPerHandshake(String transcript, String radio, long fullPlain, long fullCompressed, long abbrPlain, long abbrCompressed,
            long fullMsgPlain, long fullMsgCompressed, long abbrMsgPlain, long abbrMsgCompressed) throws Exception {
        ChannelModel ch = radio.equals("cc1000") ? ChannelModel.cc1000() : ChannelModel.cc2420();
        Counts plain = replay(transcript, ch, radio.equals("cc1000") ? LinkConfig.cc1000() : LinkConfig.cc2420(), true, false);
        Counts comp = replay(transcript, ch, radio.equals("cc1000") ? LinkConfig.cc1000() : LinkConfig.cc2420(), true, true);
        System.out.println("template radio bytes " + transcript + " " + radio + ": full " + plain.full() + " -> " + comp.full()
                + ", abbreviated " + plain.abbreviated() + " -> " + comp.abbreviated() + "; message bytes full "
                + plain.fullMessages() + " -> " + comp.fullMessages() + ", abbreviated " + plain.abbreviatedMessages() + " -> "
                + comp.abbreviatedMessages());
        assertEquals(List.of(fullPlain, fullCompressed, abbrPlain, abbrCompressed, fullMsgPlain, fullMsgCompressed, abbrMsgPlain, abbrMsgCompressed),
                List.of(plain.full(), comp.full(), plain.abbreviated(), comp.abbreviated(), plain.fullMessages(), comp.fullMessages(),
                        plain.abbreviatedMessages(), comp.abbreviatedMessages()));
    }

    /**
     * The Chromium-shaped hello as HELLO_DIGEST (LINK.md §15.2), the rest of the handshake by
     * templates: messages and radio bytes per handshake, beside the templates-only row above.
     */
    @ParameterizedTest
    @CsvSource({"cc1000, 710, 485, 410, 271", "cc2420, 562, 385, 410, 271"})
    void aBrowsersHandshakeWithItsHelloDigested(String radio, long full, long abbreviated, long fullMessages, long abbreviatedMessages)
            throws Exception {
        boolean slow = radio.equals("cc1000");
        Counts d = replay("modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt", slow ? ChannelModel.cc1000() : ChannelModel.cc2420(),
                slow ? LinkConfig.cc1000() : LinkConfig.cc2420(), true, true, true);
        System.out.println("hello digest radio bytes " + radio + ": " + d);
        assertEquals(new Counts(full, abbreviated, fullMessages, abbreviatedMessages), d);
    }

    @Test
    void aDeviceWithoutTemplatesIsServedPlain() throws Exception {
        Counts plain = replay("legacy-ecdh-ecdsa-rc4-sha-tls10.txt", ChannelModel.cc1000(), LinkConfig.cc1000(), false, true);
        assertEquals(new Counts(1572, 543, 1020, 271), plain, "the same bytes as with compression off");
        assertEquals(0, mote.link().stats.get(sizzle.link.LinkStats.BAD_TYPE));
    }

    private static final TemplateBook BOOK = new TemplateBook(1, new byte[0][]);

    /**
     * A bad compressed message, from the gateway ("gateway") or from the mote ("mote"), resets that
     * connection alone: the receiving end's stream fails saying why, the other end is told by
     * DISCONNECT, and the next connection is served. Ops (TemplateCodec): a SEEK to template 31,
     * none; a 5-byte LITERAL with 2 bytes; a COPY before any SEEK.
     */
    @ParameterizedTest
    @CsvSource({"gateway, bf43, unknown template", "gateway, 04aabb, truncated compressed message", "gateway, 43, inconsistent compressed message",
        "mote, bf43, unknown template", "mote, 04aabb, truncated compressed message", "mote, 43, inconsistent compressed message"})
    void aBadCompressedMessageResetsThatConnectionOnly(String from, String hex, String reason) throws Exception {
        setUp(ChannelModel.cc2420(), LinkConfig.cc2420(), BOOK, true);
        BridgedConnection c = open();
        Connection m = moteSide.accept();
        byte[] bad = HexFormat.of().parseHex(hex);
        boolean fromGateway = from.equals("gateway");
        if (fromGateway) {
            assertTrue(bridge.peer(MOTE).sendTemplate(bad, 0, bad.length, sim.nowMs()));
            bridge.poke(MOTE);
        } else {
            assertTrue(mote.link().sendTemplate(bad, 0, bad.length, sim.nowMs()));
            mote.poke();
        }
        InputStream failed = fromGateway ? m.input() : c.input(), told = fromGateway ? c.input() : m.input();
        assertTrue(sim.runUntil(() -> endOf(failed), sim.nowUs() + 5_000_000), "the receiving end's stream fails");
        IOException e = assertThrows(IOException.class, () -> failed.read());
        String prefix = fromGateway ? "the gateway's compressed message: " : "the device's compressed message: ";
        assertTrue(e.getMessage().startsWith(prefix + reason), e.getMessage());
        assertTrue(sim.runUntil(() -> endOf(told), sim.nowUs() + 5_000_000), "the other end is told: DISCONNECT");
        assertCarried(open(), moteSide.accept(), RecordFramerTest.record(22, 200, 0x51)); // the next connection is served
    }
}
