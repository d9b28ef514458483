package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import ksecurity.cert.KeyStore;
import ksecurity.security.RandomData;
import kssl.Connector;
import kssl.HttpsClientConnection;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sizzle.gateway.front.AccessRule;

/**
 * The one-connection mode through the gateway (Sizzle paper, feature 6; LINK.md §5): a client
 * holds its connection to a mote open and idle (persistent HTTP) while a second client asks
 * for the same device. The gateway ACKs the device's READY with PENDING, the device (an idle
 * grant is said again every poll) learns it, and its server closes the idle connection
 * gracefully, so the second client is served. Without it the second waits behind the first's
 * 15 s idle deadline and the front door gives up on it after 10 s. The C firmware's host build
 * over the link (the same link and port as the motes'), and the simulated TelosB's modern image
 * (the one with the least flash: its waiting path fits since AES's S-box went to the
 * information memory), paced at its clock on the simulated CC2420.
 */
@Timeout(120)
class OneConnectionOverLinkTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"host", "msp430"})
    void aSecondClientIsServedWhileTheFirstHoldsItsConnectionIdle(String platform, @TempDir Path dir) throws Exception {
        List<String> firmware = new CopyOnWriteArrayList<>(), access = new CopyOnWriteArrayList<>();
        try (LocalGateway g = new LocalGateway(dir, 0, AccessRule.allow("127.0.0.1/32"), access::add)) {
            LocalGateway.Member m = g.addMote(platform, "modern", false, true, firmware::add);
            KeyStore trust = new KeyStore();
            trust.loadCertificates(Files.readAllBytes(m.ca));
            DesktopSockets sockets = new DesktopSockets(30_000, Map.of(m.name, "127.0.0.1"));
            String url = "https://" + m.name + ":" + g.sharedPort() + "/status.json";

            TlsConfig first = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                    .setTrustStore(trust);
            HttpsClientConnection held = Connector.openHttps(url, first, sockets);
            held.setRequestProperty("Connection", "keep-alive"); // persistent HTTP: the connection stays after the response
            try {
                assertEquals(200, held.getResponseCode());
                try (InputStream body = held.openInputStream()) {
                    assertTrue(new String(body.readAllBytes(), StandardCharsets.UTF_8).contains("\"setpoint_c\""));
                }
                // the first connection stays open, idle; a second client asks for the device
                TlsConfig second = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                        .setTrustStore(trust);
                ByteArrayOutputStream out = new ByteArrayOutputStream(), facts = new ByteArrayOutputStream();
                int rc = GetCommand.get(url, second, List.of(), out, new PrintStream(facts, true, StandardCharsets.UTF_8), sockets);
                assertEquals(0, rc, facts + "\nfirmware: " + firmware + "\naccess log: " + access);
                assertTrue(out.toString(StandardCharsets.UTF_8).contains("\"setpoint_c\""), out.toString(StandardCharsets.UTF_8));
            } finally {
                held.close();
            }
            // the first connection ended by the server's graceful close (not its idle deadline):
            // the access log shows two forwarded connections to the device
            for (int i = 0; i < 50 && access.stream().filter(l -> l.contains(" -> " + m.name + ": forwarded")).count() < 2; i++) {
                Thread.sleep(100);
            }
            assertEquals(2, access.stream().filter(l -> l.contains(" -> " + m.name + ": forwarded")).count(), access.toString());
        }
    }
}
