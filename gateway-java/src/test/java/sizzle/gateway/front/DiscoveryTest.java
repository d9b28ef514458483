package sizzle.gateway.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import sizzle.desktop.ServerIdentities;
import sizzle.gateway.bridge.AnnouncedDevices;
import sizzle.gateway.bridge.JavaMoteServer;
import sizzle.gateway.bridge.RadioBridge;
import sizzle.gateway.radio.ChannelModel;
import sizzle.gateway.radio.JavaMote;
import sizzle.gateway.radio.RadioMedium;
import sizzle.gateway.radio.RealTimeRadio;
import sizzle.gateway.radio.Simulator;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;

/**
 * Devices added by their READY-SLEEP alone (AnnouncedDevices): nothing is configured by name.
 * On the simulated clock: a new device is on the list (name, kind, link state, https link)
 * within two polling periods of its first READY-SLEEP, and still after two periods of silence,
 * gone after two periods and a window; a second device announcing the same name takes nothing
 * over. In real time (a short poll period): the KSSL client fetches an announced Java mote's
 * page by its announced name through the shared port.
 */
@Timeout(60)
class DiscoveryTest {
    static final String NAME = "newcomer.sizzle.test";
    static final LinkListener NOBODY = new LinkListener() {
        public void opened(int conn) {
        }

        public void received(int conn, byte[] b, int off, int len) {
        }

        public void sent(int conn) {
        }

        public void closed(int conn, int reason) {
        }
    };

    static JavaMote mote(RadioMedium medium, int address, String name) {
        LinkConfig cfg = LinkConfig.cc2420().at(address, 0);
        cfg.name = name.getBytes(StandardCharsets.US_ASCII);
        cfg.kind = 3;
        return new JavaMote(medium, cfg, NOBODY);
    }

    @Test
    void aNewDeviceShowsWithinTwoPollsAndGoesAfterSilence() throws Exception {
        Simulator sim = new Simulator();
        RadioMedium medium = new RadioMedium(sim, ChannelModel.cc2420(), 3);
        LinkConfig gw = LinkConfig.cc2420();
        RadioBridge bridge = new RadioBridge(medium, gw, 1, sim);
        List<String> log = new ArrayList<>();
        try (GatewayFront front = GatewayFront.shared(List.of(), 0, line -> { })) {
            new AnnouncedDevices(bridge, front, AccessRule.LOOPBACK, 1, "sizzle.test", log::add);
            sim.runUntil(5_000_000); // the gateway is up and the air quiet for 5 s: nobody on the list
            assertFalse(front.deviceListHtml().contains("<td>radio"), front.deviceListHtml());

            JavaMote m = mote(medium, 7, NAME);
            long first = sim.nowUs();
            m.start(sim.nowMs()); // its first READY-SLEEP goes now
            long poll = gw.pollPeriodMs * 1000L;
            assertTrue(sim.runUntil(() -> front.deviceListHtml().contains(NAME), first + 2 * poll), "not listed within two polls");
            String html = front.deviceListHtml();
            assertTrue(html.contains("<tr><td>" + NAME + "</td><td>radio device, kind 3 (announced, radio address 7)</td><td>radio 7: "), html);
            assertTrue(html.contains("<a href=\"https://" + NAME + ":" + front.port() + "/\">"), html);
            assertEquals(List.of("discovered " + NAME + " at radio address 7"), log);

            // a neighbour announcing the same name takes nothing over
            JavaMote copycat = mote(medium, 8, NAME);
            copycat.start(sim.nowMs());
            sim.runUntil(sim.nowUs() + 100_000);
            assertEquals("radio address 8 announced " + NAME + ", a name already served: not added", log.get(1));
            assertTrue(front.deviceListHtml().contains("<td>radio 7: "));
            copycat.vanish();

            // silence: listed through two poll periods and a window after its last READY-SLEEP, then gone
            sim.runUntil(sim.nowUs() + 3 * poll);
            m.vanish();
            long heard = bridge.heardMs(7);
            sim.runUntil((heard + 2 * gw.pollPeriodMs + gw.listenMs) * 1000);
            assertTrue(front.deviceListHtml().contains(NAME), "gone too early");
            sim.runUntil((heard + 2 * gw.pollPeriodMs + gw.listenMs + 1) * 1000);
            assertFalse(front.deviceListHtml().contains(NAME), "still listed after silence");
        }
    }

    /**
     * A Mica2's 29-byte frames hold 10 bytes of name beside its capabilities: it announces its
     * first label, and the gateway lists it under that label and its domain, the name its
     * certificate carries; a name that is no DNS name is listed by the radio address.
     */
    @Test
    void aMica2sFirstLabelIsCompletedWithTheGatewaysDomain() throws Exception {
        Simulator sim = new Simulator();
        RadioMedium medium = new RadioMedium(sim, ChannelModel.cc1000(), 3);
        RadioBridge bridge = new RadioBridge(medium, LinkConfig.cc1000(), 1, sim);
        List<String> log = new ArrayList<>();
        try (GatewayFront front = GatewayFront.shared(List.of(), 0, line -> { })) {
            new AnnouncedDevices(bridge, front, AccessRule.LOOPBACK, 1, "sizzle.test", log::add);
            LinkConfig cfg = LinkConfig.cc1000().at(9, 0);
            cfg.name = "mica2.sizzle.test".getBytes(StandardCharsets.US_ASCII);
            cfg.capabilities = new byte[] {2, 1, 2, 3, 4};
            new JavaMote(medium, cfg, NOBODY).start(sim.nowMs());
            LinkConfig odd = LinkConfig.cc1000().at(10, 0);
            odd.name = "no_dns".getBytes(StandardCharsets.US_ASCII);
            new JavaMote(medium, odd, NOBODY).start(sim.nowMs());
            assertTrue(sim.runUntil(() -> log.size() == 2, 2_000_000), log.toString());
            assertEquals("mica2", bridge.announcedName(9));
            assertTrue(log.contains("discovered mica2.sizzle.test at radio address 9"), log.toString());
            assertTrue(log.contains("discovered radio-10.sizzle.test at radio address 10"), log.toString());
            String html = front.deviceListHtml();
            assertTrue(html.contains("<a href=\"https://mica2.sizzle.test:" + front.port() + "/\">"), html);
        }
    }

    @Test
    void anAnnouncedJavaMoteIsReachedByItsName(@TempDir Path dir) throws Exception {
        ServerIdentities.Loaded ids = ServerIdentities.generate(Profile.MODERN, dir, NAME);
        Simulator sim = new Simulator();
        RadioMedium medium = new RadioMedium(sim, ChannelModel.cc2420(), 5);
        LinkConfig m = LinkConfig.cc2420().at(4, 0);
        m.name = NAME.getBytes(StandardCharsets.US_ASCII);
        m.pollPeriodMs = 200;
        try (RealTimeRadio radio = new RealTimeRadio(sim, line -> { });
                GatewayFront front = GatewayFront.shared(List.of(), 0, line -> { })) {
            RadioBridge bridge = new RadioBridge(medium, LinkConfig.cc2420(), 1, radio);
            new AnnouncedDevices(bridge, front, AccessRule.LOOPBACK, 1, "sizzle.test", line -> { });
            try (JavaMoteServer mote = new JavaMoteServer(medium, m, radio, Profile.MODERN, ids.identities(), "pw", line -> { }, 0)) {
                radio.start();
                for (int i = 0; i < 100 && !front.deviceListHtml().contains(NAME); i++) Thread.sleep(20);
                KeyStore trust = new KeyStore();
                trust.loadCertificates(Files.readAllBytes(dir.resolve("ca.pem")));
                TlsConfig config = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)).setTrustStore(trust);
                HttpsClientConnection c = Connector.openHttps("https://" + NAME + ":" + front.port() + "/", config,
                        new DesktopSockets(30_000, Map.of(NAME, "127.0.0.1")));
                try {
                    assertEquals(200, c.getResponseCode());
                    assertTrue(new String(c.openInputStream().readAllBytes(), StandardCharsets.UTF_8).contains(JavaMoteServer.DEVICE));
                } finally {
                    c.close();
                }
            }
        }
    }
}
