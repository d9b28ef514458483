package sizzle;

import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import sizzle.http.Clock;
import sizzle.http.HttpConnectionLoop;

/**
 * The Sizzle server: HTTP over TLS on the connections of a transport source, in one of the two
 * connection modes, every connection within its {@link Deadlines} (a watchdog thread closes
 * those past theirs). {@link #oneConnection} is what a mote does (state for one connection; a
 * newer client takes over an idle one); {@link #multiConnection} is the desktop's. The server
 * config's session cache gives returning clients abbreviated handshakes. A failed connection
 * is logged and closed; the server goes on with the next. The legacy profile is announced with
 * its warning when the server starts. sizzle.app.ThermostatServer assembles one with the
 * reference application, the same way on every device.
 */
public final class SizzleServer implements Runnable {
    private final TlsConfig config;
    private final Log log;
    private final Mode mode;
    private final Deadlines deadlines;

    private SizzleServer(TlsConfig config, Log log, Mode mode, Deadlines deadlines) {
        config.checkRandom(); // a weak random source: refuse to start, saying why
        this.config = config;
        this.log = log;
        this.mode = mode;
        this.deadlines = deadlines;
    }

    /** The mote's mode: one connection at a time. Refuses a weak random source (IllegalStateException). */
    public static SizzleServer oneConnection(ConnectionSource transports, TlsConfig config, HttpConnectionLoop http,
            Deadlines deadlines, Clock clock, Log log) {
        return new SizzleServer(config, log,
                new OneConnectionServer(transports, new TlsLayer(config, log), http, deadlines, clock), deadlines);
    }

    /** The desktop's mode: up to {@code max} connections at once. Refuses a weak random source. */
    public static SizzleServer multiConnection(ConnectionSource transports, TlsConfig config, HttpConnectionLoop http,
            int max, Deadlines deadlines, Clock clock, Log log) {
        return new SizzleServer(config, log,
                new MultiConnectionServer(transports, new TlsLayer(config, log), http, max, deadlines, clock), deadlines);
    }

    /** Accepts and serves until {@link #stop} or until the transport source fails. */
    public void run() {
        if (config.isLegacy()) {
            log.log(Profile.LEGACY_WARNING);
        }
        String weak = config.getWeakRandomAllowance();
        if (weak != null) {
            log.log("WARNING: weak random source allowed: ".concat(weak));
        }
        new Thread(new Watchdog(mode, deadlines.tickMs())).start();
        mode.run();
    }

    /** Stops accepting; idle connections close now (close_notify), busy ones after their request. */
    public void stop() {
        mode.stop();
    }

    /** Connections ended so far. */
    public int served() {
        return mode.served();
    }

    /** Closes the connections past their deadline now (the watchdog does this every tick). */
    public void checkDeadlines() {
        mode.checkDeadlines();
    }

    public TlsConfig config() {
        return config;
    }
}
