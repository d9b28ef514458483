package sizzle.gateway.radio;

import java.util.HashMap;
import java.util.Map;
import sizzle.link.GatewayPeer;
import sizzle.link.LinkConfig;

/** A gateway and one Java mote (address 1) on a simulated medium: what the link tests share. */
final class LinkRig {
    static final int MOTE = 1;
    final Simulator sim = new Simulator();
    final RadioMedium medium;
    final SimulatedGateway gateway;
    final Map<Integer, Recorder> atGateway = new HashMap<>();
    final Recorder atMote = new Recorder();
    final JavaMote mote;
    final LinkConfig cfg;

    LinkRig(ChannelModel channel, LinkConfig cfg, long seed) {
        this(channel, cfg, seed, false);
    }

    /** {@code readyOnly}: the mote grants by READY only (LINK.md §6.1). */
    LinkRig(ChannelModel channel, LinkConfig cfg, long seed, boolean readyOnly) {
        this.cfg = cfg;
        medium = new RadioMedium(sim, channel, seed);
        gateway = new SimulatedGateway(medium, cfg, a -> atGateway.computeIfAbsent(a, k -> new Recorder()), 1);
        LinkConfig m = cfg.copy().at(MOTE, 0);
        m.name = "thermostat".getBytes();
        m.kind = 1;
        m.readyOnly = readyOnly;
        mote = new JavaMote(medium, m, atMote);
    }

    Recorder gatewaySide() {
        return atGateway.get(MOTE);
    }

    GatewayPeer peer() {
        return gateway.peer(MOTE);
    }

    long ms() {
        return sim.nowMs();
    }

    /** Runs until {@code done}, failing the test if it does not happen within {@code limitMs}. */
    void until(java.util.function.BooleanSupplier done, long limitMs, String what) {
        if (!sim.runUntil(done, sim.nowUs() + limitMs * 1000)) {
            throw new AssertionError("not within " + limitMs + " ms: " + what + "; gateway " + (peer() == null ? "-" : peer() + " " + peer().stats)
                    + "; mote " + mote.link() + " " + mote.link().stats + "\n gateway events " + tail(gatewaySide()) + "\n mote events " + tail(atMote));
        }
    }

    private static String tail(Recorder r) {
        if (r == null) return "-";
        return r.events.subList(Math.max(0, r.events.size() - 8), r.events.size()).toString();
    }

    /** Starts the mote, waits for discovery, opens a connection and waits for both ends to have it. */
    void connect() {
        mote.start(ms());
        until(() -> peer() != null, 5000, "discovery");
        int before = atMote.opened;
        peer().open(ms());
        gateway.poke(MOTE);
        until(() -> atMote.opened > before && peer().isOpen(), 10000, "connection");
    }

    boolean gatewaySend(byte[] m) {
        boolean ok = peer().send(m, 0, m.length, ms());
        gateway.poke(MOTE);
        return ok;
    }

    boolean moteSend(byte[] m) {
        boolean ok = mote.link().send(m, 0, m.length, ms());
        mote.poke();
        return ok;
    }
}
