package kssl.tls;

import ksecurity.cert.CertificateException;
import ksecurity.cert.X509Certificate;

/**
 * The application's say over a server certificate that does not verify against the trust
 * store (the lower-level secure stream of KSSL): show it to the user, pin it, or refuse. It is
 * never asked about a chain below the profile's floor (ksecurity.cert.CertificatePolicy: an
 * MD5- or SHA-1-signed certificate, an RSA-1024 or secp160r1 key in the modern profile): such
 * a chain is refused whatever the application would say, with bad_certificate.
 */
public interface CertificateCallback {
    /**
     * @param host the host name or address the client connected to (never null)
     * @param chain the server's chain, leaf first
     * @param problem why it did not verify (reason and detail)
     * @return true to continue the handshake with this certificate, false to refuse it
     */
    boolean accept(String host, X509Certificate[] chain, CertificateException problem);
}
