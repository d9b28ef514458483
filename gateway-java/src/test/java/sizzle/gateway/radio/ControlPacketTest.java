package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import sizzle.link.DeviceLink;
import sizzle.link.Frame;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;

/**
 * The control packets on a clean CC2420 channel (LINK.md §5–6): READY-SLEEP and discovery,
 * the device sleeping at once when the gateway has nothing and staying when it has;
 * NEWCONNECTION; READY as the gateway's permission to send; DISCONNECT from either end.
 */
class ControlPacketTest {
    private static LinkRig rig() {
        return new LinkRig(ChannelModel.cc2420(), LinkConfig.cc2420(), 3);
    }

    private static List<RadioMedium.Transmission> ofType(LinkRig r, int from, int type) {
        return r.medium.transmissions().stream()
                .filter(t -> t.from() == from && (t.frame()[Frame.TYPE_FLAGS] & 0xF0) >> 4 == type).toList();
    }

    @Test
    void readySleepAnnouncesTheDeviceWhichSleepsWhenThereIsNothing() {
        LinkRig r = rig();
        r.medium.trace(true);
        r.mote.start(0);
        r.until(() -> r.peer() != null, 100, "discovery");
        assertEquals("thermostat", new String(r.peer().name));
        assertEquals(1, r.peer().kind);
        assertEquals(20, r.peer().listenMs);
        assertEquals(Frame.maxMessage(102), r.peer().capacity);
        // The ACK says "nothing pending": the device sleeps on it, well inside its 20 ms.
        r.until(() -> r.mote.link().power() == DeviceLink.SLEEP, 100, "sleep");
        assertTrue(r.sim.nowUs() < 20_000, "asleep after " + r.sim.nowUs() + " us");
        // It polls once a poll period (1 s) and nothing else: 10 polls in 10 s, each ACKed.
        r.sim.runUntil(10_000_000 - 1);
        assertEquals(10, ofType(r, LinkRig.MOTE, Frame.READY_SLEEP).size());
        assertEquals(10, ofType(r, Frame.GATEWAY, Frame.ACK).size());
        assertEquals(20, r.medium.frames, "the 10 polls and their 10 ACKs, nothing else");
        assertEquals(10, r.peer().announcements);
        assertEquals(0, r.medium.missedAsleep, "nothing was sent to the sleeping mote");
    }

    @Test
    void pendingWorkKeepsTheDeviceListeningForNewConnection() {
        LinkRig r = rig();
        r.medium.trace(true);
        r.mote.start(0);
        r.until(() -> r.peer() != null, 100, "discovery");
        assertTrue(r.peer().open(r.ms()));
        assertFalse(r.peer().open(r.ms()), "one connection at a time");
        r.gateway.poke(LinkRig.MOTE);
        r.until(() -> r.atMote.opened == 1 && r.peer().isOpen(), 3000, "open");
        // The next poll was answered PENDING, and NEWCONNECTION came inside the 20 ms window.
        RadioMedium.Transmission poll = ofType(r, LinkRig.MOTE, Frame.READY_SLEEP).get(1);
        RadioMedium.Transmission ack = ofType(r, Frame.GATEWAY, Frame.ACK).get(1);
        RadioMedium.Transmission open = ofType(r, Frame.GATEWAY, Frame.NEWCONNECTION).get(0);
        assertEquals(Frame.PENDING, ack.frame()[Frame.HEADER + 1]);
        assertTrue(open.endUs() < poll.endUs() + 20_000, "NEWCONNECTION heard inside the window");
        assertEquals(1, ofType(r, Frame.GATEWAY, Frame.NEWCONNECTION).size());
        assertEquals(r.peer().connection(), r.mote.link().connection());
        assertEquals(DeviceLink.AWAKE, r.mote.link().power());
        assertEquals(0, r.medium.missedAsleep, "the gateway sent only while the mote listened");
    }

    @Test
    void theGatewaySendsOnlyOnTheDevicesReady() {
        LinkRig r = rig();
        r.connect();
        r.medium.trace(true);
        assertTrue(r.gatewaySend(new byte[10])); // the NEWCONNECTION's ACK is the first grant
        r.until(() -> r.atMote.messages.size() == 1, 1000, "first");
        r.until(() -> r.gatewaySide().sent == 1, 1000, "first's ACK");
        assertTrue(r.gatewaySend(new byte[10]));
        r.sim.runUntil(r.sim.nowUs() + 5_000_000);
        assertEquals(1, ofType(r, Frame.GATEWAY, Frame.DATA).size(), "held: no READY yet");
        long readyAt = r.sim.nowUs();
        r.mote.link().ready(r.ms());
        r.mote.poke();
        r.until(() -> r.atMote.messages.size() == 2, 1000, "second");
        assertTrue(ofType(r, Frame.GATEWAY, Frame.DATA).get(1).startUs() > readyAt);
        assertEquals(1, ofType(r, LinkRig.MOTE, Frame.READY).size());
        // A message from the device is a grant too (it answers only what it has taken).
        r.until(() -> r.gatewaySide().sent == 2, 1000, "second's ACK");
        assertTrue(r.gatewaySend(new byte[10]));
        assertTrue(r.moteSend(new byte[5]));
        r.until(() -> r.atMote.messages.size() == 3, 1000, "third, on the mote's message");
        assertEquals(1, ofType(r, LinkRig.MOTE, Frame.READY).size());
    }

    /**
     * A device that grants by READY only (LINK.md §6.1): announced in READY-SLEEP, honoured by
     * the gateway (neither the NEWCONNECTION's ACK nor the device's own message is a grant).
     */
    @Test
    void aReadyOnlyDeviceIsSentAMessageOnlyOnItsReady() {
        LinkRig r = new LinkRig(ChannelModel.cc2420(), LinkConfig.cc2420(), 3, true);
        r.connect();
        assertTrue(r.peer().readyOnly, "READY-SLEEP's kind, bit 7");
        assertEquals(1, r.peer().kind);
        r.medium.trace(true);
        assertTrue(r.gatewaySend(new byte[10]));
        r.sim.runUntil(r.sim.nowUs() + 5_000_000);
        assertEquals(0, ofType(r, Frame.GATEWAY, Frame.DATA).size(), "held: the NEWCONNECTION's ACK is no grant");
        assertEquals(0, ofType(r, LinkRig.MOTE, Frame.READY).size(), "and the device sent no READY of its own");
        long readyAt = r.sim.nowUs();
        r.mote.link().ready(r.ms());
        r.mote.poke();
        r.until(() -> r.atMote.messages.size() == 1, 1000, "first, on READY 0");
        assertTrue(ofType(r, Frame.GATEWAY, Frame.DATA).get(0).startUs() > readyAt);
        r.until(() -> r.gatewaySide().sent == 1, 1000, "first's ACK");
        assertTrue(r.moteSend(new byte[5]));
        r.until(() -> r.gatewaySide().messages.size() == 1, 1000, "the device's answer");
        assertTrue(r.gatewaySend(new byte[10]));
        r.sim.runUntil(r.sim.nowUs() + 5_000_000);
        assertEquals(1, ofType(r, Frame.GATEWAY, Frame.DATA).size(), "held: the device's own message is no grant");
        r.mote.link().ready(r.ms());
        r.mote.poke();
        r.until(() -> r.atMote.messages.size() == 2, 1000, "second, on READY 1");
        assertEquals(0, r.mote.link().stats.get(sizzle.link.LinkStats.UNEXPECTED), "nothing refused: the gateway kept to the grants");
    }

    /**
     * A gateway that ignores the capability (here: forgets it) has its message refused by the
     * device, unanswered, not a byte taken: its connection times out.
     */
    @Test
    void aReadyOnlyDeviceRefusesAMessageItDidNotGrant() {
        LinkRig r = new LinkRig(ChannelModel.cc2420(), LinkConfig.cc2420(), 3, true);
        r.connect();
        r.peer().readyOnly = false; // the gateway now takes the device's message as a grant (LINK.md §6)
        assertTrue(r.moteSend(new byte[5]));
        r.until(() -> r.gatewaySide().messages.size() == 1, 1000, "the device's message");
        assertTrue(r.gatewaySend(new byte[10]));
        r.sim.runUntil(r.sim.nowUs() + 1_000_000);
        assertEquals(0, r.atMote.messages.size(), "refused");
        assertTrue(r.mote.link().stats.get(sizzle.link.LinkStats.UNEXPECTED) > 0, "counted unexpected");
        // its frame 0 repeated through every retry, unanswered: the gateway's connection fails
        assertEquals(1, r.gatewaySide().closed);
        assertEquals(LinkListener.TIMEOUT, r.gatewaySide().lastReason);
        assertEquals(0, r.atMote.messages.size());
    }

    @Test
    void disconnectFromEitherEnd() {
        LinkRig r = rig();
        r.connect();
        r.peer().close(r.ms());
        r.gateway.poke(LinkRig.MOTE);
        r.until(() -> r.atMote.closed == 1 && r.gatewaySide().closed == 1, 1000, "gateway's DISCONNECT");
        assertEquals(LinkListener.PEER_CLOSED, r.atMote.lastReason);
        assertEquals(LinkListener.CLOSED, r.gatewaySide().lastReason);
        // The device announces itself again at once, then sleeps; the next connection works.
        assertEquals(DeviceLink.LISTEN, r.mote.link().power());
        r.peer().open(r.ms());
        r.gateway.poke(LinkRig.MOTE);
        r.until(() -> r.atMote.opened == 2 && r.peer().isOpen(), 3000, "second connection");
        // The device's DISCONNECT waits for its message to be whole.
        assertTrue(r.moteSend(new byte[500]));
        r.mote.link().close(r.ms());
        r.mote.poke();
        r.until(() -> r.atMote.closed == 2 && r.gatewaySide().closed == 2, 1000, "device's DISCONNECT");
        assertEquals(1, r.gatewaySide().messages.size());
        assertEquals(500, r.gatewaySide().messages.get(0).length);
        assertEquals(LinkListener.PEER_CLOSED, r.gatewaySide().lastReason);
        assertEquals(LinkListener.CLOSED, r.atMote.lastReason);
        assertEquals(0, r.peer().connection());
    }
}
