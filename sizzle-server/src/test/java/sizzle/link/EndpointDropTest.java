package sizzle.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A device endpoint fed frames by hand (no radio, no simulator): every frame it cannot use is
 * dropped with its own counter and, where the sender asked, the answer LINK.md §8 gives; a
 * message is delivered once; and random bytes never make it throw.
 */
class EndpointDropTest {
    private static final HexFormat HEX = HexFormat.of();
    private final List<String> sent = new ArrayList<>();
    private final List<String> events = new ArrayList<>();
    private DeviceLink d;
    private long now;

    private void boot(int capacity) {
        LinkConfig c = LinkConfig.cc1000().at(1, 0);
        c.capacity = capacity;
        d = new DeviceLink(c);
        d.attach((b, len) -> sent.add(HEX.formatHex(b, 0, len)), new LinkListener() {
            public void opened(int conn) {
                events.add("opened " + conn);
            }

            public void received(int conn, byte[] b, int off, int len) {
                events.add("received " + HEX.formatHex(b, off, len));
            }

            public void sent(int conn) {
                events.add("sent");
            }

            public void closed(int conn, int reason) {
                events.add("closed " + reason);
            }
        });
        d.start(0);
        d.tick(0); // wakes: READY-SLEEP
        radioDone();
    }

    private void radioDone() {
        d.transmitted(now);
    }

    /** Feeds one frame; returns what the device sent in answer (hex, its payload only), or "". */
    private String feed(int dst, int src, int type, int flags, int conn, int msg, int index, String payload) {
        int before = sent.size();
        deliver(dst, src, type, flags, conn, msg, index, payload);
        if (sent.size() == before) return "";
        String s = sent.get(sent.size() - 1);
        radioDone();
        return s.substring(4, s.length() - 4); // without dst, src and CRC
    }

    /** Hands the device one frame, and does not finish the radio's send of any answer. */
    private void deliver(int dst, int src, int type, int flags, int conn, int msg, int index, String payload) {
        byte[] b = new byte[64];
        byte[] p = HEX.parseHex(payload);
        System.arraycopy(p, 0, b, Frame.HEADER, p.length);
        Frame f = new Frame().set(dst, src, type, flags, conn, msg, index);
        f.payloadLength = p.length;
        d.receive(b, f.encode(b), now);
    }

    private int count(int c) {
        return d.stats.get(c);
    }

    @Test
    void everyUnusableFrameIsCountedAndAnsweredAsSpecified() {
        boot(100);
        assertTrue(sent.get(0).startsWith("000161000000"), "READY-SLEEP first: " + sent.get(0));
        assertEquals(DeviceLink.LISTEN, d.power());
        // NEWCONNECTION 5: ACK OK; its ACK's message field names the last poll (0).
        assertEquals("1005000003" + "00", feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, ""));
        assertEquals(List.of("opened 5"), events);
        assertEquals(DeviceLink.AWAKE, d.power());
        // A repeat of it: ACKed again, not reopened.
        assertEquals("100500000300", feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, ""));
        assertEquals(1, events.size());

        assertEquals("", feed(2, 0, Frame.DATA, Frame.ACK_REQ, 5, 0, 0, "0001aa"));
        assertEquals(1, count(LinkStats.NOT_FOR_ME));
        assertEquals("", feed(1, 3, Frame.DATA, Frame.ACK_REQ, 5, 0, 0, "0001aa"));
        assertEquals(1, count(LinkStats.WRONG_PEER));
        // Another connection's frame that asks: "no such connection".
        assertEquals("100600000003", feed(1, 0, Frame.DATA, Frame.ACK_REQ, 6, 0, 0, "0001aa"));
        assertEquals(1, count(LinkStats.STALE_CONN));
        assertEquals("", feed(1, 0, Frame.DATA, 0, 5, 3, 1, "aa"));
        assertEquals(1, count(LinkStats.STALE_MSG));
        // A later frame before frame 0: dropped; if it asks, a NACK naming frame 0 (start over).
        assertEquals("", feed(1, 0, Frame.DATA, 0, 5, 0, 2, "aa"));
        assertEquals("200500020080", feed(1, 0, Frame.DATA, Frame.ACK_REQ, 5, 0, 2, "aa"));
        assertEquals(2, count(LinkStats.NO_FIRST));
        // Longer than the device takes: refused.
        assertEquals("100500000002", feed(1, 0, Frame.DATA, Frame.ACK_REQ, 5, 0, 0, "00c8" + "11".repeat(19)));
        assertEquals(1, count(LinkStats.TOO_LONG));

        // A 50-byte message: frames of 19, 21 and 10 bytes.
        String m0 = "11".repeat(19), m1 = "22".repeat(21), m2 = "33".repeat(10);
        assertEquals("100500000000", feed(1, 0, Frame.DATA, Frame.ACK_REQ, 5, 0, 0, "0032" + m0));
        assertEquals("", feed(1, 0, Frame.DATA, 0, 5, 0, 3, "aa"));
        assertEquals(1, count(LinkStats.BAD_INDEX));
        assertEquals("", feed(1, 0, Frame.DATA, 0, 5, 0, 1, "2222"));
        assertEquals("", feed(1, 0, Frame.DATA, Frame.ACK_REQ, 5, 0, 0, "0033" + m0));
        assertEquals(2, count(LinkStats.BAD_SIZE), "a short middle frame; frame 0 with another length");
        assertEquals("", feed(1, 0, Frame.DATA, 0, 5, 0, 1, m1));
        assertEquals("", feed(1, 0, Frame.DATA, 0, 5, 0, 1, m1));
        assertEquals(1, count(LinkStats.DUPLICATE));
        // The poll before the last frame arrived: a NACK of frame 2 (base 2, bit 0).
        assertEquals("200500010280", feed(1, 0, Frame.DATA, Frame.ACK_REQ, 5, 0, 1, m1));
        assertEquals("100500020001", feed(1, 0, Frame.DATA, Frame.ACK_REQ, 5, 0, 2, m2));
        assertEquals("received " + m0 + m1 + m2, events.get(1));
        // The last frame again (its ACK was lost): COMPLETE again, not delivered again.
        assertEquals("100500020001", feed(1, 0, Frame.DATA, Frame.ACK_REQ, 5, 0, 2, m2));
        assertEquals(2, events.size());
        assertEquals(1, count(LinkStats.MESSAGES_IN));

        // An ACK of nothing outstanding; a READY or READY-SLEEP sent to a device.
        assertEquals("", feed(1, 0, Frame.ACK, 0, 5, 0, 0, "0500"));
        assertEquals("", feed(1, 0, Frame.READY, Frame.ACK_REQ, 5, 0, 0, ""));
        assertEquals(2, count(LinkStats.UNEXPECTED));
        // Malformed on the air: counted by reason.
        d.receive(new byte[3], 3, now);
        assertEquals(1, count(LinkStats.SHORT));

        // DISCONNECT: ACKed, closed, and the device announces itself again.
        assertEquals("100500000400", feed(1, 0, Frame.DISCONNECT, Frame.ACK_REQ, 5, 0, 0, ""));
        assertEquals("closed " + LinkListener.PEER_CLOSED, events.get(2));
        assertTrue(sent.get(sent.size() - 1).startsWith("000161000100"), "READY-SLEEP number 1 after the close");
        // A repeat of the DISCONNECT (its ACK lost): ACKed again, once the READY-SLEEP is out.
        radioDone();
        assertEquals("100500000400", feed(1, 0, Frame.DISCONNECT, Frame.ACK_REQ, 5, 0, 0, ""));
        assertEquals(3, events.size());
    }

    @Test
    void aNackWithNothingInFlightIsUnexpected() {
        boot(100);
        feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, "");
        assertEquals("", feed(1, 0, Frame.NACK, 0, 5, 0, 0, "0080"));
        assertEquals(1, count(LinkStats.UNEXPECTED), d.stats.toString());
        assertEquals(List.of("opened 5"), events);
    }

    @Test
    void aNewConnectionForAnotherIdReplacesTheOpenOne() { // LINK.md §3
        boot(100);
        feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, "");
        // ACK OK naming poll 1: the close of 5 announced the device again (READY-SLEEP 1).
        assertEquals("100601000300", feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 6, 0, 0, ""));
        assertEquals(List.of("opened 5", "closed " + LinkListener.REPLACED, "opened 6"), events);
        assertEquals(6, d.connection());
    }

    @Test
    void silenceClosesTheConnection() { // LINK.md §6
        boot(100);
        feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, "");
        d.tick(d.config().silenceMs - 1);
        assertEquals(List.of("opened 5"), events);
        d.tick(d.config().silenceMs);
        assertEquals(List.of("opened 5", "closed " + LinkListener.SILENT), events);
    }

    @Test
    void aReadyTheGatewayRefusesClosesWithPeerReset() { // LINK.md §5
        boot(100);
        feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, "");
        d.ready(now);
        assertTrue(sent.get(sent.size() - 1).startsWith("0001" + "5105"), "READY on conn 5: " + sent.get(sent.size() - 1));
        radioDone();
        feed(1, 0, Frame.ACK, 0, 5, 0, 0, "05" + "03"); // READY: NO_CONNECTION
        assertEquals(List.of("opened 5", "closed " + LinkListener.PEER_RESET), events);
    }

    @Test
    void aFifthWaitingAnswerIsDropped() { // LINK.md §4: a queue of 4
        boot(100);
        feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, "");
        int before = sent.size();
        for (int c = 6; c <= 11; c++) deliver(1, 0, Frame.DATA, Frame.ACK_REQ, c, 0, 0, "0001aa"); // radio never done
        assertEquals(before + 1, sent.size(), "one answer on the air, four waiting");
        assertEquals(1, count(LinkStats.RESPONSE_DROPPED), d.stats.toString());
    }

    @Test
    void moreNackRoundsThanAllowedCloseWithTimeout() { // LINK.md §4: `rounds`
        boot(100);
        feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, "");
        assertTrue(d.send(new byte[30], 0, 30, now)); // frames of 19 and 11 bytes
        radioDone();
        assertTrue(feed(1, 0, Frame.ACK, 0, 5, 0, 0, "0000").startsWith("01050001"), "frame 1, the poll");
        for (int k = 0; k < d.config().maxRounds; k++) {
            assertTrue(feed(1, 0, Frame.NACK, 0, 5, 0, 0, "0180").startsWith("01050001"), "frame 1 again, round " + (k + 1));
        }
        assertEquals(List.of("opened 5"), events);
        feed(1, 0, Frame.NACK, 0, 5, 0, 0, "0180");
        assertEquals(List.of("opened 5", "closed " + LinkListener.TIMEOUT), events);
    }

    @Test
    void randomBytesNeverThrowAndAreAllCounted() {
        boot(200);
        feed(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 5, 0, 0, "");
        Random r = new Random(9);
        byte[] b = new byte[64];
        int frames = 20000;
        for (int i = 0; i < frames; i++) {
            r.nextBytes(b);
            int len = r.nextInt(40);
            if (i % 2 == 0 && len >= Frame.OVERHEAD) { // half of them with a valid CRC, to reach the state checks
                b[0] = 1;
                b[1] = 0;
                int crc = Crc16.compute(b, 0, len - 2);
                b[len - 2] = (byte) crc;
                b[len - 1] = (byte) (crc >>> 8);
            }
            now++;
            d.receive(b, len, now);
            if (i % 7 == 0) d.transmitted(now);
            d.tick(now);
        }
        int accounted = d.stats.get(LinkStats.FRAMES_IN); // the NEWCONNECTION above included
        for (int c = LinkStats.SHORT; c <= LinkStats.WRONG_PEER; c++) accounted += d.stats.get(c);
        assertEquals(frames + 1, accounted, d.stats.toString());
        assertTrue(d.stats.get(LinkStats.BAD_CRC) > 0 && d.stats.get(LinkStats.BAD_TYPE) > 0 && d.stats.get(LinkStats.FRAMES_IN) > 20,
                d.stats.toString());
    }
}
