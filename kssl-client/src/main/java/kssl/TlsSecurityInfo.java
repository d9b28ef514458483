package kssl;

import kssl.tls.CipherSuite;
import kssl.tls.ProtocolVersion;
import kssl.tls.TlsConnection;
import javax.microedition.io.SecurityInfo;

/** What MIDP's getSecurityInfo reports about an established KSSL connection. */
public final class TlsSecurityInfo implements SecurityInfo {
    private final TlsConnection tls;

    public TlsSecurityInfo(TlsConnection tls) {
        if (!tls.isEstablished()) {
            throw new IllegalStateException("handshake not completed");
        }
        this.tls = tls;
    }

    /** The leaf certificate, or null if the server sent none (never with the suites here). */
    public javax.microedition.pki.Certificate getServerCertificate() {
        ksecurity.cert.X509Certificate[] chain = tls.getPeerCertificates();
        return chain == null || chain.length == 0 ? null : new PkiCertificate(chain[0]);
    }

    /** "3.0" for SSL 3.0, "3.1" for TLS 1.0, "3.3" for TLS 1.2: major.minor of the wire version (MIDP 2.0). */
    public String getProtocolVersion() {
        int v = tls.getVersion();
        return Integer.toString(v >> 8).concat(".").concat(Integer.toString(v & 0xFF));
    }

    /** "SSL" for SSL 3.0, else "TLS". */
    public String getProtocolName() {
        return tls.getVersion() == ProtocolVersion.SSL30 ? "SSL" : "TLS";
    }

    /** The suite's RFC name, e.g. "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256". */
    public String getCipherSuite() {
        return CipherSuite.name(tls.getCipherSuite());
    }

    /** The engine's connection (session, resumption, EMS, record size). */
    public TlsConnection getConnection() {
        return tls;
    }
}
