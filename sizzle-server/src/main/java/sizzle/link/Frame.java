package sizzle.link;

/**
 * One link frame, as LINK.md §2 lays it out: a 6-byte header (destination, source,
 * type and flags, connection, message number, frame index), a payload, and the CRC-16 of
 * everything before it, low byte first. {@link #decode} checks everything a frame can be
 * checked for on its own; what depends on the connection is the endpoint's business. One
 * instance is reused for every frame (no allocation per frame).
 */
public final class Frame {
    public static final int DST = 0, SRC = 1, TYPE_FLAGS = 2, CONN = 3, MSG = 4, INDEX = 5;
    public static final int HEADER = 6, CRC = 2, OVERHEAD = HEADER + CRC;
    /** Frame 0 of a message starts with the message's length (u16, big-endian). */
    public static final int LENGTH_FIELD = 2;
    /** The frame sizes a link may be configured with (802.15.4's PSDU is at most 127). */
    public static final int MIN_SIZE = 16, MAX_SIZE = 127;

    public static final int DATA = 0, ACK = 1, NACK = 2, NEWCONNECTION = 3, DISCONNECT = 4,
            READY = 5, READY_SLEEP = 6;
    /**
     * A template-compressed message's frames (LINK.md §9): cut and checked as DATA; an endpoint
     * takes them only if its user is a {@link TemplateListener}, else drops them as bad_type.
     */
    public static final int DATA_TEMPLATE = 7;

    /** The only flag: the sender wants an ACK (or, for a data frame, an ACK or a NACK). */
    public static final int ACK_REQ = 0x1;

    /** ACK status codes (payload byte 1). */
    public static final int OK = 0, COMPLETE = 1, REFUSED_TOO_LONG = 2, NO_CONNECTION = 3, PENDING = 4;

    public static final int GATEWAY = 0x00, BROADCAST = 0xFF;

    /** READY-SLEEP's kind byte, bit 7: the device grants by READY only (LINK.md §6.1); bits 6–0 are the kind. */
    public static final int KIND_READY_ONLY = 0x80;
    /** READY-SLEEP's payload: listen window (u16 ms), capacity (u16 bytes), kind (u8), name. */
    public static final int READY_SLEEP_FIXED = 5;

    public int dst, src, type, flags, conn, msg, index;
    /** The payload, in the buffer last decoded or encoded, at {@link #HEADER}. */
    public int payloadLength;

    /**
     * Reads and checks a received frame of {@code len} bytes in {@code b} for a link whose
     * frames are at most {@code frameSize} bytes. Returns 0, or the {@link LinkStats} reason
     * (SHORT … BAD_PAYLOAD) the frame is dropped for; the fields are valid only after 0.
     */
    public int decode(byte[] b, int len, int frameSize) {
        if (len < OVERHEAD) return LinkStats.SHORT;
        if (len > frameSize) return LinkStats.LONG;
        int crc = (b[len - 2] & 0xFF) | (b[len - 1] & 0xFF) << 8;
        if (Crc16.compute(b, 0, len - CRC) != crc) return LinkStats.BAD_CRC;
        dst = b[DST] & 0xFF;
        src = b[SRC] & 0xFF;
        type = (b[TYPE_FLAGS] & 0xFF) >>> 4;
        flags = b[TYPE_FLAGS] & 0x0F;
        conn = b[CONN] & 0xFF;
        msg = b[MSG] & 0xFF;
        index = b[INDEX] & 0xFF;
        payloadLength = len - OVERHEAD;
        if (type > READY_SLEEP && type != DATA_TEMPLATE) return LinkStats.BAD_TYPE;
        if ((flags & ~ACK_REQ) != 0) return LinkStats.BAD_FLAGS;
        switch (type) {
            case DATA:
            case DATA_TEMPLATE: // the same cutting and checks (LINK.md §9); its endpoint takes it only if its user can recreate
                if (conn == 0) return LinkStats.BAD_CONN;
                if (index == 0) {
                    if (payloadLength < LENGTH_FIELD + 1) return LinkStats.BAD_PAYLOAD;
                    int total = u16(b, HEADER);
                    if (total == 0 || total < payloadLength - LENGTH_FIELD) return LinkStats.BAD_PAYLOAD;
                    if ((flags & ACK_REQ) == 0) return LinkStats.BAD_FLAGS;
                } else if (payloadLength < 1) {
                    return LinkStats.BAD_PAYLOAD;
                }
                return 0;
            case ACK:
                if (flags != 0) return LinkStats.BAD_FLAGS;
                if (payloadLength != 2) return LinkStats.BAD_PAYLOAD;
                int acked = b[HEADER] & 0xFF, status = b[HEADER + 1] & 0xFF;
                if (acked == ACK || acked == NACK || acked > READY_SLEEP || status > PENDING) return LinkStats.BAD_PAYLOAD;
                if ((acked == READY_SLEEP) != (conn == 0)) return LinkStats.BAD_CONN;
                return 0;
            case NACK:
                if (flags != 0) return LinkStats.BAD_FLAGS;
                if (conn == 0) return LinkStats.BAD_CONN;
                if (payloadLength < 2) return LinkStats.BAD_PAYLOAD;
                return 0;
            case READY_SLEEP:
                if ((flags & ACK_REQ) == 0) return LinkStats.BAD_FLAGS;
                if (conn != 0) return LinkStats.BAD_CONN;
                if (index != 0) return LinkStats.BAD_FIELD;
                if (payloadLength < READY_SLEEP_FIXED) return LinkStats.BAD_PAYLOAD;
                return 0;
            default: // NEWCONNECTION, DISCONNECT, READY
                if ((flags & ACK_REQ) == 0) return LinkStats.BAD_FLAGS;
                if (conn == 0) return LinkStats.BAD_CONN;
                if (index != 0 || (type != READY && msg != 0)) return LinkStats.BAD_FIELD;
                if (payloadLength != 0) return LinkStats.BAD_PAYLOAD;
                return 0;
        }
    }

    /**
     * Writes this frame's header into {@code b}, and the CRC after the {@link #payloadLength}
     * bytes the caller has put at {@link #HEADER}. Returns the frame's length.
     */
    public int encode(byte[] b) {
        b[DST] = (byte) dst;
        b[SRC] = (byte) src;
        b[TYPE_FLAGS] = (byte) (type << 4 | flags);
        b[CONN] = (byte) conn;
        b[MSG] = (byte) msg;
        b[INDEX] = (byte) index;
        int end = HEADER + payloadLength;
        int crc = Crc16.compute(b, 0, end);
        b[end] = (byte) crc;
        b[end + 1] = (byte) (crc >>> 8);
        return end + CRC;
    }

    /** Sets every header field (the payload length to 0): the usual start of building a frame. */
    public Frame set(int dst, int src, int type, int flags, int conn, int msg, int index) {
        this.dst = dst;
        this.src = src;
        this.type = type;
        this.flags = flags;
        this.conn = conn;
        this.msg = msg;
        this.index = index;
        this.payloadLength = 0;
        return this;
    }

    public static int u16(byte[] b, int off) {
        return (b[off] & 0xFF) << 8 | (b[off + 1] & 0xFF);
    }

    public static void putU16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    /** Data bytes in frame 0 and in every later frame, for frames of {@code frameSize} bytes. */
    public static int firstData(int frameSize) {
        return frameSize - OVERHEAD - LENGTH_FIELD;
    }

    public static int restData(int frameSize) {
        return frameSize - OVERHEAD;
    }

    /** How many frames carry a message of {@code len} bytes. */
    public static int frameCount(int len, int frameSize) {
        int first = firstData(frameSize), rest = restData(frameSize);
        return len <= first ? 1 : 1 + (len - first + rest - 1) / rest;
    }

    /** Where frame {@code i}'s data starts in the message. */
    public static int offset(int i, int frameSize) {
        return i == 0 ? 0 : firstData(frameSize) + (i - 1) * restData(frameSize);
    }

    /** The data bytes frame {@code i} of a {@code len}-byte message carries. */
    public static int dataIn(int i, int len, int frameSize) {
        int room = i == 0 ? firstData(frameSize) : restData(frameSize);
        int left = len - offset(i, frameSize);
        return left < room ? left : room;
    }

    /**
     * The longest message: 256 frames (the index is one byte). It always fits the u16 length
     * field: frames are at most MAX_SIZE (127) bytes, so at most 30,462 bytes.
     */
    public static int maxMessage(int frameSize) {
        return firstData(frameSize) + 255 * restData(frameSize);
    }
}
