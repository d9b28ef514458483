package sizzle.bench;

/**
 * One implementation in the crypto benchmark. Each method prepares keys and returns the timed
 * operation, or null where the implementation lacks that curve or size.
 */
interface Contender {
    String column();

    Rate.Op ecdh(String curve) throws Exception;

    Rate.Op ecdsaSign(String curve) throws Exception;

    /** Verification with one key object, as a client that keeps a server's key does. */
    Rate.Op ecdsaVerify(String curve) throws Exception;

    /**
     * Verification with another key each time (KEYS of them in turn, each decoded into a new key
     * object), so that nothing kept for a key (KSecurity's and Bouncy Castle's tables) helps.
     */
    default Rate.Op ecdsaVerifyOneShot(String curve) throws Exception {
        return null;
    }

    /** The keys ecdsaVerifyOneShot turns through: more than any implementation keeps tables for. */
    int KEYS = 64;

    Rate.Op rsaPrivate(int bits) throws Exception;
}
