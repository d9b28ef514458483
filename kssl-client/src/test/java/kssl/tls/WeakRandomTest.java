package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import ksecurity.prim.Entropy;
import ksecurity.prim.EntropySource;
import ksecurity.prim.TimingEntropy;
import ksecurity.security.RandomData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A client or server refuses to start on a weak random source unless its caller allows it. */
class WeakRandomTest {
    @AfterEach
    void restore() {
        Entropy.setSource(null);
    }

    private static TlsConnection server(TlsConfig c) {
        return TlsConnection.server(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), c);
    }

    private static TlsConnection client(TlsConfig c) {
        return TlsConnection.client(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), c, "h", 443);
    }

    @Test
    void timingJitterIsRefusedAndTheRefusalSaysWhy() {
        Entropy.setSource(new TimingEntropy());
        TlsConfig s = TlsConfig.server(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .addIdentity(TestPki.P256);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> server(s));
        assertTrue(e.getMessage().startsWith(
                "weak random source (HMAC_DRBG (SHA-256) from CLDC timing jitter (weak)): keys and session ids"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("call TlsConfig.allowWeakRandom(why)"), e.getMessage());
        TlsConfig c = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM));
        assertThrows(IllegalStateException.class, () -> client(c));
        assertThrows(IllegalStateException.class, c::checkRandom);
    }

    @Test
    void aSourceThatDoesNotSayIsRefused() {
        TlsConfig s = TlsConfig.server(Profile.MODERN, new SeededRandom("unsaid")).addIdentity(TestPki.P256);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> server(s));
        assertTrue(e.getMessage().startsWith("weak random source (a RandomData that does not say whether it is strong)"),
                e.getMessage());
    }

    @Test
    void allowedExplicitlyItStartsAndRemembersWhy() {
        Entropy.setSource(new TimingEntropy());
        TlsConfig c = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .allowWeakRandom("a demo");
        client(c);
        assertEquals("a demo", c.getWeakRandomAllowance());
        assertThrows(IllegalArgumentException.class, () -> c.allowWeakRandom(""));
    }

    @Test
    void aStrongSourceNeedsNoPermission() {
        Entropy.setSource(new EntropySource() {
            @Override
            public void getEntropy(byte[] buf, int off, int len) {
                new java.security.SecureRandom().nextBytes(buf); // whole buffer: fine for a test
            }

            @Override
            public boolean isStrong() {
                return true;
            }

            @Override
            public String name() {
                return "SecureRandom (test)";
            }
        });
        TlsConfig s = TlsConfig.server(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .addIdentity(TestPki.P256);
        server(s);
        client(TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)));
    }
}
