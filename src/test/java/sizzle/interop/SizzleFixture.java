package sizzle.interop;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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

    private final DesktopServer server;
    private final int port;
    private final ServerLog log = new ServerLog(5_000);

    SizzleFixture(int profile, InteropPki.Entry... identities) throws IOException {
        List<ServerIdentity> ids = new ArrayList<>();
        for (InteropPki.Entry e : identities) {
            ids.add(e.identity);
        }
        server = new DesktopServer(profile, ids, "hunter2", false, log::logged);
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

    /** The server's log: one line per ended connection. */
    ServerLog log() {
        return log;
    }

    /** The server's view of the connections ended so far, oldest first. */
    List<ServerLog.Handshake> handshakes() {
        return log.handshakes();
    }

    /** Waits (up to 5 s) until at least n connections have ended, and returns them. */
    List<ServerLog.Handshake> awaitHandshakes(int n) throws InterruptedException {
        return log.awaitHandshakes(n);
    }

    /** The two connections after the first `before`, the full handshake first (ServerLog.fullThenResumed). */
    List<ServerLog.Handshake> fullThenResumed(int before) throws InterruptedException {
        return log.fullThenResumed(before);
    }

    @Override
    public void close() throws InterruptedException {
        server.stop();
    }
}
