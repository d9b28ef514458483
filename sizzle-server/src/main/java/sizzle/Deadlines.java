package sizzle;

/**
 * How long a connection may take, whole, at each step of its life: the handshake (from the
 * connection's acceptance to its first request), a request (from its first byte to its
 * response; the first request's clock starts when the handshake ends), and the wait between
 * requests. Per-read timeouts alone let a client that sends a byte every few seconds hold a
 * connection (and a mote's only one) for ever; these bound the whole.
 */
public final class Deadlines {
    /** The desktop's: well under a minute for anything, as a busy server needs. */
    public static final Deadlines DESKTOP = new Deadlines(10000, 15000, 10000, 2000);
    /**
     * A mote's: a full handshake takes seconds of scalar multiplications in real time (and
     * Chromium abandons one after about 30 s), a request over the radio is slower than over
     * Ethernet; an idle connection is closed as soon as a newer client comes anyway.
     */
    public static final Deadlines MOTE = new Deadlines(30000, 15000, 15000, 5000);

    public final long handshakeMs;
    public final long requestMs;
    public final long idleMs;
    /**
     * How long the last words may take once a deadline has passed or a connection is being
     * closed for a newer one (a 408, an alert, close_notify): a client that does not read them
     * would otherwise hold the connection in a blocked write. Then it is aborted.
     */
    public final long graceMs;

    public Deadlines(long handshakeMs, long requestMs, long idleMs) {
        this(handshakeMs, requestMs, idleMs, 2000);
    }

    public Deadlines(long handshakeMs, long requestMs, long idleMs, long graceMs) {
        if (handshakeMs < 1 || requestMs < 1 || idleMs < 1 || graceMs < 1) {
            throw new IllegalArgumentException("deadlines must be positive");
        }
        this.handshakeMs = handshakeMs;
        this.requestMs = requestMs;
        this.idleMs = idleMs;
        this.graceMs = graceMs;
    }

    /** How often the watchdog looks: a tenth of the shortest deadline, 50 ms to 1 s. */
    public long tickMs() {
        long shortest = handshakeMs < requestMs ? handshakeMs : requestMs;
        shortest = shortest < idleMs ? shortest : idleMs;
        shortest = shortest < graceMs ? shortest : graceMs;
        long t = shortest / 10;
        return t < 50 ? 50 : t > 1000 ? 1000 : t;
    }
}
