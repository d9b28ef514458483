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

    void setVersion(int v) {
        version = v;
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
