package sizzle.gateway.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import sizzle.Connection;
import sizzle.gateway.radio.ChannelModel;
import sizzle.gateway.radio.JavaMote;
import sizzle.gateway.radio.RadioMedium;
import sizzle.gateway.radio.Simulator;
import sizzle.link.LinkConfig;
import sizzle.link.LinkStats;
import sizzle.template.Suppressor;
import sizzle.template.TemplateBook;

/**
 * A bridge and one Java mote's connections (radio address 1) on the deterministic simulator (no
 * clock, no threads: the simulator is the radio's executor): what the bridge tests share.
 */
class BridgeRig {
    static final int MOTE = 1;

    final Simulator sim = new Simulator();
    RadioMedium medium;
    RadioBridge bridge;
    MoteConnections moteSide;
    JavaMote mote;

    void setUp(boolean lossy) {
        setUp(lossy ? ChannelModel.cc2420().lossy(0.10, 0.05, 0.05, 0.05, 3000) : ChannelModel.cc2420(), LinkConfig.cc2420());
    }

    void setUp(ChannelModel ch, LinkConfig cfg) {
        setUp(ch, cfg, null, false);
    }

    /**
     * With {@code book}: the mote holds and announces those templates (LINK.md §9); the bridge
     * knows them and compresses if {@code compression}.
     */
    void setUp(ChannelModel ch, LinkConfig cfg, TemplateBook book, boolean compression) {
        setUp(ch, cfg, book, compression, false);
    }

    /** {@code digests}: the mote also announces that it takes a ClientHello as HELLO_DIGEST (LINK.md §15.2). */
    void setUp(ChannelModel ch, LinkConfig cfg, TemplateBook book, boolean compression, boolean digests) {
        medium = new RadioMedium(sim, ch, 42);
        cfg.pollPeriodMs = 200; // the devices' (the bridge counts silence in poll periods)
        bridge = new RadioBridge(medium, cfg, 17, sim);
        moteSide = new MoteConnections(sim);
        LinkConfig m = cfg.copy().at(MOTE, 0);
        m.name = "thermostat".getBytes(StandardCharsets.US_ASCII);
        if (book != null) {
            m.capabilities = Suppressor.capabilities(book, digests);
            moteSide.templates(book);
            bridge.knowTemplates(book);
        }
        bridge.compression(compression);
        mote = new JavaMote(medium, m, moteSide);
        moteSide.attach(mote);
        mote.start(0);
        run(300); // the mote's first READY-SLEEP: the gateway knows it
    }

    void run(long ms) {
        sim.runUntil(sim.nowUs() + ms * 1000);
    }

    /** Runs until {@code in} has {@code n} bytes (at most 20 simulated seconds), then reads them. */
    byte[] read(InputStream in, int n) throws IOException {
        assertTrue(sim.runUntil(() -> available(in) >= n, sim.nowUs() + 20_000_000), "only " + available(in) + " of " + n);
        return in.readNBytes(n);
    }

    static int available(InputStream in) {
        try {
            return in.available();
        } catch (IOException e) {
            return -1;
        }
    }

    BridgedConnection open() {
        BridgedConnection c = bridge.open(MOTE);
        assertTrue(sim.runUntil(() -> c.opened.isDone(), sim.nowUs() + 20_000_000), bridge.describe(MOTE));
        return c;
    }

    long moteMessagesIn() {
        return mote.link().stats.get(LinkStats.MESSAGES_IN);
    }

    /** The ACKs of the mote's READY-SLEEPs: every frame it heard, if it heard nothing else. */
    long framesAnswered() {
        return mote.link().stats.get(LinkStats.POLLS);
    }

    /** A record written by the client arrives at the mote. */
    void assertCarried(BridgedConnection c, Connection m, byte[] record) throws IOException {
        c.output().write(record);
        assertArrayEquals(record, read(m.input(), record.length));
    }

    static boolean endOf(InputStream in) {
        return in instanceof ByteQueue q && q.ended() && available(in) == 0;
    }
}
