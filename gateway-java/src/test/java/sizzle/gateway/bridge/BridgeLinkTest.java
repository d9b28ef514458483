package sizzle.gateway.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sizzle.Connection;
import sizzle.gateway.radio.ChannelModel;
import sizzle.gateway.radio.JavaMote;
import sizzle.link.LinkConfig;
import sizzle.link.LinkStats;

/**
 * The bridge on the deterministic simulator (no clock, no threads: the simulator is the radio's
 * executor): a client's bytes held until whole records are there and sent as one message per
 * grant; the mote's records one per message and back to the client in order; the client's end
 * closing the link once its records arrived (the mote's input ends), the mote's end ending the
 * client's stream; a malformed record header ending that connection alone, the next one served.
 * On a clean CC2420-like channel and with 10% loss plus corruption, duplication and reordering.
 */
class BridgeLinkTest extends BridgeRig {
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void recordsCrossBothWaysAndTheEndsCrossOver(boolean lossy) throws Exception {
        setUp(lossy);
        assertTrue(bridge.describe(MOTE).startsWith("radio 1: "), bridge.describe(MOTE));
        BridgedConnection c = open();
        Connection m = moteSide.accept();
        OutputStream client = c.output();

        byte[] hello = RecordFramerTest.record(22, 517, 0x11);
        client.write(hello, 0, 3); // a record in three pieces, the radio running between them
        run(50);
        client.write(hello, 3, 300);
        run(50);
        assertEquals(0, available(m.input()), "nothing goes before the record is whole");
        client.write(hello, 303, hello.length - 303);
        assertArrayEquals(hello, read(m.input(), hello.length));
        assertEquals(1, moteMessagesIn());

        byte[] sh = RecordFramerTest.record(22, 90, 0x21), cert = RecordFramerTest.record(22, 700, 0x22),
                done = RecordFramerTest.record(22, 4, 0x23);
        byte[] flight = RecordFramerTest.concat(sh, cert, done);
        m.output().write(flight, 0, 50); // the server's writes need not follow its records
        m.output().write(flight, 50, flight.length - 50);
        assertArrayEquals(flight, read(c.input(), flight.length));
        run(500); // the last ACK COMPLETE back at the mote
        assertEquals(3, mote.link().stats.get(LinkStats.MESSAGES_OUT), "one record per message from the mote");

        byte[] cke = RecordFramerTest.record(22, 70, 0x31), ccs = RecordFramerTest.record(20, 1, 1),
                fin = RecordFramerTest.record(22, 40, 0x32);
        client.write(RecordFramerTest.concat(cke, ccs, fin));
        assertArrayEquals(RecordFramerTest.concat(cke, ccs, fin), read(m.input(), cke.length + ccs.length + fin.length));
        assertEquals(2, moteMessagesIn(), "the client's whole records held together go as one message");

        c.shutdownOutput(); // the client is done: DISCONNECT once its records have arrived
        InputStream mi = m.input();
        assertTrue(sim.runUntil(() -> endOf(mi), sim.nowUs() + 20_000_000));
        assertEquals(-1, m.input().read());
        assertTrue(sim.runUntil(() -> endOf(c.input()), sim.nowUs() + 20_000_000));
        assertEquals(-1, c.input().read());
        assertEquals(0, bridge.peer(MOTE).connection());

        // The next connection; this time the mote ends it: its last record arrives, then the client's stream ends.
        BridgedConnection c2 = open();
        Connection m2 = moteSide.accept();
        byte[] page = RecordFramerTest.record(23, 1200, 0x41);
        m2.output().write(page);
        m2.close();
        assertArrayEquals(page, read(c2.input(), page.length));
        assertTrue(sim.runUntil(() -> endOf(c2.input()), sim.nowUs() + 20_000_000));
        assertEquals(-1, c2.input().read());
        assertThrows(IOException.class, () -> c2.output().write(new byte[5]));
        if (lossy) {
            assertTrue(medium.lost > 0 && medium.corrupted > 0 && medium.duplicated > 0 && medium.reordered > 0,
                    medium.lost + " " + medium.corrupted + " " + medium.duplicated + " " + medium.reordered);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aMalformedRecordHeaderEndsThatConnectionOnly(boolean lossy) throws Exception {
        setUp(lossy);
        BridgedConnection bad = open();
        Connection m = moteSide.accept();
        bad.output().write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        InputStream mi = m.input();
        assertTrue(sim.runUntil(() -> endOf(mi), sim.nowUs() + 20_000_000), "the mote is told: DISCONNECT");
        assertEquals(-1, m.input().read());
        IOException e = assertThrows(IOException.class, () -> bad.input().read());
        assertTrue(e.getMessage().startsWith("a malformed TLS record header: 47 45 54 20 2f"), e.getMessage());
        assertEquals(0, moteMessagesIn(), "not a byte of it reached the mote");

        assertCarried(open(), moteSide.accept(), RecordFramerTest.record(22, 200, 0x51));
    }

    /**
     * On the CC1000 (29-byte frames) a message is at most 5,374 bytes: a 16 KB record from the
     * client goes in parts of that size (the next record joining its last part), and the mote's
     * stream is the same bytes.
     */
    @org.junit.jupiter.api.Test
    void aRecordLongerThanAMessageGoesInParts() throws Exception {
        setUp(ChannelModel.cc1000(), LinkConfig.cc1000());
        BridgedConnection c = open();
        Connection m = moteSide.accept();
        byte[] big = RecordFramerTest.record(23, 16000, 0x71), after = RecordFramerTest.record(21, 2, 0x72);
        c.output().write(RecordFramerTest.concat(big, after));
        assertArrayEquals(RecordFramerTest.concat(big, after), read(m.input(), big.length + after.length));
        assertEquals(3, moteMessagesIn(), "5,374 + 5,374 bytes of the record, then its last 5,257 with the next record");
    }

    /**
     * Discovery for the device list: a device is listed from its first READY-SLEEP, stays
     * listed while it polls or holds a connection, and is left out two poll periods (and a
     * window) after it falls silent.
     */
    @org.junit.jupiter.api.Test
    void theListShowsADeviceFromItsFirstPollUntilItFallsSilent() throws Exception {
        setUp(false);
        LinkConfig c2 = LinkConfig.cc2420().at(2, 0);
        c2.pollPeriodMs = 200;
        JavaMote second = new JavaMote(medium, c2, new MoteConnections(sim));
        second.start(sim.nowMs() + 1000);
        run(990);
        assertEquals(null, bridge.describe(2), "not heard yet: not listed");
        run(20);
        assertTrue(bridge.describe(2).startsWith("radio 2: "), "listed from its first READY-SLEEP");
        BridgedConnection c = open();
        mote.vanish(); // mote 1 leaves with a connection open: listed until the link gives the connection up
        run(2000);
        assertTrue(bridge.describe(MOTE).startsWith("radio 1: connected"), bridge.describe(MOTE));
        c.close();
        assertTrue(sim.runUntil(() -> bridge.describe(MOTE) == null, sim.nowUs() + 20_000_000), bridge.describe(MOTE));
        assertTrue(bridge.describe(2).startsWith("radio 2: "), "the other one polls on");
    }

    /**
     * A client that gives up while its connection waits for the sleeping mote's next poll is
     * withdrawn (GatewayPeer.cancelOpen): the poll is answered "nothing", no connection opens,
     * and the next client's does.
     */
    @org.junit.jupiter.api.Test
    void aConnectionGivenUpBeforeTheMoteWakesIsWithdrawn() throws Exception {
        setUp(false);
        assertEquals(sizzle.link.DeviceLink.SLEEP, mote.link().power(), "between polls");
        BridgedConnection c = bridge.open(MOTE);
        run(1);
        assertTrue(bridge.describe(MOTE).startsWith("radio 1: opening"), bridge.describe(MOTE));
        sim.execute(c::cancel);
        run(1000);
        assertTrue(!c.opened.isDone() && mote.link().connection() == 0, bridge.describe(MOTE));
        assertEquals(0, mote.link().stats.get(LinkStats.FRAMES_IN) - framesAnswered(), "the mote heard only its polls' ACKs");
        assertCarried(open(), moteSide.accept(), RecordFramerTest.record(23, 10, 0x81));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void connectionsWaitTheirTurnAndAGivenUpOneIsSkipped(boolean lossy) throws Exception {
        setUp(lossy);
        BridgedConnection first = open();
        Connection m1 = moteSide.accept();
        BridgedConnection gaveUp = bridge.open(MOTE), second = bridge.open(MOTE);
        run(500);
        assertTrue(!gaveUp.opened.isDone() && !second.opened.isDone(), "one connection at a time");
        assertTrue(bridge.describe(MOTE).contains("connected, 2 waiting"), bridge.describe(MOTE));
        sim.execute(gaveUp::cancel);
        first.close(); // the front door closes: the link connection ends
        assertTrue(sim.runUntil(() -> second.opened.isDone(), sim.nowUs() + 20_000_000), bridge.describe(MOTE));
        assertTrue(!gaveUp.opened.isDone());
        assertEquals(-1, m1.input().read());
        assertCarried(second, moteSide.accept(), RecordFramerTest.record(23, 30, 0x61));
    }

    /**
     * A C mote's rule (LINK.md §13): records held together go one flight per message, each after
     * the mote's grant: the client's second flight as one, the request after its Finished alone.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aCMoteIsSentOneFlightPerMessage(boolean lossy) throws Exception {
        setUp(lossy);
        bridge.oneFlightPerMessage(MOTE);
        BridgedConnection c = open();
        Connection m = moteSide.accept();
        byte[] cke = RecordFramerTest.record(22, 70, 16), ccs = RecordFramerTest.record(20, 1, 1),
                fin = RecordFramerTest.record(22, 40, 0x32), get = RecordFramerTest.record(23, 50, 0x47);
        byte[] all = RecordFramerTest.concat(cke, ccs, fin, get);
        c.output().write(all);
        assertArrayEquals(all, read(m.input(), all.length));
        assertEquals(2, moteMessagesIn(), "the flight, then the request: two messages");
    }
}
