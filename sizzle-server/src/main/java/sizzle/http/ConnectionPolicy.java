package sizzle.http;

/**
 * What the server around a connection decides while the connection serves requests: the
 * hooks mark when the connection is busy (a request has begun) and when it is idle again, which
 * is what the one-connection mode needs to close an idle connection and never a busy one.
 * Called from the thread serving the connection.
 */
public interface ConnectionPolicy {
    /**
     * The first byte of a request arrived: the connection is busy. False if the server has
     * already begun closing it (the request is then dropped unanswered, as on any persistent
     * connection closed while idle, RFC 9112 9.3.1).
     */
    boolean requestArrived();

    /** Asked before answering: false makes this response the last ("Connection: close"). */
    boolean mayKeepOpen();

    /** The response is sent and the connection is idle. False: close it now. */
    boolean responseSent();
}
