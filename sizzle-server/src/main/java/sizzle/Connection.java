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
     * The client's bytes. Reads should time out (throwing InterruptedIOException, as a socket
     * with SO_TIMEOUT does): a client that stalls inside a request then gets 408 and the
     * connection closes, and an idle one just closes. Without a timeout a stalled client would
     * hold the one-connection mode's only connection for ever.
     */
    InputStream input() throws IOException;

    OutputStream output() throws IOException;

    /**
     * Ends the connection gracefully (TLS: close_notify first) and releases it. Idempotent,
     * never throws. Must be callable from another thread while the serving thread is blocked
     * reading between requests, and must then make that read return -1 or throw: that is how
     * the one-connection mode closes an idle connection. Implementations over TCP should
     * half-close and discard what the peer still sends for a short while, so that a final
     * error response is not lost to a reset.
     */
    void close();
}
