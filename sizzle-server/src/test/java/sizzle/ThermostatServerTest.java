package sizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import ksecurity.security.RandomData;
import kssl.tls.Profile;
import org.junit.jupiter.api.Test;
import sizzle.app.ThermostatServer;
import sizzle.http.Wire;

/**
 * The server's assembly: what it refuses to build. (It serves in TlsServerTest and DeadlineTest,
 * which build their servers with it.) This module's tests have no strong entropy source: the
 * DRBG is seeded from CLDC timing jitter, as on a device without a seed.
 */
class ThermostatServerTest {
    /** A source that never yields a connection: these servers are built, not run. */
    private static final ConnectionSource NONE = new ConnectionSource() {
        @Override
        public Connection accept() throws IOException {
            throw new IOException("closed");
        }

        @Override
        public void close() {
        }
    };

    private static ThermostatServer complete(List<String> log) {
        return new ThermostatServer(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .identity(TlsTestKeys.P256).password(Wire.bytes("hunter2")).device("thermostat-1", "Java", () -> 215)
                .log(log::add);
    }

    @Test
    void aWeakRandomSourceIsRefusedSayingWhy() throws Exception {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> complete(new CopyOnWriteArrayList<>()).build(NONE));
        assertTrue(e.getMessage().startsWith("weak random source (HMAC_DRBG (SHA-256) from CLDC timing jitter (weak))"),
                e.getMessage());
    }

    @Test
    void allowedExplicitlyItRunsAndSaysSo() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        SizzleServer s = complete(log).allowWeakRandom("a test").build(NONE);
        s.run(); // the source fails at once: run returns
        assertEquals(List.of("WARNING: weak random source allowed: a test"), log);
    }

    @Test
    void somethingMissingIsRefused() throws Exception {
        ThermostatServer noPassword = new ThermostatServer(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .identity(TlsTestKeys.P256).device("t", "Java", () -> 215).log(line -> { });
        assertThrows(IllegalArgumentException.class, () -> noPassword.build(NONE));
    }
}
