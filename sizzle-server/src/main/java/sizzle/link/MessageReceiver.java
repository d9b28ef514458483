package sizzle.link;

/**
 * One direction's receiving half (LINK.md §4): frame 0 gives the length, so the receiver
 * knows how many frames to expect and keeps a 256-bit map of those it has; data frames go
 * straight to their place in the one message buffer. It answers only frames that ask: frame 0
 * with ACK OK (or REFUSED_TOO_LONG), a poll with ACK COMPLETE or a NACK of what is missing.
 * No timer: the sender drives every repeat.
 */
final class MessageReceiver {
    /** What {@link #accept} asks the endpoint to answer. */
    static final int SILENT = -1, SEND_NACK = -2;

    private final LinkConfig cfg;
    private final byte[] buf;
    /** The message number expected next, and whether one has been delivered on this connection. */
    int expected;
    private boolean deliveredAny, assembling;
    private int len, frames, have;
    /** The frame type of the message being assembled: DATA or DATA_TEMPLATE (LINK.md §9), from its frame 0. */
    int type;
    private final byte[] got = new byte[32];
    /** The drop reason of the last accept() that dropped, for the endpoint's counters. */
    int dropped;
    /** Whether the last accept() completed a message (delivered with {@link #message}). */
    boolean completed;
    /** READY-only (LINK.md §6.1): READY given for the expected message, its frame 0 not yet taken. */
    boolean granted;

    MessageReceiver(LinkConfig cfg) {
        this.cfg = cfg;
        this.buf = new byte[cfg.capacity];
    }

    void reset() {
        granted = false;
        expected = 0;
        deliveredAny = false;
        assembling = false;
    }

    byte[] message() {
        return buf;
    }

    int length() {
        return len;
    }

    /**
     * Takes data frame {@code f} (already checked by the codec and for its connection) from
     * {@code b}. Returns the ACK status to answer with, or SILENT, or SEND_NACK.
     */
    int accept(Frame f, byte[] b) {
        dropped = 0;
        completed = false;
        boolean asks = (f.flags & Frame.ACK_REQ) != 0;
        if (f.msg != expected) {
            if (deliveredAny && f.msg == ((expected - 1) & 0xFF)) {
                dropped = LinkStats.DUPLICATE; // the last ACK COMPLETE was lost
                return asks ? Frame.COMPLETE : SILENT;
            }
            dropped = LinkStats.STALE_MSG;
            return SILENT;
        }
        int i = f.index;
        int at = Frame.HEADER;
        if (i == 0) {
            int total = Frame.u16(b, Frame.HEADER);
            if (assembling && total != len) {
                dropped = LinkStats.BAD_SIZE;
                return SILENT;
            }
            if (assembling && f.type != type) {
                dropped = LinkStats.BAD_TYPE;
                return SILENT;
            }
            if (!assembling) {
                if (cfg.readyOnly && !granted) { // its buffer may hold what its program has not read
                    dropped = LinkStats.UNEXPECTED;
                    return SILENT;
                }
                if (total > cfg.capacity || total > Frame.maxMessage(cfg.frameSize)) {
                    dropped = LinkStats.TOO_LONG;
                    return Frame.REFUSED_TOO_LONG;
                }
                assembling = true;
                granted = false; // one message per grant
                type = f.type;
                len = total;
                frames = Frame.frameCount(len, cfg.frameSize);
                have = 0;
                for (int k = 0; k < got.length; k++) got[k] = 0;
            }
            at += Frame.LENGTH_FIELD;
        } else if (!assembling) {
            dropped = LinkStats.NO_FIRST;
            return asks ? SEND_NACK : SILENT;
        } else if (f.type != type) {
            dropped = LinkStats.BAD_TYPE; // one message is all DATA or all DATA-TEMPLATE
            return SILENT;
        }
        if (i >= frames) {
            dropped = LinkStats.BAD_INDEX;
            return SILENT;
        }
        int n = Frame.dataIn(i, len, cfg.frameSize);
        if (f.payloadLength != at - Frame.HEADER + n) {
            dropped = LinkStats.BAD_SIZE;
            return SILENT;
        }
        if ((got[i >> 3] & (1 << (i & 7))) != 0) {
            dropped = LinkStats.DUPLICATE;
        } else {
            System.arraycopy(b, at, buf, Frame.offset(i, cfg.frameSize), n);
            got[i >> 3] |= (byte) (1 << (i & 7));
            have++;
        }
        if (have == frames) {
            assembling = false;
            deliveredAny = true;
            expected = (expected + 1) & 0xFF;
            completed = true;
            return asks ? Frame.COMPLETE : SILENT;
        }
        if (!asks) return SILENT;
        return i == 0 ? Frame.OK : SEND_NACK;
    }

    /**
     * Writes the NACK payload for message {@code expected} at {@code b[at]}: the first missing
     * index, then one bit per frame from it (MSB first, 1 = missing), as many bytes as the
     * frame holds. Before frame 0 it names frame 0 alone (the sender starts over).
     */
    int nack(byte[] b, int at) {
        if (!assembling) {
            b[at] = 0;
            b[at + 1] = (byte) 0x80;
            return 2;
        }
        int base = 0;
        while ((got[base >> 3] & (1 << (base & 7))) != 0) base++;
        int span = frames - base;
        int bytes = (span + 7) / 8;
        int room = Frame.restData(cfg.frameSize) - 1;
        if (bytes > room) bytes = room;
        b[at] = (byte) base;
        for (int k = 0; k < bytes; k++) {
            int v = 0;
            for (int j = 0; j < 8; j++) {
                int i = base + k * 8 + j;
                if (i < frames && (got[i >> 3] & (1 << (i & 7))) == 0) v |= 0x80 >> j;
            }
            b[at + 1 + k] = (byte) v;
        }
        return 1 + bytes;
    }
}
