package kssl.tls;

import ksecurity.prim.Digest;
import ksecurity.prim.Md5;
import ksecurity.prim.Sha1;
import ksecurity.prim.Sha256;

/**
 * The running hash of the handshake messages. Until the version is known (the server reads the
 * ClientHello before choosing) MD5, SHA-1 and SHA-256 all run; then only what the version
 * needs: MD5 and SHA-1 for SSL 3.0 and TLS 1.0, SHA-256 for TLS 1.2.
 */
final class HandshakeHash {
    private final Md5 md5 = new Md5();
    private final Sha1 sha1 = new Sha1();
    private final Sha256 sha256 = new Sha256();
    private int version;
    /** The ClientHello came as a digest (SHA-256 state only): only TLS 1.2 can go on. */
    private boolean sha256Only;

    void setVersion(int v) {
        version = v;
    }

    /**
     * Replaces what was hashed (the ClientHello's projection, alone so far) by the real hello's
     * digest: its length L, SHA-256's chaining value after its first 64·⌊L/64⌋ bytes, its last
     * L mod 64 bytes (HelloDigestSource). MD5 and SHA-1 cannot be resumed: only TLS 1.2 goes on.
     */
    void importClientHello(byte[] d) throws TlsException {
        int len = d.length < 35 ? -1 : (d[0] & 0xFF) << 16 | (d[1] & 0xFF) << 8 | (d[2] & 0xFF);
        int tail = len & 63;
        if (len < 4 || d.length != 35 + tail) throw new TlsException(Alert.HANDSHAKE_FAILURE, "malformed ClientHello digest");
        sha256.importState(d, 3, len - tail);
        sha256.update(d, 35, tail);
        sha256Only = true;
    }

    /** Whether {@code v} can use this hash: after a digested ClientHello, TLS 1.2 only. */
    boolean allows(int v) {
        return !sha256Only || v == ProtocolVersion.TLS12;
    }

    /** Whether a hello without extended_master_secret may be answered: not one taken as a digest (LINK.md §15.2). */
    boolean allowsWithoutEms() {
        return !sha256Only;
    }

    void update(byte[] b, int off, int len) {
        if (version != ProtocolVersion.TLS12) {
            md5.update(b, off, len);
            sha1.update(b, off, len);
        }
        if (version == 0 || version == ProtocolVersion.TLS12) {
            sha256.update(b, off, len);
        }
    }

    /**
     * The hash of the messages so far, without ending the running hash: SHA-256 (32 bytes) in
     * TLS 1.2, MD5 || SHA-1 (36 bytes) before. Returns the length.
     */
    int current(byte[] out, int off) {
        if (version == ProtocolVersion.TLS12) {
            return sha256.copy().doFinal(out, off);
        }
        md5.copy().doFinal(out, off);
        sha1.copy().doFinal(out, off + 16);
        return 36;
    }

    /** Copies of the running MD5 and SHA-1, for SSL 3.0's Finished hash. */
    Digest md5Copy() {
        return md5.copy();
    }

    Digest sha1Copy() {
        return sha1.copy();
    }
}
