package sizzle.link;

/**
 * One end of the link with one peer (LINK.md §3–5): a connection at a time, a sending and a
 * receiving half for its messages, one control packet in flight, and a small queue of
 * answers (ACK/NACK). Driven entirely by its caller: {@link #receive} a frame, {@link
 * #transmitted} when the radio is done with the last one, {@link #tick} at {@link
 * #nextDeadline}. Never blocks, never allocates after construction, never throws on input.
 * {@link DeviceLink} and {@link GatewayPeer} add each side's rules.
 */
public abstract class LinkEndpoint {
    /** Control slot states. */
    private static final int CTL_IDLE = 0, CTL_DUE = 1, CTL_WAIT = 2;
    /** What is on the air. */
    private static final int AIR_NONE = 0, AIR_ANSWER = 1, AIR_CONTROL = 2, AIR_DATA = 3;
    private static final int ANSWERS = 4;

    protected final LinkConfig cfg;
    public final LinkStats stats = new LinkStats();
    protected LinkListener listener;
    private FrameSink sink;

    private final Frame in = new Frame(), out = new Frame();
    private final byte[] txFrame;
    private int onAir;

    /** The open connection (0: none), and whether this end is closing it. */
    protected int conn;
    private boolean closing;
    private int closeReason;
    private long lastHeard;

    private int ctlType, ctlConn, ctlMsg, ctlState, ctlRetries, ctlMaxRetries;
    private long ctlDeadline;

    private final int[] aType = new int[ANSWERS], aAcked = new int[ANSWERS], aConn = new int[ANSWERS],
            aMsg = new int[ANSWERS], aIndex = new int[ANSWERS], aStatus = new int[ANSWERS];
    private int answers;

    final MessageSender tx;
    final MessageReceiver rx;

    protected LinkEndpoint(LinkConfig cfg) {
        this.cfg = cfg;
        this.txFrame = new byte[cfg.frameSize];
        this.tx = new MessageSender(cfg);
        this.rx = new MessageReceiver(cfg);
    }

    public void attach(FrameSink sink, LinkListener listener) {
        this.sink = sink;
        this.listener = listener;
    }

    public LinkConfig config() {
        return cfg;
    }

    /** The open connection's id, 0 if none. */
    public int connection() {
        return conn;
    }

    /** The state in one line, for logs and test failures. */
    public String toString() {
        StringBuffer b = new StringBuffer();
        b.append("conn=").append(conn).append(closing ? " closing" : "").append(" tx=").append(tx.state).append('/')
                .append(tx.msg).append(" rx=").append(rx.expected).append(" ctl=").append(ctlType).append('/')
                .append(ctlState).append(" answers=").append(answers).append(" onAir=").append(onAir);
        return b.toString();
    }

    /** Whether {@link #send} would take a message now. */
    public boolean canSend() {
        return conn != 0 && !closing && tx.idle() && isOpen();
    }

    /**
     * Queues one message (at most {@link Frame#maxMessage} bytes, and the peer's capacity) on
     * the open connection. The bytes are not copied: keep them until sent() or closed().
     */
    public boolean send(byte[] b, int off, int len, long now) {
        return send(b, off, len, Frame.DATA, now);
    }

    /**
     * As {@link #send}, a compressed message (DATA-TEMPLATE frames, LINK.md §9): only to a peer
     * that agreed to take them.
     */
    public boolean sendTemplate(byte[] b, int off, int len, long now) {
        return send(b, off, len, Frame.DATA_TEMPLATE, now);
    }

    private boolean send(byte[] b, int off, int len, int type, long now) {
        if (!canSend() || len < 1 || len > Frame.maxMessage(cfg.frameSize)) return false;
        tx.take(b, off, len, type);
        pump(now);
        return true;
    }

    /** Closes the open connection once the message being sent has arrived: DISCONNECT, ACKed. */
    public void close(long now) {
        if (conn == 0 || closing) return;
        closing = true;
        closeReason = LinkListener.CLOSED;
        pump(now);
    }

    /** A frame from the radio. Malformed or unusable frames are counted and dropped. */
    public void receive(byte[] b, int len, long now) {
        int e = in.decode(b, len, cfg.frameSize);
        // Only a user that can recreate takes compressed messages; to any other type 7 is still
        // reserved (LINK.md §9): dropped as the codec drops it, without an answer.
        if (e == 0 && in.type == Frame.DATA_TEMPLATE && !(listener instanceof TemplateListener)) e = LinkStats.BAD_TYPE;
        if (e != 0) {
            stats.add(e);
            return;
        }
        if (in.dst != cfg.address) {
            stats.add(LinkStats.NOT_FOR_ME);
            return;
        }
        if (in.src != cfg.peer) {
            stats.add(LinkStats.WRONG_PEER);
            return;
        }
        stats.add(LinkStats.FRAMES_IN);
        if (conn != 0 && in.conn == conn) lastHeard = now;
        heard(in, now);
        switch (in.type) {
            case Frame.DATA:
                onData(b, now);
                break;
            case Frame.DATA_TEMPLATE:
                onData(b, now);
                break;
            case Frame.ACK:
                onAck(b, now);
                break;
            case Frame.NACK:
                if (conn == 0 || in.conn != conn) {
                    stats.add(LinkStats.STALE_CONN);
                } else {
                    int r = tx.onNack(in.msg, b, Frame.HEADER, in.payloadLength);
                    if (r == MessageSender.FAILED) closeLocal(LinkListener.TIMEOUT, now);
                    else if (r == MessageSender.IGNORED) stats.add(LinkStats.UNEXPECTED); // LINK.md §4, §8
                }
                break;
            case Frame.DISCONNECT:
                answer(Frame.ACK, Frame.DISCONNECT, in.conn, 0, 0, Frame.OK);
                if (conn != 0 && in.conn == conn) closeLocal(LinkListener.PEER_CLOSED, now);
                break;
            default:
                onControl(in, b, now);
        }
        pump(now);
    }

    private void onData(byte[] b, long now) {
        if (conn == 0 || in.conn != conn || !isOpen()) {
            stats.add(LinkStats.STALE_CONN);
            if ((in.flags & Frame.ACK_REQ) != 0) answer(Frame.ACK, Frame.DATA, in.conn, in.msg, in.index, Frame.NO_CONNECTION);
            return;
        }
        int r = rx.accept(in, b);
        if (rx.dropped != 0) stats.add(rx.dropped);
        if (r == MessageReceiver.SEND_NACK) {
            answer(Frame.NACK, Frame.DATA, in.conn, in.msg, in.index, 0);
        } else if (r != MessageReceiver.SILENT) {
            answer(Frame.ACK, Frame.DATA, in.conn, in.msg, in.index, r);
        }
        if (rx.completed) {
            stats.add(LinkStats.MESSAGES_IN);
            int c = conn;
            if (rx.type == Frame.DATA_TEMPLATE) ((TemplateListener) listener).receivedTemplate(c, rx.message(), 0, rx.length());
            else if (listener != null) listener.received(c, rx.message(), 0, rx.length());
            if (conn == c) peerMessageComplete(now);
        }
    }

    private void onAck(byte[] b, long now) {
        int acked = b[Frame.HEADER] & 0xFF, status = b[Frame.HEADER + 1] & 0xFF;
        if (acked == Frame.DATA) {
            if (conn == 0 || in.conn != conn) {
                stats.add(LinkStats.STALE_CONN);
                return;
            }
            if (status == Frame.NO_CONNECTION) {
                closeLocal(LinkListener.PEER_RESET, now);
                return;
            }
            int r = tx.onAck(in.msg, in.index, status);
            if (r == MessageSender.IGNORED) {
                stats.add(LinkStats.UNEXPECTED);
            } else if (r == MessageSender.DONE) {
                stats.add(LinkStats.MESSAGES_OUT);
                if (listener != null) listener.sent(conn);
            } else if (r == MessageSender.REFUSED) {
                // The peer is there but cannot take it: tell it the connection is over.
                closing = true;
                closeReason = LinkListener.REFUSED_TOO_LONG;
            }
            return;
        }
        if (ctlState == CTL_IDLE || acked != ctlType || in.conn != ctlConn
                || (acked != Frame.NEWCONNECTION && in.msg != ctlMsg)) {
            stats.add(LinkStats.UNEXPECTED);
            return;
        }
        ctlState = CTL_IDLE;
        if (acked == Frame.DISCONNECT) {
            closeLocal(closeReason, now);
        } else {
            controlAcked(acked, status, in.msg, now);
        }
    }

    /** The radio is done with the frame it was given. */
    public void transmitted(long now) {
        int was = onAir;
        onAir = AIR_NONE;
        if (was == AIR_CONTROL && ctlState == CTL_DUE) {
            ctlState = CTL_WAIT;
            ctlDeadline = now + cfg.ackTimeoutMs;
            controlTransmitted(ctlType, now);
        } else if (was == AIR_DATA) {
            tx.transmitted(now);
        }
        pump(now);
    }

    /** Timers: repeats, failures, silence, and the side's own (a device's duty cycle, via pump). */
    public void tick(long now) {
        if (ctlState == CTL_WAIT && now >= ctlDeadline) {
            stats.add(LinkStats.TIMEOUTS);
            if (ctlRetries < ctlMaxRetries) {
                ctlRetries++;
                ctlState = CTL_DUE;
            } else {
                int t = ctlType;
                ctlState = CTL_IDLE;
                controlFailed(t, now);
            }
        }
        int r = tx.tick(now);
        if (r == MessageSender.FAILED) {
            closeLocal(LinkListener.TIMEOUT, now);
        } else if (r == MessageSender.TIMED_OUT) {
            stats.add(LinkStats.TIMEOUTS);
        }
        if (conn != 0 && now - lastHeard >= cfg.silenceMs) closeLocal(LinkListener.SILENT, now);
        pump(now);
    }

    /** When {@link #tick} next has something to do (Long.MAX_VALUE: nothing until an event). */
    public long nextDeadline() {
        long d = sideDeadline();
        if (ctlState == CTL_WAIT && ctlDeadline < d) d = ctlDeadline;
        if (tx.deadline() < d) d = tx.deadline();
        if (conn != 0 && lastHeard + cfg.silenceMs < d) d = lastHeard + cfg.silenceMs;
        return d;
    }

    /** Hands the radio the next frame, if it is free: answers first, then control, then data. */
    protected final void pump(long now) {
        sideTick(now);
        if (onAir != AIR_NONE || sink == null) return;
        int len;
        while (answers > 0 && mayAnswer(now)) {
            len = buildAnswer();
            if (len > 0) {
                send(AIR_ANSWER, len);
                return;
            }
        }
        boolean may = mayTransmit(now);
        if (!may && !(ctlState == CTL_DUE && ctlRetries > 0 && repeatRegardless(ctlType))) return;
        if (closing && ctlState == CTL_IDLE && tx.idle() && conn != 0) {
            startControl(Frame.DISCONNECT, conn, 0, cfg.maxRetries);
        }
        if (tx.state == MessageSender.HELD && mayStartMessage(now)) {
            tx.start();
            messageStarted();
        }
        if (ctlState == CTL_DUE) {
            out.set(cfg.peer, cfg.address, ctlType, Frame.ACK_REQ, ctlConn, ctlMsg, 0);
            len = controlPayload(ctlType, txFrame, Frame.HEADER);
            out.payloadLength = len;
            if (ctlRetries > 0) stats.add(LinkStats.RETRANSMITS);
            send(AIR_CONTROL, out.encode(txFrame));
            return;
        }
        if (may && conn != 0 && tx.due()) {
            out.set(cfg.peer, cfg.address, Frame.DATA, 0, conn, 0, 0);
            len = tx.build(out, txFrame);
            if (tx.builtRepeat()) stats.add(LinkStats.RETRANSMITS);
            send(AIR_DATA, len);
        }
    }

    private void send(int what, int len) {
        onAir = what;
        stats.add(LinkStats.FRAMES_OUT);
        sink.transmit(txFrame, len);
    }

    /** Queues an answer; an identical one already waiting is not queued twice. */
    private void answer(int type, int acked, int c, int m, int index, int status) {
        for (int k = 0; k < answers; k++) {
            if (aType[k] == type && aAcked[k] == acked && aConn[k] == c && aMsg[k] == m
                    && aIndex[k] == index && aStatus[k] == status) return;
        }
        if (answers == ANSWERS) {
            stats.add(LinkStats.RESPONSE_DROPPED);
            return;
        }
        aType[answers] = type;
        aAcked[answers] = acked;
        aConn[answers] = c;
        aMsg[answers] = m;
        aIndex[answers] = index;
        aStatus[answers] = status;
        answers++;
    }

    /** Builds the oldest answer into the frame buffer and dequeues it; 0 if it went stale. */
    private int buildAnswer() {
        int type = aType[0];
        out.set(cfg.peer, cfg.address, type, 0, aConn[0], aMsg[0], aIndex[0]);
        if (type == Frame.ACK) {
            txFrame[Frame.HEADER] = (byte) aAcked[0];
            txFrame[Frame.HEADER + 1] = (byte) aStatus[0];
            out.payloadLength = 2;
        } else if (aConn[0] == conn && aMsg[0] == rx.expected) {
            out.payloadLength = rx.nack(txFrame, Frame.HEADER);
        } else {
            out.payloadLength = -1; // the message it was about is gone: say nothing
        }
        answers--;
        for (int k = 0; k < answers; k++) {
            aType[k] = aType[k + 1];
            aAcked[k] = aAcked[k + 1];
            aConn[k] = aConn[k + 1];
            aMsg[k] = aMsg[k + 1];
            aIndex[k] = aIndex[k + 1];
            aStatus[k] = aStatus[k + 1];
        }
        if (out.payloadLength < 0) return 0;
        stats.add(type == Frame.ACK ? LinkStats.ACKS_OUT : LinkStats.NACKS_OUT);
        return out.encode(txFrame);
    }

    /** Sends a control packet (ACKed, repeated up to {@code retries} times), replacing any other. */
    protected final void startControl(int type, int c, int m, int retries) {
        ctlType = type;
        ctlConn = c;
        ctlMsg = m;
        ctlState = CTL_DUE;
        ctlRetries = 0;
        ctlMaxRetries = retries;
    }

    protected final boolean controlPending(int type) {
        return ctlState != CTL_IDLE && ctlType == type;
    }

    /** Whether a control packet of this type waits for the radio (not yet on the air). */
    protected final boolean controlDue(int type) {
        return ctlState == CTL_DUE && ctlType == type;
    }

    protected final void cancelControl() {
        ctlState = CTL_IDLE;
    }

    /** Opens connection {@code c}: both halves start at message 0. */
    protected final void openLocal(int c, long now) {
        conn = c;
        closing = false;
        lastHeard = now;
        tx.reset();
        rx.reset();
    }

    /** Ends the open connection here (the peer is told only by a DISCONNECT already sent). */
    protected final void closeLocal(int reason, long now) {
        if (conn == 0) return;
        int c = conn;
        conn = 0;
        closing = false;
        tx.reset();
        rx.reset();
        if (ctlState != CTL_IDLE && ctlConn == c) ctlState = CTL_IDLE;
        if (listener != null) listener.closed(c, reason);
        closed(c, reason, now);
    }

    /** Queues an ACK of a control packet (for the sides' handlers). */
    protected final void ackControl(int type, int c, int m, int status) {
        answer(Frame.ACK, type, c, m, 0, status);
    }

    // The sides' rules.

    /** Whether this end may put a frame on the air now (a gateway: the device listens). */
    protected abstract boolean mayTransmit(long now);

    /** Whether this end may answer (ACK/NACK) now: the peer that asked is listening for it. */
    protected boolean mayAnswer(long now) {
        return mayTransmit(now);
    }

    /**
     * Whether a repeat of this control packet goes out even when {@link #mayTransmit} says no
     * (a gateway's NEWCONNECTION: its first copy went out while the device listened, so the
     * device is either awake with the connection or asleep, and a lost repeat costs nothing).
     */
    protected boolean repeatRegardless(int type) {
        return false;
    }

    /** Whether a held message may start (a gateway: the device has said it is ready). */
    protected abstract boolean mayStartMessage(long now);

    protected void messageStarted() {
    }

    /** Whether the open connection is usable for data (a gateway's is after its NEWCONNECTION's ACK). */
    protected boolean isOpen() {
        return true;
    }

    protected void heard(Frame f, long now) {
    }

    protected void peerMessageComplete(long now) {
    }

    /** NEWCONNECTION, READY, READY-SLEEP, and an ACK's status for them. */
    protected abstract void onControl(Frame f, byte[] b, long now);

    protected int controlPayload(int type, byte[] b, int at) {
        return 0;
    }

    protected void controlTransmitted(int type, long now) {
    }

    /** {@code msg}: the ACK's message field (for NEWCONNECTION, the device's last poll number). */
    protected void controlAcked(int type, int status, int msg, long now) {
    }

    protected void controlFailed(int type, long now) {
        if (type == Frame.DISCONNECT) closeLocal(LinkListener.TIMEOUT, now);
    }

    protected void closed(int c, int reason, long now) {
    }

    protected void sideTick(long now) {
    }

    protected long sideDeadline() {
        return Long.MAX_VALUE;
    }
}
