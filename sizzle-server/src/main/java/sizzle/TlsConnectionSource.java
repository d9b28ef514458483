package sizzle;

import java.io.IOException;
import kssl.tls.TlsConfig;

/**
 * Connections of another source (a listening socket, the gateway's link) wrapped in TLS: each
 * accepted transport becomes a {@link TlsServerConnection} on one shared server config (its
 * identities and session cache). The handshake is not run here but in the serving thread, so
 * a slow or hostile client never holds up the acceptor.
 */
public final class TlsConnectionSource implements ConnectionSource {
    private final ConnectionSource transports;
    private final TlsConfig config;
    private final Log log;

    public TlsConnectionSource(ConnectionSource transports, TlsConfig config, Log log) {
        this.transports = transports;
        this.config = config;
        this.log = log;
    }

    public Connection accept() throws IOException {
        Connection c = transports.accept();
        try {
            return new TlsServerConnection(c, config, log);
        } catch (IOException e) {
            c.close();
            throw e;
        }
    }

    public void close() {
        transports.close();
    }
}
