package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code ./sizzle demo}: the server starts, and both pages come back, the second one resumed. */
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
    }
}
