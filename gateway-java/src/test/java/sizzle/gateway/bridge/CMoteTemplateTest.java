package sizzle.gateway.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import ksecurity.cert.KeyStore;
import ksecurity.security.RandomData;
import kssl.Connector;
import kssl.HttpsClientConnection;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import sizzle.desktop.DesktopSockets;
import sizzle.desktop.LocalGateway;
import sizzle.gateway.front.AccessRule;
import sizzle.link.GatewayPeer;

/**
 * A compressed message the C firmware cannot recreate (LINK.md §9.4, §9.7) ends that connection
 * alone: the host build of the legacy-ecc firmware over the link (the same port and codec as the
 * ATmega128's image), sent one bad DATA-TEMPLATE message by the gateway as a client's first,
 * logs why, closes the link connection (the client's socket reaches its end), and serves the
 * next client, whose handshake goes compressed. Ops (TemplateCodec): a SEEK to template 31,
 * none; a 5-byte LITERAL with 2 bytes; a COPY before any SEEK; a POINT, which edition 2 carries
 * neither way.
 */
@Timeout(120)
class CMoteTemplateTest {
    /** Each bad message (hex) and the reason the firmware logs for it. */
    private static final String[][] BAD = {{"bf43", "unknown template"}, {"04aabb", "truncated compressed message"},
        {"43", "inconsistent compressed message"}, {"f0aabbccddeeff00112233445566778899aabbccdd", "reserved template op"}};

    @Test
    void aBadCompressedMessageEndsThatConnectionOnly(@TempDir Path dir) throws Exception {
        List<String> firmware = new CopyOnWriteArrayList<>();
        overLink(dir, true, firmware::add, (g, m, bridge) -> {
            int device = 1; // its radio address: the first device on the gateway
            for (String[] bad : BAD) {
                String said = "link: the gateway's compressed message: " + bad[1];
                assertTrue(await(bridge, device, p -> !p.isOpen()), "the last client's link connection has closed");
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), m.devicePort)) {
                    s.setSoTimeout(30_000);
                    byte[] b = HexFormat.of().parseHex(bad[0]);
                    assertTrue(sendWhenGranted(bridge, device, b), "the gateway sent " + bad[0]);
                    assertEquals(-1, s.getInputStream().read(), bad[0] + ": the client's connection ends");
                }
                for (int i = 0; i < 50 && firmware.stream().noneMatch(l -> l.contains(said)); i++) Thread.sleep(100);
                assertTrue(firmware.stream().anyMatch(l -> l.contains(said)), bad[0] + ": " + firmware);

                int before = bridge.compressedMessages(true);
                String page = get(m, g.sharedPort());
                assertTrue(page.contains("<title>Thermostat</title>"), page);
                assertTrue(bridge.compressedMessages(true) > before, "the next client's handshake went compressed from the mote");
            }
        });
    }

    /**
     * LINK.md §9.1: a device sends DATA-TEMPLATE only on a connection where the gateway sent one
     * first. The same template image behind a gateway whose compression is switched off is
     * served plain both ways: a compressed message from the mote would reach a connection with no
     * templates agreed and reset it, and the page would not come.
     */
    @Test
    void aTemplateImageBehindAGatewayThatDoesNotCompressIsServedPlain(@TempDir Path dir) throws Exception {
        overLink(dir, false, line -> { }, (g, m, bridge) -> {
            String page = get(m, g.sharedPort());
            assertTrue(page.contains("<title>Thermostat</title>"), page);
            assertTrue(await(bridge, 1, p -> p.capabilities.length == 5), "the mote announced its templates (edition, certificate ID)");
            assertEquals(0, bridge.compressedMessages(false), "the gateway sent no compressed message");
            assertEquals(0, bridge.compressedMessages(true), "the mote sent no compressed message");
        });
    }

    /**
     * The host image's own certificate chain is not the transcripts' (the templates' record
     * lengths differ from its flight's): a full handshake's three messages from the mote (the
     * flight, ChangeCipherSpec, Finished) all go compressed, the flight found by its likeness to
     * the server's template (sz_template.c): 317 B to 50, then 6 to 1 and 41 to 38. Before, only
     * the flight went, 318 B to 79, and left the cursor in the client's template: one compressed
     * message a handshake.
     */
    @Test
    void aFullHandshakesMessagesFromTheMoteGoCompressed(@TempDir Path dir) throws Exception {
        overLink(dir, true, line -> { }, (g, m, bridge) -> {
            for (int i = 0; i < 2; i++) {
                int before = bridge.compressedMessages(true);
                String page = get(m, g.sharedPort());
                assertTrue(page.contains("<title>Thermostat</title>"), page);
                assertEquals(before + 3, bridge.compressedMessages(true), "the flight, ChangeCipherSpec and Finished compressed");
            }
        });
    }

    /** A test's body: the gateway, the host mote on it (radio address 1) and the CC2420's bridge. */
    interface OverLink {
        void run(LocalGateway g, LocalGateway.Member m, RadioBridge bridge) throws Exception;
    }

    /**
     * Runs {@code body} with the host build of the legacy-ecc firmware over the link behind a
     * gateway compressing or not, its log lines to {@code log}.
     */
    static void overLink(Path dir, boolean compression, java.util.function.Consumer<String> log, OverLink body) throws Exception {
        try (LocalGateway g = new LocalGateway(dir, 0, AccessRule.allow("127.0.0.0/8"), line -> { })) {
            g.compression(compression);
            LocalGateway.Member m = g.addMote("host", "legacy-ecc", false, true, log);
            body.run(g, m, g.bridge("CC2420"));
        }
    }

    /** Sends b as DATA-TEMPLATE to the device once its link connection is open and granted (radio thread). */
    private static boolean sendWhenGranted(RadioBridge bridge, int device, byte[] b) throws Exception {
        return await(bridge, device, p -> {
            boolean ok = p.isOpen() && p.canSend() && p.sendTemplate(b, 0, b.length, bridge.nowMs());
            if (ok) bridge.poke(device);
            return ok;
        });
    }

    /** Polls (on the radio thread) until {@code test} holds for the device's peer; false after 10 s. */
    static boolean await(RadioBridge bridge, int device, java.util.function.Predicate<GatewayPeer> test) throws Exception {
        for (int i = 0; i < 500; i++) {
            CompletableFuture<Boolean> held = new CompletableFuture<>();
            bridge.radio().execute(() -> {
                GatewayPeer p = bridge.peer(device);
                held.complete(p != null && test.test(p));
            });
            if (held.get(5, TimeUnit.SECONDS)) return true;
            Thread.sleep(20);
        }
        return false;
    }

    /** GET / by name through the shared port with the KSSL client (the device's legacy profile). */
    static String get(LocalGateway.Member m, int shared) throws Exception {
        KeyStore trust = new KeyStore();
        trust.loadCertificates(Files.readAllBytes(m.ca));
        TlsConfig client = TlsConfig.client(Profile.LEGACY, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .setTrustStore(trust);
        HttpsClientConnection c = Connector.openHttps("https://" + m.name + ":" + shared + "/", client,
                new DesktopSockets(30_000, Map.of(m.name, "127.0.0.1")));
        try {
            assertEquals(200, c.getResponseCode());
            try (InputStream body = c.openInputStream()) {
                return new String(body.readAllBytes(), StandardCharsets.UTF_8);
            }
        } finally {
            c.close();
        }
    }
}
