package ksecurity.security;

/**
 * A symmetric key.
 */
public interface SecretKey extends Key {

}
