package sizzle.link;

/**
 * One direction's sending half (LINK.md §4): frame 0 alone until its ACK (the receiver has
 * taken the length and has room), then the other frames back to back, the last asking for an
 * answer (the poll); a NACK names what to send again, the last of those polls again; the
 * ACK that says COMPLETE ends the message. A timeout repeats the frame that asked. The sender
 * keeps nothing but the caller's message bytes and a 256-bit map of frames to resend.
 */
final class MessageSender {
    static final int IDLE = 0, HELD = 1, FIRST = 2, WAIT_FIRST = 3, STREAM = 4, WAIT_POLL = 5, RESEND = 6;
    /** Results of onAck/onNack/tick. */
    static final int NOTHING = 0, DONE = 1, FAILED = 2, REFUSED = 3, IGNORED = 4, TIMED_OUT = 5;

    private final LinkConfig cfg;
    int state;
    /** The message number this direction is at (the next one to send while IDLE). */
    int msg;
    private byte[] buf;
    private int off, len, frames, next, retries, rounds;
    /** DATA, or DATA_TEMPLATE for a compressed message (LINK.md §9). */
    private int type;
    private final byte[] resend = new byte[32];
    private long deadline;
    /** What the frame on the air was: the state it was built in, and whether it asked for an answer. */
    private int builtState;
    private boolean builtAsks;

    MessageSender(LinkConfig cfg) {
        this.cfg = cfg;
    }

    void reset() {
        state = IDLE;
        msg = 0;
        buf = null;
    }

    boolean idle() {
        return state == IDLE;
    }

    /** Takes a message (not copied: the caller keeps it until sent or closed); HELD until start(). */
    void take(byte[] b, int off, int len, int type) {
        this.type = type;
        this.buf = b;
        this.off = off;
        this.len = len;
        this.frames = Frame.frameCount(len, cfg.frameSize);
        this.state = HELD;
        for (int i = 0; i < resend.length; i++) resend[i] = 0;
    }

    void start() {
        state = FIRST;
        retries = 0;
        rounds = 0;
    }

    boolean due() {
        return state == FIRST || (state == STREAM && next < frames) || (state == RESEND && firstResend(0) >= 0);
    }

    /** Builds the next due frame into {@code b} (header fields other than the data's set by the caller). */
    int build(Frame f, byte[] b) {
        int i;
        boolean asks;
        if (state == FIRST) {
            i = 0;
            asks = true;
        } else if (state == STREAM) {
            i = next++;
            asks = i == frames - 1;
        } else {
            i = firstResend(0);
            clear(i);
            asks = firstResend(i + 1) < 0;
        }
        builtState = state;
        builtAsks = asks;
        f.type = type;
        f.flags = asks ? Frame.ACK_REQ : 0;
        f.msg = msg;
        f.index = i;
        int at = Frame.HEADER;
        if (i == 0) {
            Frame.putU16(b, at, len);
            at += Frame.LENGTH_FIELD;
        }
        int n = Frame.dataIn(i, len, cfg.frameSize);
        System.arraycopy(buf, off + Frame.offset(i, cfg.frameSize), b, at, n);
        f.payloadLength = at + n - Frame.HEADER;
        return f.encode(b);
    }

    /** Whether the frame just built is a repeat of one already sent. */
    boolean builtRepeat() {
        return builtState == RESEND || (builtState == FIRST && (retries > 0 || rounds > 0));
    }

    /** The frame built last is on the air and gone: start waiting if it asked. */
    void transmitted(long now) {
        if (!builtAsks || state == IDLE || state == HELD) return;
        if (builtState == FIRST && state == FIRST) {
            state = WAIT_FIRST;
            deadline = now + cfg.ackTimeoutMs;
        } else if (builtState != FIRST && builtState == state && !due()) {
            state = WAIT_POLL;
            deadline = now + cfg.ackTimeoutMs;
        }
    }

    int onAck(int m, int index, int status) {
        if (m != msg || state == IDLE || state == HELD) return IGNORED;
        if (status == Frame.COMPLETE) {
            state = IDLE;
            buf = null;
            msg = (msg + 1) & 0xFF;
            return DONE;
        }
        if (status == Frame.REFUSED_TOO_LONG) {
            state = IDLE;
            buf = null;
            return REFUSED;
        }
        if (status == Frame.OK && index == 0 && (state == WAIT_FIRST || state == FIRST)) {
            state = STREAM;
            next = 1;
            retries = 0;
            return NOTHING;
        }
        return IGNORED;
    }

    /** A NACK: payload {@code b[at]} is the first missing index, then a bitmap from it, MSB first. */
    int onNack(int m, byte[] b, int at, int n) {
        if (m != msg || (state != WAIT_POLL && state != RESEND)) return IGNORED;
        if (++rounds > cfg.maxRounds) return FAILED;
        int base = b[at] & 0xFF;
        boolean any = false;
        for (int k = 0; k < (n - 1) * 8; k++) {
            int i = base + k;
            if (i >= frames) break;
            if ((b[at + 1 + (k >> 3)] & (0x80 >> (k & 7))) == 0) continue;
            if (i == 0) { // the receiver lost the message's start: begin it again
                for (int j = 0; j < resend.length; j++) resend[j] = 0;
                state = FIRST;
                retries = 0;
                return NOTHING;
            }
            mark(i);
            any = true;
        }
        if (!any) mark(frames - 1);
        state = RESEND;
        retries = 0;
        return NOTHING;
    }

    long deadline() {
        return state == WAIT_FIRST || state == WAIT_POLL ? deadline : Long.MAX_VALUE;
    }

    /** A timer: repeat the frame that asked (frame 0, or the last frame as the poll). */
    int tick(long now) {
        if ((state != WAIT_FIRST && state != WAIT_POLL) || now < deadline) return NOTHING;
        if (++retries > cfg.maxRetries) return FAILED;
        if (state == WAIT_FIRST) {
            state = FIRST;
        } else {
            mark(frames - 1);
            state = RESEND;
        }
        return TIMED_OUT; // repeated, not failed (yet)
    }

    private void mark(int i) {
        resend[i >> 3] |= (byte) (1 << (i & 7));
    }

    private void clear(int i) {
        resend[i >> 3] &= (byte) ~(1 << (i & 7));
    }

    private int firstResend(int from) {
        for (int i = from; i < frames; i++) {
            if ((resend[i >> 3] & (1 << (i & 7))) != 0) return i;
        }
        return -1;
    }
}
