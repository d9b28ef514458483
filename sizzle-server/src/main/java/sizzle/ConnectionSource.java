package sizzle;

import java.io.IOException;

/** Where connections come from: a listening socket, a TLS acceptor, the gateway's link, a test. */
public interface ConnectionSource {
    /** Blocks until the next connection. Throws once the source is closed. */
    Connection accept() throws IOException;

    /** Stops accepting; a blocked {@link #accept} throws. Idempotent. */
    void close();
}
