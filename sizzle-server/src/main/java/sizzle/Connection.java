package sizzle;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * One client connection as a stream pair: a plain TCP socket's streams, or the TLS engine's
 * application-data streams over one (the TLS glue implements this interface).
 */
public interface Connection {
    /**
     * The client's bytes. Reads need not time out: the server bounds a connection's life with
     * deadlines ({@link Deadlines}) and closes it under a blocked read when one passes, which
     * works on CLDC, whose sockets have no read timeout. A transport whose reads do time out
     * (SO_TIMEOUT on the desktop) throws InterruptedIOException: inside a request that is
     * answered 408, between requests the connection just closes.
     */
    InputStream input() throws IOException;

    OutputStream output() throws IOException;

    /**
     * Ends the connection gracefully (TLS: close_notify first) and releases it. Idempotent,
     * never throws. Must be callable from another thread while the serving thread is blocked
     * reading between requests, and must then make that read return -1 or throw: that is how
     * the one-connection mode closes an idle connection. Implementations over TCP should
     * half-close and discard what the peer still sends for a short, bounded while, so that a
     * final error response is not lost to a reset.
     */
    void close();

    /**
     * Ends the connection at once, from any thread, even while the serving thread is blocked
     * in a read or a write (a client past its deadline, perhaps reading nothing): nothing more
     * is sent or waited for. Idempotent, never throws.
     */
    void abort();

    /**
     * The client's address as the transport knows it, without any port (an IP address; the
     * gateway's name for a mote's client): the key of per-client limits such as the password's
     * back-off. Never null.
     */
    String peer();
}
