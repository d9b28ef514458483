package ksecurity.cert;

import ksecurity.prim.Bytes;
import ksecurity.security.CryptoException;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.PublicKey;
import ksecurity.security.RSAPublicKey;

/**
 * A SubjectPublicKeyInfo (RFC 5280 4.1.2.7): an EC key on a named curve (RFC 5480) or an RSA
 * key (RFC 3279 2.3.1). Parsing keeps the raw numbers; the ksecurity.security key is built only
 * when asked for, so a certificate can be read and examined without the key classes.
 */
public final class PublicKeyInfo {
    private static final String[] CURVES = {Oid.SECP160R1, Oid.SECP192R1, Oid.SECP224R1, Oid.SECP256R1};
    private static final short[] CURVE_BITS = {160, 192, 224, 256};
    private static final String[] CURVE_NAMES = {"secp160r1", "secp192r1", "secp224r1", "secp256r1"};

    /** Largest RSA modulus parsed (bytes); what is supported for use is up to the key classes. */
    static final int MAX_RSA_BYTES = 512;

    private final byte[] encoded;
    private final String algorithm;
    private final String curve; // EC only
    private final byte[] point; // EC only: X9.62 encoding
    private final byte[] modulus; // RSA only: magnitude
    private final byte[] exponent; // RSA only: magnitude

    private PublicKeyInfo(byte[] encoded, String algorithm, String curve, byte[] point, byte[] modulus,
            byte[] exponent) {
        this.encoded = encoded;
        this.algorithm = algorithm;
        this.curve = curve;
        this.point = point;
        this.modulus = modulus;
        this.exponent = exponent;
    }

    /** Parses a DER SubjectPublicKeyInfo that fills the whole buffer (nothing may trail it). */
    public static PublicKeyInfo decode(byte[] der) throws CertificateException {
        DerReader outer = DerReader.open(der);
        PublicKeyInfo info = read(outer);
        outer.finish();
        return info;
    }

    /**
     * Reads a SubjectPublicKeyInfo from {@code outer}. Keys of other algorithms or curves are
     * kept as they are (a chain may carry certificates nobody asks to verify with); only
     * {@link #toKey} refuses them.
     */
    static PublicKeyInfo read(DerReader outer) throws CertificateException {
        DerReader spki = outer.readSequence();
        byte[] encoded = outer.elementBytes();
        DerReader alg = spki.readSequence();
        String oid = alg.readOid();
        if (Oid.EC_PUBLIC_KEY.equals(oid) && alg.peekTag() == DerReader.OID) {
            String curve = alg.readOid();
            alg.finish();
            byte[] w = spki.readOctetAlignedBitString();
            spki.finish();
            int bits = knownCurveBits(curve);
            if (bits > 0) {
                checkPoint(w, bits);
            }
            return new PublicKeyInfo(encoded, oid, curve, w, null, null);
        }
        if (Oid.RSA_ENCRYPTION.equals(oid)) {
            alg.readNull();
            alg.finish();
            byte[] key = spki.readOctetAlignedBitString();
            spki.finish();
            DerReader rsa = DerReader.open(key).readSequence();
            byte[] n = rsa.readUnsignedInteger(MAX_RSA_BYTES);
            byte[] e = rsa.readUnsignedInteger(n.length);
            rsa.finish();
            if ((n[n.length - 1] & 1) == 0 || (e[e.length - 1] & 1) == 0 || (e.length == 1 && e[0] < 3)) {
                throw CertificateException.malformed("bad RSA public key");
            }
            return new PublicKeyInfo(encoded, oid, null, null, n, e);
        }
        while (alg.hasMore()) {
            alg.skip();
        }
        spki.read(DerReader.BIT_STRING);
        spki.finish();
        return new PublicKeyInfo(encoded, oid, null, null, null, null);
    }

    private static int knownCurveBits(String curveOid) {
        for (int i = 0; i < CURVES.length; i++) {
            if (CURVES[i].equals(curveOid)) {
                return CURVE_BITS[i];
            }
        }
        return 0;
    }

    /** The field size in bits of a supported named curve. */
    static int curveBits(String curveOid) throws CertificateException {
        int bits = knownCurveBits(curveOid);
        if (bits == 0) {
            throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM, "curve ".concat(curveOid));
        }
        return bits;
    }

    /** The named-curve OID for a field size in bits (160, 192, 224, 256). */
    static String curveOid(int bits) throws CertificateException {
        for (int i = 0; i < CURVES.length; i++) {
            if (CURVE_BITS[i] == bits) {
                return CURVES[i];
            }
        }
        throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM, "EC key size ".concat(String.valueOf(bits)));
    }

    /** Checks an X9.62 point's form and length (the curve equation is the key class's job). */
    static void checkPoint(byte[] w, int bits) throws CertificateException {
        int f = (bits + 7) / 8;
        boolean ok = w.length > 0 && ((w[0] == 4 && w.length == 1 + 2 * f)
                || ((w[0] == 2 || w[0] == 3) && w.length == 1 + f));
        if (!ok) {
            throw CertificateException.malformed("bad EC point encoding");
        }
    }

    /** "EC" or "RSA" as J2SE's PublicKey.getAlgorithm(), or the OID of another algorithm. */
    public String getAlgorithm() {
        if (Oid.EC_PUBLIC_KEY.equals(algorithm)) {
            return "EC";
        }
        return Oid.RSA_ENCRYPTION.equals(algorithm) ? "RSA" : algorithm;
    }

    /** True if {@link #toKey} can build this key: RSA, or EC on one of the four named curves. */
    public boolean isSupported() {
        return modulus != null || (curve != null && knownCurveBits(curve) > 0);
    }

    /** The algorithm OID (id-ecPublicKey, rsaEncryption, or another). */
    public String getAlgorithmOid() {
        return algorithm;
    }

    /** The named curve's OID, or null for RSA. */
    public String getCurveOid() {
        return curve;
    }

    /** The named curve's SEC 2 name (e.g. "secp160r1"), or null for RSA. */
    public String getCurveName() {
        for (int i = 0; i < CURVES.length; i++) {
            if (CURVES[i].equals(curve)) {
                return CURVE_NAMES[i];
            }
        }
        return null;
    }

    /** Key size in bits: the curve's field size, or the RSA modulus length; 0 if unsupported. */
    public int getKeySize() {
        if (modulus == null) {
            return curve == null ? 0 : knownCurveBits(curve);
        }
        int top = modulus[0] & 0xFF;
        int bits = (modulus.length - 1) * 8;
        while (top != 0) {
            bits++;
            top >>>= 1;
        }
        return bits;
    }

    /** The EC point as encoded in the certificate (X9.62), or null for RSA. */
    public byte[] getW() {
        return point == null ? null : Bytes.copy(point, 0, point.length);
    }

    /** The RSA modulus (magnitude, big-endian), or null for EC. */
    public byte[] getModulus() {
        return modulus == null ? null : Bytes.copy(modulus, 0, modulus.length);
    }

    /** The RSA public exponent (magnitude, big-endian), or null for EC. */
    public byte[] getExponent() {
        return exponent == null ? null : Bytes.copy(exponent, 0, exponent.length);
    }

    /** The SubjectPublicKeyInfo DER. */
    public byte[] getEncoded() {
        return Bytes.copy(encoded, 0, encoded.length);
    }

    /**
     * Builds the ksecurity.security key: an ECPublicKey on its curve (the key class checks the
     * point is on it) or an RSAPublicKey.
     */
    public PublicKey toKey() throws CertificateException {
        if (!isSupported()) {
            String what = curve != null ? "curve ".concat(curve) : Oid.EC_PUBLIC_KEY.equals(algorithm)
                    ? "EC parameters other than a named curve" : "public key algorithm ".concat(algorithm);
            throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM, what);
        }
        try {
            if (curve != null) {
                ECPublicKey k = (ECPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PUBLIC,
                        (short) getKeySize(), false);
                k.setW(point, (short) 0, (short) point.length);
                return k;
            }
            RSAPublicKey k = (RSAPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PUBLIC,
                    (short) getKeySize(), false);
            k.setModulus(modulus, (short) 0, (short) modulus.length);
            k.setExponent(exponent, (short) 0, (short) exponent.length);
            return k;
        } catch (CryptoException e) {
            short reason = e.getReason() == CryptoException.NO_SUCH_ALGORITHM
                    ? CertificateException.UNSUPPORTED_ALGORITHM : CertificateException.MALFORMED;
            throw new CertificateException(reason, "public key: ".concat(e.getMessage()));
        }
    }

    /**
     * Encodes a ksecurity.security public key as a SubjectPublicKeyInfo; EC points are written
     * compressed if {@code compress} (RFC 5480 2.2 allows it; uncompressed is what everyone
     * must accept).
     */
    public static byte[] encode(PublicKey key, boolean compress) throws CertificateException {
        try {
            return encodeKey(key, compress);
        } catch (CryptoException e) {
            throw new CertificateException(e.getReason() == CryptoException.NO_SUCH_ALGORITHM
                    ? CertificateException.UNSUPPORTED_ALGORITHM : CertificateException.MALFORMED,
                    "public key: ".concat(e.getMessage()));
        }
    }

    private static byte[] encodeKey(PublicKey key, boolean compress) throws CertificateException {
        DerWriter w = new DerWriter();
        w.begin(DerReader.SEQUENCE).begin(DerReader.SEQUENCE);
        if (key instanceof ECPublicKey) {
            ECPublicKey ec = (ECPublicKey) key;
            int bits = ec.getSize();
            w.oid(Oid.EC_PUBLIC_KEY).oid(curveOid(bits)).end();
            byte[] tmp = new byte[1 + 2 * ((bits + 7) / 8)];
            int n = ec.getW(tmp, (short) 0);
            byte[] pt = Bytes.copy(tmp, 0, n);
            if (compress && pt[0] == 4) {
                byte[] c = new byte[1 + (n - 1) / 2];
                System.arraycopy(pt, 1, c, 1, c.length - 1);
                c[0] = (byte) (2 + (pt[n - 1] & 1));
                pt = c;
            }
            w.bitString(pt);
        } else if (key instanceof RSAPublicKey) {
            RSAPublicKey rsa = (RSAPublicKey) key;
            w.oid(Oid.RSA_ENCRYPTION).nul().end();
            byte[] tmp = new byte[MAX_RSA_BYTES];
            int nLen = rsa.getModulus(tmp, (short) 0);
            byte[] n = Bytes.copy(tmp, 0, nLen);
            int eLen = rsa.getExponent(tmp, (short) 0);
            byte[] e = Bytes.copy(tmp, 0, eLen);
            DerWriter inner = new DerWriter();
            inner.begin(DerReader.SEQUENCE).unsignedInteger(n).unsignedInteger(e).end();
            w.bitString(inner.toByteArray());
        } else {
            throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM, "public key type");
        }
        w.end();
        return w.toByteArray();
    }
}
