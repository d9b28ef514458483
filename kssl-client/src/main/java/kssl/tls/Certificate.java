package kssl.tls;

import java.io.IOException;
import ksecurity.cert.CertificateException;
import ksecurity.cert.CertificateFactory;
import ksecurity.cert.X509Certificate;

/** The Certificate message (RFC 5246 §7.4.2): the server's chain, leaf first. */
final class Certificate {
    /** More certificates than any sensible server chain: bounds the work a peer can cause. */
    static final int MAX_CHAIN = 8;

    private Certificate() {
    }

    /** Writes the chain from its DER encodings, leaf first. */
    static void write(HandshakeWriter w, byte[][] chain) throws IOException {
        int list = 0;
        for (int i = 0; i < chain.length; i++) {
            list += 3 + chain[i].length;
        }
        w.begin(HandshakeType.CERTIFICATE, 3 + list);
        w.u24(list);
        for (int i = 0; i < chain.length; i++) {
            w.u24(chain[i].length);
            w.bytes(chain[i]);
        }
        w.end();
    }

    static X509Certificate[] parse(HandshakeReader r) throws IOException {
        int total = r.u24();
        if (total != r.remaining()) {
            throw new TlsException(Alert.DECODE_ERROR, "certificate_list length");
        }
        if (total == 0) {
            throw new TlsException(Alert.BAD_CERTIFICATE, "empty certificate chain");
        }
        X509Certificate[] chain = new X509Certificate[MAX_CHAIN];
        int n = 0;
        while (r.remaining() > 0) {
            int len = r.u24();
            if (len == 0 || len > X509Certificate.MAX_SIZE) {
                throw new TlsException(Alert.BAD_CERTIFICATE, "certificate length");
            }
            if (n == MAX_CHAIN) {
                throw new TlsException(Alert.BAD_CERTIFICATE, "certificate chain longer than 8");
            }
            byte[] der = r.read(len);
            try {
                chain[n++] = CertificateFactory.generateCertificate(der);
            } catch (CertificateException e) {
                throw new TlsException(Alert.BAD_CERTIFICATE, e.getMessage());
            }
        }
        X509Certificate[] out = new X509Certificate[n];
        System.arraycopy(chain, 0, out, 0, n);
        return out;
    }
}
