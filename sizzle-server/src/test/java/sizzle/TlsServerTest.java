package sizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import kssl.tls.Alert;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import kssl.tls.TlsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import sizzle.app.ThermostatServer;
import sizzle.http.FakeClock;
import sizzle.http.Wire;

/** The TLS glue in-process: the thermostat over KSSL connections on pipes, both connection modes. */
@Timeout(60)
class TlsServerTest {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final TestConnectionSource source = new TestConnectionSource();
    private final FakeClock clock = new FakeClock();
    private SizzleServer server;
    private Thread acceptor;

    private void start(boolean one, int profile) {
        ThermostatServer b = Servers.assembly(profile, clock, log);
        server = (one ? b : b.multiConnection(8)).build(source);
        acceptor = Servers.start(server);
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.stop();
        acceptor.join(5000);
        assertFalse(acceptor.isAlive(), "run() returns after stop()");
    }

    /** A KSSL client on a new pipe connection to the server. */
    private TlsConnection connect(TlsConfig client, long serverReadTimeoutMs) {
        TestConnection c = source.connect(serverReadTimeoutMs);
        return TlsConnection.client(c.clientInput(), c.clientOutput(), client, TlsTestKeys.HOST, 443);
    }

    private boolean logged(String part) throws InterruptedException {
        return Servers.eventually(() -> log.stream().anyMatch(l -> l.contains(part)));
    }

    @Test
    void persistentHttpOverTlsThenAResumedSession() throws Exception {
        start(false, Profile.MODERN);
        TlsConfig client = TlsTestKeys.client(Profile.MODERN);
        TlsConnection a = connect(client, 10000);
        assertEquals(200, Servers.exchange(a, Servers.GET).status());
        Wire.Response home = Servers.exchange(a, "GET / HTTP/1.1\r\nHost: t\r\n\r\n");
        assertTrue(home.body().contains("<title>Thermostat</title>"));
        String form = "setpoint=23.0&mode=cool&password=hunter2";
        Wire.Response done = Servers.exchange(a, "POST /config HTTP/1.1\r\nHost: t\r\nContent-Type: "
                + "application/x-www-form-urlencoded\r\nContent-Length: " + form.length() + "\r\n\r\n" + form);
        assertEquals(303, done.status());
        Wire.Response json = Servers.exchange(a, "GET /status.json HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        assertTrue(json.body().contains("\"setpoint_c\": 23.0, \"mode\": \"cool\""), json.body());
        assertTrue(json.closes());
        assertEquals(-1, a.getInputStream().read(), "the server closed after the last response");
        assertFalse(a.isTruncated(), "with close_notify");
        assertFalse(a.isResumed());
        assertTrue(logged("pipe-"));
        assertTrue(log.get(0).endsWith(" TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 full, 4 responses"), log.get(0));

        TlsConnection b = connect(client, 10000);
        assertEquals(200, Servers.exchange(b, Servers.GET).status());
        assertTrue(b.isResumed(), "the server's session cache resumed the session");
        b.close();
        assertTrue(logged(" resumed, 1 responses"), log.toString());
    }

    @Test
    void legacyProfileAnnouncesItselfAndServes() throws Exception {
        start(false, Profile.LEGACY);
        TlsConnection a = connect(TlsTestKeys.client(Profile.LEGACY), 10000);
        assertEquals(200, Servers.exchange(a, Servers.GET).status());
        a.close();
        assertTrue(logged("TLSv1 TLS_ECDH_ECDSA_WITH_RC4_128_SHA full, 1 responses"), log.toString());
        assertEquals(Profile.LEGACY_WARNING, log.get(0), "the warning comes first");
    }

    @Test
    void newerClientTakesOverAnIdleOneWithCloseNotify() throws Exception {
        start(true, Profile.MODERN);
        TlsConfig client = TlsTestKeys.client(Profile.MODERN);
        TlsConnection a = connect(client, 10000);
        assertEquals(200, Servers.exchange(a, Servers.GET).status());
        TlsConnection b = connect(client, 10000);
        assertEquals(-1, a.getInputStream().read(), "the idle connection is closed");
        assertFalse(a.isTruncated(), "gracefully: close_notify");
        assertEquals(200, Servers.exchange(b, Servers.GET).status());
        assertEquals(200, Servers.exchange(b, Servers.GET).status());
        assertTrue(logged(" full, 1 responses"), log.toString());
        b.close();
        assertTrue(logged(", 2 responses"), log.toString());
        assertEquals(2, server.served());
    }

    @Test
    void newerClientTakesOverOneThatHasSentNothing() throws Exception {
        start(true, Profile.MODERN);
        TestConnection silent = source.connect(10000); // connects, never says hello
        assertTrue(Servers.eventually(source::allAccepted));
        TlsConnection b = connect(TlsTestKeys.client(Profile.MODERN), 10000);
        assertTrue(Servers.eventually(source::allAccepted)); // the newer one taken, waiting for the older
        assertFalse(silent.closed.await(300, java.util.concurrent.TimeUnit.MILLISECONDS),
                "a silent connection keeps its grace (its hello may be on the way)");
        clock.advance(ServedConnection.SILENT_GRACE_MS);
        assertEquals(200, Servers.exchange(b, Servers.GET).status());
        // Closed (the pipes close one after the other, so an alert may slip in between: a
        // socket would take nothing after its close).
        assertTrue(silent.closed.await(5, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(logged(silent + " closed before the handshake completed"), log.toString());
    }

    /**
     * A browser opens connections at once and the first one's hello may come a moment after the
     * second connection: within the silent grace the first is not cut, says hello, and is served
     * (its one response the last: a newer one waits); then the newer one is.
     */
    @Test
    void aConnectionWhoseHelloComesJustAfterANewerConnectionIsServed() throws Exception {
        start(true, Profile.MODERN);
        TestConnection first = source.connect(10000);
        assertTrue(Servers.eventually(source::allAccepted));
        TestConnection second = source.connect(10000);
        assertTrue(Servers.eventually(source::allAccepted)); // the newer one taken, waiting for the older
        clock.advance(ServedConnection.SILENT_GRACE_MS - 1);
        TlsConnection a = TlsConnection.client(first.clientInput(), first.clientOutput(), TlsTestKeys.client(Profile.MODERN),
                TlsTestKeys.HOST, 443);
        Wire.Response r = Servers.exchange(a, Servers.GET);
        assertEquals(200, r.status(), "the first connection, its hello late, is served");
        assertTrue(r.closes(), "its response is its last: a newer connection waits");
        assertFalse(second.closed.await(100, java.util.concurrent.TimeUnit.MILLISECONDS));
    }

    @Test
    void badClientIsRefusedAndTheNextIsServed() throws Exception {
        start(true, Profile.MODERN);
        TestConnection plain = source.connect(10000);
        plain.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n"); // HTTP on the TLS port
        InputStream in = plain.clientInput();
        byte[] alert = in.readNBytes(7);
        assertEquals(21, alert[0], "an alert record");
        assertEquals(Alert.FATAL, alert[5]);
        assertEquals(-1, in.read(), "then the connection closes");
        assertTrue(logged(plain + " handshake failed: fatal alert "), log.toString());

        TlsConfig untrusting = TlsConfig.client(Profile.MODERN, TlsTestKeys.RANDOM).allowWeakRandom(TlsTestKeys.WEAK_RANDOM); // no trust store
        TlsConnection refused = connect(untrusting, 10000);
        TlsException e = assertThrows(TlsException.class, refused::handshake);
        assertEquals(Alert.UNKNOWN_CA, e.getAlert());
        assertTrue(logged("handshake failed: received fatal alert unknown_ca"), log.toString());

        TlsConnection good = connect(TlsTestKeys.client(Profile.MODERN), 10000);
        assertEquals(200, Servers.exchange(good, Servers.GET).status());
    }

    @Test
    void idleTimeoutClosesWithCloseNotifyAndAStallGets408() throws Exception {
        start(false, Profile.MODERN);
        TlsConfig client = TlsTestKeys.client(Profile.MODERN);
        TlsConnection idle = connect(client, 300);
        assertEquals(200, Servers.exchange(idle, Servers.GET).status());
        assertEquals(-1, idle.getInputStream().read(), "closed once idle past the read timeout");
        assertFalse(idle.isTruncated(), "with close_notify");

        TlsConnection stalled = connect(client, 300);
        OutputStream out = stalled.getOutputStream();
        out.write(Wire.bytes("GET / HTTP/1.1\r\nHo"));
        out.flush();
        Wire.Response r = Servers.response(stalled.getInputStream());
        assertEquals(408, r.status());
        assertTrue(r.closes());
        assertEquals(-1, stalled.getInputStream().read());
        assertFalse(stalled.isTruncated());
        assertTrue(Servers.eventually(() -> log.size() == 2), log.toString());
        assertTrue(log.stream().allMatch(l -> l.endsWith(", 1 responses")), "no failure logged: " + log);
    }
}
