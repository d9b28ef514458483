package kssl.tls;

import ksecurity.prim.Bytes;
import ksecurity.cert.X509Certificate;

/**
 * What an abbreviated handshake resumes (RFC 5246 §7.4.1.2): id, version, suite, master
 * secret, whether it used the extended master secret, when it was made (sessions expire: see
 * {@link SessionCache}), and on the server the server_name it was made for (RFC 6066 §3: a
 * session is never resumed under another name), kept as a digest so that a mote's cache slot
 * stays small.
 */
public final class Session {
    /** Bytes of the server_name digest (SHA-256 of the lower-case name, truncated). */
    static final int NAME_DIGEST = 16;

    final byte[] id;
    final int version;
    final int suite;
    final byte[] master;
    final boolean extendedMasterSecret;
    final X509Certificate[] peerChain;
    /** System.currentTimeMillis() when the full handshake made it. */
    final long created;
    /** Server: the digest of the server_name it was made for, or null if the client sent none. */
    final byte[] nameDigest;
    /**
     * Client: the trust store's generation when the chain was checked (KeyStore.getGeneration),
     * or -1: a session is not resumed after the trust store changed, since its chain was judged
     * by what the store held then.
     */
    final long trustGeneration;

    /** A client's session, made now, its chain checked against a trust store of this generation. */
    Session(byte[] id, int version, int suite, byte[] master, boolean ems, X509Certificate[] peerChain,
            long trustGeneration) {
        this(id, version, suite, master, ems, peerChain, System.currentTimeMillis(), null, trustGeneration);
    }

    /** A server's session, made at {@code created} for the server_name of this digest. */
    Session(byte[] id, int version, int suite, byte[] master, boolean ems, long created, byte[] nameDigest) {
        this(id, version, suite, master, ems, null, created, nameDigest, -1);
    }

    private Session(byte[] id, int version, int suite, byte[] master, boolean ems, X509Certificate[] peerChain,
            long created, byte[] nameDigest, long trustGeneration) {
        this.id = Bytes.copy(id, 0, id.length);
        this.version = version;
        this.suite = suite;
        this.master = Bytes.copy(master, 0, 48);
        this.extendedMasterSecret = ems;
        this.peerChain = peerChain;
        this.created = created;
        this.nameDigest = nameDigest == null ? null : Bytes.copy(nameDigest, 0, NAME_DIGEST);
        this.trustGeneration = trustGeneration;
    }

    /** A copy with its own master secret (what the cache hands out, so that it can wipe its own). */
    Session copy() {
        return new Session(id, version, suite, master, extendedMasterSecret, peerChain, created, nameDigest,
                trustGeneration);
    }

    /** True if it was made for this server_name digest (null: no name), as RFC 6066 §3 requires for resumption. */
    boolean isFor(byte[] digest) {
        if (nameDigest == null || digest == null) {
            return nameDigest == digest;
        }
        return Bytes.equalsConstantTime(nameDigest, 0, digest, 0, NAME_DIGEST);
    }

    public byte[] getId() {
        return Bytes.copy(id, 0, id.length);
    }

    public int getVersion() {
        return version;
    }

    public int getCipherSuite() {
        return suite;
    }

    public boolean isExtendedMasterSecret() {
        return extendedMasterSecret;
    }

    /** When the full handshake made it (milliseconds since the epoch, or the device's clock). */
    public long getCreationTime() {
        return created;
    }

    /** The server's chain as received in the full handshake (client side), or null. */
    public X509Certificate[] getPeerCertificates() {
        return peerChain;
    }
}
