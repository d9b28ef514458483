package ksecurity.security;

/**
 * A private key.
 */
public interface PrivateKey extends Key {

}
