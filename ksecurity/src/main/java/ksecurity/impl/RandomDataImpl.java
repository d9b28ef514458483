package ksecurity.impl;

import ksecurity.prim.Bytes;
import ksecurity.prim.Entropy;
import ksecurity.prim.EntropySource;
import ksecurity.prim.HmacDrbg;
import ksecurity.prim.RandomStrength;
import ksecurity.security.CryptoException;
import ksecurity.security.RandomData;

/**
 * Every RandomData algorithm is HMAC_DRBG with SHA-256 (SP 800-90A), instantiated on first use
 * from the platform entropy source ({@link Entropy}): 32 bytes of entropy input and a 16-byte
 * nonce, personalised with the algorithm code. It reseeds itself from the source every
 * RESEED_INTERVAL requests. setSeed never replaces the platform seed: it reseeds with fresh
 * entropy and the caller's bytes as additional input, so a constant seed cannot make the
 * output predictable.
 *
 * <p>Strength ({@link RandomStrength}): a generator is strong once it has been seeded from a
 * strong source; it never becomes weak again (entropy in the DRBG's state is not lost by
 * reseeding from a weaker source). A generator seeded weak asks the platform again when its
 * strength is asked, and reseeds if the source has become strong meanwhile (a device whose
 * stored seed has just been credited).
 */
public class RandomDataImpl extends RandomData implements RandomStrength {
    /** Requests between automatic reseeds from the platform source. */
    public static final long RESEED_INTERVAL = 1L << 16;

    private static final byte[] PERSONALIZATION = {'K', 'S', 'e', 'c', ' ', 'R', 'a', 'n', 'd', 'o', 'm', 0};

    private final byte algorithm;
    private final HmacDrbg drbg = new HmacDrbg(RESEED_INTERVAL);
    private final byte[] seed = new byte[48];
    private final byte[] pers = new byte[PERSONALIZATION.length];
    private boolean strong;
    private String sourceName = "no source yet";

    public RandomDataImpl(byte algorithm) {
        if (algorithm < ALG_PSEUDO_RANDOM || algorithm > ALG_KEYGENERATION) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "random algorithm not supported");
        }
        this.algorithm = algorithm;
    }

    public void generateData(byte[] buffer, short offset, short length) {
        nextBytes(buffer, offset, length);
    }

    /** Fills length bytes at buffer[offset]; returns offset + length. */
    public short nextBytes(byte[] buffer, short offset, short length) {
        Args.range(buffer, offset, length, "output");
        synchronized (drbg) {
            ensureInstantiated();
            if (drbg.needsReseed()) {
                reseed(null, 0, 0);
            }
            drbg.generate(buffer, offset, length, null, 0, 0);
        }
        return (short) (offset + length);
    }

    /** Mixes the caller's bytes in, together with fresh platform entropy. */
    public void setSeed(byte[] buffer, short offset, short length) {
        Args.range(buffer, offset, length, "seed");
        synchronized (drbg) {
            ensureInstantiated();
            reseed(buffer, offset, length);
        }
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    /** Whether this generator has been seeded from a strong source (see the class comment). */
    public boolean isStrong() {
        synchronized (drbg) {
            ensureInstantiated();
            if (!strong && Entropy.source().isStrong()) {
                reseed(null, 0, 0);
            }
            return strong;
        }
    }

    /** "HMAC_DRBG (SHA-256) from " and the name of the source it was last seeded from. */
    public String name() {
        synchronized (drbg) {
            return "HMAC_DRBG (SHA-256) from ".concat(sourceName);
        }
    }

    private void ensureInstantiated() {
        if (drbg.isInstantiated()) {
            return;
        }
        EntropySource src = Entropy.source();
        src.getEntropy(seed, 0, 48);
        seededFrom(src);
        System.arraycopy(PERSONALIZATION, 0, pers, 0, pers.length);
        pers[pers.length - 1] = algorithm;
        drbg.instantiate(seed, 0, 32, seed, 32, 16, pers, 0, pers.length);
        Bytes.wipe(seed);
    }

    private void reseed(byte[] add, int off, int len) {
        EntropySource src = Entropy.source();
        src.getEntropy(seed, 0, 32);
        seededFrom(src);
        drbg.reseed(seed, 0, 32, add, off, len);
        Bytes.wipe(seed);
    }

    /** Asked after the source has given its bytes: a stored seed is strong once it is replaced. */
    private void seededFrom(EntropySource src) {
        if (src.isStrong() || !strong) {
            sourceName = src.name();
        }
        strong |= src.isStrong();
    }
}
