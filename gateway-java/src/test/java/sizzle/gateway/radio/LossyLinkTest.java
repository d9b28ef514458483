package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sizzle.link.LinkConfig;
import sizzle.link.LinkStats;

/**
 * The link's promise under a bad channel: with 10% of frames lost, 5% corrupted, 5%
 * duplicated and 5% held back behind later ones, every byte of many seeded messages arrives
 * exactly once and in order, both ways at once, on both radios; and the impairments were
 * really met (the counters show corrupt frames dropped, duplicates ignored, NACKs sent).
 */
class LossyLinkTest {
    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"cc1000, 1", "cc1000, 2", "cc1000, 3", "cc1000, 4", "cc2420, 1", "cc2420, 2", "cc2420, 3", "cc2420, 4"})
    void everyByteOnceAndInOrder(String radio, long seed) {
        run(radio, seed, 0.10, 0.05, 0.05, 0.05, 3);
    }

    /** Far worse than the papers' 1 in 25: a fifth lost, a tenth corrupted or repeated, reordering by up to 10 frame times. */
    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"cc1000, 11", "cc2420, 11"})
    void survivesAHarsherChannel(String radio, long seed) {
        run(radio, seed, 0.20, 0.10, 0.10, 0.15, 10);
    }

    private static void run(String radio, long seed, double loss, double corrupt, double duplicate, double reorder, int frameTimes) {
        boolean mica = radio.equals("cc1000");
        ChannelModel base = mica ? ChannelModel.cc1000() : ChannelModel.cc2420();
        LinkConfig cfg = mica ? LinkConfig.cc1000() : LinkConfig.cc2420();
        long air = base.airtimeUs(cfg.frameSize);
        LinkRig rig = new LinkRig(base.lossy(loss, corrupt, duplicate, reorder, frameTimes * air), cfg, seed);
        rig.connect();
        Traffic t = new Traffic(seed, 30, mica ? 600 : 2000);
        t.start(rig);
        rig.until(() -> t.done(rig), 60_000, "all messages");
        assertArrayEquals(t.gatewaySent.toByteArray(), rig.atMote.stream.toByteArray(), "gateway to mote");
        assertArrayEquals(t.moteSent.toByteArray(), rig.gatewaySide().stream.toByteArray(), "mote to gateway");
        assertEquals(0, rig.atMote.closed + rig.gatewaySide().closed, "the connection held");
        LinkStats g = rig.peer().stats, m = rig.mote.link().stats;
        assertTrue(rig.medium.corrupted > 0 && g.get(LinkStats.BAD_CRC) + m.get(LinkStats.BAD_CRC) > 0, "corrupt frames dropped");
        assertTrue(g.get(LinkStats.DUPLICATE) + m.get(LinkStats.DUPLICATE) > 0, "duplicates ignored");
        assertTrue(g.get(LinkStats.NACKS_OUT) > 0 && m.get(LinkStats.NACKS_OUT) > 0, "lost frames NACKed both ways");
        System.out.printf("%s seed %d: %d frames, %.1f s simulated; gateway %s; mote %s%n", radio, seed,
                rig.medium.frames, rig.sim.nowUs() / 1e6, g, m);
    }
}
