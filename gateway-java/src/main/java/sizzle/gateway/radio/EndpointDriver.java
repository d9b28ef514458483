package sizzle.gateway.radio;

import sizzle.link.FrameSink;
import sizzle.link.LinkEndpoint;

/**
 * Runs one link endpoint on the simulator: its frames go to the medium, sendDone comes back
 * as {@code transmitted}, and its next deadline is kept scheduled as a tick. Call {@link
 * #poke} after acting on the endpoint from outside (send, open, close, ready).
 */
final class EndpointDriver implements FrameSink {
    private final Simulator sim;
    private final RadioMedium medium;
    private final RadioStation station;
    final LinkEndpoint endpoint;
    private long scheduledUs = -1;
    private boolean detached;

    EndpointDriver(RadioMedium medium, RadioStation station, LinkEndpoint endpoint) {
        this.sim = medium.simulator();
        this.medium = medium;
        this.station = station;
        this.endpoint = endpoint;
    }

    public void transmit(byte[] frame, int length) {
        medium.transmit(station, frame, length, () -> {
            if (detached) return;
            endpoint.transmitted(sim.nowMs());
            poke();
        });
    }

    void hear(byte[] frame) {
        if (detached) return;
        endpoint.receive(frame, frame.length, sim.nowMs());
        poke();
    }

    /** Stops driving the endpoint (its device reset or vanished): pending events do nothing. */
    void detach() {
        detached = true;
    }

    void poke() {
        if (detached) return;
        long d = endpoint.nextDeadline();
        if (d == Long.MAX_VALUE) return;
        long us = Math.max(d * 1000, sim.nowUs());
        if (us == scheduledUs) return;
        scheduledUs = us;
        sim.at(us, () -> {
            if (detached) return;
            if (scheduledUs == us) scheduledUs = -1;
            endpoint.tick(sim.nowMs());
            poke();
        });
    }
}
