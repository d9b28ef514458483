package ksecurity.cert;

import ksecurity.prim.Bytes;
import ksecurity.security.CryptoException;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.PrivateKey;
import ksecurity.security.PublicKey;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPublicKey;
import ksecurity.security.Signature;

/**
 * Private-key files, as openssl writes them: SEC 1 ECPrivateKey (RFC 5915, PEM "EC PRIVATE
 * KEY"), PKCS#8 PrivateKeyInfo (RFC 5208, PEM "PRIVATE KEY") holding an EC or RSA key, and
 * PKCS#1 RSAPrivateKey (RFC 8017 A.1.2, PEM "RSA PRIVATE KEY"); DER or PEM. Encrypted keys are
 * not supported. Parsing a key file walks its DER, whose lengths (public: they are in the file)
 * steer the work; the secret numbers are copied into the key objects, not branched on, except
 * that DER's minimal-INTEGER rule looks at each number's first octet. Writing covers EC keys (SEC 1, PKCS#8) and RSA CRT keys (PKCS#1, PKCS#8).
 */
public final class PrivateKeys {
    public static final String PEM_EC = "EC PRIVATE KEY";
    public static final String PEM_PKCS8 = "PRIVATE KEY";
    public static final String PEM_RSA = "RSA PRIVATE KEY";

    private PrivateKey priv;
    private PublicKey pub;

    private PrivateKeys() {
    }

    /** The private key in a key file: an ECPrivateKey or an RSAPrivateCrtKey. */
    public static PrivateKey readPrivateKey(byte[] pemOrDer) throws CertificateException {
        return read(pemOrDer).priv;
    }

    /**
     * The public key a key file carries beside the private one (RSA files always do, EC files
     * usually), or null if it has none.
     */
    public static PublicKey readPublicKey(byte[] pemOrDer) throws CertificateException {
        return read(pemOrDer).pub;
    }

    private static PrivateKeys read(byte[] data) throws CertificateException {
        if (data == null || data.length == 0) {
            throw CertificateException.malformed("no input");
        }
        PrivateKeys r = new PrivateKeys();
        try {
            if (!Pem.isPem(data)) {
                r.parseDer(data, null);
                return r;
            }
            Pem[] blocks = Pem.decodeAll(data);
            for (int i = 0; i < blocks.length; i++) {
                String label = blocks[i].getLabel();
                if (label.equals(PEM_EC) || label.equals(PEM_PKCS8) || label.equals(PEM_RSA)) {
                    r.parseDer(blocks[i].getDer(), label);
                    return r;
                }
                if (label.equals("ENCRYPTED PRIVATE KEY")) {
                    throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM, "encrypted private key");
                }
            }
            throw CertificateException.malformed("no private key block");
        } catch (CryptoException e) {
            short reason = e.getReason() == CryptoException.NO_SUCH_ALGORITHM
                    ? CertificateException.UNSUPPORTED_ALGORITHM : CertificateException.MALFORMED;
            throw new CertificateException(reason, "private key: ".concat(e.getMessage()));
        }
    }

    /**
     * True if {@code priv} is the private half of {@code cert}'s public key: a signature made
     * with it verifies under the certificate's key (what a server checks at start-up, so that
     * `--key F --cert F` naming different keys fails with a clear message, not handshakes).
     */
    public static boolean matches(PrivateKey priv, X509Certificate cert) throws CertificateException {
        PublicKey pub = cert.getPublicKey();
        byte alg;
        if (priv instanceof ECPrivateKey && pub instanceof ECPublicKey) {
            alg = Signature.ALG_ECDSA_SHA_256;
        } else if (priv instanceof RSAPrivateCrtKey && pub instanceof RSAPublicKey) {
            alg = Signature.ALG_RSA_SHA_256_PKCS1;
        } else {
            return false;
        }
        if (priv.getSize() != pub.getSize()) {
            return false;
        }
        byte[] msg = cert.getTBSCertificate();
        byte[] sig = new byte[PublicKeyInfo.MAX_RSA_BYTES + 16];
        try {
            Signature s = Signature.getInstance(alg, false);
            s.init(priv, Signature.MODE_SIGN);
            short n = s.sign(msg, (short) 0, (short) msg.length, sig, (short) 0);
            Signature v = Signature.getInstance(alg, false);
            v.init(pub, Signature.MODE_VERIFY);
            return v.verify(msg, (short) 0, (short) msg.length, sig, (short) 0, n);
        } catch (CryptoException e) {
            return false;
        }
    }

    /** Tells the three forms apart by their first fields when there is no PEM label. */
    private void parseDer(byte[] der, String label) throws CertificateException {
        DerReader seq = DerReader.open(der).readSequence();
        int version = seq.readSmallInt();
        int next = seq.peekTag();
        if (version == 1 && next == DerReader.OCTET_STRING && (label == null || label.equals(PEM_EC))) {
            parseSec1(seq, null);
        } else if (version == 0 && next == DerReader.SEQUENCE && (label == null || label.equals(PEM_PKCS8))) {
            parsePkcs8(seq);
        } else if (version == 0 && next == DerReader.INTEGER && (label == null || label.equals(PEM_RSA))) {
            parsePkcs1(seq);
        } else {
            throw CertificateException.malformed("not a private key of a known form");
        }
    }

    /** ECPrivateKey ::= SEQUENCE { 1, privateKey OCTET STRING, [0] parameters, [1] publicKey }. */
    private void parseSec1(DerReader seq, String outerCurve) throws CertificateException {
        byte[] s = seq.readOctetString();
        String curve = outerCurve;
        if (seq.peekTag() == 0xA0) {
            DerReader p = seq.readConstructed(0xA0);
            if (p.peekTag() != DerReader.OID) {
                throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM,
                        "EC parameters other than a named curve");
            }
            String c = p.readOid();
            p.finish();
            if (outerCurve != null && !outerCurve.equals(c)) {
                throw CertificateException.malformed("EC key names two curves");
            }
            curve = c;
        }
        byte[] w = null;
        if (seq.peekTag() == 0xA1) {
            DerReader p = seq.readConstructed(0xA1);
            w = p.readOctetAlignedBitString();
            p.finish();
        }
        seq.finish();
        if (curve == null) {
            throw CertificateException.malformed("EC key without its curve");
        }
        int bits = PublicKeyInfo.curveBits(curve);
        s = fixedLength(s, orderBytes(bits));
        ECPrivateKey k = (ECPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PRIVATE, (short) bits, false);
        k.setS(s, (short) 0, (short) s.length);
        priv = k;
        if (w != null) {
            PublicKeyInfo.checkPoint(w, bits);
            ECPublicKey p = (ECPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PUBLIC, (short) bits, false);
            p.setW(w, (short) 0, (short) w.length);
            pub = p;
        }
    }

    /** PrivateKeyInfo ::= SEQUENCE { 0, AlgorithmIdentifier, privateKey OCTET STRING, [0] attributes }. */
    private void parsePkcs8(DerReader seq) throws CertificateException {
        DerReader alg = seq.readSequence();
        String oid = alg.readOid();
        byte[] inner = null;
        if (Oid.EC_PUBLIC_KEY.equals(oid)) {
            if (alg.peekTag() != DerReader.OID) {
                throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM,
                        "EC parameters other than a named curve");
            }
            String curve = alg.readOid();
            alg.finish();
            inner = seq.readOctetString();
            skipAttributes(seq);
            DerReader sec1 = DerReader.open(inner).readSequence();
            if (sec1.readSmallInt() != 1) {
                throw CertificateException.malformed("ECPrivateKey version");
            }
            parseSec1(sec1, curve);
        } else if (Oid.RSA_ENCRYPTION.equals(oid)) {
            alg.readNull();
            alg.finish();
            inner = seq.readOctetString();
            skipAttributes(seq);
            DerReader pkcs1 = DerReader.open(inner).readSequence();
            if (pkcs1.readSmallInt() != 0) {
                throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM, "multi-prime RSA key");
            }
            parsePkcs1(pkcs1);
        } else {
            throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM, "private key algorithm ".concat(oid));
        }
    }

    private static void skipAttributes(DerReader seq) throws CertificateException {
        if (seq.peekTag() == 0xA0) {
            seq.skip();
        }
        seq.finish();
    }

    /**
     * RSAPrivateKey ::= SEQUENCE { 0, n, e, d, p, q, dP, dQ, qInv } (version already read).
     * The CRT key needs p, q, dP, dQ, qInv; d is read and checked for form only.
     */
    private void parsePkcs1(DerReader seq) throws CertificateException {
        int max = PublicKeyInfo.MAX_RSA_BYTES;
        byte[] n = seq.readUnsignedInteger(max);
        byte[] e = seq.readUnsignedInteger(max);
        seq.readUnsignedInteger(max);
        byte[] p = seq.readUnsignedInteger(max);
        byte[] q = seq.readUnsignedInteger(max);
        byte[] dp = seq.readUnsignedInteger(max);
        byte[] dq = seq.readUnsignedInteger(max);
        byte[] qinv = seq.readUnsignedInteger(max);
        seq.finish();
        int bits = bitLength(n);
        RSAPrivateCrtKey k = (RSAPrivateCrtKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_CRT_PRIVATE, (short) bits, false);
        k.setP(p, (short) 0, (short) p.length);
        k.setQ(q, (short) 0, (short) q.length);
        k.setDP1(dp, (short) 0, (short) dp.length);
        k.setDQ1(dq, (short) 0, (short) dq.length);
        k.setPQ(qinv, (short) 0, (short) qinv.length);
        priv = k;
        RSAPublicKey pk = (RSAPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PUBLIC, (short) bits, false);
        pk.setModulus(n, (short) 0, (short) n.length);
        pk.setExponent(e, (short) 0, (short) e.length);
        pub = pk;
    }

    /**
     * SEC 1 ECPrivateKey DER with the named curve and, if {@code pub} is given, the public
     * point (what `openssl ec` writes).
     */
    public static byte[] encodeEc(ECPrivateKey priv, ECPublicKey pub) throws CertificateException {
        return sec1(priv, pub, true);
    }

    /**
     * PKCS#1 RSAPrivateKey DER (what `openssl rsa -traditional` writes). The private exponent,
     * which a CRT key does not keep, is recomputed as d = e^-1 mod (p-1)(q-1).
     */
    public static byte[] encodeRsa(RSAPrivateCrtKey priv, RSAPublicKey pub) throws CertificateException {
        byte[] tmp = new byte[PublicKeyInfo.MAX_RSA_BYTES];
        byte[] n = Bytes.copy(tmp, 0, pub.getModulus(tmp, (short) 0));
        byte[] e = Bytes.copy(tmp, 0, pub.getExponent(tmp, (short) 0));
        byte[] p = Bytes.copy(tmp, 0, priv.getP(tmp, (short) 0));
        byte[] q = Bytes.copy(tmp, 0, priv.getQ(tmp, (short) 0));
        byte[] dp = Bytes.copy(tmp, 0, priv.getDP1(tmp, (short) 0));
        byte[] dq = Bytes.copy(tmp, 0, priv.getDQ1(tmp, (short) 0));
        byte[] qinv = Bytes.copy(tmp, 0, priv.getPQ(tmp, (short) 0));
        byte[] d = RsaExponent.privateExponent(p, q, e, n.length);
        DerWriter w = new DerWriter();
        w.begin(DerReader.SEQUENCE).integer(0).unsignedInteger(n).unsignedInteger(e).unsignedInteger(d)
                .unsignedInteger(p).unsignedInteger(q).unsignedInteger(dp).unsignedInteger(dq)
                .unsignedInteger(qinv).end();
        byte[][] secrets = {tmp, d, p, q, dp, dq, qinv};
        for (int i = 0; i < secrets.length; i++) {
            Bytes.wipe(secrets[i]);
        }
        return w.toByteArray();
    }

    /**
     * PKCS#8 PrivateKeyInfo DER of an EC key (ECPrivateKey with its ECPublicKey or null) or an
     * RSA key (RSAPrivateCrtKey with its RSAPublicKey): what `openssl pkcs8 -topk8 -nocrypt`
     * writes.
     */
    public static byte[] encodePkcs8(PrivateKey priv, PublicKey pub) throws CertificateException {
        DerWriter w = new DerWriter();
        w.begin(DerReader.SEQUENCE).integer(0).begin(DerReader.SEQUENCE);
        if (priv instanceof ECPrivateKey) {
            w.oid(Oid.EC_PUBLIC_KEY).oid(PublicKeyInfo.curveOid(priv.getSize())).end();
            w.octetString(sec1((ECPrivateKey) priv, (ECPublicKey) pub, false));
        } else if (priv instanceof RSAPrivateCrtKey && pub instanceof RSAPublicKey) {
            w.oid(Oid.RSA_ENCRYPTION).nul().end();
            w.octetString(encodeRsa((RSAPrivateCrtKey) priv, (RSAPublicKey) pub));
        } else {
            throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM,
                    "only EC keys and RSA CRT keys with their public key are written");
        }
        w.end();
        return w.toByteArray();
    }

    /**
     * PEM text of a key in its traditional form: "EC PRIVATE KEY" (SEC 1) or "RSA PRIVATE KEY"
     * (PKCS#1; needs the RSAPublicKey).
     */
    public static String toPem(PrivateKey priv, PublicKey pub) throws CertificateException {
        if (priv instanceof ECPrivateKey) {
            return Pem.encode(PEM_EC, encodeEc((ECPrivateKey) priv, (ECPublicKey) pub));
        }
        if (priv instanceof RSAPrivateCrtKey && pub instanceof RSAPublicKey) {
            return Pem.encode(PEM_RSA, encodeRsa((RSAPrivateCrtKey) priv, (RSAPublicKey) pub));
        }
        throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM,
                "only EC keys and RSA CRT keys with their public key are written");
    }

    private static byte[] sec1(ECPrivateKey priv, ECPublicKey pub, boolean withCurve) throws CertificateException {
        int bits = priv.getSize();
        String curve = PublicKeyInfo.curveOid(bits);
        int len = orderBytes(bits);
        byte[] tmp = new byte[len + 1];
        int n = priv.getS(tmp, (short) 0);
        // RFC 5915: ceiling(log2(n)/8) octets, leading zeros kept.
        byte[] padded = fixedLength(Bytes.copy(tmp, 0, n), len);
        DerWriter w = new DerWriter();
        w.begin(DerReader.SEQUENCE).integer(1).octetString(padded);
        if (withCurve) {
            w.begin(0xA0).oid(curve).end();
        }
        if (pub != null) {
            byte[] pt = new byte[1 + 2 * ((bits + 7) / 8)];
            int m = pub.getW(pt, (short) 0);
            w.begin(0xA1).bitString(Bytes.copy(pt, 0, m)).end();
        }
        w.end();
        Bytes.wipe(padded); // the copy in the encoding is the caller's to keep
        Bytes.wipe(tmp);
        return w.toByteArray();
    }

    /** Bytes of the group order: 21 for secp160r1 (its n has 161 bits), else the field's. */
    private static int orderBytes(int bits) {
        return bits == 160 ? 21 : (bits + 7) / 8;
    }

    /**
     * A secret scalar re-encoded on exactly {@code len} octets: left-padded, or with excess
     * leading octets dropped if they are zero. Only the lengths (public) steer the work; the
     * zero test ORs every excess octet, so the scalar's value decides nothing but the error.
     */
    private static byte[] fixedLength(byte[] b, int len) throws CertificateException {
        byte[] r = new byte[len];
        int excess = b.length - len;
        int or = 0;
        for (int i = 0; i < excess; i++) {
            or |= b[i];
        }
        if (or != 0) {
            throw CertificateException.malformed("EC private key too long");
        }
        if (excess >= 0) {
            System.arraycopy(b, excess, r, 0, len);
        } else {
            System.arraycopy(b, 0, r, -excess, b.length);
        }
        return r;
    }

    private static int bitLength(byte[] m) {
        int top = m[0] & 0xFF;
        int bits = (m.length - 1) * 8;
        while (top != 0) {
            bits++;
            top >>>= 1;
        }
        return bits;
    }
}
