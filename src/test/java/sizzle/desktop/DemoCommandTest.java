package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code ./sizzle demo --once}: the simulated motes and the Java server start behind the
 * gateway, the device list lists them (the TelosB as reached over the link protocol), and every
 * device's pages come back through the shared port by name, each device's second page resumed.
 */
class DemoCommandTest {
    @Test
    void fetchesEveryDevicesPagesThroughTheGatewayFullThenResumed() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int rc = DemoCommand.run(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, out);
        Matcher list = Pattern.compile("Gateway device list: http://localhost:(\\d+)/").matcher(out);
        assertTrue(list.find(), out);
        String port = list.group(1);
        assertTrue(out.contains("HTTP/1.1 200 OK"), out);
        List<String> devices = new ArrayList<>();
        for (String[] mote : DemoCommand.MOTES) {
            assertEquals("modern", mote[1], "the demo's motes run modern");
            devices.add(LocalGateway.nameOf(mote[0]));
            // the TelosB over the link protocol (its kind in the list says so), the Mica2 over its byte link
            String row = "    " + LocalGateway.nameOf(mote[0]) + " | ";
            String line = out.substring(out.indexOf(row), out.indexOf('\n', out.indexOf(row)));
            assertEquals(mote[2].equals("link"), line.contains(" over the link protocol (CC2420"), line);
        }
        assertEquals("link", DemoCommand.MOTES[1][2], "the demo's TelosB is reached over the link protocol");
        devices.add("java" + LocalGateway.DOMAIN);
        devices.add("javamote" + LocalGateway.DOMAIN); // over the simulated radio
        String suite = "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256";
        for (String name : devices) {
            assertTrue(out.contains("    " + name + " | "), "the device list names " + name + "\n" + out);
            String get = "KSSL client: GET https://" + name + ":" + port + "/\n";
            assertTrue(out.contains(get), get + out);
            String part = out.substring(out.indexOf(get));
            assertTrue(part.contains("TLSv1.2 " + suite + " full handshake;"), part);
            assertTrue(part.contains("<title>Thermostat</title>"), part);
            part = part.substring(part.indexOf("KSSL client: GET https://" + name + ":" + port + "/status.json"));
            assertTrue(part.contains(suite + " resumed;"), part);
            assertTrue(part.contains("\"setpoint_c\""), part);
        }
        assertTrue(out.contains("gateway: 127.0.0.1:"), "the access log: " + out);
        assertTrue(out.contains("demo: every page fetched over TLS from every device through the gateway"), out);
    }
}
