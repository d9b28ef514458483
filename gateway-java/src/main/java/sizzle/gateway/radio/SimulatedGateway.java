package sizzle.gateway.radio;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import sizzle.link.Frame;
import sizzle.link.GatewayPeer;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;
import sizzle.link.LinkStats;

/**
 * The gateway's radio on the simulated medium (address 0): one {@link GatewayPeer} per
 * device, created when the device's first READY-SLEEP is heard (discovery), frames routed to
 * it by their source address. Later the TCP bridge sits on the peers' listeners.
 */
public final class SimulatedGateway implements RadioStation {
    private final RadioMedium medium;
    private final LinkConfig template;
    private final IntFunction<LinkListener> listeners;
    private final Map<Integer, EndpointDriver> peers = new TreeMap<>();
    private final Frame scratch = new Frame();
    private int firstConn;
    /** Frames no peer took: malformed ones by reason, and well-formed ones from strangers. */
    public final LinkStats unrouted = new LinkStats();

    /**
     * {@code template}: the link's parameters (its address fields are set per peer);
     * {@code listeners}: the listener for each device address; {@code firstConn}: the first
     * connection id (LINK.md §3: a restarted gateway should not start where it did).
     */
    public SimulatedGateway(RadioMedium medium, LinkConfig template, IntFunction<LinkListener> listeners, int firstConn) {
        this.medium = medium;
        this.template = template;
        this.listeners = listeners;
        this.firstConn = firstConn;
        medium.join(this);
    }

    public int address() {
        return Frame.GATEWAY;
    }

    public boolean radioOn() {
        return true;
    }

    public void hear(byte[] frame) {
        int e = scratch.decode(frame, frame.length, template.frameSize);
        if (e != 0) {
            unrouted.add(e);
            return;
        }
        if (scratch.dst != Frame.GATEWAY) {
            unrouted.add(LinkStats.NOT_FOR_ME);
            return;
        }
        EndpointDriver d = peers.get(scratch.src);
        if (d == null) {
            if (scratch.type != Frame.READY_SLEEP) {
                unrouted.add(LinkStats.WRONG_PEER);
                return;
            }
            d = add(scratch.src);
        }
        d.hear(frame);
    }

    private EndpointDriver add(int device) {
        LinkConfig c = template.copy().at(Frame.GATEWAY, device);
        GatewayPeer p = new GatewayPeer(c, firstConn);
        firstConn = firstConn * 7 + 13; // the next device's ids start elsewhere
        EndpointDriver d = new EndpointDriver(medium, this, p);
        p.attach(d, listeners.apply(device));
        peers.put(device, d);
        return d;
    }

    /** The peer for a device heard so far, or null. */
    public GatewayPeer peer(int device) {
        EndpointDriver d = peers.get(device);
        return d == null ? null : (GatewayPeer) d.endpoint;
    }

    public Iterable<Integer> devices() {
        return peers.keySet();
    }

    /** The gateway is switched off: its radio leaves the medium and its peers stop. */
    public void vanish() {
        for (EndpointDriver d : peers.values()) d.detach();
        medium.leave(this);
    }

    /** Re-arms a peer's timers after acting on it (open, send, close). */
    public void poke(int device) {
        EndpointDriver d = peers.get(device);
        if (d != null) d.poke();
    }
}
