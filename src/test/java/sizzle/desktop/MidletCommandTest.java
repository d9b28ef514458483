package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import kssl.tls.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sizzle.gateway.front.AccessRule;

/**
 * The MIDlet suite (kssl-client/target/sizzle-midlet.jar, ProGuard's CLDC output) headless in
 * MicroEmulator, a JVM of its own, against devices behind the gateway: the Java server (TCP
 * behind the gateway) and a Java mote (over the simulated CC2420 radio). From the MIDlet's own
 * lines: the gateway's list named both devices, the page came over KSSL by name through the
 * shared port (a full handshake) and did not show the setpoint yet, POST /config with the
 * password answered 303, and the page fetched after it (a resumed session) shows the new one.
 */
@Timeout(300)
class MidletCommandTest {
    @TempDir
    Path dir;

    @Test
    void theMidletListsFetchesAndSetsTheThermostatThroughTheGateway() throws Exception {
        try (LocalGateway g = new LocalGateway(dir, 0, AccessRule.allow("127.0.0.0/8"), line -> { })) {
            g.addJavaServer(Profile.MODERN, line -> { });
            g.addJavaMote(Profile.MODERN, line -> { });
            checkRuns(g, "3.3 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
        }
    }

    /**
     * The same against the C firmware on a simulated mote: the Mica2 (simavr) in its legacy-ecc
     * build, the MIDlet's TLS 1.0 path, and the TelosB (mspdebug's simulator) in its modern
     * build, the demo's.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"avr, legacy-ecc, 3.1 TLS_ECDH_ECDSA_WITH_RC4_128_SHA", "msp430, modern, 3.3 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"})
    void theMidletSetsTheSimulatedMote(String platform, String build, String tls) throws Exception {
        try (LocalGateway g = new LocalGateway(dir, 0, AccessRule.allow("127.0.0.0/8"), line -> { })) {
            g.addMote(platform, build, line -> { });
            checkRuns(g, tls);
        }
    }

    /** Runs the suite headless once per device of g and checks each run's lines. */
    private static void checkRuns(LocalGateway g, String tls) throws Exception {
        String url = "http://127.0.0.1:" + g.sharedPort() + "/";
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        PrintStream both = new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int c) {
                b.write(c);
                System.out.write(c);
            }
        }, true, StandardCharsets.UTF_8);
        int rc = MidletCommand.run(both, url, MidletCommand.devices(g), true);
        String out = b.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, out);
        StringBuilder names = new StringBuilder();
        for (LocalGateway.Member m : g.members()) {
            names.append(' ').append(m.name);
        }
        for (LocalGateway.Member m : g.members()) {
            String name = m.name;
            String run = out.substring(out.indexOf("(headless): " + name));
            run = run.substring(0, run.indexOf("midlet: exit\n")); // this device's run only
            assertTrue(run.contains("midlet: devices:" + names + "\n"), run);
            String before = run.substring(0, run.indexOf("midlet: POST"));
            String after = run.substring(run.indexOf("midlet: POST"));
            assertTrue(before.contains("midlet: GET https://" + name + "/ -> 200 over " + tls + " (full handshake)\n"), run);
            assertTrue(before.contains("midlet: page: Thermostat Thermostat Temperature: 21.5 degC Setpoint: "), run);
            assertFalse(before.contains("Setpoint: " + MidletCommand.SETPOINT), run);
            assertTrue(after.startsWith("midlet: POST https://" + name + "/config setpoint=" + MidletCommand.SETPOINT
                    + " mode=" + MidletCommand.MODE + " -> 303 over " + tls + " (resumed)\n"), run);
            assertTrue(after.contains("midlet: GET https://" + name + "/ -> 200 over " + tls + " (resumed)\n"), run);
            assertTrue(after.contains("midlet: page: Thermostat Thermostat Temperature: 21.5 degC Setpoint: 23.5 degC Mode: cool Device: "), run);
            assertTrue(after.contains("midlet: setpoint now 23.5\n"), run);
        }
    }
}
