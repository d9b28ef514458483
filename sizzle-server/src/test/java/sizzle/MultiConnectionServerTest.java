package sizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static sizzle.Servers.GET;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import sizzle.http.FakeClock;

/** The desktop mode: connections served side by side, bounded in number. */
@Timeout(30)
class MultiConnectionServerTest {
    @Test
    void connectionsAreServedSideBySide() throws Exception {
        TestConnectionSource source = new TestConnectionSource();
        MultiConnectionServer server = new MultiConnectionServer(source, null, Servers.thermostat(64), 8, Deadlines.DESKTOP, new FakeClock());
        Thread acceptor = Servers.start(server);
        TestConnection a = source.connect();
        TestConnection b = source.connect();
        TestConnection c = source.connect();
        a.send("GET / HTTP/1.1\r\nHo"); // a stays busy while the others are served
        for (int i = 0; i < 3; i++) {
            b.send(GET);
            c.send(GET);
            assertEquals(200, c.response().status());
            assertEquals(200, b.response().status());
        }
        assertEquals(3, server.openConnections());
        a.send("st: t\r\n\r\n");
        assertEquals(200, a.response().status());

        b.send("GET / HTTP/1.1\r\nHo");
        assertTrue(Servers.eventually(b::allRead));
        server.stop();
        assertTrue(a.endsCleanly(), "idle: closed at once");
        assertTrue(c.endsCleanly());
        assertFalse(b.isClosed(), "busy: finishes its request first");
        b.send("st: t\r\n\r\n");
        assertTrue(b.response().closes());
        assertTrue(b.endsCleanly());
        acceptor.join(5000);
        assertFalse(acceptor.isAlive());
        assertTrue(Servers.eventually(() -> server.openConnections() == 0));
        assertEquals(3, server.served());
    }

    @Test
    void beyondTheMaximumAConnectionWaits() throws Exception {
        TestConnectionSource source = new TestConnectionSource();
        MultiConnectionServer server = new MultiConnectionServer(source, null, Servers.thermostat(64), 1, Deadlines.DESKTOP, new FakeClock());
        Thread acceptor = Servers.start(server);
        TestConnection a = source.connect();
        a.send(GET);
        assertEquals(200, a.response().status());
        TestConnection b = source.connect();
        b.send(GET);
        assertTrue(b.silentFor(200), "waits while the first is open");
        a.shutdownOutput();
        assertTrue(a.endsCleanly());
        assertEquals(200, b.response().status());
        server.stop();
        acceptor.join(5000);
        assertThrows(IllegalArgumentException.class, () -> new MultiConnectionServer(source, null, Servers.thermostat(64), 0, Deadlines.DESKTOP, new FakeClock()));
    }

    @Test
    void aThreadServesOneConnectionAfterAnotherAndEndsWithTheServer() throws Exception {
        TestConnectionSource source = new TestConnectionSource();
        MultiConnectionServer server = new MultiConnectionServer(source, null, Servers.thermostat(64), 8, Deadlines.DESKTOP, new FakeClock());
        Thread acceptor = Servers.start(server);
        TestConnection a = source.connect();
        a.send(GET);
        assertEquals(200, a.response().status());
        a.shutdownOutput();
        assertTrue(a.endsCleanly());
        assertTrue(Servers.eventually(() -> server.openConnections() == 0));   // a's thread is idle now
        TestConnection b = source.connect();
        b.send(GET);
        assertEquals(200, b.response().status());
        assertSame(a.servedBy, b.servedBy, "the idle thread serves the next connection");
        TestConnection c = source.connect();
        c.send(GET);
        assertEquals(200, c.response().status());
        assertNotSame(b.servedBy, c.servedBy, "b is still open: c gets a thread of its own");
        server.stop();
        assertTrue(b.endsCleanly());
        assertTrue(c.endsCleanly());
        acceptor.join(5000);
        b.servedBy.join(5000);
        c.servedBy.join(5000);
        assertFalse(b.servedBy.isAlive(), "the pool's threads end with the server");
        assertFalse(c.servedBy.isAlive());
        assertEquals(3, server.served());
    }
}
