package kssl.tls;

import ksecurity.cert.X509Certificate;

/** What an abbreviated handshake resumes (RFC 5246 §7.4.1.2): id, version, suite, master secret. */
public final class Session {
    final byte[] id;
    final int version;
    final int suite;
    final byte[] master;
    final boolean extendedMasterSecret;
    final X509Certificate[] peerChain;

    Session(byte[] id, int version, int suite, byte[] master, boolean ems, X509Certificate[] peerChain) {
        this.id = Bytes.copy(id, 0, id.length);
        this.version = version;
        this.suite = suite;
        this.master = Bytes.copy(master, 0, 48);
        this.extendedMasterSecret = ems;
        this.peerChain = peerChain;
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

    /** The server's chain as received in the full handshake (client side), or null. */
    public X509Certificate[] getPeerCertificates() {
        return peerChain;
    }

    /** The session id as hex (the server cache's key). */
    public String getIdHex() {
        return Bytes.hex(id, 0, id.length);
    }
}
