package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import kssl.tls.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import sizzle.gateway.front.AccessRule;

/**
 * The MIDlet suite (kssl-client/target/sizzle-midlet.jar, ProGuard's CLDC output) headless in
 * MicroEmulator, a JVM of its own, against devices behind the gateway: the Java server (TCP
 * behind the gateway) and a Java mote (over the simulated CC2420 radio). From the MIDlet's own
 * lines: the gateway's list named both devices, the page came over KSSL by name through the
 * shared port, POST /config with the password answered 303, and the page fetched after it (a
 * resumed session) shows the new setpoint; a wrong password is refused (401) and leaves it.
 */
@Timeout(240)
class MidletCommandTest {
    @TempDir
    Path dir;

    @Test
    void theMidletListsFetchesAndSetsTheThermostatThroughTheGateway() throws Exception {
        try (LocalGateway g = new LocalGateway(dir, 0, AccessRule.allow("127.0.0.0/8"), line -> { })) {
            g.addJavaServer(Profile.MODERN, line -> { });
            g.addJavaMote(Profile.MODERN, line -> { });
            String url = "http://127.0.0.1:" + g.sharedPort() + "/";
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            int rc = MidletCommand.run(new PrintStream(b, true, StandardCharsets.UTF_8), url, MidletCommand.devices(g), true);
            String out = b.toString(StandardCharsets.UTF_8);
            System.out.println(out);
            assertEquals(0, rc, out);
            for (String name : List.of("java.sizzle.test", "javamote.sizzle.test")) {
                String run = out.substring(out.indexOf("(headless): " + name));
                assertTrue(run.contains("midlet: devices: java.sizzle.test javamote.sizzle.test\n"), run);
                assertTrue(run.contains("midlet: GET https://" + name + "/ -> 200 over TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 (full handshake)"), run);
                assertTrue(run.contains("midlet: page: Thermostat Thermostat Temperature: 21.5 deg C Setpoint: 21.0 deg C Mode: heat Device: " + name), run);
                assertTrue(run.contains("midlet: POST https://" + name + "/config setpoint=" + MidletCommand.SETPOINT + " mode=cool -> 303"), run);
                assertTrue(run.contains("(resumed)\n  midlet: page: Thermostat Thermostat Temperature: 21.5 deg C Setpoint: 23.5 deg C Mode: cool"), run);
                assertTrue(run.contains("midlet: setpoint now 23.5\n"), run);
            }
        }
    }
}
