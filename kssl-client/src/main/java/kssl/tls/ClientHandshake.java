package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.IOException;
import ksecurity.cert.CertificateException;
import ksecurity.cert.CertificatePolicy;
import ksecurity.cert.HostName;
import ksecurity.cert.KeyStore;
import ksecurity.cert.Oid;
import ksecurity.cert.PublicKeyInfo;
import ksecurity.cert.X509Certificate;
import ksecurity.math.Curves;
import ksecurity.math.Pkcs1;
import ksecurity.math.RsaPublic;
import ksecurity.prim.Digest;
import ksecurity.prim.Sha1;
import ksecurity.prim.Sha256;
import ksecurity.security.CryptoException;
import ksecurity.security.PublicKey;
import ksecurity.security.Signature;

/**
 * The client state machine (KSSL). Full handshake: ClientHello → ServerHello, Certificate,
 * [ServerKeyExchange], ServerHelloDone → ClientKeyExchange, ChangeCipherSpec, Finished →
 * ChangeCipherSpec, Finished; abbreviated when the server resumes the session cached for
 * host:port, which is offered only while the certificates it was made with are all valid. The
 * server's chain is checked against the profile's {@link CertificatePolicy} floor, then
 * verified against the trust store and the host name (or handed to the application's callback,
 * which may accept a chain that does not verify but never one below the floor); a chain
 * already verified by that very check is accepted from {@link VerifiedCertificates}.
 */
final class ClientHandshake extends Handshake {
    static final int SEND_CLIENT_HELLO = 0;
    static final int WAIT_SERVER_HELLO = 1;
    static final int WAIT_CERTIFICATE = 2;
    static final int WAIT_SERVER_KEY_EXCHANGE = 3;
    static final int WAIT_SERVER_HELLO_DONE = 4;
    static final int WAIT_CHANGE_CIPHER_SPEC = 5;
    static final int WAIT_FINISHED = 6;
    static final int RESUME_WAIT_CHANGE_CIPHER_SPEC = 7;
    static final int RESUME_WAIT_FINISHED = 8;
    static final int DONE = 9;

    int state = SEND_CLIENT_HELLO;
    private final String host;
    private final String cacheKey;
    private final ClientOffer hello = new ClientOffer();
    private Session offered;
    X509Certificate[] chain;
    private int serverGroup;
    private boolean certificateRequested;
    /** SSL 3.0's no_certificate warning (RFC 6101 §5.4.2), answering a CertificateRequest. */
    private static final int NO_CERTIFICATE = 41;
    private byte[] serverPoint;
    /** RSA_EXPORT with a certificate key over 512 bits: the server's temporary key. */
    private ServerRsaParams temporaryRsa;
    /** RSA_EXPORT and a certificate key over 512 bits: the server must send a temporary key (set by readCertificate). */
    private boolean temporaryRsaExpected;

    ClientHandshake(TlsConnection conn, String host, int port) {
        super(conn);
        if (host == null || host.length() == 0) {
            throw new IllegalArgumentException("a client needs the server's host name or address to check its certificate");
        }
        this.host = host;
        this.cacheKey = host.concat(":").concat(Integer.toString(port));
    }

    String stateName() {
        return Integer.toString(state);
    }

    void run() throws IOException {
        while (state != DONE) {
            step();
        }
    }

    void step() throws IOException {
        switch (state) {
            case SEND_CLIENT_HELLO:
                sendClientHello();
                state = WAIT_SERVER_HELLO;
                break;
            case WAIT_SERVER_HELLO:
                readServerHello();
                break;
            case WAIT_CERTIFICATE:
                readCertificate();
                int kx = CipherSuite.keyExchange(suite);
                state = kx == CipherSuite.KX_ECDHE_ECDSA || kx == CipherSuite.KX_ECDHE_RSA || temporaryRsaExpected
                        ? WAIT_SERVER_KEY_EXCHANGE : WAIT_SERVER_HELLO_DONE;
                break;
            case WAIT_SERVER_KEY_EXCHANGE:
                if (CipherSuite.keyExchange(suite) == CipherSuite.KX_RSA_EXPORT) {
                    readTemporaryRsaKey();
                } else {
                    readServerKeyExchange();
                }
                state = WAIT_SERVER_HELLO_DONE;
                break;
            case WAIT_SERVER_HELLO_DONE:
                if (readCertificateRequestOrDone()) {
                    break;
                }
                if (certificateRequested) {
                    sendNoCertificate();
                }
                sendKeyExchange();
                sendChangeCipherSpec(true);
                sendFinished(true);
                records.flush();
                state = WAIT_CHANGE_CIPHER_SPEC;
                break;
            case WAIT_CHANGE_CIPHER_SPEC:
                readChangeCipherSpec(false);
                state = WAIT_FINISHED;
                break;
            case WAIT_FINISHED:
                readFinished();
                if (config.sessions != null && conn.sessionId.length > 0) {
                    config.sessions.put(cacheKey, new Session(conn.sessionId, version, suite, keys.master, ems, chain,
                            trustGeneration()));
                }
                state = DONE;
                break;
            case RESUME_WAIT_CHANGE_CIPHER_SPEC:
                readChangeCipherSpec(false);
                state = RESUME_WAIT_FINISHED;
                break;
            default: // RESUME_WAIT_FINISHED
                readFinished();
                sendChangeCipherSpec(true);
                sendFinished(true);
                records.flush();
                state = DONE;
                break;
        }
    }

    /** The trust store's generation (-1 without one): what a session's chain was checked against. */
    private long trustGeneration() {
        return config.trustStore == null ? -1 : config.trustStore.getGeneration();
    }

    /** RFC 5246 §7.2.2: after a fatal alert the host's session is not resumed. */
    void forgetSession() {
        if (config.sessions != null) {
            config.sessions.remove(cacheKey);
        }
    }

    private boolean offersEcc() {
        for (int i = 0; i < config.suites.length; i++) {
            if (CipherSuite.isEcc(config.suites[i]) && CipherSuite.allowedIn(config.suites[i], config.maxVersion)) {
                return true;
            }
        }
        return false;
    }

    private void sendClientHello() throws IOException {
        hello.version = config.maxVersion;
        System.arraycopy(random(32), 0, hello.random, 0, 32);
        if (config.sessions != null) {
            offered = config.sessions.get(cacheKey);
            if (offered != null && !inValidity(offered.peerChain, System.currentTimeMillis())) {
                // A session lives no longer than the certificates it was authenticated with.
                config.sessions.remove(cacheKey);
                offered = null;
            }
            if (offered != null && offered.trustGeneration != trustGeneration()) {
                // The chain was judged by what the trust store held then: judge it again.
                config.sessions.remove(cacheKey);
                offered = null;
            }
            if (offered != null && (offered.version < config.minVersion || offered.version > config.maxVersion)) {
                offered = null;
            }
        }
        if (offered != null) {
            hello.sessionId = offered.id;
        }
        int n = 0;
        int[] s = new int[config.suites.length + 1];
        for (int i = 0; i < config.suites.length; i++) {
            if (CipherSuite.allowedIn(config.suites[i], config.maxVersion)) {
                s[n++] = config.suites[i];
            }
        }
        Extensions e = hello.extensions;
        if (config.maxVersion == ProtocolVersion.SSL30) {
            // SSL 3.0 has no extensions: secure renegotiation is signalled by the SCSV (RFC 5746 §3.3).
            s[n++] = CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV;
        } else {
            e.present = true;
            if (HostName.parseIp(host) == null) {
                e.serverName = host;
            }
            e.renegotiationInfo = true;
            e.extendedMasterSecret = true;
            if (offersEcc()) {
                e.groups = config.groups;
                e.pointFormats = true;
            }
            if (config.maxVersion == ProtocolVersion.TLS12) {
                // RFC 9155: no SHA-1 signatures in TLS 1.2, except in the legacy profile.
                e.signatureAlgorithms = config.isLegacy()
                        ? new int[] {Extensions.ECDSA_SECP256R1_SHA256, Extensions.RSA_PKCS1_SHA256,
                            Extensions.ECDSA_SHA1, Extensions.RSA_PKCS1_SHA1}
                        : new int[] {Extensions.ECDSA_SECP256R1_SHA256, Extensions.RSA_PKCS1_SHA256};
            }
            if (config.maxFragment < RecordLayer.MAX_FRAGMENT) {
                e.maxFragmentLength = Extensions.maxFragmentCode(config.maxFragment);
                e.recordSizeLimit = config.maxFragment;
            }
        }
        hello.suites = new int[n];
        System.arraycopy(s, 0, hello.suites, 0, n);
        hello.write(out);
        records.flush();
    }

    private void readServerHello() throws IOException {
        expect(HandshakeType.SERVER_HELLO);
        ServerHello sh = new ServerHello();
        sh.parse(in);
        in.end();
        version = sh.version;
        if (version < config.minVersion || version > config.maxVersion || !ProtocolVersion.isSupported(version)) {
            throw new TlsException(Alert.PROTOCOL_VERSION, "server chose ".concat(ProtocolVersion.name(version)));
        }
        records.setVersion(version);
        hash.setVersion(version);
        suite = sh.suite;
        if (!hello.offers(suite) || suite == CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV
                || !CipherSuite.allowedIn(suite, version)) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "server chose a suite not offered: ".concat(CipherSuite.name(suite)));
        }
        Extensions se = sh.extensions;
        Extensions ce = hello.extensions;
        if ((se.serverNameAck && ce.serverName == null) || (se.extendedMasterSecret && !ce.extendedMasterSecret)
                || (se.renegotiationInfo && !ce.renegotiationInfo && !hello.offers(CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV))
                || (se.pointFormats && !ce.pointFormats) || se.groups != null || se.signatureAlgorithms != null
                || (se.recordSizeLimit != 0 && ce.recordSizeLimit == 0)
                || (se.maxFragmentLength != 0 && se.maxFragmentLength != ce.maxFragmentLength)) {
            throw new TlsException(Alert.UNSUPPORTED_EXTENSION, "ServerHello extension not offered");
        }
        if (se.recordSizeLimit != 0 && se.maxFragmentLength != 0) {
            // RFC 8449 §5: a client MUST treat receipt of both as a fatal error (illegal_parameter).
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "ServerHello has both max_fragment_length and record_size_limit");
        }
        if (se.renegotiationInfo && se.renegotiatedConnection.length != 0) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "renegotiation_info not empty on an initial handshake");
        }
        if (se.recordSizeLimit != 0) {
            records.limitSend(se.recordSizeLimit);
        } else if (se.maxFragmentLength != 0) {
            records.limitSend(Extensions.maxFragmentBytes(se.maxFragmentLength));
        }
        ems = se.extendedMasterSecret;
        conn.sessionId = sh.sessionId;
        keys = new KeySchedule(version, suite, hello.random, sh.random);
        if (offered != null && sh.sessionId.length > 0 && sh.sessionId.length == offered.id.length
                && Bytes.equalsConstantTime(sh.sessionId, 0, offered.id, 0, offered.id.length)) {
            if (offered.version != version || offered.suite != suite) {
                throw new TlsException(Alert.ILLEGAL_PARAMETER, "resumed session with another version or suite");
            }
            if (offered.extendedMasterSecret != ems) {
                // RFC 7627 §5.3: the EMS state of a resumed session cannot change.
                throw new TlsException(Alert.HANDSHAKE_FAILURE, "resumed session changes extended_master_secret");
            }
            resumed = true;
            chain = offered.peerChain;
            keys.setMaster(offered.master);
            state = RESUME_WAIT_CHANGE_CIPHER_SPEC;
        } else {
            if (offered != null) {
                config.sessions.remove(cacheKey);
            }
            state = WAIT_CERTIFICATE;
        }
    }

    private void readCertificate() throws IOException {
        expect(HandshakeType.CERTIFICATE);
        chain = Certificate.parse(in);
        in.end();
        int kx = CipherSuite.keyExchange(suite);
        PublicKeyInfo info = chain[0].getPublicKeyInfo();
        boolean ec = kx == CipherSuite.KX_ECDH_ECDSA || kx == CipherSuite.KX_ECDHE_ECDSA;
        if (ec != (info.getCurveName() != null)) {
            throw new TlsException(Alert.UNSUPPORTED_CERTIFICATE, "certificate key type does not fit the suite");
        }
        byte[] n = info.getModulus();
        temporaryRsaExpected = kx == CipherSuite.KX_RSA_EXPORT
                && RsaPublic.stripLeadingZeros(n, 0, n.length).length > ServerRsaParams.MAX_MODULUS_BYTES;
        // RSA_EXPORT with a key over 512 bits: the key signs a temporary one (RFC 2246 §7.4.2).
        int usage = kx == CipherSuite.KX_ECDH_ECDSA ? X509Certificate.KU_KEY_AGREEMENT
                : kx == CipherSuite.KX_RSA || kx == CipherSuite.KX_RSA_EXPORT && !temporaryRsaExpected
                        ? X509Certificate.KU_KEY_ENCIPHERMENT
                : X509Certificate.KU_DIGITAL_SIGNATURE;
        verifyChain(usage);
        if (kx == CipherSuite.KX_ECDH_ECDSA) {
            serverGroup = EcdhKey.groupOf(Curves.byBits(info.getKeySize()));
            if (serverGroup < 0 || !Extensions.contains(config.groups, serverGroup)) {
                throw new TlsException(Alert.UNSUPPORTED_CERTIFICATE, "certificate key on a curve not offered");
            }
            serverPoint = info.getW();
        }
    }

    /**
     * The server's chain against the trust store, the host and the profile's floor (through the
     * cache of verified chains). A chain that does not verify goes to the callback, if any,
     * unless it fails the floor (WEAK_ALGORITHM, or UNSUPPORTED_ALGORITHM: a key or signature
     * nothing here can check): that is never the application's to waive.
     */
    private void verifyChain(int usage) throws TlsException {
        CertificatePolicy policy = config.isLegacy() ? CertificatePolicy.LEGACY : CertificatePolicy.MODERN;
        // Without a trust store, an empty one: the floor is still checked, and the chain is untrusted.
        KeyStore ks = config.trustStore != null ? config.trustStore : new KeyStore();
        long now = System.currentTimeMillis();
        CertificateException problem;
        try {
            if (config.verified != null) {
                config.verified.verify(ks, chain, now, host, usage, Oid.SERVER_AUTH, policy);
            } else {
                ks.verifyChain(chain, now, host, usage, Oid.SERVER_AUTH, policy);
            }
            return;
        } catch (CertificateException e) {
            problem = e;
        }
        short reason = problem.getReason();
        if (reason != CertificateException.WEAK_ALGORITHM && reason != CertificateException.UNSUPPORTED_ALGORITHM
                && config.callback != null && config.callback.accept(host, chain, problem)) {
            return;
        }
        throw new TlsException(alertFor(reason), problem.getMessage());
    }

    /** True if every certificate of {@code chain} is within its validity period at {@code now}. */
    private static boolean inValidity(X509Certificate[] chain, long now) {
        if (chain == null || chain.length == 0) {
            return false;
        }
        for (int i = 0; i < chain.length; i++) {
            if (now < chain[i].getNotBefore() || now > chain[i].getNotAfter()) {
                return false;
            }
        }
        return true;
    }

    static int alertFor(short reason) {
        switch (reason) {
            case CertificateException.EXPIRED:
            case CertificateException.NOT_YET_VALID:
                return Alert.CERTIFICATE_EXPIRED;
            case CertificateException.UNTRUSTED:
            case CertificateException.BROKEN_CHAIN:
                return Alert.UNKNOWN_CA;
            case CertificateException.UNSUPPORTED_ALGORITHM:
                return Alert.UNSUPPORTED_CERTIFICATE;
            case CertificateException.NAME_MISMATCH:
                return Alert.CERTIFICATE_UNKNOWN;
            case CertificateException.WEAK_ALGORITHM: // as OpenSSL for a key too small or a digest too weak
            default:
                return Alert.BAD_CERTIFICATE;
        }
    }

    /** ECParameters (named curve), the server's ephemeral point, and its signature (RFC 8422 §5.4). */
    /**
     * Reads a CertificateRequest (true: ServerHelloDone still to come) or the ServerHelloDone.
     * The client has no certificate: it answers a request with an empty Certificate (TLS) or
     * a no_certificate warning (SSL 3.0), and the server decides whether that will do.
     */
    private boolean readCertificateRequestOrDone() throws IOException {
        int t = in.begin(config.maxHandshakeMessage);
        if (t == HandshakeType.CERTIFICATE_REQUEST && !certificateRequested) {
            certificateRequested = true;
            in.skip(in.remaining());
            in.end();
            return true;
        }
        if (t != HandshakeType.SERVER_HELLO_DONE) {
            throw new TlsException(Alert.UNEXPECTED_MESSAGE,
                    HandshakeType.name(t).concat(" where ServerHelloDone was expected"));
        }
        in.end();
        return false;
    }

    private void sendNoCertificate() throws IOException {
        if (version == ProtocolVersion.SSL30) {
            records.sendAlert(Alert.WARNING, NO_CERTIFICATE);
            return;
        }
        out.begin(HandshakeType.CERTIFICATE, 3);
        out.u24(0);
        out.end();
    }

    private void readServerKeyExchange() throws IOException {
        expect(HandshakeType.SERVER_KEY_EXCHANGE);
        if (in.u8() != 3) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "ECParameters not a named curve");
        }
        serverGroup = in.u16();
        if (!Extensions.contains(config.groups, serverGroup)) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "server chose a group not offered");
        }
        int n = in.u8();
        if (n == 0) {
            throw new TlsException(Alert.DECODE_ERROR, "empty ECPoint");
        }
        serverPoint = in.read(n);
        if (serverPoint[0] != 4) {
            // RFC 8422 §5.1.2: the client offered uncompressed points only.
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "server point not in uncompressed form");
        }
        int scheme = in.u16();
        int sigLen = in.u16();
        if (sigLen != in.remaining() || sigLen == 0) {
            throw new TlsException(Alert.DECODE_ERROR, "signature length");
        }
        byte[] sig = in.read(sigLen);
        in.end();
        boolean ecdsa = CipherSuite.keyExchange(suite) == CipherSuite.KX_ECDHE_ECDSA;
        byte alg;
        Digest d;
        if (!Extensions.contains(hello.extensions.signatureAlgorithms, scheme)) {
            // RFC 5246 §7.4.1.4.1; for SHA-1 in the modern profile, RFC 9155 §2.
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "ServerKeyExchange signature algorithm not offered");
        }
        if (scheme == (ecdsa ? Extensions.ECDSA_SECP256R1_SHA256 : Extensions.RSA_PKCS1_SHA256)) {
            d = new Sha256();
            alg = ecdsa ? Signature.ALG_ECDSA_SHA_256 : Signature.ALG_RSA_SHA_256_PKCS1;
        } else if (scheme == (ecdsa ? Extensions.ECDSA_SHA1 : Extensions.RSA_PKCS1_SHA1)) {
            d = new Sha1();
            alg = ecdsa ? Signature.ALG_ECDSA_SHA : Signature.ALG_RSA_SHA_PKCS1;
        } else {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "signature algorithm not offered or not the certificate's");
        }
        byte[] params = new byte[4 + n];
        params[0] = 3;
        Bytes.put16(params, 1, serverGroup);
        params[3] = (byte) n;
        System.arraycopy(serverPoint, 0, params, 4, n);
        d.update(keys.clientRandom, 0, 32);
        d.update(keys.serverRandom, 0, 32);
        d.update(params, 0, params.length);
        byte[] h = new byte[d.digestSize()];
        d.doFinal(h, 0);
        boolean ok;
        try {
            PublicKey key = chain[0].getPublicKey();
            Signature s = Signature.getInstance(alg, false);
            s.init(key, Signature.MODE_VERIFY);
            ok = s.verifyPreComputedHash(h, (short) 0, (short) h.length, sig, (short) 0, (short) sig.length);
        } catch (CryptoException e) {
            ok = false;
        } catch (CertificateException e) {
            throw new TlsException(Alert.UNSUPPORTED_CERTIFICATE, e.getMessage());
        }
        if (!ok) {
            throw new TlsException(Alert.DECRYPT_ERROR, "ServerKeyExchange signature does not verify");
        }
    }

    /** RSA_EXPORT's ServerKeyExchange: ServerRSAParams signed by the certificate's key over MD5 || SHA-1. */
    private void readTemporaryRsaKey() throws IOException {
        expect(HandshakeType.SERVER_KEY_EXCHANGE);
        temporaryRsa = ServerRsaParams.read(in);
        int sigLen = in.u16();
        if (sigLen != in.remaining() || sigLen == 0) {
            throw new TlsException(Alert.DECODE_ERROR, "signature length");
        }
        byte[] sig = in.read(sigLen);
        in.end();
        PublicKeyInfo info = chain[0].getPublicKeyInfo();
        byte[] params = temporaryRsa.encoded;
        byte[] h = ServerRsaParams.hash(keys.clientRandom, keys.serverRandom, params, 0, params.length);
        if (!ServerRsaParams.verify(info.getModulus(), info.getExponent(), h, sig)) {
            throw new TlsException(Alert.DECRYPT_ERROR, "ServerKeyExchange signature does not verify");
        }
    }

    private void sendKeyExchange() throws IOException {
        int kx = CipherSuite.keyExchange(suite);
        byte[] pms;
        if (kx == CipherSuite.KX_RSA || kx == CipherSuite.KX_RSA_EXPORT) {
            pms = random(48);
            pms[0] = (byte) (hello.version >>> 8);
            pms[1] = (byte) hello.version;
            PublicKeyInfo info = chain[0].getPublicKeyInfo();
            byte[] nMod = temporaryRsa != null ? temporaryRsa.modulus
                    : RsaPublic.stripLeadingZeros(info.getModulus(), 0, info.getModulus().length);
            byte[] exponent = temporaryRsa != null ? temporaryRsa.exponent : info.getExponent();
            byte[] em = new byte[nMod.length];
            byte[] enc = new byte[nMod.length];
            try {
                Pkcs1.encodeEncryption(pms, 0, 48, nMod.length, config.random, em);
                RsaPublic.modPow(nMod, exponent, em, 0, em.length, enc, 0);
            } catch (CryptoException e) {
                throw new TlsException(Alert.UNSUPPORTED_CERTIFICATE, "RSA key: ".concat(e.getMessage()));
            }
            Bytes.wipe(em);
            boolean ssl3 = version == ProtocolVersion.SSL30;
            out.begin(HandshakeType.CLIENT_KEY_EXCHANGE, (ssl3 ? 0 : 2) + enc.length);
            if (!ssl3) {
                out.u16(enc.length);
            }
            out.bytes(enc);
        } else {
            EcdhKey mine = EcdhKey.generate(serverGroup, config.random);
            try {
                pms = mine.agree(serverPoint, 0, serverPoint.length);
            } finally {
                mine.clear(); // also when the server's point is refused
            }
            out.begin(HandshakeType.CLIENT_KEY_EXCHANGE, 1 + mine.point.length);
            out.u8(mine.point.length);
            out.bytes(mine.point);
        }
        out.end();
        keys.deriveMaster(pms, 0, pms.length, ems, hash);
        Bytes.wipe(pms);
    }
}
