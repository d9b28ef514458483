package ksecurity.security;

/**
 * A key of any kind: the root of the Java Card key interfaces.
 */
public interface Key {
    boolean isInitialized();

    void clearKey();

    byte getType();

    short getSize();
}
