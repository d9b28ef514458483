package sizzle.interop;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kssl.tls.CipherSuite;
import kssl.tls.ProtocolVersion;
import kssl.tls.ServerIdentity;
import kssl.tls.TlsConfig;
import sizzle.app.PasswordGate;
import sizzle.app.Thermostat;
import sizzle.app.ThermostatApp;
import sizzle.http.ConnectionPolicy;
import sizzle.http.HttpConnectionLoop;
import sizzle.http.SystemClock;
import sizzle.desktop.DesktopServer;

/**
 * The production Sizzle server as `./sizzle server` runs it (sizzle.desktop.DesktopServer:
 * multi-connection mode, TLS glue, HTTP loop, thermostat) on an ephemeral loopback port.
 * The server's own log, one line per ended connection, is the server's view of each
 * handshake (version, suite, full or resumed, or the failure), so a test can check both ends.
 * Close it to stop.
 */
final class SizzleFixture implements AutoCloseable {
    /** What the server logged for one connection. */
    static final class Handshake {
        final String line;
        final int version;
        final int suite;
        final boolean resumed;
        final boolean failed;

        Handshake(String line, int version, int suite, boolean resumed, boolean failed) {
            this.line = line;
            this.version = version;
            this.suite = suite;
            this.resumed = resumed;
            this.failed = failed;
        }

        @Override
        public String toString() {
            return line;
        }
    }

    /** TlsServerConnection's line for an established connection: "PEER VERSION SUITE full|resumed, N responses". */
    private static final Pattern ESTABLISHED = Pattern.compile("^\\S+ (SSLv3|TLSv1|TLSv1\\.2) (\\S+) (full|resumed), \\d+ responses");

    private final DesktopServer server;
    private final int port;
    private final List<Handshake> handshakes = new ArrayList<>();
    private final List<String> log = new ArrayList<>();

    SizzleFixture(int profile, InteropPki.Entry... identities) throws IOException {
        List<ServerIdentity> ids = new ArrayList<>();
        for (InteropPki.Entry e : identities) {
            ids.add(e.identity);
        }
        server = new DesktopServer(profile, ids, "hunter2", false, this::logged);
        port = server.start(0);
    }

    /** The server's TLS configuration (e.g. to enable a suite the profile leaves off). */
    TlsConfig config() {
        return server.config();
    }

    /** The thermostat as DesktopServer sets it up, for the plaintext oracle below. */
    private static HttpConnectionLoop thermostat() {
        Thermostat t = new Thermostat("thermostat-1", "Java", () -> 215);
        return new HttpConnectionLoop(new ThermostatApp(t, new PasswordGate("hunter2".getBytes(), new SystemClock())), 1024);
    }

    /**
     * The body the thermostat serves for a GET of {@code path}, from the same application
     * answering in plaintext: the oracle for what every peer must receive through TLS.
     */
    static String expectedBody(String path) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String request = "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        thermostat().serve(new ByteArrayInputStream(request.getBytes(StandardCharsets.US_ASCII)), out, new ConnectionPolicy() {
            public boolean requestArrived() {
                return true;
            }

            public boolean mayKeepOpen() {
                return false;
            }

            public boolean responseSent() {
                return false;
            }
        });
        String response = out.toString(StandardCharsets.ISO_8859_1);
        int body = response.indexOf("\r\n\r\n");
        if (!response.startsWith("HTTP/1.1 200 ") || body < 0) {
            throw new IllegalStateException("the thermostat does not serve " + path + ": " + response);
        }
        return response.substring(body + 4);
    }

    int port() {
        return port;
    }

    /** Called by the server for each log line: connection lines become handshake records. */
    private synchronized void logged(String line) {
        log.add(line);
        Matcher m = ESTABLISHED.matcher(line);
        if (m.find()) {
            handshakes.add(new Handshake(line, version(m.group(1)), suite(m.group(2)), m.group(3).equals("resumed"), false));
        } else if (line.contains("failed") || line.contains("closed before the handshake")) {
            handshakes.add(new Handshake(line, -1, -1, false, true));
        }
        notifyAll();
    }

    private static int version(String name) {
        for (int v : new int[] {ProtocolVersion.SSL30, ProtocolVersion.TLS10, ProtocolVersion.TLS12}) {
            if (ProtocolVersion.name(v).equals(name)) {
                return v;
            }
        }
        throw new IllegalStateException("unknown version in the server's log: " + name);
    }

    private static int suite(String name) {
        for (int s = 0; s < 0x10000; s++) {
            if (CipherSuite.isKnown(s) && CipherSuite.name(s).equals(name)) {
                return s;
            }
        }
        throw new IllegalStateException("unknown suite in the server's log: " + name);
    }

    /** The server's view of the connections ended so far, oldest first. */
    synchronized List<Handshake> handshakes() {
        return new ArrayList<>(handshakes);
    }

    /** Waits (up to 5 s) until at least n connections have ended, and returns them. */
    List<Handshake> awaitHandshakes(int n) throws InterruptedException {
        long end = System.nanoTime() + 5_000_000_000L;
        synchronized (this) {
            while (handshakes.size() < n && System.nanoTime() < end) {
                wait(100);
            }
            if (handshakes.size() < n) {
                throw new AssertionError("the server logged " + handshakes.size() + " connections, not " + n + ": " + log);
            }
            return new ArrayList<>(handshakes);
        }
    }

    /**
     * The two connections after the first `before`, the full handshake first: the server logs a
     * connection when it ends, and a client's first connection may end after its second (which
     * resumed) has, so the log's order is not the order they were made in.
     */
    List<Handshake> fullThenResumed(int before) throws InterruptedException {
        List<Handshake> two = new ArrayList<>(awaitHandshakes(before + 2).subList(before, before + 2));
        two.sort((a, b) -> Boolean.compare(a.resumed, b.resumed));
        return two;
    }

    @Override
    public void close() throws InterruptedException {
        server.stop();
    }
}
