package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import kssl.tls.CipherSuite;
import kssl.tls.TlsConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import sizzle.desktop.LocalGateway;
import sizzle.gateway.front.AccessRule;

/**
 * Real clients to the C firmware on the simulated motes through the gateway (issue 9): the
 * ATmega128 (mica2) and the MSP430F1611 (telosb), each with its modern build and its legacy-ecc
 * build (INSECURE, the papers' suite) behind one LocalGateway, as `./sizzle demo` puts them.
 * Every client sets the thermostat's setpoint with the device's password and reads it back:
 * <ul>
 * <li>curl, by name through the shared port (routed by server_name): the POST and the GET on one
 *     kept-alive connection;
 * <li>OpenSSL 3's s_client: the POST through the device's own port, then the GET on a resumed session
 *     by name through the shared port (the session is the device's, whichever door);
 * <li>the KSSL client, by name through the shared port, modern and legacy (TLS 1.0 with server_name):
 *     the POST, then the GET on a resumed session;
 * <li>nassl's OpenSSL 1.0.2 through the device's port in SSL 3.0 with ECDH-ECDSA-RC4-SHA, likewise:
 *     not by name, because SSL 3.0 has no server_name, and OpenSSL 1.0.2's TLS 1.0 hello lists
 *     no 160-bit curve, which forbids the secp160r1 certificate (RFC 4492 §4: the firmware
 *     answers handshake_failure, as it must).
 * </ul>
 * Each is checked on all three sides: the client's view, the firmware's log line (full or
 * resumed, the suite) and the gateway's access log (the connection forwarded to that device).
 * The C motes reach the gateway over their simulators' TCP byte link (the radio protocol's C
 * end is still to come: gateway-java/LINK.md §14). The direct path, every client straight to
 * each mote, is FirmwareClientsTest's. Platforms: -Dsizzle.gateway.platforms (default avr,msp430).
 */
@Timeout(900)
class GatewayFirmwareClientsTest {
    @TempDir
    static Path state;
    private static LocalGateway gateway;
    private static final List<String> accessLog = new CopyOnWriteArrayList<>();
    /** The devices started so far, by "platform build", and each one's log. */
    private static final Map<String, LocalGateway.Member> DEVICES = new ConcurrentHashMap<>();
    private static final Map<String, ServerLog> LOGS = new ConcurrentHashMap<>();

    static Stream<String> platforms() {
        return Stream.of(System.getProperty("sizzle.gateway.platforms", "avr,msp430").split(","));
    }

    @BeforeAll
    static void start() throws Exception {
        gateway = new LocalGateway(state, 0, AccessRule.allow("127.0.0.0/8"), accessLog::add);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    /** The device of this platform and build behind the gateway, started on first use (a mote serves one client at a time). */
    private static synchronized LocalGateway.Member device(String platform, String build) throws Exception {
        String key = platform + " " + build;
        LocalGateway.Member m = DEVICES.get(key);
        if (m == null) {
            ServerLog log = new ServerLog(300_000);
            LOGS.put(key, log);
            m = gateway.addMote(platform, build, log::logged);
            DEVICES.put(key, m);
        }
        return m;
    }

    private static ServerLog log(LocalGateway.Member m) {
        return LOGS.get(DEVICES.entrySet().stream().filter(e -> e.getValue() == m).findFirst().orElseThrow().getKey());
    }

    private static String form(String setpoint, LocalGateway.Member m) {
        return GatewayThermostatClients.form(setpoint, m);
    }

    private static void assertSetpoint(String setpoint, String status) {
        GatewayThermostatClients.assertSetpoint(setpoint, status);
    }

    // ---------------------------------------------------------------- curl, by name

    @ParameterizedTest(name = "{0}")
    @MethodSource("platforms")
    void curlSetsTheSetpointByName(String platform) throws Exception {
        LocalGateway.Member m = device(platform, "modern");
        int before = log(m).handshakes().size(), forwarded = forwardedTo(m.name).size();
        // Two transfers on one handle: curl keeps the connection (num_connects 0 the second time).
        GatewayThermostatClients.curlSetThenRead(m, gateway.sharedPort(), "21.5", 300, () -> "firmware: " + log(m).lines());
        ServerLog.Handshake h = log(m).awaitHandshakes(before + 1).get(before);
        assertEquals(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, h.suite, h.line);
        assertFalse(h.resumed, h.line);
        awaitForwarded(m, forwarded, 1);
    }

    // ---------------------------------------------------------------- s_client, the device's port then by name

    @ParameterizedTest(name = "{0}")
    @MethodSource("platforms")
    void sClientThroughTheDevicePortThenResumedByName(String platform) throws Exception {
        LocalGateway.Member m = device(platform, "modern");
        int before = log(m).handshakes().size(), forwarded = forwardedTo(m.name).size();
        Path session = state.resolve(m.name + ".s_client.session");
        String form = form("22.5", m);
        String first = sClient(m, m.devicePort, "POST /config HTTP/1.1\r\nHost: " + m.name + "\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: " + form.length() + "\r\nConnection: close\r\n\r\n" + form, "-sess_out", session.toString());
        assertTrue(first.contains("New, TLSv1.2, Cipher is ECDHE-ECDSA-AES128-GCM-SHA256"), first);
        assertTrue(first.contains("HTTP/1.1 303 "), "the setpoint POSTed with the password: " + first);
        String second = sClient(m, gateway.sharedPort(), "GET /status.json HTTP/1.1\r\nHost: " + m.name + "\r\nConnection: close\r\n\r\n", "-sess_in",
                session.toString());
        assertTrue(second.contains("Reused, TLSv1.2, Cipher is ECDHE-ECDSA-AES128-GCM-SHA256"), second);
        assertSetpoint("22.5", second);
        fullThenResumedThroughTheGateway(m, before, forwarded, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256);
    }

    /** s_client to {@code port} (the device's own, or the shared one: routed by -servername) with {@code request}. */
    private static String sClient(LocalGateway.Member m, int port, String request, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("openssl", "s_client", "-connect", "127.0.0.1:" + port, "-servername",
                m.name, "-tls1_2", "-CAfile", m.ca.toString(), "-verify_return_error", "-verify_hostname", m.name, "-ign_eof"));
        cmd.addAll(List.of(extra));
        try (PeerProcess p = PeerProcess.start(cmd)) {
            p.input(request);
            int exit = p.waitFor(330);
            String out = p.output();
            assertEquals(0, exit, "s_client: " + out + "\nfirmware: " + log(m).lines());
            assertTrue(out.contains("Verify return code: 0 (ok)"), out);
            return out;
        }
    }

    // ---------------------------------------------------------------- the KSSL client, by name

    static Stream<Object[]> ksslCases() {
        return platforms().flatMap(p -> Stream.of(new Object[] {p, "modern"}, new Object[] {p, "legacy-ecc"}));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("ksslCases")
    void ksslSetsTheSetpointByNameThenResumes(String platform, String build) throws Exception {
        LocalGateway.Member m = device(platform, build);
        boolean modern = build.equals("modern");
        int before = log(m).handshakes().size(), forwarded = forwardedTo(m.name).size();
        TlsConnection c = GatewayThermostatClients.ksslSetThenReadResumed(m, gateway.sharedPort(), modern, modern ? "23.5" : "24.5");
        fullThenResumedThroughTheGateway(m, before, forwarded, c.getCipherSuite());
    }


    // ---------------------------------------------------------------- nassl's OpenSSL 1.0.2, the device's port

    @ParameterizedTest(name = "{0}")
    @MethodSource("platforms")
    void nasslSetsTheSetpointThroughTheDevicePortThenResumes(String platform) throws Exception {
        LocalGateway.Member m = device(platform, "legacy-ecc");
        int before = log(m).handshakes().size(), forwarded = forwardedTo(m.name).size();
        List<String> output = new ArrayList<>();
        List<JsonObject> results = NasslLegacyClient.run(m.devicePort, () -> log(m).lines().toString(), output, "--ca",
                m.ca.toString(), "--version", "SSLV3", "--cipher", "ECDH-ECDSA-RC4-SHA", "--post", form("25.5", m), "--path",
                "/status.json", "--resume");
        String out = output.get(0);
        assertEquals(2, results.size(), out);
        for (JsonObject r : results) {
            assertEquals("SSLv3", r.get("protocol").getAsString(), out);
            assertEquals("ECDH-ECDSA-RC4-SHA", r.get("cipher").getAsString(), out);
            assertEquals(0, r.get("verify_result").getAsInt(), "certificate verified against the device's CA");
        }
        assertTrue(results.get(0).get("status").getAsString().startsWith("HTTP/1.1 303 "), out);
        assertEquals("HTTP/1.1 200 OK", results.get(1).get("status").getAsString(), out);
        assertSetpoint("25.5", results.get(1).get("body").getAsString());
        assertEquals(results.get(0).get("session_id").getAsString(), results.get(1).get("session_id").getAsString(),
                "the second connection resumed");
        fullThenResumedThroughTheGateway(m, before, forwarded, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA);
    }

    // ---------------------------------------------------------------- a client that vanishes

    /**
     * A client sends its ClientHello by name and vanishes at once: the mote's server flight meets
     * a closed connection. The mote (and its simulator) must stay up and serve the next client,
     * and the gateway must log the vanished one. (The ATmega128's harness once died of SIGPIPE
     * here, and the gateway then refused every later client with "Connection refused".)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("simavrOnly")
    void aClientThatVanishesMidHandshakeLeavesTheMoteServing(String platform) throws Exception {
        LocalGateway.Member m = device(platform, "modern");
        int before = log(m).handshakes().size(), forwarded = forwardedTo(m.name).size();
        try (java.net.Socket s = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), gateway.sharedPort())) {
            s.getOutputStream().write(jsseClientHello(m.name));
            s.getOutputStream().flush();
        } // gone before the mote answers
        ServerLog.Handshake h = log(m).awaitHandshakes(before + 1).get(before);
        assertTrue(h.failed, "the vanished client's connection: " + h.line);
        try (PeerProcess p = PeerProcess.start(List.of("curl", "-sS", "--max-time", "300", "--tlsv1.2", "--cacert",
                m.ca.toString(), "--resolve", m.name + ":" + gateway.sharedPort() + ":127.0.0.1",
                "https://" + m.name + ":" + gateway.sharedPort() + "/status.json"))) {
            assertEquals(0, p.waitFor(330), "the next client: " + p.output() + "\nfirmware: " + log(m).lines() + "\ngateway: "
                    + accessLog);
            assertTrue(p.output().contains("\"setpoint_c\": "), p.output());
        }
        assertFalse(log(m).awaitHandshakes(before + 2).get(before + 1).failed, log(m).lines().toString());
        awaitForwarded(m, forwarded, 2);
    }

    /**
     * The ATmega128 only: its harness is C (simavr), where a write to a vanished client raised
     * SIGPIPE; the MSP430's (mspsim_run.py) takes the failed write as the link's end, and a
     * full modern handshake there costs ~45 s of the suite.
     */
    static Stream<String> simavrOnly() {
        return platforms().filter("avr"::equals);
    }

    /** JSSE's TLS 1.2 ClientHello record (ECDHE-ECDSA with AES-128-GCM among its suites) naming the device. */
    static byte[] jsseClientHello(String name) throws Exception {
        javax.net.ssl.SSLContext ctx = javax.net.ssl.SSLContext.getInstance("TLSv1.2");
        ctx.init(null, null, null);
        javax.net.ssl.SSLEngine e = ctx.createSSLEngine(name, 443);
        e.setUseClientMode(true);
        javax.net.ssl.SSLParameters p = e.getSSLParameters();
        p.setProtocols(new String[] {"TLSv1.2"});
        p.setServerNames(List.of(new javax.net.ssl.SNIHostName(name)));
        e.setSSLParameters(p);
        java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(e.getSession().getPacketBufferSize());
        e.beginHandshake();
        e.wrap(java.nio.ByteBuffer.allocate(0), out);
        out.flip();
        byte[] hello = new byte[out.remaining()];
        out.get(hello);
        return hello;
    }

    // ---------------------------------------------------------------- the gateway's access log

    private static List<long[]> forwardedTo(String device) {
        return AccessLogLines.forwardedTo(accessLog, device);
    }

    /**
     * The device's side of a full handshake then a resumed one since {@code before} (the full
     * one with {@code suite}), and both connections in the gateway's access log since {@code forwarded}.
     */
    private static void fullThenResumedThroughTheGateway(LocalGateway.Member m, int before, int forwarded, int suite)
            throws InterruptedException {
        List<ServerLog.Handshake> hs = log(m).fullThenResumed(before);
        assertEquals(suite, hs.get(0).suite, hs.toString());
        assertFalse(hs.get(0).resumed, hs.toString());
        assertTrue(hs.get(1).resumed, hs.toString());
        awaitForwarded(m, forwarded, 2);
    }

    /**
     * Exactly {@code added} more connections forwarded to the device since {@code before}, each
     * with bytes both ways. The gateway logs a connection when it ends, which may be just after
     * the client exits: a bounded wait.
     */
    private static void awaitForwarded(LocalGateway.Member m, int before, int added) throws InterruptedException {
        for (int i = 0; i < 200 && forwardedTo(m.name).size() < before + added; i++) {
            Thread.sleep(50);
        }
        List<long[]> f = forwardedTo(m.name);
        assertEquals(before + added, f.size(), "connections forwarded to " + m.name + ":\n" + accessLog);
        for (long[] inOut : f.subList(before, f.size())) {
            assertTrue(inOut[0] > 0 && inOut[1] > 0, "bytes both ways through the gateway: " + accessLog);
        }
    }
}
