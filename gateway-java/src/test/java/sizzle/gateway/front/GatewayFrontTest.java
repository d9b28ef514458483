package sizzle.gateway.front;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import sizzle.desktop.DesktopServer;
import sizzle.desktop.ServerIdentities;
import kssl.tls.Profile;

/**
 * The gateway's front door on loopback: SNI routing on the shared port with the bytes passed
 * on unchanged both ways, the device list for plain HTTP, an unknown name or a malformed hello
 * answered with its alert while the next client is still served, the access rule and the
 * connection limit, one port per device, the access log; and curl fetching the Java Sizzle
 * server's page through the shared port by name.
 */
@Timeout(60)
class GatewayFrontTest {
    private final BlockingQueue<String> log = new LinkedBlockingQueue<>();
    private final List<AutoCloseable> open = new java.util.ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /** A device stand-in: records what arrives, answers with its own name once it has {@code expect} bytes, then holds until the peer closes. */
    private final class Backend implements AutoCloseable {
        final ServerSocket socket;
        final BlockingQueue<byte[]> received = new LinkedBlockingQueue<>();

        Backend(String name, int expect) throws IOException {
            socket = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
            open.add(this);
            Thread t = new Thread(() -> {
                while (!socket.isClosed()) {
                    try (Socket s = socket.accept()) {
                        byte[] got = s.getInputStream().readNBytes(expect);
                        s.getOutputStream().write(("I am " + name).getBytes(StandardCharsets.US_ASCII));
                        s.shutdownOutput();
                        ByteArrayOutputStream rest = new ByteArrayOutputStream();
                        s.getInputStream().transferTo(rest);
                        received.add(ClientHelloPeekTest.concat(got, rest.toByteArray()));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            t.setDaemon(true);
            t.start();
        }

        InetSocketAddress address() {
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), socket.getLocalPort());
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private GatewayFront shared(Device... devices) throws IOException {
        GatewayFront f = GatewayFront.shared(List.of(devices), 0, log::add);
        open.add(f);
        return f;
    }

    private Socket connect(GatewayFront f) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), f.port());
        open.add(s);
        return s;
    }

    private String nextLog() throws InterruptedException {
        String line = log.poll(20, TimeUnit.SECONDS);
        assertTrue(line != null, "an access-log line");
        return line;
    }

    private void assertLogged(String part) throws InterruptedException {
        String line = nextLog();
        assertTrue(line.contains(part), "'" + line + "' should say '" + part + "'");
    }

    @Test
    void routesEachConnectionByServerNameWithItsBytesUnchanged() throws Exception {
        byte[] hello = Hellos.records(Hellos.message("B.example"), 100);
        byte[] more = {23, 3, 3, 0, 3, 1, 2, 3};
        Backend a = new Backend("a", 1);
        Backend b = new Backend("b", hello.length + more.length);
        GatewayFront f = shared(new Device("a.example", "mote", a.address(), AccessRule.ANYONE, 1),
                new Device("b.example", "mote", b.address(), AccessRule.ANYONE, 1));
        try (Socket c = connect(f)) {
            c.getOutputStream().write(ClientHelloPeekTest.concat(hello, more));
            assertEquals("I am b", new String(c.getInputStream().readAllBytes(), StandardCharsets.US_ASCII));
        }
        assertArrayEquals(ClientHelloPeekTest.concat(hello, more), b.received.poll(20, TimeUnit.SECONDS));
        assertTrue(a.received.isEmpty());
        String line = nextLog();
        assertTrue(line.matches("127\\.0\\.0\\.1:\\d+ -> b\\.example: forwarded, " + (hello.length + more.length)
                + " bytes in, 6 bytes out, \\d+ ms"), line);
    }

    @Test
    void anUnknownNameOrAMalformedHelloGetsItsAlertAndTheNextClientIsServed() throws Exception {
        byte[] hello = Hellos.records(Hellos.message("a.example"), 16384);
        Backend a = new Backend("a", hello.length);
        GatewayFront f = shared(new Device("a.example", "mote", a.address(), AccessRule.ANYONE, 1));
        try (Socket c = connect(f)) {
            c.getOutputStream().write(Hellos.records(Hellos.message("z.example"), 16384));
            assertArrayEquals(new byte[] {21, 3, 1, 0, 2, 2, 112}, c.getInputStream().readAllBytes());
        }
        assertLogged("-> z.example: refused: no such device");
        try (Socket c = connect(f)) {
            // SSL 3.0 has no server_name, no unrecognized_name and no 3.1 records: its client
            // hears handshake_failure in an SSL 3.0 record (RFC 6101 5.4.2, its alerts)
            c.getOutputStream().write(Hellos.records(Hellos.ssl3Message(), 16384));
            assertArrayEquals(new byte[] {21, 3, 0, 0, 2, 2, 40}, c.getInputStream().readAllBytes());
        }
        assertLogged("-> (no server_name): refused: no such device");
        try (Socket c = connect(f)) {
            byte[] bad = hello.clone();
            bad[5 + 4 + 2 + 32] = (byte) 0xFF; // a session_id that runs past the hello
            c.getOutputStream().write(bad);
            assertArrayEquals(new byte[] {21, 3, 1, 0, 2, 2, 50}, c.getInputStream().readAllBytes());
        }
        assertLogged("refused: session_id runs past its container");
        try (Socket c = connect(f)) {
            c.getOutputStream().write(hello);
            assertEquals("I am a", new String(c.getInputStream().readAllBytes(), StandardCharsets.US_ASCII));
        }
        assertLogged("-> a.example: forwarded");
    }

    /**
     * A client that drips its ClientHello a byte at a time, each byte well inside the read
     * timeout, cannot hold a gateway thread: the whole first message has one deadline. The hello
     * would take 2.5 s at this rate; the gateway gives it 1 s, hangs up and logs it, and the
     * next client is served.
     */
    @Test
    void aSlowDripHelloIsCutOffAtItsDeadline() throws Exception {
        Backend b = new Backend("B", 5);
        GatewayFront f = shared(new Device("b.example", "mote", b.address(), AccessRule.ANYONE, 1));
        f.helloTimeout(1_000);
        byte[] hello = Hellos.records(Hellos.message("b.example"), 100);
        hello = java.util.Arrays.copyOf(hello, 50); // 50 bytes at one per 50 ms: 2.5 s
        Socket s = connect(f);
        int sent = 0;
        try {
            for (; sent < hello.length; sent++) {
                s.getOutputStream().write(hello[sent]);
                s.getOutputStream().flush();
                Thread.sleep(50);
            }
        } catch (IOException closed) {
            // the gateway hung up: what this test expects
        }
        assertLogged("-> -: timed out before the client's first message ended");
        assertTrue(sent < hello.length, "cut off after " + sent + " of " + hello.length + " bytes");
        assertEquals(-1, s.getInputStream().read(), "the gateway closed the connection");
        assertTrue(b.received.isEmpty(), "nothing reached the device");
        // the next client, prompt, is served
        Socket t = connect(f);
        t.getOutputStream().write(Hellos.records(Hellos.message("b.example"), 100));
        assertEquals("I am B", new String(t.getInputStream().readNBytes(6), StandardCharsets.US_ASCII));
    }

    /**
     * A device that cannot take the connection in time (a radio device busy with another client)
     * is logged as such, not as a slow client; the next client is served.
     */
    @Test
    void aDeviceThatDoesNotOpenInTimeIsLoggedAsSuch() throws Exception {
        sizzle.gateway.front.Backend busy = timeoutMs -> {
            throw new java.net.SocketTimeoutException("radio 1: no link connection within " + timeoutMs + " ms");
        };
        Backend b = new Backend("B", 5);
        GatewayFront f = shared(new Device("busy.example", "mote", busy, AccessRule.ANYONE, 1),
                new Device("b.example", "mote", b.address(), AccessRule.ANYONE, 1));
        try (Socket s = connect(f)) {
            s.getOutputStream().write(Hellos.records(Hellos.message("busy.example"), 100));
            assertEquals(-1, s.getInputStream().read(), "the gateway closed the connection");
        }
        assertLogged("-> busy.example: timed out waiting for the device: radio 1: no link connection within "
                + GatewayFront.HELLO_TIMEOUT_MS + " ms");
        Socket t = connect(f);
        t.getOutputStream().write(Hellos.records(Hellos.message("b.example"), 100));
        assertEquals("I am B", new String(t.getInputStream().readNBytes(6), StandardCharsets.US_ASCII));
    }

    @Test
    void plainHttpGetsTheDeviceList() throws Exception {
        Backend a = new Backend("a", 1);
        GatewayFront f = shared(new Device("thermostat-1.motes", "Mica2 (ATmega128)", a.address(), AccessRule.ANYONE, 1),
                new Device("telos-2.motes", "TelosB <MSP430>", a.address(), AccessRule.ANYONE, 1));
        String page;
        try (Socket c = connect(f)) {
            c.getOutputStream().write("GET / HTTP/1.1\r\nHost: gateway\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            page = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(page.startsWith("HTTP/1.1 200 OK\r\n"), page);
        assertTrue(page.contains("<meta http-equiv=\"refresh\""), page);
        assertTrue(page.contains("<a href=\"https://thermostat-1.motes:" + f.port() + "/\">"), page);
        assertTrue(page.contains("TelosB &lt;MSP430&gt;"), page);
        assertTrue(page.indexOf("telos-2.motes") < page.indexOf("thermostat-1.motes"), "sorted by name");
        assertLogged("-> (device list): HTTP 200");
        try (Socket c = connect(f)) {
            c.getOutputStream().write(("GET / HTTP/1.1\r\nX: " + "x".repeat(GatewayFront.MAX_REQUEST_HEAD) + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            assertTrue(new String(c.getInputStream().readAllBytes(), StandardCharsets.US_ASCII)
                    .startsWith("HTTP/1.1 431 "));
        } catch (IOException resetAfterTheAnswer) {
            // the gateway may close with request bytes unread (a reset); the log says what it answered
        }
        assertLogged("HTTP 431");
    }

    @Test
    void theAccessRuleRefusesBeforeAByteIsForwarded() throws Exception {
        byte[] hello = Hellos.records(Hellos.message("a.example"), 16384);
        Backend a = new Backend("a", hello.length);
        GatewayFront f = shared(new Device("a.example", "mote", a.address(), AccessRule.allow("10.0.0.0/8", "::1/128"), 1));
        try (Socket c = connect(f)) {
            c.getOutputStream().write(hello);
            assertEquals(0, c.getInputStream().readAllBytes().length);
        }
        assertLogged("-> a.example: refused by the access rule (10.0.0.0/8, 0:0:0:0:0:0:0:1/128)");
        assertTrue(a.received.isEmpty());
        assertTrue(AccessRule.allow("127.0.0.0/8").allows(InetAddress.getLoopbackAddress()));
        assertTrue(!AccessRule.allow("127.0.0.2").allows(InetAddress.getLoopbackAddress()));
    }

    @Test
    void theAccessRuleRefusesTheDeviceListBeforeAByteIsRead() throws Exception {
        Backend a = new Backend("a", 1);
        GatewayFront f = GatewayFront.shared(List.of(new Device("a.example", "mote", a.address(), AccessRule.ANYONE, 1)), 0,
                AccessRule.allow("10.0.0.0/8"), log::add);
        open.add(f);
        assertTrue(f.boundAddress().isAnyLocalAddress(), "a rule that admits 10.0.0.0/8 needs more than loopback");
        try (Socket c = connect(f)) {
            c.getOutputStream().write("GET / HTTP/1.1\r\nHost: gateway\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertEquals(0, c.getInputStream().readAllBytes().length);
        }
        assertLogged("-> (device list): refused by the access rule (10.0.0.0/8)");
        assertTrue(shared().boundAddress().isLoopbackAddress(), "the loopback rule binds loopback only");
        assertTrue(AccessRule.LOOPBACK.onlyLoopback() && AccessRule.allow("127.0.0.2", "::1").onlyLoopback());
        assertTrue(!AccessRule.ANYONE.onlyLoopback() && !AccessRule.allow("127.0.0.0/7").onlyLoopback());
    }

    @Test
    void aDeviceTakesItsLimitOfConnections() throws Exception {
        byte[] hello = Hellos.records(Hellos.message("a.example"), 16384);
        Backend a = new Backend("a", hello.length);
        GatewayFront f = shared(new Device("a.example", "mote", a.address(), AccessRule.ANYONE, 1));
        Socket first = connect(f);
        first.getOutputStream().write(hello);
        InputStream in = first.getInputStream();
        assertEquals("I am a", new String(in.readNBytes(6), StandardCharsets.US_ASCII)); // the device holds it
        try (Socket second = connect(f)) {
            second.getOutputStream().write(hello);
            assertEquals(0, second.getInputStream().readAllBytes().length);
        }
        assertLogged("-> a.example: refused: 1 connection already open");
        first.close();
        assertLogged("-> a.example: forwarded");
        try (Socket third = connect(f)) {
            third.getOutputStream().write(hello);
            assertEquals("I am a", new String(third.getInputStream().readAllBytes(), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void aDevicesOwnPortForwardsAnyBytes() throws Exception {
        byte[] junk = "not TLS at all".getBytes(StandardCharsets.US_ASCII);
        Backend a = new Backend("a", junk.length);
        GatewayFront f = GatewayFront.forDevice(new Device("a.example", "mote", a.address(), AccessRule.ANYONE, 1), 0, log::add);
        open.add(f);
        try (Socket c = connect(f)) {
            c.getOutputStream().write(junk);
            c.shutdownOutput();
            assertEquals("I am a", new String(c.getInputStream().readAllBytes(), StandardCharsets.US_ASCII));
        }
        assertArrayEquals(junk, a.received.poll(20, TimeUnit.SECONDS));
        assertLogged("-> a.example: forwarded, 14 bytes in, 6 bytes out");
    }

    /** A real client and server: curl asks for "localhost" on the shared port and gets the Java Sizzle server's page. */
    @Test
    void curlReachesTheJavaSizzleServerByName(@TempDir Path dir) throws Exception {
        ServerIdentities.Loaded ids = ServerIdentities.generate(Profile.MODERN, dir);
        DesktopServer server = new DesktopServer(Profile.MODERN, ids.identities(), "test-password", false, line -> { });
        int port = server.start(0);
        try {
            GatewayFront f = shared(new Device("localhost", "Java Sizzle server",
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), port), AccessRule.allow("127.0.0.0/8"), 4));
            Process curl = new ProcessBuilder("curl", "-sS", "--max-time", "30", "--cacert", dir.resolve("ca.pem").toString(),
                    "--resolve", "localhost:" + f.port() + ":127.0.0.1", "https://localhost:" + f.port() + "/status.json")
                    .redirectErrorStream(true).start();
            String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, curl.waitFor(), out);
            assertTrue(out.contains("\"setpoint_c\""), out);
            assertLogged("-> localhost: forwarded");
            assertTrue(Files.exists(dir.resolve("ca.pem")));
        } finally {
            server.stop();
        }
    }
}
