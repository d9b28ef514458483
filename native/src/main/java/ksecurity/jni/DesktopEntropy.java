package ksecurity.jni;

import java.security.SecureRandom;
import ksecurity.prim.EntropySource;

/**
 * The desktop entropy source: the JDK's SecureRandom (the OS generator, /dev/urandom or
 * getrandom on Linux). Found by ksecurity.prim.Entropy through Class.forName, so it needs a
 * public no-argument constructor.
 */
public final class DesktopEntropy implements EntropySource {
    private final SecureRandom random = new SecureRandom();

    public DesktopEntropy() {
    }

    @Override
    public void getEntropy(byte[] buf, int off, int len) {
        byte[] b = new byte[len];
        random.nextBytes(b);
        System.arraycopy(b, 0, buf, off, len);
        java.util.Arrays.fill(b, (byte) 0);
    }

    @Override
    public boolean isStrong() {
        return true;
    }

    @Override
    public String name() {
        return "SecureRandom (" + random.getAlgorithm() + ")";
    }
}
