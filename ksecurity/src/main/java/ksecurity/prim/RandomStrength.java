package ksecurity.prim;

/**
 * Whether a source of randomness is fit for keys: part of the contract of every entropy source
 * and of the RandomData generators, read by whoever is about to make keys with them (a TLS
 * client or server refuses to start on a weak source unless its caller allows it explicitly).
 */
public interface RandomStrength {
    /**
     * True only if an attacker cannot predict the output: the platform's cryptographic
     * generator, or a seed that held full entropy once and has never been reused since. False
     * for fallbacks whose entropy nobody can vouch for (timing jitter on a quiet device).
     */
    boolean isStrong();

    /** A short name for logs and refusals, saying why a weak source is weak. */
    String name();
}
