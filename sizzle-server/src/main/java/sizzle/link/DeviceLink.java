package sizzle.link;

/**
 * The device's end (LINK.md §6): it sleeps with its radio off, wakes every poll period, sends
 * READY-SLEEP and listens for the window; the gateway's ACK says whether it has work
 * (PENDING: keep listening) or not (sleep at once). A NEWCONNECTION keeps it awake until the
 * connection closes; then it announces itself again with READY-SLEEP, listens, and sleeps.
 * The radio is on while {@link #radioOn} says so; the medium drops frames sent to it otherwise.
 */
public final class DeviceLink extends LinkEndpoint {
    public static final int SLEEP = 0, LISTEN = 1, AWAKE = 2;

    private int power;
    private long wakeAt, listenUntil;
    private int polls;
    /**
     * After opening, until the gateway is heard on the connection: when the device confirms
     * with READY (its ACK of NEWCONNECTION may have been lost, and the gateway, unsure the
     * device is awake, would otherwise wait for a READY-SLEEP that an awake device never sends).
     */
    private long confirmAt = Long.MAX_VALUE;
    /** The gateway's ACK of READY said PENDING on this connection: another client waits (LINK.md §5). */
    private boolean othersWaiting;

    public DeviceLink(LinkConfig cfg) {
        super(cfg);
        power = SLEEP;
        wakeAt = Long.MAX_VALUE;
    }

    /**
     * Starts the duty cycle: the first poll at {@code at}.
     *
     * @throws IllegalArgumentException if the name does not fit READY-SLEEP ({@link LinkConfig#announcedNameLength})
     */
    public void start(long at) {
        cfg.announcedNameLength();
        power = SLEEP;
        wakeAt = at;
    }

    public int power() {
        return power;
    }

    public boolean radioOn() {
        return power != SLEEP;
    }

    /**
     * Whether the gateway has said (its ACK of READY: PENDING) that another client waits for
     * this device while this connection is open: a one-connection server then closes it once it
     * is idle. A READY-only device says its grant again every poll period while it waits, so an
     * idle connection learns it within a poll.
     */
    public boolean othersWaiting() {
        return conn != 0 && othersWaiting;
    }

    /**
     * Tells the gateway this end has taken every message so far and can take the next one
     * (READY, ACKed): a device busy computing may say so only when it is done.
     */
    public void ready(long now) {
        if (conn == 0) return;
        rx.granted = true;
        startControl(Frame.READY, conn, rx.expected, cfg.maxRetries);
        pump(now);
    }

    protected boolean mayTransmit(long now) {
        return power != SLEEP;
    }

    protected boolean mayStartMessage(long now) {
        return true;
    }

    protected void onControl(Frame f, byte[] b, long now) {
        if (f.type != Frame.NEWCONNECTION) {
            stats.add(LinkStats.UNEXPECTED); // READY and READY-SLEEP go to the gateway only
            return;
        }
        if (f.conn != conn) { // a repeat of the open one is only ACKed again
            if (conn != 0) closeLocal(LinkListener.REPLACED, now);
            if (controlPending(Frame.READY_SLEEP)) cancelControl();
            openLocal(f.conn, now);
            othersWaiting = false;
            power = AWAKE;
            // READY-only: no confirming READY of its own (it would be a grant its program did
            // not give); the program's first READY confirms the connection.
            confirmAt = cfg.readyOnly ? Long.MAX_VALUE : now + 2L * cfg.ackTimeoutMs;
            if (listener != null) listener.opened(f.conn);
        }
        // The ACK carries the number of this device's last READY-SLEEP: one the gateway hears
        // later with that number or older is a stale copy, not a sign the connection is gone.
        ackControl(Frame.NEWCONNECTION, f.conn, (polls - 1) & 0xFF, Frame.OK);
    }

    protected void heard(Frame f, long now) {
        if (conn != 0 && f.conn == conn && f.type != Frame.NEWCONNECTION) confirmAt = Long.MAX_VALUE;
    }

    protected int controlPayload(int type, byte[] b, int at) {
        if (type != Frame.READY_SLEEP) return 0;
        Frame.putU16(b, at, cfg.listenMs);
        Frame.putU16(b, at + 2, cfg.capacity);
        b[at + 4] = (byte) (cfg.kind | (cfg.readyOnly ? Frame.KIND_READY_ONLY : 0));
        int n = cfg.announcedNameLength(), caps = cfg.capabilities.length;
        System.arraycopy(cfg.name, 0, b, at + Frame.READY_SLEEP_FIXED, n);
        if (caps == 0) return Frame.READY_SLEEP_FIXED + n;
        b[at + Frame.READY_SLEEP_FIXED + n] = 0; // no name holds a 0 byte: it ends the name
        System.arraycopy(cfg.capabilities, 0, b, at + Frame.READY_SLEEP_FIXED + n + 1, caps);
        return Frame.READY_SLEEP_FIXED + n + 1 + caps;
    }

    protected void controlTransmitted(int type, long now) {
        if (type == Frame.READY_SLEEP && conn == 0) listenUntil = now + cfg.listenMs;
    }

    protected void controlAcked(int type, int status, int msg, long now) {
        if (type == Frame.READY && status == Frame.NO_CONNECTION) {
            closeLocal(LinkListener.PEER_RESET, now); // the gateway has forgotten the connection
            return;
        }
        if (type == Frame.READY) {
            if (status == Frame.PENDING) othersWaiting = true; // another client waits for this device
            // the grant is said again in a poll if no message has come: the gateway's ACK then
            // tells an idle connection that another client waits
            if (cfg.readyOnly && rx.granted) confirmAt = now + cfg.pollPeriodMs;
            return;
        }
        if (type != Frame.READY_SLEEP || conn != 0) return;
        if (status == Frame.PENDING) {
            listenUntil = now + cfg.listenMs; // the gateway is about to open a connection
        } else {
            sleep(now);
        }
    }

    protected void controlFailed(int type, long now) {
        if (type == Frame.READY) {
            closeLocal(LinkListener.TIMEOUT, now);
        } else {
            super.controlFailed(type, now);
        }
    }

    protected void closed(int c, int reason, long now) {
        confirmAt = Long.MAX_VALUE;
        announce(now);
    }

    protected void sideTick(long now) {
        if (conn != 0 && now >= confirmAt) {
            confirmAt = Long.MAX_VALUE;
            // (READY-only: only while its grant is still unused, said again)
            if ((!cfg.readyOnly || rx.granted) && !controlPending(Frame.READY)) {
                startControl(Frame.READY, conn, rx.expected, cfg.maxRetries);
            }
        }
        if (power == SLEEP && now >= wakeAt) {
            announce(now);
        } else if (power == LISTEN && conn == 0 && now >= listenUntil && !controlDue(Frame.READY_SLEEP)) {
            sleep(now);
        }
    }

    protected long sideDeadline() {
        if (conn != 0) return confirmAt;
        if (power == SLEEP) return wakeAt;
        if (power == LISTEN && conn == 0 && !controlDue(Frame.READY_SLEEP)) return listenUntil;
        return Long.MAX_VALUE;
    }

    /** Radio on, READY-SLEEP (one try: the window is the retry), listen from its sendDone. */
    private void announce(long now) {
        power = LISTEN;
        listenUntil = Long.MAX_VALUE;
        stats.add(LinkStats.POLLS);
        startControl(Frame.READY_SLEEP, 0, polls & 0xFF, 0);
        polls++;
    }

    private void sleep(long now) {
        if (controlPending(Frame.READY_SLEEP)) cancelControl();
        power = SLEEP;
        wakeAt = now + cfg.pollPeriodMs;
    }
}
