package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import ksecurity.cert.KeyStore;
import ksecurity.security.RandomData;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import sizzle.gateway.front.AccessRule;

/**
 * LocalGateway's Java mote on the simulated radio: named javamote.sizzle.test, listed with its
 * link state, its pages fetched by the KSSL client by name on the shared port (full handshake,
 * then resumed) and on its own port.
 */
@Timeout(60)
class LocalGatewayJavaMoteTest {
    @Test
    void aJavaMoteOnTheRadioIsReachedByNameAndOnItsOwnPort(@TempDir Path dir) throws Exception {
        try (LocalGateway g = new LocalGateway(dir, 0, AccessRule.allow("127.0.0.0/8"), line -> { })) {
            LocalGateway.Member m = g.addJavaMote(Profile.MODERN, line -> { });
            assertEquals("javamote" + LocalGateway.DOMAIN, m.name);
            assertTrue(m.kind.startsWith("a Java mote on the simulated radio (CC2420"), m.kind);
            String list = DemoCommand.deviceList(g.sharedPort());
            assertTrue(list.contains(m.name + " | " + m.kind + " | radio 1: "), list);

            KeyStore trust = new KeyStore();
            trust.loadCertificates(Files.readAllBytes(m.ca));
            TlsConfig client = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)).setTrustStore(trust);
            DesktopSockets sockets = new DesktopSockets(30_000, Map.of(m.name, "127.0.0.1"));
            String first = get(client, "https://" + m.name + ":" + g.sharedPort() + "/", sockets);
            assertTrue(first.contains(" full handshake;") && first.contains("<title>Thermostat</title>"), first);
            String second = get(client, "https://" + m.name + ":" + g.sharedPort() + "/status.json", sockets);
            assertTrue(second.contains(" resumed;") && second.contains("\"setpoint_c\""), second);
            String own = get(client, "https://" + m.name + ":" + m.devicePort + "/status.json", sockets);
            assertTrue(own.contains("\"setpoint_c\""), own);
        }
    }

    private static String get(TlsConfig client, String url, DesktopSockets sockets) {
        ByteArrayOutputStream body = new ByteArrayOutputStream(), facts = new ByteArrayOutputStream();
        int rc = GetCommand.get(url, client, List.of(), body, new PrintStream(facts, true, StandardCharsets.UTF_8), sockets);
        String all = facts.toString(StandardCharsets.UTF_8) + body.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, all);
        return all;
    }
}
