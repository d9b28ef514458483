package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ksecurity.prim.Entropy;
import org.junit.jupiter.api.Test;

/**
 * The desktop runtime on its own module's classpath (not src/test's, which has everything):
 * the launchers find the desktop's strong entropy source, not MicroEmulator's record store
 * (which fails outside a running MIDlet) or the timing fallback (found by review: the server
 * died with a NullPointerException when started from gateway-java alone).
 */
class DesktopClasspathTest {
    @Test
    void theDesktopEntropySourceIsFound() {
        Entropy.setSource(null);
        assertEquals("ksecurity.jni.DesktopEntropy", Entropy.source().getClass().getName());
        assertTrue(Entropy.source().isStrong());
    }
}
