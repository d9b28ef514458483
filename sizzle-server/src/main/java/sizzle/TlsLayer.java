package sizzle;

import java.io.IOException;
import kssl.tls.TlsConfig;

/**
 * TLS on every transport connection: a {@link TlsServerConnection} on one shared server config
 * (its identities and session cache). The handshake is not run here but in the serving thread,
 * so a slow or hostile client never holds up the acceptor.
 */
public final class TlsLayer implements Layer {
    private final TlsConfig config;
    private final Log log;

    public TlsLayer(TlsConfig config, Log log) {
        this.config = config;
        this.log = log;
    }

    public Connection over(Connection transport) throws IOException {
        return new TlsServerConnection(transport, config, log);
    }
}
