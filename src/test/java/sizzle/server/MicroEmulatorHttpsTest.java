package sizzle.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.microedition.io.HttpsConnection;
import ksecurity.cert.KeyStore;
import ksecurity.security.RandomData;
import kssl.HttpsClientConnection;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import sizzle.desktop.DesktopServer;
import sizzle.desktop.MicroEmulatorHttps;
import sizzle.desktop.ServerIdentities;

/**
 * A MIDlet's view: javax.microedition.io.Connector.open("https://...") in MicroEmulator,
 * routed to KSSL, over the emulator's own socket://, against the desktop Sizzle server.
 */
@Timeout(60)
class MicroEmulatorHttpsTest {
    @TempDir
    Path dir;

    @Test
    void connectorOpenHttpsIsKsslOverTheEmulatorsSockets() throws Exception {
        ServerIdentities.Loaded ids = ServerIdentities.generate(Profile.MODERN, dir);
        List<String> log = new CopyOnWriteArrayList<>();
        DesktopServer server = new DesktopServer(Profile.MODERN, ids.identities(), "hunter2", false, log::add);
        int port = server.start(0);
        try {
            KeyStore trust = new KeyStore();
            trust.loadCertificates(Files.readAllBytes(dir.resolve("ca.pem")));
            MicroEmulatorHttps.install(TlsConfig.client(Profile.MODERN,
                    RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)).setTrustStore(trust));
            HttpsConnection c = (HttpsConnection) javax.microedition.io.Connector.open(
                    "https://localhost:" + port + "/status.json");
            assertTrue(c instanceof HttpsClientConnection, c.getClass().getName());
            assertEquals(200, c.getResponseCode());
            assertEquals("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", c.getSecurityInfo().getCipherSuite());
            try (InputStream in = c.openInputStream()) {
                assertTrue(new String(in.readAllBytes(), StandardCharsets.UTF_8).startsWith("{\"temperature_c\": 21.5"));
            }
            c.close();
            try (InputStream in = javax.microedition.io.Connector.openInputStream("https://localhost:" + port + "/")) {
                assertTrue(new String(in.readAllBytes(), StandardCharsets.UTF_8).contains("<title>Thermostat</title>"));
            }
        } finally {
            kssl.Connector.setDefaults(null, null);
            server.stop();
        }
    }
}
