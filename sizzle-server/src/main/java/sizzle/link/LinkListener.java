package sizzle.link;

/**
 * What an endpoint tells its user (the gateway's TCP bridge, or a mote's server). Called from
 * within the endpoint's receive/transmitted/tick, on the caller's thread.
 */
public interface LinkListener {
    /** Close reasons. */
    int CLOSED = 0, PEER_CLOSED = 1, TIMEOUT = 2, SILENT = 3, REPLACED = 4, PEER_RESET = 5,
            REFUSED_TOO_LONG = 6;

    void opened(int conn);

    /** A whole message, in order, exactly once; the bytes are valid only during the call. */
    void received(int conn, byte[] b, int off, int len);

    /** The last message given to send() arrived whole (its last ACK came back). */
    void sent(int conn);

    void closed(int conn, int reason);
}
