package sizzle.link;

/**
 * The gateway's end towards one device (LINK.md §5–6). It sends only while the device
 * listens: from any frame but READY-SLEEP it knows the device is awake; READY-SLEEP says the
 * device listens for its window and then sleeps. It opens a connection (NEWCONNECTION) when
 * asked and the device listens, answering the device's READY-SLEEP with PENDING so that it
 * stays awake for it. It starts a message only with the device's grant: the NEWCONNECTION's
 * ACK, a READY that shows the device has every message so far, or a whole message from the
 * device (its answer; the papers' implicit READY); from a device that announces it grants by
 * READY only (LINK.md §6.1: bit 7 of READY-SLEEP's kind), only the READY. It hears the
 * device's announcements.
 */
public final class GatewayPeer extends LinkEndpoint {
    private boolean awake, grant, wantOpen, opened;
    private long windowEnd;
    private int nextConn;
    private int lastPoll = -1;
    /** The message number the device's last READY said it is ready for (-1: none). */
    private int readyFor = -1;
    /** The last READY-SLEEP's announcement, and when it was heard. */
    public int listenMs, capacity, kind, announcements;
    /** Whether the device grants by READY only (READY-SLEEP's kind, bit 7; LINK.md §6.1). */
    public boolean readyOnly;
    public byte[] name = new byte[0];
    /** What the device's READY-SLEEP announced after its name (LINK.md §9.1): empty for a device without template compression. */
    public byte[] capabilities = new byte[0];
    public long lastAnnounced;

    /** {@code firstConn}: where connection ids start (1–255; a restarted gateway picks anew). */
    public GatewayPeer(LinkConfig cfg, int firstConn) {
        super(cfg);
        nextConn = firstConn & 0xFF;
        if (nextConn == 0) nextConn = 1;
    }

    public String toString() {
        StringBuffer b = new StringBuffer(super.toString());
        b.append(" opened=").append(opened).append(" grant=").append(grant).append(" readyFor=").append(readyFor)
                .append(" awake=").append(awake).append(" windowEnd=").append(windowEnd);
        return b.toString();
    }

    /** Asks for a connection: NEWCONNECTION goes out when the device next listens. */
    public boolean open(long now) {
        if (conn != 0 || wantOpen) return false;
        wantOpen = true;
        pump(now);
        return true;
    }

    /**
     * Withdraws a request to open that has not gone out yet (the TCP client it was for gave up
     * waiting); true if there was one. A NEWCONNECTION already sent is ended with close().
     */
    public boolean cancelOpen() {
        boolean was = wantOpen;
        wantOpen = false;
        return was;
    }

    public boolean listening(long now) {
        return awake || now < windowEnd;
    }

    public boolean isOpen() {
        return opened;
    }

    /**
     * Whether other clients wait for this device while its connection is open (set by the user,
     * the bridge): the device's READYs are then ACKed PENDING (LINK.md §5), and a one-connection
     * device closes its connection once idle.
     */
    public boolean othersWaiting;

    /** Whether the device has work waiting here (a connection to open). */
    public boolean pending() {
        return wantOpen || (conn != 0 && !opened);
    }

    protected boolean mayTransmit(long now) {
        return listening(now);
    }

    protected boolean mayAnswer(long now) {
        return true; // the device that asked listens for the answer
    }

    protected boolean mayStartMessage(long now) {
        return opened && (grant || readyFor == tx.msg);
    }

    protected void messageStarted() {
        grant = false;
        readyFor = -1;
    }

    protected void heard(Frame f, long now) {
        if (f.type != Frame.READY_SLEEP) awake = true;
        // The device speaks on the new connection: it has it, even if its ACK was lost.
        if (!opened && conn != 0 && f.conn == conn && f.type != Frame.ACK && f.type != Frame.READY_SLEEP) {
            if (controlPending(Frame.NEWCONNECTION)) cancelControl();
            controlAcked(Frame.NEWCONNECTION, Frame.OK, lastPoll & 0xFF, now);
        }
    }

    protected void peerMessageComplete(long now) {
        // Whole, with nothing of ours in flight: the device has taken all we sent (but a
        // READY-only device may still hold it unread: only its READY grants).
        if (!readyOnly && (tx.idle() || tx.state == MessageSender.HELD)) grant = true;
    }

    protected void onControl(Frame f, byte[] b, long now) {
        if (f.type == Frame.READY) {
            if (conn == 0 || f.conn != conn) {
                ackControl(Frame.READY, f.conn, f.msg, Frame.NO_CONNECTION);
                return;
            }
            // READY n: the device has n messages. Before we start message n that is the grant;
            // while n - 1 is still in flight (its last ACK not back yet), the grant for after it.
            // Anything else is an old READY, duplicated or overtaken: ignored.
            boolean started = !tx.idle() && tx.state != MessageSender.HELD;
            if (f.msg == (started ? (tx.msg + 1) & 0xFF : tx.msg)) readyFor = f.msg;
            ackControl(Frame.READY, f.conn, f.msg, othersWaiting ? Frame.PENDING : Frame.OK);
        } else if (f.type == Frame.READY_SLEEP) {
            // Newer than the last one heard (or than the one the device's NEWCONNECTION ACK
            // named): up to 127 ahead, modulo 256. While a connection is open, an older one is
            // a late or duplicated copy and must not close it; without one, every poll counts
            // (a device that rebooted polls from 0 again).
            boolean fresh = lastPoll < 0 || ((f.msg - lastPoll - 1) & 0xFF) < 127;
            if (opened && !fresh) {
                stats.add(LinkStats.DUPLICATE);
                ackControl(Frame.READY_SLEEP, 0, f.msg, Frame.OK);
                return;
            }
            if (f.msg == lastPoll) {
                stats.add(LinkStats.DUPLICATE);
            } else {
                announcements++;
            }
            lastPoll = f.msg;
            if (opened) {
                // Only a device with no connection polls: the one it had is gone (it reset).
                closeLocal(LinkListener.PEER_RESET, now);
            } else if (conn != 0) {
                // Our NEWCONNECTION did not get through before the device slept: again, now.
                startControl(Frame.NEWCONNECTION, conn, 0, cfg.maxRetries);
            }
            listenMs = Frame.u16(b, Frame.HEADER);
            capacity = Frame.u16(b, Frame.HEADER + 2);
            kind = b[Frame.HEADER + 4] & 0x7F;
            readyOnly = (b[Frame.HEADER + 4] & Frame.KIND_READY_ONLY) != 0;
            int from = Frame.HEADER + Frame.READY_SLEEP_FIXED, all = f.payloadLength - Frame.READY_SLEEP_FIXED;
            int n = 0;
            while (n < all && b[from + n] != 0) n++;
            if (name.length != n) name = new byte[n];
            System.arraycopy(b, from, name, 0, n);
            int caps = n < all ? all - n - 1 : 0; // after the name's 0 byte: the capabilities (LINK.md §9.1)
            if (capabilities.length != caps) capabilities = new byte[caps];
            if (caps > 0) System.arraycopy(b, from + n + 1, capabilities, 0, caps);
            lastAnnounced = now;
            awake = false;
            // Told "nothing", the device sleeps as soon as it hears so: no window then.
            windowEnd = pending() ? now + listenMs - cfg.airtimeMs : now;
            ackControl(Frame.READY_SLEEP, 0, f.msg, pending() ? Frame.PENDING : Frame.OK);
        } else {
            stats.add(LinkStats.UNEXPECTED); // NEWCONNECTION comes from the gateway only
        }
    }

    protected void controlAcked(int type, int status, int msg, long now) {
        if (type == Frame.NEWCONNECTION) {
            lastPoll = msg;
            opened = true;
            grant = !readyOnly; // a READY-only device grants message 0 by READY 0
            if (listener != null) listener.opened(conn);
        }
    }

    protected boolean repeatRegardless(int type) {
        return type == Frame.NEWCONNECTION;
    }

    protected void controlFailed(int type, long now) {
        awake = false; // the device is gone or asleep
        // An unanswered NEWCONNECTION waits for the device's next READY-SLEEP (or the silence
        // timeout); anything else unanswered means the connection is gone.
        if (type != Frame.NEWCONNECTION) closeLocal(LinkListener.TIMEOUT, now);
    }

    protected void closed(int c, int reason, long now) {
        opened = false;
        grant = false;
        readyFor = -1;
        if (reason == LinkListener.TIMEOUT || reason == LinkListener.SILENT) awake = false;
    }

    protected void sideTick(long now) {
        if (wantOpen && conn == 0 && listening(now)) {
            wantOpen = false;
            int c = nextConn;
            nextConn = nextConn == 255 ? 1 : nextConn + 1;
            openLocal(c, now);
            startControl(Frame.NEWCONNECTION, c, 0, cfg.maxRetries);
        }
    }
}
