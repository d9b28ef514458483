package sizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static sizzle.Servers.GET;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import sizzle.http.FakeClock;
import sizzle.http.Wire;

/** The mote's mode: one connection; a newer one closes the older when it is idle. */
@Timeout(30)
class OneConnectionServerTest {
    private final FakeClock clock = new FakeClock();
    private final TestConnectionSource source = new TestConnectionSource();
    private final OneConnectionServer server = new OneConnectionServer(source, null, Servers.thermostat(64), Deadlines.DESKTOP, clock);
    private final Thread acceptor = Servers.start(server);

    @AfterEach
    void stop() throws InterruptedException {
        server.stop();
        acceptor.join(5000);
        assertFalse(acceptor.isAlive(), "run() returns after stop()");
    }

    @Test
    void manyRequestsOnOnePersistentConnection() throws Exception {
        TestConnection a = source.connect();
        for (int i = 0; i < 5; i++) {
            a.send(GET);
            Wire.Response r = a.response();
            assertEquals(200, r.status());
            assertFalse(r.closes());
        }
        a.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        assertTrue(a.response().closes());
        assertTrue(a.endsCleanly());
    }

    @Test
    void newerConnectionClosesAnIdleOlderOne() throws Exception {
        TestConnection a = source.connect();
        a.send(GET);
        assertEquals(200, a.response().status());
        TestConnection b = source.connect();
        assertTrue(a.endsCleanly(), "the idle connection is closed, with nothing more sent");
        b.send(GET);
        assertEquals(200, b.response().status());
        assertEquals(1, server.served());
        assertFalse(b.isClosed());
    }

    @Test
    void newerConnectionWaitsForABusyOneToFinishItsRequest() throws Exception {
        TestConnection a = source.connect();
        a.send("GET / HTTP/1.1\r\nHo"); // busy once the server has read into it
        assertTrue(Servers.eventually(a::allRead));
        TestConnection b = source.connect();
        b.send(GET);
        assertTrue(Servers.eventually(server::hasWaitingConnection));
        assertTrue(b.silentFor(200), "the newer connection waits");
        assertFalse(a.isClosed(), "a busy connection is not cut");

        a.send("st: t\r\n\r\n");
        Wire.Response last = a.response();
        assertEquals(200, last.status());
        assertTrue(last.closes(), "the older connection's last response says so");
        assertTrue(a.endsCleanly());
        assertEquals(200, b.response().status());
    }

    @Test
    void clientStallingMidRequestTimesOutWith408AndTheWaitingOneIsServed() throws Exception {
        TestConnection a = source.connect(300);
        a.send("POST /config HTTP/1.1\r\nHost: t\r\nContent-Length: 40\r\n\r\nsetpoint=2");
        assertTrue(Servers.eventually(a::allRead));
        TestConnection b = source.connect();
        b.send(GET);
        Wire.Response r = a.response();
        assertEquals(408, r.status());
        assertTrue(r.closes());
        assertTrue(a.endsCleanly());
        assertEquals(200, b.response().status());
    }

    @Test
    void aClientDrippingItsRequestGets408AtTheRequestDeadlineAndTheWaitingOneIsServed() throws Exception {
        TestConnection a = source.connect();
        String request = "GET /status.json HTTP/1.1\r\n";
        for (int i = 0; i < 4; i++) { // a byte every 4 s: at 0, 4, 8, 12 s, within the request's 15 s
            a.send(request.substring(i, i + 1));
            assertTrue(Servers.eventually(a::serverWaiting));
            clock.advance(4000);
        }
        TestConnection b = source.connect();
        b.send(GET);
        assertTrue(Servers.eventually(server::hasWaitingConnection));
        assertFalse(a.isClosed(), "a busy connection is not cut for a newer one");
        a.send(request.substring(4, 5)); // at 16 s
        Wire.Response r = a.response();
        assertEquals(408, r.status());
        assertTrue(r.closes());
        assertTrue(a.endsCleanly());
        assertEquals(200, b.response().status());
    }

    @Test
    void idleTimeoutEndsAConnectionWithoutAResponse() throws Exception {
        TestConnection a = source.connect(200);
        a.send(GET);
        assertEquals(200, a.response().status());
        assertTrue(a.endsCleanly(), "idle past the read timeout: closed, nothing sent");
        assertTrue(server.awaitNoConnection(5000));
    }

    @Test
    void connectionEndedByTheClientLetsTheNextOneIn() throws Exception {
        TestConnection a = source.connect();
        a.send(GET);
        assertEquals(200, a.response().status());
        a.shutdownOutput();
        assertTrue(a.endsCleanly());
        TestConnection b = source.connect();
        b.send(GET);
        assertEquals(200, b.response().status());
    }

    @Test
    void stopClosesAnIdleConnection() throws Exception {
        TestConnection a = source.connect();
        a.send(GET);
        assertEquals(200, a.response().status());
        server.stop();
        assertTrue(a.endsCleanly());
        assertTrue(server.awaitNoConnection(5000));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("sizzle.http.RequestParserTest#malformed")
    void malformedRequestClosesCleanlyAndTheNextConnectionIsServed(String name, String request, int status) throws Exception {
        TestConnection bad = source.connect();
        bad.send(request);
        if (name.startsWith("truncated")) {
            bad.shutdownOutput();
        }
        Wire.Response r = bad.response();
        assertEquals(status, r.status(), name);
        assertTrue(r.closes());
        assertTrue(bad.endsCleanly(), "closed after the error response");

        TestConnection next = source.connect();
        next.send(GET);
        assertEquals(200, next.response().status());
    }
}
