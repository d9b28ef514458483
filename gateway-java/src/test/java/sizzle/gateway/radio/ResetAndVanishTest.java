package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;

/**
 * What failures leave behind (LINK.md §8): a mote that resets in the middle of a message,
 * either way, or vanishes, is noticed by the gateway, which stays usable for the next
 * connection (to the rebooted mote, or to a newcomer at the same address) and for every other
 * mote; a gateway that vanishes leaves the mote polling, and a restarted gateway reaches it.
 * On a CC1000 channel with 5% loss, so that recovery and failure meet.
 */
class ResetAndVanishTest {
    private static LinkRig rig(long seed) {
        return new LinkRig(ChannelModel.cc1000().lossy(0.05, 0.02, 0.02, 0.02, 50_000), LinkConfig.cc1000(), seed);
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** A fresh connection carries a message each way: the end that stayed is usable. */
    private static void stillWorks(LinkRig r, int connection) {
        r.peer().open(r.ms());
        r.gateway.poke(LinkRig.MOTE);
        r.until(() -> r.peer().isOpen() && r.atMote.opened == connection, 10_000, "reconnect");
        int toMote = r.atMote.messages.size(), toGateway = r.gatewaySide().messages.size();
        byte[] q = bytes(300, 1), a = bytes(700, 2);
        assertTrue(r.gatewaySend(q));
        r.until(() -> r.atMote.messages.size() == toMote + 1, 10_000, "request");
        assertTrue(r.moteSend(a));
        r.until(() -> r.gatewaySide().messages.size() == toGateway + 1, 10_000, "answer");
        assertArrayEquals(q, r.atMote.messages.get(toMote));
        assertArrayEquals(a, r.gatewaySide().messages.get(toGateway));
    }

    @Test
    void moteResetsWhileTheGatewaySends() {
        LinkRig r = rig(21);
        r.connect();
        assertTrue(r.gatewaySend(bytes(1500, 3)));
        r.sim.runUntil(r.sim.nowUs() + 400_000); // mid-message: some 17 of its 80 frames out
        assertEquals(0, r.atMote.messages.size());
        long resetAt = r.sim.nowUs();
        r.mote.reset(r.ms() + 50);
        r.until(() -> r.gatewaySide().closed == 1, 10_000, "the gateway notices");
        int reason = r.gatewaySide().lastReason;
        assertEquals(LinkListener.PEER_RESET, reason, "reason");
        assertTrue(r.sim.nowUs() - resetAt < 5_000_000, "noticed within 5 s: " + (r.sim.nowUs() - resetAt));
        stillWorks(r, 2);
    }

    @Test
    void moteResetsWhileItSends() {
        LinkRig r = rig(22);
        r.connect();
        assertTrue(r.moteSend(bytes(1500, 4)));
        r.sim.runUntil(r.sim.nowUs() + 400_000);
        assertEquals(0, r.gatewaySide().messages.size());
        long resetAt = r.sim.nowUs();
        r.mote.reset(r.ms() + 50);
        // The gateway was receiving: it learns from the rebooted mote's READY-SLEEPs, once
        // their numbers pass the one the mote's NEWCONNECTION ACK named.
        r.until(() -> r.gatewaySide().closed == 1, 10_000, "the gateway notices");
        assertEquals(LinkListener.PEER_RESET, r.gatewaySide().lastReason);
        assertTrue(r.sim.nowUs() - resetAt < 5_000_000, "noticed within 5 s: " + (r.sim.nowUs() - resetAt));
        assertEquals(0, r.gatewaySide().messages.size(), "no partial message delivered");
        stillWorks(r, 2);
    }

    @Test
    void aVanishedMoteDoesNotStopTheGatewayServingOthers() {
        Simulator sim = new Simulator();
        RadioMedium medium = new RadioMedium(sim, ChannelModel.cc1000().lossy(0.05, 0.02, 0.02, 0.02, 50_000), 23);
        Map<Integer, Recorder> atGateway = new HashMap<>();
        SimulatedGateway gw = new SimulatedGateway(medium, LinkConfig.cc1000(), a -> atGateway.computeIfAbsent(a, k -> new Recorder()), 1);
        Recorder at1 = new Recorder(), at2 = new Recorder();
        JavaMote m1 = new JavaMote(medium, LinkConfig.cc1000().at(1, 0), at1);
        JavaMote m2 = new JavaMote(medium, LinkConfig.cc1000().at(2, 0), at2);
        m1.start(0);
        m2.start(500);
        sim.runUntil(() -> gw.peer(1) != null && gw.peer(2) != null, 5_000_000);
        gw.peer(1).open(sim.nowMs());
        gw.peer(2).open(sim.nowMs());
        gw.poke(1);
        gw.poke(2);
        assertTrue(sim.runUntil(() -> gw.peer(1).isOpen() && gw.peer(2).isOpen(), sim.nowUs() + 10_000_000));
        byte[] big = bytes(1500, 5);
        gw.peer(1).send(big, 0, big.length, sim.nowMs());
        gw.peer(2).send(big, 0, big.length, sim.nowMs());
        gw.poke(1);
        gw.poke(2);
        sim.runUntil(sim.nowUs() + 600_000);
        long vanishedAt = sim.nowUs();
        m1.vanish();
        assertTrue(sim.runUntil(() -> atGateway.get(1).closed == 1 && at2.messages.size() == 1, sim.nowUs() + 20_000_000));
        assertEquals(LinkListener.TIMEOUT, atGateway.get(1).lastReason);
        assertTrue(sim.nowUs() - vanishedAt < 5_000_000, "16 retries of 100 ms, and more: " + (sim.nowUs() - vanishedAt));
        assertArrayEquals(big, at2.messages.get(0), "the other mote got its message whole");
        // A newcomer at the vanished mote's address is discovered and served.
        Recorder at1b = new Recorder();
        JavaMote m1b = new JavaMote(medium, LinkConfig.cc1000().at(1, 0), at1b);
        m1b.start(sim.nowMs());
        gw.peer(1).open(sim.nowMs());
        gw.poke(1);
        assertTrue(sim.runUntil(() -> gw.peer(1).isOpen() && at1b.opened == 1, sim.nowUs() + 10_000_000));
        gw.peer(1).send(big, 0, 100, sim.nowMs());
        gw.poke(1);
        assertTrue(sim.runUntil(() -> at1b.messages.size() == 1, sim.nowUs() + 10_000_000));
    }

    @Test
    void aVanishedGatewayLeavesTheMotePollingForTheNextOne() {
        LinkRig r = rig(24);
        r.connect();
        assertTrue(r.moteSend(bytes(800, 6)));
        r.sim.runUntil(r.sim.nowUs() + 200_000);
        r.gateway.vanish();
        r.until(() -> r.atMote.closed == 1, 10_000, "the mote notices");
        assertEquals(LinkListener.TIMEOUT, r.atMote.lastReason);
        // Back to its duty cycle; a restarted gateway (connection ids elsewhere) reaches it.
        long polls = r.mote.link().stats.get(sizzle.link.LinkStats.POLLS);
        r.sim.runUntil(r.sim.nowUs() + 3_000_000);
        assertTrue(r.mote.link().stats.get(sizzle.link.LinkStats.POLLS) >= polls + 2, "polling again");
        Recorder at = new Recorder();
        SimulatedGateway again = new SimulatedGateway(r.medium, r.cfg, a -> at, 77);
        r.until(() -> again.peer(LinkRig.MOTE) != null, 5000, "rediscovery");
        again.peer(LinkRig.MOTE).open(r.ms());
        again.poke(LinkRig.MOTE);
        r.until(() -> again.peer(LinkRig.MOTE).isOpen() && r.atMote.opened == 2, 10_000, "new gateway's connection");
        assertEquals(77, r.mote.link().connection());
        byte[] m = bytes(400, 7);
        assertTrue(r.moteSend(m));
        r.until(() -> at.messages.size() == 1, 10_000, "message to the new gateway");
        assertArrayEquals(m, at.messages.get(0));
    }
}
