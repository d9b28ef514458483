package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Field;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The cache keeps its own copy of each session and wipes the master secret of every session it
 * forgets; what it handed out stays intact (a connection may still be resuming with it).
 */
class SessionCacheTest {
    private static Session session(int id) {
        byte[] master = new byte[48];
        Arrays.fill(master, (byte) (0x40 + id));
        return new Session(new byte[] {0, 0, 0, (byte) id}, ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
                master, true, System.currentTimeMillis(), null);
    }

    private static Session slot(SessionCache c, int i) throws ReflectiveOperationException {
        Field f = SessionCache.class.getDeclaredField("slots");
        f.setAccessible(true);
        return ((Session[]) f.get(c))[i];
    }

    @Test
    void handsOutCopiesAndWipesWhatItEvicts() throws Exception {
        SessionCache c = new SessionCache(1);
        Session mine = session(1);
        c.put(mine);
        Session kept = slot(c, 0);
        assertNotSame(mine.master, kept.master, "the cache keeps its own copy");
        Session found = c.find(mine.id, 0, 4);
        assertNotNull(found);
        assertNotSame(kept.master, found.master, "and hands out another");
        c.put(session(2)); // evicts session 1
        assertArrayEquals(new byte[48], kept.master, "the evicted session's master secret is wiped");
        assertArrayEquals(mine.master, found.master, "what was handed out is untouched");
        assertNull(c.find(mine.id, 0, 4));
    }

    @Test
    void wipesWhatIsRemovedOrExpired() throws Exception {
        SessionCache c = new SessionCache(2);
        c.put(session(1));
        Session kept = slot(c, 0);
        c.remove(new byte[] {0, 0, 0, 1}, 0, 4);
        assertArrayEquals(new byte[48], kept.master, "removed");
        c.setLifetime(0);
        c.put(session(2));
        Session expiring = slot(c, 0);
        assertNull(c.find(new byte[] {0, 0, 0, 2}, 0, 4));
        assertArrayEquals(new byte[48], expiring.master, "expired");
    }
}
