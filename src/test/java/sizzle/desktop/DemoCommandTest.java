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
 * gateway, both motes reached over the radio link protocol, the device list lists them, and every
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
            // the list's kind says how the gateway reaches it: over the link protocol, on its radio
            String row = "    " + LocalGateway.nameOf(mote[0]) + " | ";
            String line = out.substring(out.indexOf(row), out.indexOf('\n', out.indexOf(row)));
            String radio = mote[0].equals("avr") ? "CC1000" : "CC2420";
            assertEquals(DemoCommand.overLink(mote), line.contains(" over the link protocol (" + radio), line);
        }
        // both motes over the radio link protocol (LINK.md): the Mica2 on the CC1000, the TelosB on the CC2420
        assertTrue(DemoCommand.overLink(DemoCommand.MOTES[0]) && DemoCommand.MOTES[0][0].equals("avr"), "the Mica2 over the link");
        assertTrue(DemoCommand.overLink(DemoCommand.MOTES[1]) && DemoCommand.MOTES[1][0].equals("msp430"), "the TelosB over the link");
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
