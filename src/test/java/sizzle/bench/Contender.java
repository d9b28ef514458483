package sizzle.bench;

/**
 * One implementation in the crypto benchmark. Each method prepares keys and returns the timed
 * operation, or null where the implementation lacks that curve or size.
 */
interface Contender {
    String column();

    Rate.Op ecdh(String curve) throws Exception;

    Rate.Op ecdsaSign(String curve) throws Exception;

    Rate.Op ecdsaVerify(String curve) throws Exception;

    Rate.Op rsaPrivate(int bits) throws Exception;
}
