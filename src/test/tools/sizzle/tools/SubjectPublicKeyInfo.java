package sizzle.tools;

import java.util.Locale;
import ksecurity.cert.CertificateException;
import ksecurity.cert.PublicKeyInfo;

/** The EC point of a DER SubjectPublicKeyInfo, parsed by ksecurity.cert; null unless it names the curve. */
final class SubjectPublicKeyInfo {
    private SubjectPublicKeyInfo() {
    }

    static byte[] point(byte[] der, Curve curve) {
        try {
            PublicKeyInfo info = PublicKeyInfo.decode(der);
            String name = info.getCurveName();
            return name != null && name.equals(curve.name().toLowerCase(Locale.ROOT)) ? info.getW() : null;
        } catch (CertificateException e) {
            return null;
        }
    }
}
