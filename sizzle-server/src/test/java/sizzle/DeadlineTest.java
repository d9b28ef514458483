package sizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import kssl.tls.Alert;
import kssl.tls.Profile;
import kssl.tls.TlsConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sizzle.app.ThermostatServer;
import sizzle.http.FakeClock;
import sizzle.http.Wire;

/**
 * Slow clients against the deadlines (Deadlines.DESKTOP: handshake 10 s, request 15 s, idle
 * 10 s), in both connection modes, over TLS on pipes. The clock is the test's: it moves only
 * when the server has read what was sent and waits for more, so nothing here waits for time.
 */
@Timeout(60)
class DeadlineTest {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final TestConnectionSource source = new TestConnectionSource();
    private final FakeClock clock = new FakeClock();
    private SizzleServer server;
    private Thread acceptor;

    private void start(boolean one) {
        ThermostatServer b = Servers.assembly(Profile.MODERN, clock, log);
        server = (one ? b : b.multiConnection(8)).build(source);
        acceptor = Servers.start(server);
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.stop();
        acceptor.join(5000);
        assertFalse(acceptor.isAlive());
    }

    private boolean logged(String line) throws InterruptedException {
        return Servers.eventually(() -> log.contains(line));
    }

    private static void waitFor(TestConnection c) throws InterruptedException {
        assertTrue(Servers.eventually(c::serverWaiting), "the server reads what was sent and waits for more");
    }

    private static TlsConnection client(TestConnection c) {
        return TlsConnection.client(c.clientInput(), c.clientOutput(), TlsTestKeys.client(Profile.MODERN),
                TlsTestKeys.HOST, 443);
    }

    /** A KSSL client's ClientHello record, as the first bytes a real client sends. */
    private static byte[] clientHello() throws Exception {
        TestConnection spare = new TestConnection();
        TlsConnection c = client(spare);
        Thread t = new Thread(() -> {
            try {
                c.handshake();
            } catch (IOException e) {
                // the spare pipe closes under it
            }
        });
        t.setDaemon(true);
        t.start();
        InputStream in = spare.input();
        byte[] head = in.readNBytes(5);
        byte[] body = in.readNBytes((head[3] & 0xff) << 8 | head[4] & 0xff);
        spare.close();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(head);
        b.write(body);
        return b.toByteArray();
    }

    @ParameterizedTest(name = "one connection: {0}")
    @ValueSource(booleans = {true, false})
    void aClientDrippingItsClientHelloIsCutAtTheHandshakeDeadline(boolean one) throws Exception {
        start(one);
        byte[] hello = clientHello();
        TestConnection a = source.connect();
        for (int i = 0; i < 4; i++) { // bytes at 0, 3, 6 and 9 s: within the 10 s
            a.send(hello, i, 1);
            waitFor(a);
            clock.advance(3000);
        }
        assertFalse(a.isClosed(), "within its deadline");
        a.send(hello, 4, 1); // at 12 s
        InputStream in = a.clientInput();
        byte[] alert = in.readNBytes(7);
        assertEquals(21, alert[0], "an alert record");
        assertEquals(Alert.FATAL, alert[5]);
        assertEquals(Alert.HANDSHAKE_FAILURE, alert[6]);
        assertEquals(-1, in.read(), "then the connection closes");
        assertTrue(logged(a + " handshake failed: fatal alert handshake_failure: peer stalled: past its handshake deadline (10000 ms)"), log.toString());

        TlsConnection next = client(source.connect());
        assertEquals(200, Servers.exchange(next, Servers.GET).status(), "the server goes on");
    }

    @ParameterizedTest(name = "one connection: {0}")
    @ValueSource(booleans = {true, false})
    void aClientDrippingItsRequestAfterTheHandshakeIsAnswered408AtTheRequestDeadline(boolean one) throws Exception {
        start(one);
        TestConnection pipe = source.connect();
        TlsConnection a = client(pipe);
        a.handshake();
        OutputStream out = a.getOutputStream();
        String[] records = {"GET / HTTP/1.1\r\n", "Host: t\r\n", "Accept: */*\r\n", "X-Slow: 1\r\n", "\r\n"};
        for (int i = 0; i < 3; i++) { // records at 0, 6 and 12 s: within the 15 s
            out.write(Wire.bytes(records[i]));
            out.flush();
            waitFor(pipe);
            clock.advance(6000);
        }
        assertFalse(pipe.isClosed(), "within its deadline");
        out.write(Wire.bytes(records[3])); // at 18 s
        out.flush();
        Wire.Response r = Servers.response(a.getInputStream());
        assertEquals(408, r.status());
        assertTrue(r.closes());
        assertEquals(-1, a.getInputStream().read());
        assertFalse(a.isTruncated(), "closed with close_notify");
    }

    @ParameterizedTest(name = "one connection: {0}")
    @ValueSource(booleans = {true, false})
    void aSilentClientIsAbortedByTheWatchdogAtItsDeadlineAndNotBefore(boolean one) throws Exception {
        start(one);
        byte[] hello = clientHello();
        TestConnection a = source.connect();
        a.send(hello, 0, 20);
        waitFor(a);
        clock.advance(9999);
        server.checkDeadlines();
        assertFalse(a.isClosed(), "1 ms before its deadline");
        clock.advance(1);
        server.checkDeadlines();
        assertTrue(a.closed.await(5, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(a.aborted, "aborted, not closed gracefully");
        assertTrue(logged(a + " handshake failed: fatal alert handshake_failure: peer stalled: past its handshake deadline (10000 ms)"), log.toString());
    }

    @ParameterizedTest(name = "one connection: {0}")
    @ValueSource(booleans = {true, false})
    void aSilentRequestIsAbortedAndAnIdleConnectionClosedGracefully(boolean one) throws Exception {
        start(one);
        TestConnection idlePipe = source.connect();
        TlsConnection idle = client(idlePipe);
        assertEquals(200, Servers.exchange(idle, Servers.GET).status());
        waitFor(idlePipe);
        clock.advance(9999);
        server.checkDeadlines();
        assertFalse(idlePipe.isClosed());
        clock.advance(1);
        server.checkDeadlines();
        assertEquals(-1, idle.getInputStream().read(), "idle past 10 s: closed");
        assertFalse(idle.isTruncated(), "gracefully, with close_notify");
        assertFalse(idlePipe.aborted);

        TestConnection busyPipe = source.connect();
        TlsConnection busy = client(busyPipe);
        busy.handshake();
        OutputStream out = busy.getOutputStream();
        out.write(Wire.bytes("GET / HTTP/1.1\r\nHo"));
        out.flush();
        waitFor(busyPipe);
        clock.advance(15000);
        server.checkDeadlines();
        assertTrue(busyPipe.closed.await(5, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(busyPipe.aborted, "a request past its deadline is aborted");
        assertTrue(Servers.eventually(() -> log.stream().anyMatch(
                l -> l.startsWith(busyPipe + " failed: past its request deadline (15000 ms)"))), log.toString());
    }

    /**
     * A client that drips its request past the deadline and no longer reads: the server's 408
     * blocks, and after the grace the connection is aborted and the next client served (found
     * by review: it used to stay current for ever).
     */
    @ParameterizedTest(name = "one connection: {0}")
    @ValueSource(booleans = {true, false})
    void aClientThatStopsReadingIsAbortedAfterTheGrace(boolean one) throws Exception {
        start(one);
        TestConnection pipe = source.connect();
        TlsConnection a = client(pipe);
        a.handshake();
        OutputStream out = a.getOutputStream();
        out.write(Wire.bytes("GET / HTTP/1.1\r\n"));
        out.flush();
        waitFor(pipe);
        pipe.clientStopsReading = true;
        clock.advance(15000);
        out.write(Wire.bytes("Host: t\r\n")); // past the deadline: the server's 408 will block
        out.flush();
        assertTrue(pipe.writeBlocked.await(5, java.util.concurrent.TimeUnit.SECONDS), "the server writes its 408");
        server.checkDeadlines();
        assertFalse(pipe.isClosed(), "within the grace its last words may still go");
        clock.advance(2000);
        server.checkDeadlines();
        assertTrue(pipe.closed.await(5, java.util.concurrent.TimeUnit.SECONDS), "aborted after the grace");
        assertTrue(pipe.aborted);
        assertEquals(200, Servers.exchange(client(source.connect()), Servers.GET).status(), "the next one is served");
    }

    /** The watchdog closes an idle connection without writing itself: a client that does not read cannot stop it. */
    @ParameterizedTest(name = "one connection: {0}")
    @ValueSource(booleans = {true, false})
    void theWatchdogNeverBlocksOnAnIdleClientThatDoesNotRead(boolean one) throws Exception {
        start(one);
        TestConnection idlePipe = source.connect();
        TlsConnection idle = client(idlePipe);
        assertEquals(200, Servers.exchange(idle, Servers.GET).status());
        waitFor(idlePipe);
        idlePipe.clientStopsReading = true;
        clock.advance(10000);
        server.checkDeadlines(); // returns: the graceful close runs in a thread of its own
        assertTrue(idlePipe.writeBlocked.await(5, java.util.concurrent.TimeUnit.SECONDS), "close_notify is tried");
        clock.advance(2000);
        server.checkDeadlines();
        assertTrue(idlePipe.closed.await(5, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(idlePipe.aborted, "aborted after the grace");
    }

    /** Holds a client's bytes until the test lets them through. */
    private static final class Held extends OutputStream {
        private final ByteArrayOutputStream held = new ByteArrayOutputStream();
        private final TestConnection to;
        private int released;
        private boolean open;

        Held(TestConnection to) {
            this.to = to;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            held.write(b, off, len);
            if (open) {
                release(held.size() - released);
            }
            notifyAll();
        }

        synchronized void release(int n) throws IOException {
            while (held.size() - released < n) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
            }
            to.send(held.toByteArray(), released, n);
            released += n;
        }

        synchronized void openUp() throws IOException {
            open = true;
            release(held.size() - released);
        }
    }

    @Test
    void aNewerConnectionDoesNotCutAHandshakeInProgress() throws Exception {
        start(true);
        TestConnection a = source.connect();
        Held held = new Held(a);
        TlsConnection first = TlsConnection.client(a.clientInput(), held, TlsTestKeys.client(Profile.MODERN),
                TlsTestKeys.HOST, 443);
        Thread firstRequest = new Thread(() -> {
            try {
                Wire.Response r = Servers.exchange(first, Servers.GET);
                log.add("first: " + r.status() + (r.closes() ? " close" : " keep-alive"));
            } catch (IOException e) {
                log.add("first: " + e);
            }
        });
        firstRequest.start();
        held.release(10); // part of the ClientHello: the handshake is in progress
        waitFor(a);

        TestConnection b = source.connect();
        TlsConnection second = client(b);
        assertTrue(Servers.eventually(() -> source.allAccepted() && acceptor.getState() == Thread.State.WAITING),
                "the newer connection is accepted and waits");
        assertFalse(a.isClosed(), "the handshake in progress is not cut");

        held.openUp(); // the rest of the handshake and the request
        firstRequest.join(10000);
        assertTrue(log.contains("first: 200 close"), "served, and told the connection closes: " + log);
        assertEquals(200, Servers.exchange(second, Servers.GET).status(), "then the newer one is served");
    }
}
