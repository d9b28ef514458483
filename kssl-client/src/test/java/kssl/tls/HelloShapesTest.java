package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The hello-shapes corpus (HelloShapes) is what the Java engine makes of its inputs today: the
 * stored file must equal a fresh run, so it cannot drift from the engine the C code is held to.
 * Run with -Dkssl.helloshapes.write=true to write it again (after a deliberate change).
 */
class HelloShapesTest {
    @Test
    void storedCorpusMatchesTheEngine() throws Exception {
        String text = HelloShapes.format();
        if (Boolean.getBoolean("kssl.helloshapes.write")) {
            Files.createDirectories(HelloShapes.FILE.getParent());
            Files.writeString(HelloShapes.FILE, text, StandardCharsets.US_ASCII);
        }
        assertEquals(Files.readString(HelloShapes.FILE, StandardCharsets.US_ASCII), text, "matches " + HelloShapes.FILE);
    }

    /**
     * The corpus covers what it says: every transcript's hellos, the browser's, each kind of
     * outcome, SSLv2 (read from the stored file, which the test above holds to the engine).
     */
    @Test
    void corpusCoversTheKindsOfInput() throws Exception {
        String text = Files.readString(HelloShapes.FILE, StandardCharsets.US_ASCII);
        assertTrue(text.contains("case modern transcript-modern-browser-hello-ecdhe-ecdsa-aes128-gcm-1\n"));
        assertTrue(text.contains("case legacy-rsa transcript-legacy-sslv2-hello-rsa-rc4-sha-tls10-1\n"));
        for (String outcome : new String[] {"=> server_hello v=0303", "=> server_hello v=0300", "=> server_hello v=0301",
            "=> alert handshake_failure", "=> alert illegal_parameter", "=> alert protocol_version",
            "=> alert inappropriate_fallback", "\nout alert decode_error", "\nout alert unexpected_message",
            "\nout alert record_overflow", "\nout alert protocol_version", "\nout received bad_certificate",
            "\nout alert handshake_failure", " ssl2=1 ", "\nout alert illegal_parameter"}) {
            assertTrue(text.contains(outcome), outcome);
        }
    }
}
