package kssl.tls;

import java.nio.charset.StandardCharsets;
import ksecurity.prim.HmacDrbg;
import ksecurity.security.RandomData;

/**
 * A deterministic random source for test vectors: HMAC_DRBG with SHA-256 (SP 800-90A)
 * instantiated with entropy = SHA-256-sized ASCII seed padded with zeros to 32 bytes, no nonce,
 * no personalisation; each request is one generate call. Never for real keys.
 */
public final class SeededRandom extends RandomData {
    /** What a config on this source says when it allows a weak random source (TlsConfig.allowWeakRandom). */
    public static final String WHY = "deterministic test vectors (SeededRandom)";

    private final HmacDrbg drbg = new HmacDrbg();

    public SeededRandom(String seed) {
        byte[] entropy = new byte[32];
        byte[] s = seed.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(s, 0, entropy, 0, Math.min(32, s.length));
        drbg.instantiate(entropy, 0, 32, null, 0, 0, null, 0, 0);
    }

    @Override
    public void generateData(byte[] buffer, short offset, short length) {
        drbg.generate(buffer, offset, length, null, 0, 0);
    }

    @Override
    public short nextBytes(byte[] buffer, short offset, short length) {
        generateData(buffer, offset, length);
        return (short) (offset + length);
    }

    @Override
    public void setSeed(byte[] buffer, short offset, short length) {
        throw new UnsupportedOperationException("seeded test source");
    }

    @Override
    public byte getAlgorithm() {
        return ALG_PSEUDO_RANDOM;
    }
}
