package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.IOException;
import ksecurity.crypto.Cipher;
import ksecurity.math.Pkcs1;
import ksecurity.math.RsaPublic;
import ksecurity.prim.Md5;
import ksecurity.prim.Sha1;
import ksecurity.security.CryptoException;
import ksecurity.security.KeyBuilder;
import ksecurity.security.KeyPair;
import ksecurity.security.PrivateKey;
import ksecurity.security.RSAPublicKey;

/**
 * RSA_EXPORT's temporary key (RFC 2246 §7.4.3, SSL 3.0 §5.6.4; insecure, legacy profile only):
 * a server whose certificate key is longer than 512 bits sends a ServerKeyExchange with
 * ServerRSAParams {rsa_modulus<1..2^16-1>, rsa_exponent<1..2^16-1>} for a key of at most 512
 * bits, signed with the certificate's key over MD5 || SHA-1 of both randoms and the params (a
 * PKCS#1 block without DigestInfo); the client encrypts the premaster secret to that key.
 */
final class ServerRsaParams {
    /** At most 512 bits: what "export" allowed. */
    static final int MAX_MODULUS_BYTES = 64;
    /** RFC 2246 Appendix D.1: a temporary key may serve, e.g., 500 handshakes before a new one. */
    static final int MAX_USES = 500;
    /** MD5 || SHA-1 is signed bare: no DigestInfo. */
    private static final byte[] NO_PREFIX = new byte[0];

    /** Without leading zeros. */
    final byte[] modulus;
    final byte[] exponent;
    /** The ServerRSAParams as on the wire, which is what the signature covers. */
    final byte[] encoded;
    /** The server's half; null on the client. */
    final PrivateKey key;
    int uses;

    private ServerRsaParams(byte[] n, byte[] e, PrivateKey key) {
        this.modulus = strip(n);
        this.exponent = strip(e);
        this.key = key;
        encoded = new byte[4 + n.length + e.length];
        Bytes.put16(encoded, 0, n.length);
        System.arraycopy(n, 0, encoded, 2, n.length);
        Bytes.put16(encoded, 2 + n.length, e.length);
        System.arraycopy(e, 0, encoded, 4 + n.length, e.length);
    }

    /** Server: a fresh 512-bit key pair from the platform's generator. */
    static ServerRsaParams generate() {
        KeyPair kp = new KeyPair(KeyPair.ALG_RSA_CRT, KeyBuilder.LENGTH_RSA_512);
        kp.genKeyPair();
        RSAPublicKey pub = (RSAPublicKey) kp.getPublic();
        byte[] n = new byte[MAX_MODULUS_BYTES];
        pub.getModulus(n, (short) 0);
        byte[] e = new byte[MAX_MODULUS_BYTES];
        int eLen = pub.getExponent(e, (short) 0);
        return new ServerRsaParams(n, RsaPublic.stripLeadingZeros(e, 0, eLen), kp.getPrivate());
    }

    /**
     * Client: the params of a ServerKeyExchange. Refused: a modulus over 512 bits, one too short
     * to carry a PKCS#1-padded premaster secret (48 + 11 bytes), an even one, a zero exponent.
     */
    static ServerRsaParams read(HandshakeReader in) throws IOException {
        ServerRsaParams p = new ServerRsaParams(vector(in, "rsa_modulus"), vector(in, "rsa_exponent"), null);
        byte[] n = p.modulus;
        if (n.length > MAX_MODULUS_BYTES) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "temporary RSA key longer than 512 bits");
        }
        if (n.length < 48 + 11 || (n[n.length - 1] & 1) == 0 || (p.exponent.length == 1 && p.exponent[0] == 0)) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "temporary RSA key unusable");
        }
        return p;
    }

    private static byte[] strip(byte[] v) {
        return RsaPublic.stripLeadingZeros(v, 0, v.length);
    }

    private static byte[] vector(HandshakeReader in, String what) throws IOException {
        int len = in.u16();
        if (len == 0 || len > in.remaining()) {
            throw new TlsException(Alert.DECODE_ERROR, what.concat(" length"));
        }
        return in.read(len);
    }

    /** MD5(randoms || params) || SHA-1(randoms || params): what SSL 3.0 and TLS 1.0 sign with RSA. */
    static byte[] hash(byte[] clientRandom, byte[] serverRandom, byte[] params, int off, int len) {
        byte[] h = new byte[36];
        Md5 md5 = new Md5();
        Sha1 sha1 = new Sha1();
        md5.update(clientRandom, 0, 32);
        md5.update(serverRandom, 0, 32);
        md5.update(params, off, len);
        md5.doFinal(h, 0);
        sha1.update(clientRandom, 0, 32);
        sha1.update(serverRandom, 0, 32);
        sha1.update(params, off, len);
        sha1.doFinal(h, 16);
        return h;
    }

    /** The signature with the certificate's RSA key of k bytes. */
    static byte[] sign(PrivateKey certificateKey, int k, byte[] hash) {
        byte[] em = new byte[k];
        Pkcs1.encodeSignatureBlock(NO_PREFIX, hash, 0, hash.length, k, em);
        byte[] sig = new byte[k];
        Cipher rsa = Cipher.getInstance(Cipher.ALG_RSA_NOPAD, false);
        rsa.init(certificateKey, Cipher.MODE_ENCRYPT);
        rsa.doFinal(em, (short) 0, (short) k, sig, (short) 0);
        return sig;
    }

    /** Whether sig is the certificate key's (n, e) signature of hash: the whole block re-encoded and compared. */
    static boolean verify(byte[] n, byte[] e, byte[] hash, byte[] sig) {
        byte[] modulus = RsaPublic.stripLeadingZeros(n, 0, n.length);
        int k = modulus.length;
        if (sig.length != k) {
            return false;
        }
        byte[] recovered = new byte[k];
        try {
            RsaPublic.modPow(modulus, e, sig, 0, k, recovered, 0);
            return Pkcs1.isSignatureBlock(recovered, NO_PREFIX, hash, 0, hash.length, k);
        } catch (CryptoException notBelowModulusOrTooShort) {
            return false;
        }
    }
}
