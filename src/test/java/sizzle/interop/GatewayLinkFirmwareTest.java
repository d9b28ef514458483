package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import kssl.tls.TlsConnection;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
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
 * the POST and the GET on one kept-alive connection, then a GET of about 1,000 bytes (longer than
 * the ATmega128's records over the link: sent in pieces); on legacy-ecc nassl's OpenSSL 1.0.2 (SSL 3.0)
 * through the device's port too, full then resumed. On a mote (avr: the CC1000's model; msp430:
 * the CC2420's, through mspdebug's mailbox bridge paced to the wall clock) its RAM measure after
 * its connections is printed and must be within the chip, and the motes' images within their
 * budgets (the link shares the record buffer): the ATmega128's legacy-ecc 3,072 B, modern 3,840 B
 * (its 640-byte records; longer ones, as curl's and Chromium's requests may be, opened as they
 * come, their pieces landing behind the record's start: sz_tls_receive_at), the MSP430F1611's
 * modern 6,144 B. Cases: -Dsizzle.link.firmware (default "host modern,host legacy-ecc,avr
 * legacy-ecc,avr modern,msp430 legacy-ecc,msp430 modern": the last two the demo's motes).
 */
@Timeout(600)
class GatewayLinkFirmwareTest {
    @TempDir
    Path state;

    static Stream<Object[]> cases() {
        return Stream.of(System.getProperty("sizzle.link.firmware",
                "host modern,host legacy-ecc,avr legacy-ecc,avr modern,msp430 legacy-ecc,msp430 modern").split(","))
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
            assertTrue(list.contains("<p>1 device;"), "listed once (its announcement adds no second entry): " + list);

            // the whole name where the frame holds it; a Mica2's 29-byte frames hold 10 bytes of
            // name beside its capabilities: its first label, which a gateway completes with its domain
            String announced = platform.equals("avr") ? m.name.substring(0, m.name.indexOf('.')) : m.name;
            assertEquals(announced, gateway.bridge(radio).announcedName(1), "READY-SLEEP's name");

            boolean modern = build.equals("modern");
            if (!platform.equals("host")) { // the benchmark models the image's link by what it announces
                String model = (platform.equals("avr") ? "mica2." : "telosb.") + (modern ? "modern" : "legacy");
                assertEquals(sizzle.bench.GatewayBench.FIRMWARE_CAPACITY.get(model), gateway.bridge(radio).announcedCapacity(1),
                        "GatewayBench.FIRMWARE_CAPACITY's " + model + ": the capacity the image announces");
            }
            sizzle.gateway.radio.RadioMedium medium = gateway.medium(radio);
            long frames = medium.frames, bytes = medium.bytes;
            TlsConnection c;
            try {
                c = GatewayThermostatClients.ksslSetThenReadResumed(m, gateway.sharedPort(), modern, "23.5");
            } catch (Exception e) {
                throw new AssertionError(e + "\nfirmware and relay: " + log.lines() + "\naccess log: " + accessLog, e);
            }
            // the link's cost of the two connections (a full handshake and the POST, a resumed one
            // and the GET), polls between them included: printed for LINK.md §13
            System.out.printf("%s %s over the link: KSSL full + resumed, %d frames, %d bytes on the %s%n", platform, build,
                    medium.frames - frames, medium.bytes - bytes, radio);
            List<ServerLog.Handshake> hs = log.fullThenResumed(0);
            assertEquals(c.getCipherSuite(), hs.get(0).suite, hs.toString());
            assertTrue(hs.get(1).resumed, hs.toString());
            if (!platform.equals("msp430")) {
                // the images carry templates (LINK.md §9.7; the MSP430F1611's have no flash for
                // them): the handshakes went compressed both ways, and every Finished check passed
                // over the recreated bytes
                sizzle.gateway.bridge.RadioBridge bridge = gateway.bridge(radio);
                int toMote = bridge.compressedMessages(false), fromMote = bridge.compressedMessages(true);
                System.out.printf("%s %s over the link: %d compressed messages to the mote, %d from it%n", platform, build,
                        toMote, fromMote);
                // (from the mote: its flights' first writes at least, the full's and the resumed's
                // ServerHello, and its ChangeCipherSpec with the Finished)
                assertTrue(toMote >= 4 && fromMote >= 3, toMote + " compressed messages to the mote, " + fromMote + " from it");
            }
            int connections = 2;
            if (build.equals("legacy-ecc")) {
                nasslSetsThenResumes(m, log);
                connections += 2;
                if (platform.equals("avr")) {
                    recordLimitOverTheLink(m, log);
                    connections += 2;
                }
            }
            if (!platform.equals("host")) {
                int[] ram = log.awaitRam(connections);
                int chip = platform.equals("avr") ? 4096 : 10240;
                System.out.printf("%s %s over the link: RAM static %d B + stack %d B = %d B of the chip's %d B%n", platform, build,
                        ram[0], ram[1], ram[2], chip);
                assertEquals(ram[0] + ram[1], ram[2]);
                assertTrue(ram[2] <= chip, "RAM " + ram[2] + " B");
                // issue 8's budget for the image, the link inside it (LINK.md §6.1: the link
                // shares the record buffer; FirmwareClientsTest.ramWithinBudget without the link)
                Integer budget = java.util.Map.of("avr legacy-ecc", 3072, "avr modern", 4096 - 256, "msp430 modern", 6144)
                        .get(platform + " " + build);
                assertTrue(budget == null || ram[2] <= budget, platform + " " + build + " over the link: RAM " + ram[2] + " B over its budget " + budget);
            }
            if (modern) {
                int digested = gateway.hellosDigested();
                GatewayThermostatClients.curlSetThenRead(m, gateway.sharedPort(), "21.5", 120,
                        () -> "firmware: " + log.lines() + "\naccess log: " + accessLog);
                if (!platform.equals("msp430")) {
                    // curl's hello (OpenSSL 3: key_share, supported_versions…) went as HELLO_DIGEST
                    // (LINK.md §15.2): the firmware hashed its digest, parsed its projection, and
                    // the Finished checks passed
                    assertTrue(gateway.hellosDigested() > digested, "HELLO_DIGEST used for curl's hello");
                }
                curlLongRequest(m, gateway.sharedPort(), "21.5", () -> "firmware: " + log.lines() + "\naccess log: " + accessLog);
            }
        }
    }

    /**
     * nassl's OpenSSL 1.0.2 through the device's port in SSL 3.0 (ECDH-ECDSA-RC4-SHA), the POST on
     * a full handshake, the GET on a resumed one: its request comes with its Finished (the case a
     * 256-byte record limit once failed on the raw stream; over the link the request is granted
     * only after the Finished is answered, LINK.md §6.1).
     */
    private static void nasslSetsThenResumes(LocalGateway.Member m, ServerLog log) throws Exception {
        int before = log.handshakes().size();
        List<String> output = new java.util.ArrayList<>();
        List<com.google.gson.JsonObject> results = NasslLegacyClient.run(m.devicePort, () -> log.lines().toString(), output, "--ca",
                m.ca.toString(), "--version", "SSLV3", "--cipher", "ECDH-ECDSA-RC4-SHA", "--post",
                GatewayThermostatClients.form("25.5", m), "--path", "/status.json", "--resume");
        String out = output.get(0);
        assertEquals(2, results.size(), out);
        assertTrue(results.get(0).get("status").getAsString().startsWith("HTTP/1.1 303 "), out);
        assertEquals("HTTP/1.1 200 OK", results.get(1).get("status").getAsString(), out);
        GatewayThermostatClients.assertSetpoint("25.5", results.get(1).get("body").getAsString());
        List<ServerLog.Handshake> hs = log.fullThenResumed(before);
        assertTrue(hs.get(1).resumed, hs.toString());
    }

    /**
     * curl's GET of /status.json with 12 headers of padding: a request record of about 1,000
     * bytes, longer than the ATmega128's 640-byte records over the link (and than the 640-byte
     * messages it announces), so the gateway sends it in pieces and the engine opens it as it
     * comes, each piece landing behind the record's start (LINK.md §6.1). Answered 200 with the
     * setpoint set before.
     */
    private static void curlLongRequest(LocalGateway.Member m, int sharedPort, String setpoint,
            java.util.function.Supplier<String> context) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("curl", "-sS", "--max-time", "120", "--tlsv1.2", "--cacert",
                m.ca.toString(), "--resolve", m.name + ":" + sharedPort + ":127.0.0.1", "-w", "\ngot %{http_code}\n"));
        for (int i = 0; i < 12; i++) { // with curl's own 3, within the server's 24 header lines
            cmd.addAll(List.of("-H", String.format("X-Padding-%02d: %s", i, "p".repeat(60))));
        }
        cmd.add("https://" + m.name + ":" + sharedPort + "/status.json");
        try (PeerProcess p = PeerProcess.start(cmd)) {
            assertEquals(0, p.waitFor(150), "curl: " + p.output() + "\n" + context.get());
            String out = p.output();
            assertTrue(out.contains("\ngot 200\n"), "the long request answered: " + out + "\n" + context.get());
            GatewayThermostatClients.assertSetpoint(setpoint, out);
        }
    }

    /**
     * The ATmega128's legacy-ecc image over the link takes records of 240 bytes of plaintext
     * (firmware.mk: its RAM budget; 320 on the byte link): nassl's OpenSSL 1.0.2 in SSL 3.0 GETs a
     * path of unknown name in one request of exactly 240 bytes, answered (404), then one of 241,
     * refused with record_overflow as SSL 3.0 has it, illegal_parameter (SSL 3.0 has no
     * record_overflow: sz_alert_for_version); the device serves on (the connections' log lines
     * are counted by the caller's RAM check).
     */
    private static void recordLimitOverTheLink(LocalGateway.Member m, ServerLog log) throws Exception {
        for (int plaintext : new int[] {240, 241}) {
            // GET PATH HTTP/1.1, Host: NAME, Connection: close, and the empty line (the client's request)
            int fixed = "GET  HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n".length() + m.name.length();
            String path = "/" + "x".repeat(plaintext - fixed - 1);
            List<String> output = new java.util.ArrayList<>();
            List<com.google.gson.JsonObject> results = NasslLegacyClient.run(m.devicePort, () -> log.lines().toString(), output,
                    false, "--ca", m.ca.toString(), "--version", "SSLV3", "--cipher", "ECDH-ECDSA-RC4-SHA", "--servername", m.name,
                    "--path", path);
            String out = output.get(0);
            assertEquals(1, results.size(), out);
            if (plaintext == 240) {
                assertEquals("HTTP/1.1 404 Not Found", String.valueOf(results.get(0).get("status")).replace("\"", ""), out);
            } else {
                assertTrue(String.valueOf(results.get(0).get("error")).contains("alert illegal parameter"), "refused: " + out);
            }
        }
    }

    /** The shared port's plain HTTP answer: the device list. */
    private static String deviceList(int port) throws IOException {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
            s.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
