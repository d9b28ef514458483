package kssl.tls;

/**
 * Where a server learns that the ClientHello it parses is a projection of the one the client
 * sent (gateway-java/LINK.md §15.2, HELLO-DIGEST): the real hello's length and SHA-256 state,
 * which the handshake hash takes in place of the projection's bytes. A transport that carries
 * whole hellos never is one.
 */
public interface HelloDigestSource {
    /**
     * Called once, right after the ClientHello is parsed: null if it came whole; else the real
     * hello's length L (u24, header included), SHA-256's chaining value after its first
     * 64·⌊L/64⌋ bytes (32 bytes), then its last L mod 64 bytes.
     */
    byte[] clientHelloDigest();
}
