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

    static void write(HandshakeWriter w, X509Certificate[] chain) {
        int m = w.begin(HandshakeType.CERTIFICATE);
        int list = w.open(3);
        for (int i = 0; i < chain.length; i++) {
            byte[] der = chain[i].getEncoded();
            w.u24(der.length);
            w.bytes(der);
        }
        w.close(list, 3);
        w.end(m);
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
