package sizzle.desktop;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import ksecurity.security.RandomData;
import kssl.tls.Profile;
import kssl.tls.ServerIdentity;
import kssl.tls.TlsConfig;
import sizzle.Deadlines;
import sizzle.Log;
import sizzle.SizzleServer;
import sizzle.app.PasswordGate;
import sizzle.app.ThermostatServer;
import sizzle.http.Clock;
import sizzle.http.SystemClock;

/**
 * The Sizzle server with the thermostat on the desktop, easy to start from a test:
 * <pre>
 *   DesktopServer s = new DesktopServer(Profile.MODERN, identities, "hunter2", false, System.err::println);
 *   s.start(0);  // 0: an ephemeral port
 *   ... "https://127.0.0.1:" + s.port() + "/" ...
 *   s.stop();
 * </pre>
 * Assembled as every device assembles it (sizzle.app.ThermostatServer), with the desktop's
 * settings: TLS over java.net sockets bound to loopback; multi-connection mode (up to
 * {@link #MAX_CONNECTIONS}) or the mote's one-connection mode; {@link Deadlines#DESKTOP}; a
 * session cache of {@link #SESSIONS}; a Date header (the desktop knows the time).
 */
public final class DesktopServer {
    public static final int MAX_CONNECTIONS = 64;
    /** Sessions kept for abbreviated handshakes (a mote keeps the engine's default of 8). */
    public static final int SESSIONS = 256;
    /**
     * A read that waits this long fails (SO_TIMEOUT), besides the deadlines: inside a request
     * the client gets 408, between requests the connection closes.
     */
    public static final int READ_TIMEOUT_MS = 10_000;
    /** Clients whose password failures are counted apart. */
    public static final int PASSWORD_CLIENTS = 64;
    /** The HTTP layer's write size: a whole page fits one TLS record. */
    private static final int CHUNK = 1024;

    private final ThermostatServer assembly;
    private final boolean oneConnection;
    private SocketConnectionSource source;
    private SizzleServer server;
    private Thread acceptor;

    public DesktopServer(int profile, List<ServerIdentity> identities, String password, boolean oneConnection, Log log) {
        this(profile, identities, password, oneConnection, log, new SystemClock());
    }

    /** ... with {@code clock} for the deadlines and the password's back-off (tests move it by hand). */
    public DesktopServer(int profile, List<ServerIdentity> identities, String password, boolean oneConnection, Log log,
            Clock clock) {
        byte[] secret = password.getBytes(StandardCharsets.UTF_8);
        if (secret.length < 1 || secret.length > PasswordGate.MAX_LENGTH) {
            throw new IllegalArgumentException("the password must be 1 to " + PasswordGate.MAX_LENGTH + " bytes");
        }
        assembly = new ThermostatServer(profile, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .sessions(oneConnection ? 8 : SESSIONS).password(secret).passwordClients(PASSWORD_CLIENTS)
                .device("thermostat-1", "Java", () -> 215).deadlines(Deadlines.DESKTOP).clock(clock)
                .dates(new SystemClock()).chunk(CHUNK).log(log);
        for (ServerIdentity id : identities) {
            assembly.identity(id);
        }
        if (!oneConnection) {
            assembly.multiConnection(MAX_CONNECTIONS);
        }
        this.oneConnection = oneConnection;
    }

    public TlsConfig config() {
        return assembly.config();
    }

    /** A loopback listener on {@code port} (0: ephemeral): bind first, so that a busy port fails before anything else. */
    public static SocketConnectionSource listen(int port) throws IOException {
        return new SocketConnectionSource(InetAddress.getLoopbackAddress(), port, READ_TIMEOUT_MS);
    }

    /** Listens on {@code port} (0: ephemeral) and serves in a background thread; returns the port. */
    public int start(int port) throws IOException {
        return start(listen(port));
    }

    /**
     * Serves the connections of {@code listener} in a background thread; returns its port.
     * Refuses (IllegalStateException, saying why, the listener closed) to run on a weak random source.
     */
    public synchronized int start(SocketConnectionSource listener) {
        if (server != null) {
            throw new IllegalStateException("already started");
        }
        try {
            server = assembly.build(listener);
        } catch (RuntimeException e) {
            listener.close();
            throw e;
        }
        source = listener;
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

    /** Closes the connections past their deadline now (the watchdog does so every tick). */
    public synchronized void checkDeadlines() {
        server.checkDeadlines();
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

    /** The profile and the connection mode, as the launcher prints them. */
    public String describe() {
        return Profile.name(config().getProfile()) + " profile, " + (oneConnection ? "one-connection (mote) mode"
                : "multi-connection mode (up to " + MAX_CONNECTIONS + ")");
    }
}
