package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import ksecurity.cert.CertificateFactory;
import ksecurity.security.RandomData;
import kssl.Connector;
import kssl.tls.Profile;
import kssl.tls.ProtocolVersion;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import sizzle.desktop.DesktopSockets;
import sizzle.desktop.LocalGateway;
import sizzle.gateway.front.AccessRule;

/**
 * The C firmware over the link protocol (issue 9; gateway-java/LINK.md §13): the firmware built
 * with SZ_FW_LINK=1 sends and takes LINK.md's frames on its byte link, not the raw TLS stream;
 * the gateway relays them onto its simulated radio (the CC2420's model, in real time) and reaches
 * the device through the bridge and its GatewayPeer, one TLS record per message, as it reaches a
 * Java mote (LocalGateway.addMote(..., overLink)). The KSSL client, by name through the shared
 * port: the setpoint set with the password on a full handshake, then read back on a resumed one;
 * the firmware's log says full then resumed with the client's suite, and the device list shows
 * it as a radio device with its link state; on the modern build curl (OpenSSL 3) by name too,
 * the POST and the GET on one kept-alive connection. On a mote (avr: the CC1000's model) its RAM
 * measure after the two connections is printed and must be within the chip. Cases:
 * -Dsizzle.link.firmware (default "host modern,host legacy-ecc,avr legacy-ecc").
 */
@Timeout(600)
class GatewayLinkFirmwareTest {
    @TempDir
    Path state;

    static Stream<Object[]> cases() {
        return Stream.of(System.getProperty("sizzle.link.firmware", "host modern,host legacy-ecc,avr legacy-ecc").split(","))
                .map(c -> c.trim().split(" ")).map(c -> new Object[] {c[0], c[1]});
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void ksslSetsTheSetpointByNameOverTheLinkThenResumes(String platform, String build) throws Exception {
        List<String> accessLog = new CopyOnWriteArrayList<>();
        ServerLog log = new ServerLog(300_000);
        try (LocalGateway gateway = new LocalGateway(state, 0, AccessRule.allow("127.0.0.0/8"), accessLog::add)) {
            LocalGateway.Member m = gateway.addMote(platform, build, false, true, log::logged);
            String radio = platform.equals("avr") ? "CC1000" : "CC2420";
            assertTrue(m.kind.contains(" over the link protocol (" + radio + ", radio address 1)"), m.kind);
            String list = deviceList(gateway.sharedPort());
            assertTrue(list.contains("<td>" + m.name + "</td><td>" + m.kind + "</td><td>radio 1: "), list);

            boolean modern = build.equals("modern");
            ksecurity.cert.KeyStore trust = new ksecurity.cert.KeyStore();
            trust.setCertificateEntry("device-ca", CertificateFactory.generateCertificate(Files.readAllBytes(m.ca)));
            TlsConfig client = TlsConfig.client(modern ? Profile.MODERN : Profile.LEGACY,
                    RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)).setTrustStore(trust);
            DesktopSockets byName = new DesktopSockets(300_000, Map.of(m.name, "127.0.0.1"));
            String form = "setpoint=23.5&mode=heat&password=" + m.password;
            TlsConnection c = Connector.openSecure(m.name, gateway.sharedPort(), client, byName);
            String posted;
            try {
                c.handshake();
                posted = exchange(c, "POST /config HTTP/1.1\r\nHost: " + m.name
                        + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " + form.length() + "\r\n\r\n" + form);
            } finally {
                c.close();
            }
            assertTrue(posted.startsWith("HTTP/1.1 303 "), "the setpoint set with the password: " + posted);
            assertFalse(c.isResumed());
            assertEquals(modern ? ProtocolVersion.TLS12 : ProtocolVersion.TLS10, c.getVersion());

            TlsConnection r = Connector.openSecure(m.name, gateway.sharedPort(), client, byName);
            String status;
            try {
                r.handshake();
                status = exchange(r, "GET /status.json HTTP/1.1\r\nHost: " + m.name + "\r\nConnection: close\r\n\r\n");
            } finally {
                r.close();
            }
            assertTrue(r.isResumed(), "the second connection resumed the session");
            assertTrue(status.contains("\"setpoint_c\": 23.5, \"mode\": \"heat\""), "the setpoint read back: " + status);
            List<ServerLog.Handshake> hs = log.fullThenResumed(0);
            assertEquals(c.getCipherSuite(), hs.get(0).suite, hs.toString());
            assertTrue(hs.get(1).resumed, hs.toString());
            if (!platform.equals("host")) {
                int[] ram = ramAfter(log, 2);
                int chip = platform.equals("avr") ? 4096 : 10240;
                System.out.printf("%s %s over the link: RAM static %d B + stack %d B = %d B of the chip's %d B%n", platform, build,
                        ram[0], ram[1], ram[2], chip);
                assertEquals(ram[0] + ram[1], ram[2]);
                assertTrue(ram[2] <= chip, "RAM " + ram[2] + " B");
            }
            if (modern) {
                curlByName(m, gateway.sharedPort());
            }
        }
    }

    /** The mote's RAM measure logged after connection n (static, stack high-water mark since boot, total). */
    private static int[] ramAfter(ServerLog log, int n) throws InterruptedException {
        java.util.regex.Pattern ram = java.util.regex.Pattern.compile("ram: static=(\\d+) stack=(\\d+) total=(\\d+)");
        for (int wait = 0; ; wait++) {
            List<int[]> seen = new java.util.ArrayList<>();
            for (String line : log.lines()) {
                java.util.regex.Matcher x = ram.matcher(line);
                if (x.find()) {
                    seen.add(new int[] {Integer.parseInt(x.group(1)), Integer.parseInt(x.group(2)), Integer.parseInt(x.group(3))});
                }
            }
            if (seen.size() >= n) {
                return seen.get(n - 1);
            }
            assertTrue(wait < 600, "no RAM line after connection " + n + ": " + log.lines());
            Thread.sleep(100);
        }
    }

    /** curl (OpenSSL 3) by name: the setpoint POSTed, then read on the same kept-alive connection. */
    private static void curlByName(LocalGateway.Member m, int port) throws Exception {
        String url = "https://" + m.name + ":" + port;
        String resolve = m.name + ":" + port + ":127.0.0.1";
        try (PeerProcess p = PeerProcess.start(List.of("curl", "-sS", "--max-time", "120", "--tlsv1.2", "--cacert",
                m.ca.toString(), "--resolve", resolve, "-o", "/dev/null", "-w", "posted %{http_code} %{num_connects}\n", "-d",
                "setpoint=21.5&mode=heat&password=" + m.password, url + "/config", "--next", "-sS", "--max-time", "120",
                "--tlsv1.2", "--cacert", m.ca.toString(), "--resolve", resolve, "-w", "\ngot %{http_code} %{num_connects}\n",
                url + "/status.json"))) {
            assertEquals(0, p.waitFor(150), "curl: " + p.output());
            String out = p.output();
            assertTrue(out.contains("posted 303 1\n"), "the setpoint POSTed with the password: " + out);
            assertTrue(out.contains("got 200 0\n"), "the status read on the same connection: " + out);
            assertTrue(out.contains("\"setpoint_c\": 21.5, \"mode\": \"heat\""), "the setpoint read back: " + out);
        }
    }

    /** The shared port's plain HTTP answer: the device list. */
    private static String deviceList(int port) throws IOException {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
            s.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String exchange(TlsConnection c, String request) throws IOException {
        c.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        c.getOutputStream().flush();
        return Http.readAnyResponse(c.getInputStream());
    }
}
