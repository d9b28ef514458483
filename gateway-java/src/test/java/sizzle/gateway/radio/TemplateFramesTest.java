package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
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
        // 29-byte frames leave 16 bytes for name and capabilities: a long name gives way
        r.mote.link().config().name = "thermostat-kitchen".getBytes();
        long heard = r.peer().lastAnnounced;
        r.until(() -> r.peer().lastAnnounced > heard, 3000, "next poll");
        assertEquals("thermostat", new String(r.peer().name));
        assertArrayEquals(caps, r.peer().capabilities);
    }
}
