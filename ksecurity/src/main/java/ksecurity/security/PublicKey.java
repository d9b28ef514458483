package ksecurity.security;

/**
 * A public key.
 */
public interface PublicKey extends Key {

}
