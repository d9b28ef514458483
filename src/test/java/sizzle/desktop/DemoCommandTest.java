package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code ./sizzle demo}: the Java server and each simulated mote start, and every page comes
 * back, each server's second one resumed.
 */
class DemoCommandTest {
    @Test
    void fetchesEveryPageFullThenResumed() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int rc = DemoCommand.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, out);
        assertTrue(out.contains("<title>Thermostat</title>"), out);
        assertTrue(out.contains("\"mode\": \"off\""), out);
        assertTrue(out.contains("full handshake;"), out);
        assertTrue(out.contains("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 resumed;"), out);
        for (String[] mote : DemoCommand.MOTES) {
            String on = "Sizzle (C firmware, " + mote[1] + ") on a simulated " + SimulatedMote.describe(mote[0]);
            assertTrue(out.contains(on), on + "\n" + out);
            String part = out.substring(out.indexOf(on));
            String suite = mote[1].equals("modern") ? "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256" : "TLS_ECDH_ECDSA_WITH_RC4_128_SHA";
            assertTrue(part.contains("TLSv1" + (mote[1].equals("modern") ? ".2 " : " ") + suite + " full handshake;"), part);
            assertTrue(part.contains(suite + " resumed;"), part);
            assertTrue(part.contains("<title>Thermostat</title>"), part);
        }
        assertTrue(out.contains("demo: every page fetched over TLS from every server"), out);
    }
}
