package sizzle.desktop;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import ksecurity.security.RandomData;
import kssl.tls.Profile;
import kssl.tls.ServerIdentity;
import kssl.tls.SessionCache;
import kssl.tls.TlsConfig;
import sizzle.Log;
import sizzle.SizzleServer;
import sizzle.app.PasswordGate;
import sizzle.app.SystemClock;
import sizzle.app.Thermostat;
import sizzle.app.ThermostatApp;
import sizzle.http.HttpConnectionLoop;

/**
 * The Sizzle server with the thermostat on the desktop, easy to start from a test:
 * <pre>
 *   DesktopServer s = new DesktopServer(Profile.MODERN, identities, "hunter2", false, System.err::println);
 *   s.start(0);  // 0: an ephemeral port
 *   ... "https://127.0.0.1:" + s.port() + "/" ...
 *   s.stop();
 * </pre>
 * TLS over java.net sockets bound to loopback; multi-connection mode
 * (up to {@link #MAX_CONNECTIONS}) or the mote's one-connection mode.
 */
public final class DesktopServer {
    public static final int MAX_CONNECTIONS = 64;
    /** Sessions kept for abbreviated handshakes (a mote keeps the engine's default of 8). */
    public static final int SESSIONS = 256;
    /** A client idle or stalled this long is closed (408 inside a request). */
    public static final int READ_TIMEOUT_MS = 10_000;
    /** The HTTP layer's write size: a whole page fits one TLS record. */
    private static final int CHUNK = 1024;

    private final TlsConfig config;
    private final String password;
    private final boolean oneConnection;
    private final Log log;
    private SocketConnectionSource source;
    private SizzleServer server;
    private Thread acceptor;

    public DesktopServer(int profile, List<ServerIdentity> identities, String password, boolean oneConnection, Log log) {
        if (password.isEmpty() || password.getBytes(StandardCharsets.UTF_8).length > PasswordGate.MAX_LENGTH) {
            throw new IllegalArgumentException("the password must be 1 to " + PasswordGate.MAX_LENGTH + " bytes");
        }
        config = TlsConfig.server(profile, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .setSessionCache(new SessionCache(oneConnection ? 8 : SESSIONS));
        for (ServerIdentity id : identities) {
            config.addIdentity(id);
        }
        this.password = password;
        this.oneConnection = oneConnection;
        this.log = log;
    }

    public TlsConfig config() {
        return config;
    }

    /** Listens on {@code port} (0: ephemeral) and serves in a background thread; returns the port. */
    public synchronized int start(int port) throws IOException {
        if (server != null) {
            throw new IllegalStateException("already started");
        }
        source = new SocketConnectionSource(InetAddress.getLoopbackAddress(), port, READ_TIMEOUT_MS);
        Thermostat thermostat = new Thermostat("thermostat-1", "Java", () -> 215);
        ThermostatApp app = new ThermostatApp(thermostat,
                new PasswordGate(password.getBytes(StandardCharsets.UTF_8), new SystemClock()));
        HttpConnectionLoop http = new HttpConnectionLoop(app, CHUNK);
        server = oneConnection ? SizzleServer.oneConnection(source, config, http, log)
                : SizzleServer.multiConnection(source, config, http, MAX_CONNECTIONS, log);
        acceptor = new Thread(server, "sizzle-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        return source.port();
    }

    public synchronized int port() {
        return source.port();
    }

    /** Connections ended so far. */
    public synchronized int served() {
        return server.served();
    }

    /** Stops accepting and closes idle connections (busy ones after their request); waits for the acceptor. */
    public void stop() throws InterruptedException {
        Thread t;
        synchronized (this) {
            if (server == null) {
                return;
            }
            server.stop();
            t = acceptor;
        }
        t.join(5000);
    }

    /** The profile's name and, for legacy, its warning: what the launcher prints first. */
    public String describe() {
        return Profile.name(config.getProfile()) + " profile, " + (oneConnection ? "one-connection (mote) mode"
                : "multi-connection mode (up to " + MAX_CONNECTIONS + ")");
    }
}
