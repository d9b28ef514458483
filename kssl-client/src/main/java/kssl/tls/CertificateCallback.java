package kssl.tls;

import ksecurity.cert.CertificateException;
import ksecurity.cert.X509Certificate;

/**
 * The application's say over a server certificate that does not verify against the trust
 * store (the lower-level secure stream of KSSL): show it to the user, pin it, or refuse.
 */
public interface CertificateCallback {
    /**
     * @param host the host name the client connected to (may be null)
     * @param chain the server's chain, leaf first
     * @param problem why it did not verify (reason and detail)
     * @return true to continue the handshake with this certificate, false to refuse it
     */
    boolean accept(String host, X509Certificate[] chain, CertificateException problem);
}
