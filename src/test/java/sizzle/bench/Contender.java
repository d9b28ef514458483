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
     * Verification with a new key object decoded from its encoding each time, so that nothing
     * the implementation keeps with a key (KSecurity's and Bouncy Castle's tables) helps.
     */
    default Rate.Op ecdsaVerifyNewKey(String curve) throws Exception {
        return null;
    }

    Rate.Op rsaPrivate(int bits) throws Exception;
}
