package sizzle;

import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import sizzle.http.HttpConnectionLoop;

/**
 * The Sizzle server: HTTP over TLS on the connections of a transport source, in one of the two
 * connection modes. {@link #oneConnection} is what a mote does (state for one connection; a
 * newer client takes over an idle one); {@link #multiConnection} is the desktop's. The server
 * config's session cache (TlsConfig keeps 8 sessions unless told otherwise) gives returning
 * clients abbreviated handshakes. A failed connection is logged and closed; the server goes
 * on with the next. The legacy profile is announced with its warning when the server starts.
 */
public final class SizzleServer implements Runnable {
    private final TlsConfig config;
    private final Log log;
    private final OneConnectionServer one;
    private final MultiConnectionServer multi;

    private SizzleServer(TlsConfig config, Log log, OneConnectionServer one, MultiConnectionServer multi) {
        this.config = config;
        this.log = log;
        this.one = one;
        this.multi = multi;
    }

    /** The mote's mode: one connection at a time. */
    public static SizzleServer oneConnection(ConnectionSource transports, TlsConfig config, HttpConnectionLoop http,
            Log log) {
        ConnectionSource tls = new TlsConnectionSource(transports, config, log);
        return new SizzleServer(config, log, new OneConnectionServer(tls, http), null);
    }

    /** The desktop's mode: up to {@code max} connections at once, a thread each. */
    public static SizzleServer multiConnection(ConnectionSource transports, TlsConfig config, HttpConnectionLoop http,
            int max, Log log) {
        ConnectionSource tls = new TlsConnectionSource(transports, config, log);
        return new SizzleServer(config, log, null, new MultiConnectionServer(tls, http, max));
    }

    /** Accepts and serves until {@link #stop} or until the transport source fails. */
    public void run() {
        if (config.isLegacy()) {
            log.log(Profile.LEGACY_WARNING);
        }
        if (one != null) {
            one.run();
        } else {
            multi.run();
        }
    }

    /** Stops accepting; idle connections close now (close_notify), busy ones after their request. */
    public void stop() {
        if (one != null) {
            one.stop();
        } else {
            multi.stop();
        }
    }

    /** Connections ended so far. */
    public int served() {
        return one != null ? one.served() : multi.served();
    }
}
