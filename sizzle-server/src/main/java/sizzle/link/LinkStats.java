package sizzle.link;

/**
 * What an endpoint counts: every frame it drops, by reason (the reason codes double as
 * {@link Frame#decode}'s results), and what it sent, received and retried. A receiver never
 * throws on a bad frame: it counts it here and goes on.
 */
public final class LinkStats {
    /** Codec-level rejections ({@link Frame#decode}): the frame itself is malformed. */
    public static final int SHORT = 1, LONG = 2, BAD_CRC = 3, BAD_TYPE = 4, BAD_FLAGS = 5,
            BAD_CONN = 6, BAD_FIELD = 7, BAD_PAYLOAD = 8;
    /** State-level drops: a well-formed frame this endpoint cannot use now. */
    public static final int NOT_FOR_ME = 9, WRONG_PEER = 10, STALE_CONN = 11, STALE_MSG = 12,
            NO_FIRST = 13, BAD_INDEX = 14, BAD_SIZE = 15, DUPLICATE = 16, TOO_LONG = 17,
            UNEXPECTED = 18, RESPONSE_DROPPED = 19;
    /** Traffic. */
    public static final int FRAMES_IN = 20, FRAMES_OUT = 21, RETRANSMITS = 22, TIMEOUTS = 23,
            MESSAGES_IN = 24, MESSAGES_OUT = 25, NACKS_OUT = 26, ACKS_OUT = 27, POLLS = 28;
    public static final int COUNTERS = 29;

    private static final String[] NAMES = {
        "ok", "short", "long", "bad_crc", "bad_type", "bad_flags", "bad_conn", "bad_field",
        "bad_payload", "not_for_me", "wrong_peer", "stale_conn", "stale_msg", "no_first",
        "bad_index", "bad_size", "duplicate", "too_long", "unexpected", "response_dropped",
        "frames_in", "frames_out", "retransmits", "timeouts", "messages_in", "messages_out",
        "nacks_out", "acks_out", "polls"
    };

    private final int[] count = new int[COUNTERS];

    public int get(int counter) {
        return count[counter];
    }

    public void add(int counter) {
        count[counter]++;
    }

    /** The non-zero counters, "name=value" separated by spaces (for logs and test messages). */
    public String toString() {
        StringBuffer s = new StringBuffer();
        for (int i = 1; i < COUNTERS; i++) {
            if (count[i] == 0) continue;
            if (s.length() > 0) s.append(' ');
            s.append(NAMES[i]).append('=').append(count[i]);
        }
        return s.toString();
    }
}
