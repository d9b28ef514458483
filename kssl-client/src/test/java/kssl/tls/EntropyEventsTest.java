package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import ksecurity.prim.Entropy;
import ksecurity.prim.EntropySource;
import ksecurity.prim.SeedStore;
import ksecurity.prim.StoredSeedEntropy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * On a phone or a SPOT the entropy source is a stored seed stirred with event timings: every
 * connection and every finished handshake stirs it (found by review: nothing did).
 */
class EntropyEventsTest {
    @AfterEach
    void restore() {
        Entropy.setSource(null);
    }

    @Test
    void connectionsAndHandshakesStirTheStoredSeed() throws Exception {
        byte[][] record = new byte[1][];
        SeedStore memory = new SeedStore() {
            public int read(byte[] buf) {
                if (record[0] == null) {
                    return -1;
                }
                System.arraycopy(record[0], 0, buf, 0, record[0].length);
                return record[0].length;
            }

            public void write(byte[] buf, int off, int len) throws IOException {
                record[0] = java.util.Arrays.copyOfRange(buf, off, off + len);
            }

            public String name() {
                return "memory";
            }
        };
        EntropySource timings = new EntropySource() {
            public void getEntropy(byte[] buf, int off, int len) {
                java.util.Arrays.fill(buf, off, off + len, (byte) 7);
            }

            public boolean isStrong() {
                return false;
            }

            public String name() {
                return "fixed";
            }
        };
        StoredSeedEntropy device = new StoredSeedEntropy(memory, timings);
        Entropy.setSource(device);
        long before = device.eventsStirred();
        new Exchange().run(HandshakeTest.client(Profile.MODERN, ProtocolVersion.TLS12, "stir"),
                HandshakeTest.server(Profile.MODERN, ProtocolVersion.TLS12,
                        CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, "stir"), 1, 10).assertOk();
        assertEquals(4, device.eventsStirred() - before, "two connections made, two handshakes done");
    }
}
