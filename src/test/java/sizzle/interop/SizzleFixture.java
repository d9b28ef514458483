package sizzle.interop;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import ksecurity.security.RandomData;
import kssl.TlsConfig;
import kssl.TlsConnection;
import sizzle.Connection;
import sizzle.ConnectionSource;
import sizzle.MultiConnectionServer;
import sizzle.app.PasswordGate;
import sizzle.app.SystemClock;
import sizzle.app.Thermostat;
import sizzle.app.ThermostatApp;
import sizzle.http.ConnectionPolicy;
import sizzle.http.HttpConnectionLoop;

/**
 * The Sizzle server on an ephemeral loopback port: the desktop mode (MultiConnectionServer)
 * serving the thermostat over TLS connections of the engine, as the production glue does.
 * It records the server's view of every handshake (version, suite, resumed, or the failure)
 * so a test can check both ends. Close it to stop.
 */
final class SizzleFixture implements AutoCloseable {
    /** What the server saw of one handshake. */
    static final class Handshake {
        final int version;
        final int suite;
        final boolean resumed;
        final boolean ems;
        final IOException failure;

        Handshake(TlsConnection c, IOException failure) {
            this.version = failure == null ? c.getVersion() : -1;
            this.suite = failure == null ? c.getCipherSuite() : -1;
            this.resumed = failure == null && c.isResumed();
            this.ems = failure == null && c.isExtendedMasterSecret();
            this.failure = failure;
        }

        @Override
        public String toString() {
            return failure != null ? "failed: " + failure
                    : String.format("version 0x%04x suite %s%s", version, kssl.CipherSuite.name(suite), resumed ? " resumed" : "");
        }
    }

    private final ServerSocket listener;
    private final TlsConfig config;
    private final MultiConnectionServer server;
    private final Thread acceptor;
    private final List<Handshake> handshakes = new ArrayList<>();

    SizzleFixture(int profile, InteropPki.Entry... identities) throws IOException {
        config = TlsConfig.server(profile, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM));
        for (InteropPki.Entry e : identities) {
            config.addIdentity(e.identity);
        }
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        server = new MultiConnectionServer(new Source(), thermostat(), 16);
        acceptor = new Thread(server, "sizzle-interop-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
    }

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
        return listener.getLocalPort();
    }

    /** The server's view of the handshakes so far, oldest first. */
    synchronized List<Handshake> handshakes() {
        return new ArrayList<>(handshakes);
    }

    /** Waits (up to 5 s) until at least n handshakes have ended, and returns them. */
    List<Handshake> awaitHandshakes(int n) throws InterruptedException {
        long end = System.nanoTime() + 5_000_000_000L;
        synchronized (this) {
            while (handshakes.size() < n && System.nanoTime() < end) {
                wait(100);
            }
            return new ArrayList<>(handshakes);
        }
    }

    private synchronized void record(Handshake h) {
        handshakes.add(h);
        notifyAll();
    }

    @Override
    public void close() throws InterruptedException {
        server.stop();
        acceptor.join(5000);
    }

    private final class Source implements ConnectionSource {
        @Override
        public Connection accept() throws IOException {
            Socket s = listener.accept();
            s.setTcpNoDelay(true);
            s.setSoTimeout(10000);
            return new TlsSocketConnection(s);
        }

        @Override
        public void close() {
            try {
                listener.close();
            } catch (IOException e) {
                // already closed
            }
        }
    }

    private final class TlsSocketConnection implements Connection {
        private final Socket socket;
        private final TlsConnection tls;

        TlsSocketConnection(Socket socket) throws IOException {
            this.socket = socket;
            this.tls = TlsConnection.server(new BufferedInputStream(socket.getInputStream(), 2048),
                    socket.getOutputStream(), config);
        }

        /** Runs the handshake (in the connection's own thread) and records how it went. */
        @Override
        public InputStream input() throws IOException {
            if (!tls.isEstablished() && tls.getFailure() == null) {
                try {
                    tls.handshake();
                    record(new Handshake(tls, null));
                } catch (IOException e) {
                    record(new Handshake(tls, e));
                    throw e;
                }
            }
            return tls.getInputStream();
        }

        @Override
        public OutputStream output() {
            return tls.getOutputStream();
        }

        @Override
        public void close() {
            tls.close();
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
