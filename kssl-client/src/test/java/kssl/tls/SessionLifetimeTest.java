package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Sessions expire on both sides (issue 7): never resumed after the cache's lifetime, 24 hours at most. */
class SessionLifetimeTest {
    @Test
    void lifetimeIsAtMostADay() {
        SessionCache c = new SessionCache(4);
        assertEquals(24L * 3600 * 1000, c.getLifetime(), "the default");
        assertThrows(IllegalArgumentException.class, () -> c.setLifetime(24L * 3600 * 1000 + 1));
        assertThrows(IllegalArgumentException.class, () -> c.setLifetime(-1));
    }

    @Test
    void anExpiredSessionIsNotResumedByEitherSide() throws Exception {
        TlsConfig s = BadInputTest.modernServer();
        s.getSessionCache().setLifetime(200);
        TlsConfig c = TlsConfig.client(Profile.MODERN, new SeededRandom("lifetime")).allowWeakRandom(SeededRandom.WHY).setTrustStore(TestPki.trustStore());
        c.getSessionCache().setLifetime(200);
        new Exchange().run(c, s, 1, 10).assertOk();
        Exchange fresh = new Exchange().run(c, s, 1, 10);
        fresh.assertOk();
        assertTrue(fresh.client.isResumed(), "within its lifetime the session resumes");
        Thread.sleep(300);
        assertNull(c.getSessionCache().get(TestPki.HOST + ":443"), "the client no longer offers it");
        assertEquals(0, countLive(s.getSessionCache(), fresh.server.getSession().getId()));
        Exchange late = new Exchange().run(c, s, 1, 10);
        late.assertOk();
        assertFalse(late.client.isResumed(), "a full handshake after the lifetime");
    }

    @Test
    void theServerRefusesAnExpiredSessionEvenIfTheClientStillOffersIt() throws Exception {
        TlsConfig s = BadInputTest.modernServer();
        s.getSessionCache().setLifetime(200);
        ServerConformanceTest.Resumable r = new ServerConformanceTest.Resumable(TestPki.HOST, s);
        assertTrue(new ServerWire(BadInputTest.serve(s, r.hello().serverName(TestPki.HOST).record()).wire).resumed());
        Thread.sleep(300);
        assertFalse(new ServerWire(BadInputTest.serve(s, r.hello().serverName(TestPki.HOST).record()).wire).resumed());
    }

    @Test
    void aFullCacheDropsItsOldestSession() {
        SessionCache c = new SessionCache(2);
        byte[] m = new byte[48];
        for (int i = 1; i <= 3; i++) {
            c.put(new Session(new byte[] {0, 0, 0, (byte) i}, ProtocolVersion.TLS12, 0xC02B, m, true,
                    System.currentTimeMillis(), null));
        }
        assertNull(c.find(new byte[] {0, 0, 0, 1}, 0, 4), "the oldest went");
        assertEquals(2, c.size());
        c.remove(new byte[] {0, 0, 0, 2}, 0, 4);
        c.put(new Session(new byte[] {0, 0, 0, 4}, ProtocolVersion.TLS12, 0xC02B, m, true,
                System.currentTimeMillis(), null));
        assertEquals(2, c.size(), "a freed slot is used first");
        assertEquals(1, countLive(c, new byte[] {0, 0, 0, 3}));
    }

    static int countLive(SessionCache c, byte[] id) {
        return c.find(id, 0, id.length) == null ? 0 : 1;
    }
}
