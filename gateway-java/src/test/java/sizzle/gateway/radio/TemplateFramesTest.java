package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import sizzle.link.DeviceLink;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;
import sizzle.link.LinkStats;

/**
 * DATA-TEMPLATE frames (LINK.md §9): a compressed message is cut, ACKed and numbered as DATA
 * and handed to the user's receivedTemplate; a user that cannot recreate never gets one (the
 * frames are bad_type to it); and the device's capabilities ride in READY-SLEEP after its name.
 */
class TemplateFramesTest {
    private static byte[] bytes(int n, int from) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (from + i);
        return b;
    }

    @Test
    void compressedAndPlainMessagesShareTheNumbering() {
        LinkRig r = new LinkRig(ChannelModel.cc1000(), LinkConfig.cc1000(), 0);
        r.connect();
        byte[] t = bytes(100, 1), d = bytes(30, 7);
        assertTrue(r.peer().sendTemplate(t, 0, t.length, r.ms()));
        r.gateway.poke(LinkRig.MOTE);
        r.until(() -> r.atMote.templates.size() == 1 && r.gatewaySide().sent == 1, 5000, "template message");
        r.mote.link().ready(r.ms()); // the device's grant for the next
        r.mote.poke();
        r.until(() -> r.peer().canSend(), 2000, "grant");
        r.gatewaySend(d);
        r.until(() -> r.atMote.messages.size() == 1, 5000, "data message");
        assertArrayEquals(t, r.atMote.templates.get(0));
        assertArrayEquals(d, r.atMote.messages.get(0));
        byte[] back = bytes(40, 9);
        assertTrue(r.mote.link().sendTemplate(back, 0, back.length, r.ms()));
        r.mote.poke();
        r.until(() -> r.gatewaySide().templates.size() == 1, 5000, "template from the mote");
        assertArrayEquals(back, r.gatewaySide().templates.get(0));
        assertEquals(0, r.mote.link().stats.get(LinkStats.BAD_TYPE));
    }

    @Test
    void aUserThatCannotRecreateNeverGetsOne() {
        Simulator sim = new Simulator();
        RadioMedium medium = new RadioMedium(sim, ChannelModel.cc2420(), 0);
        Recorder atGateway = new Recorder();
        SimulatedGateway gw = new SimulatedGateway(medium, LinkConfig.cc2420(), a -> atGateway, 1);
        int[] plain = new int[1];
        LinkListener old = new LinkListener() {
            public void opened(int conn) { }

            public void received(int conn, byte[] b, int off, int len) {
                plain[0]++;
            }

            public void sent(int conn) { }

            public void closed(int conn, int reason) { }
        };
        JavaMote mote = new JavaMote(medium, LinkConfig.cc2420().at(1, 0), old);
        mote.start(0);
        sim.runUntil(() -> gw.peer(1) != null, 5_000_000);
        gw.peer(1).open(sim.nowMs());
        gw.poke(1);
        sim.runUntil(() -> gw.peer(1).isOpen(), 5_000_000);
        byte[] t = bytes(20, 0);
        assertTrue(gw.peer(1).sendTemplate(t, 0, t.length, sim.nowMs()));
        gw.poke(1);
        sim.runUntil(sim.nowUs() + 200_000);
        assertEquals(0, plain[0]);
        assertTrue(mote.link().stats.get(LinkStats.BAD_TYPE) >= 1, mote.link().stats.toString());
        assertEquals(0, atGateway.sent);
    }

    @Test
    void capabilitiesFollowTheNameInReadySleep() {
        LinkRig r = new LinkRig(ChannelModel.cc1000(), LinkConfig.cc1000(), 0);
        byte[] caps = {1, (byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef};
        r.mote.link().config().capabilities = caps;
        r.mote.start(0);
        r.until(() -> r.peer() != null, 100, "discovery");
        assertEquals("thermostat", new String(r.peer().name));
        assertArrayEquals(caps, r.peer().capabilities);
        // 29-byte frames leave 16 bytes for name and capabilities: a longer name goes as its
        // first label (the gateway completes it with its domain), never cut
        r.mote.link().config().name = "kitchen.sizzle.test".getBytes();
        long heard = r.peer().lastAnnounced;
        r.until(() -> r.peer().lastAnnounced > heard, 3000, "next poll");
        assertEquals("kitchen", new String(r.peer().name));
        assertArrayEquals(caps, r.peer().capabilities);
        // without capabilities the whole of a 16-byte name fits: it goes whole
        LinkConfig plain = LinkConfig.cc1000();
        plain.name = "kitchen.sizzle.t".getBytes();
        assertEquals(16, plain.announcedNameLength());
        plain.name = "kitchen.sizzle.te".getBytes();
        assertEquals(7, plain.announcedNameLength());
    }

    @Test
    void aNameWhoseFirstLabelDoesNotFitIsRefused() {
        LinkConfig c = LinkConfig.cc1000();
        c.capabilities = new byte[] {1, 0, 0, 0, 0};
        c.name = "thermostat".getBytes(); // 10 bytes: just fits beside the capabilities
        assertEquals(10, c.announcedNameLength());
        c.name = "thermostat-kitchen".getBytes(); // one label of 18 bytes: cut, it would be another name
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::announcedNameLength);
        assertEquals("READY-SLEEP has room for 10 bytes of name at frame size 29: neither the name (18 bytes) nor its first label (18) fits",
                e.getMessage());
        c.name = ".sizzle.test".getBytes(); // an empty first label names nothing
        assertThrows(IllegalArgumentException.class, c::announcedNameLength);
        DeviceLink d = new DeviceLink(c.at(2, 1));
        c.name = "thermostat-kitchen".getBytes();
        assertThrows(IllegalArgumentException.class, () -> d.start(0), "refused when the duty cycle starts, not at the first poll");
    }
}
