package sizzle.tools;

/** The EC point of a DER SubjectPublicKeyInfo naming the given curve, or null. */
final class SubjectPublicKeyInfo {
    private SubjectPublicKeyInfo() {
    }

    static byte[] point(byte[] der, Curve curve) {
        throw new Unsupported("SubjectPublicKeyInfo keys (ksecurity.cert not wired yet)");
    }
}
