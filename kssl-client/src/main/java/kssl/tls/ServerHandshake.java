package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.IOException;
import ksecurity.crypto.Cipher;
import ksecurity.math.Pkcs1;
import ksecurity.prim.Sha256;
import ksecurity.security.CryptoException;
import ksecurity.security.Signature;

/**
 * The server state machine (what Sizzle runs, and what the motes' C firmware mirrors byte for
 * byte; its written table is kssl-client/STATES.md). Full handshake: ClientHello →
 * ServerHello, Certificate, [ServerKeyExchange], ServerHelloDone → ClientKeyExchange,
 * ChangeCipherSpec, Finished → ChangeCipherSpec, Finished. Abbreviated: ClientHello →
 * ServerHello, ChangeCipherSpec, Finished → ChangeCipherSpec, Finished. No
 * CertificateRequest.
 *
 * <p>Deterministic: its randomness is drawn from the config's source in a fixed order —
 * server_random (32 bytes), then, when the server keeps sessions, a 4-byte session id (both
 * drawn before anything about the hello is decided, so that a mote can draw them while it waits
 * for a client; the id names a new session and is thrown away when the session resumes or the
 * hello fails), then the ephemeral ECDHE
 * scalar unless one was precomputed, then the ServerKeyExchange signature's hedged nonce
 * input (RFC 6979 §3.6: orderBytes of fresh bytes), then for RSA key exchange the 48 bytes of
 * the fallback premaster secret (whose first two bytes are then the client_version).
 *
 * <p>Static shapes: what it keeps of the ClientHello is {@link ClientHello}'s fixed fields,
 * its flight streams into the record buffer ({@link HandshakeWriter}), and the buffers below
 * are sized once per connection.
 */
final class ServerHandshake extends Handshake {
    static final int WAIT_CLIENT_HELLO = 0;
    static final int WAIT_CLIENT_KEY_EXCHANGE = 1;
    static final int WAIT_CHANGE_CIPHER_SPEC = 2;
    static final int WAIT_FINISHED = 3;
    static final int RESUME_WAIT_CHANGE_CIPHER_SPEC = 4;
    static final int RESUME_WAIT_FINISHED = 5;
    static final int DONE = 6;
    /** The states' names, as kssl-client/STATES.md writes them. */
    private static final String[] STATE_NAMES = {"WAIT_CLIENT_HELLO", "WAIT_CLIENT_KEY_EXCHANGE",
        "WAIT_CHANGE_CIPHER_SPEC", "WAIT_FINISHED", "RESUME_WAIT_CHANGE_CIPHER_SPEC", "RESUME_WAIT_FINISHED", "DONE"};

    /** Sizzle's session ids are 4 bytes: a few cached sessions need no more. */
    static final int SESSION_ID_LENGTH = 4;
    private static final byte[] NO_SESSION_ID = new byte[0];
    /** The largest EC point accepted in ClientKeyExchange: uncompressed P-256. */
    private static final int MAX_POINT = 65;

    int state = WAIT_CLIENT_HELLO;
    private final ClientHello hello = new ClientHello();
    private final ServerHello answer = new ServerHello();
    private final byte[] newSessionId = new byte[SESSION_ID_LENGTH];
    private byte[] sessionId = NO_SESSION_ID;
    private final byte[] peerPoint = new byte[MAX_POINT];
    /** ServerKeyExchange: ECParameters and the ephemeral point, then its signature. */
    private final byte[] params = new byte[4 + MAX_POINT];
    private final byte[] signature = new byte[80];
    /** The digest of the server_name the client asked for (sessions are bound to it), or null. */
    private byte[] nameDigest;
    private ServerIdentity identity;
    private EcdhKey ephemeral;
    /** RSA_EXPORT with a certificate key over 512 bits: the temporary key the premaster secret comes under. */
    private ServerRsaParams temporaryRsa;

    ServerHandshake(TlsConnection conn) {
        super(conn);
    }

    String stateName() {
        return STATE_NAMES[state];
    }

    void run() throws IOException {
        while (state != DONE) {
            step();
        }
    }

    void step() throws IOException {
        switch (state) {
            case WAIT_CLIENT_HELLO:
                readClientHello();
                answerClientHello();
                break;
            case WAIT_CLIENT_KEY_EXCHANGE:
                readClientKeyExchange();
                state = WAIT_CHANGE_CIPHER_SPEC;
                break;
            case WAIT_CHANGE_CIPHER_SPEC:
                readChangeCipherSpec(true);
                state = WAIT_FINISHED;
                break;
            case WAIT_FINISHED:
                readFinished();
                // Cached before our Finished goes out: a client may reconnect to resume the
                // moment it reads it (s_client -reconnect does). A failed send removes it again.
                if (config.sessions != null && sessionId.length > 0) {
                    config.sessions.put(new Session(sessionId, version, suite, keys.master, ems,
                            System.currentTimeMillis(), nameDigest));
                }
                sendChangeCipherSpec(false);
                sendFinished(false);
                records.flush();
                state = DONE;
                break;
            case RESUME_WAIT_CHANGE_CIPHER_SPEC:
                readChangeCipherSpec(true);
                state = RESUME_WAIT_FINISHED;
                break;
            default: // RESUME_WAIT_FINISHED
                readFinished();
                state = DONE;
                break;
        }
    }

    private void readClientHello() throws IOException {
        readClientHello(config, records, in, hash, hello);
        byte[] digest = conn.helloDigests == null ? null : conn.helloDigests.clientHelloDigest();
        if (digest != null) hash.importClientHello(digest); // the hello parsed was a projection (HelloDigestSource)
    }

    /**
     * Reads the first ClientHello (or an SSLv2-compatible one, if the config accepts it) into
     * {@code hello}, hashing its bytes. Static so that the test tool HelloShapes, which writes
     * the C engine's corpus, runs exactly these steps.
     */
    static void readClientHello(TlsConfig config, RecordLayer records, HandshakeReader in, HandshakeHash hash,
            ClientHello hello) throws IOException {
        records.allowSsl2Hello(config.acceptSsl2Hello);
        int t = records.next();
        if (t == RecordLayer.SSL2_CLIENT_HELLO) {
            int len = records.available();
            hello.parseSsl2(records.buffer(), len);
            hash.update(records.buffer(), 0, len);
            records.consume(len);
        } else if (t == RecordLayer.EOF || t == RecordLayer.CLOSE_NOTIFY) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "connection closed before the ClientHello");
        } else {
            expect(in, config.maxHandshakeMessage, HandshakeType.CLIENT_HELLO);
            hello.parse(in);
            in.end();
        }
    }

    /** The host name the client asked for (server_name), or null. */
    String serverName() {
        return hello.serverName();
    }

    void wipeSecrets() {
        super.wipeSecrets();
        if (ephemeral != null) {
            ephemeral.clear();
        }
    }

    private void answerClientHello() throws IOException {
        // RFC 5246 App. E.1: a higher client_version (4.0, 254.254...) gets our highest.
        version = ProtocolVersion.negotiate(hello.version, config.minVersion, config.maxVersion);
        if (version < 0) {
            throw new TlsException(Alert.PROTOCOL_VERSION, "client offers ".concat(ProtocolVersion.name(hello.version)));
        }
        if (hello.offers(CipherSuite.TLS_FALLBACK_SCSV) && version < config.maxVersion) {
            throw new TlsException(Alert.INAPPROPRIATE_FALLBACK, "fallback to ".concat(ProtocolVersion.name(version)));
        }
        if (!hash.allows(version)) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "a digested ClientHello needs TLS 1.2, not ".concat(ProtocolVersion.name(version)));
        }
        if (!hash.allowsWithoutEms() && !hello.extendedMasterSecret) {
            // the gateway chose what was parsed (LINK.md §15.3): a projection without EMS could
            // only be one that left it out, so a session without it is refused, not made
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "a digested ClientHello must offer extended_master_secret");
        }
        records.setVersion(version);
        hash.setVersion(version);
        if (hello.renegotiatedConnection) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "renegotiation_info not empty on an initial handshake");
        }
        if (hello.pointFormats && !hello.uncompressed && hello.groupsOffered) {
            // RFC 8422 §5.1.2: uncompressed is the only format, and it MUST be supported.
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "ec_point_formats without uncompressed");
        }
        ems = hello.extendedMasterSecret && version != ProtocolVersion.SSL30;
        nameDigest = nameDigest(hello);

        ServerHello sh = answer;
        sh.version = version;
        config.random.generateData(sh.random, (short) 0, (short) 32);
        if (config.sessions != null) {
            config.random.generateData(newSessionId, (short) 0, (short) SESSION_ID_LENGTH);
        }
        Session session = findSession();
        if (session != null) {
            resumed = true;
            suite = session.suite;
            sessionId = session.id;
        } else {
            suite = chooseSuite();
            if (config.sessions != null) {
                sessionId = newSessionId;
            }
        }
        sh.sessionId = sessionId;
        conn.sessionId = sessionId;
        sh.suite = suite;
        keys = new KeySchedule(version, suite, hello.random, sh.random);
        Extensions se = sh.extensions;
        // RFC 5746 §3.6: answer the extension or the SCSV with an empty renegotiation_info.
        se.renegotiationInfo = hello.renegotiationInfo || hello.offers(CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV);
        se.extendedMasterSecret = ems;
        se.pointFormats = CipherSuite.isEcc(suite) && hello.pointFormats;
        int limit = RecordLayer.MAX_FRAGMENT;
        if (hello.recordSizeLimit != 0) {
            // RFC 8449 §5: record_size_limit wins over max_fragment_length; answer with ours.
            limit = hello.recordSizeLimit;
            se.recordSizeLimit = records.getReceiveLimit();
        } else if (hello.maxFragmentLength != 0) {
            limit = Extensions.maxFragmentBytes(hello.maxFragmentLength);
            se.maxFragmentLength = hello.maxFragmentLength;
        }
        se.present = se.renegotiationInfo || se.extendedMasterSecret || se.pointFormats || se.recordSizeLimit != 0
                || se.maxFragmentLength != 0;
        // The flight is cut into records of the negotiated size as it is written.
        records.limitSend(limit);
        sh.write(out);
        if (resumed) {
            keys.setMaster(session.master);
            sendChangeCipherSpec(false);
            sendFinished(false);
            records.flush();
            state = RESUME_WAIT_CHANGE_CIPHER_SPEC;
            return;
        }
        Certificate.write(out, identity.encoded);
        int kx = CipherSuite.keyExchange(suite);
        if (kx == CipherSuite.KX_ECDHE_ECDSA) {
            writeServerKeyExchange();
        } else if (kx == CipherSuite.KX_RSA_EXPORT && identity.rsaBytes > ServerRsaParams.MAX_MODULUS_BYTES) {
            writeTemporaryRsaKey();
        }
        out.begin(HandshakeType.SERVER_HELLO_DONE, 0);
        out.end();
        records.flush();
        state = WAIT_CLIENT_KEY_EXCHANGE;
    }

    /**
     * The digest of the client's server_name (SHA-256 of the name in lower case, truncated: DNS
     * names compare without case, RFC 4343), or null if it sent none.
     */
    private static byte[] nameDigest(ClientHello h) {
        if (h.serverNameLength == 0) {
            return null;
        }
        byte[] lower = new byte[h.serverNameLength];
        for (int i = 0; i < lower.length; i++) {
            byte c = h.serverName[i];
            lower[i] = c >= 'A' && c <= 'Z' ? (byte) (c + 32) : c;
        }
        Sha256 d = new Sha256();
        d.update(lower, 0, lower.length);
        byte[] full = new byte[32];
        d.doFinal(full, 0);
        return Bytes.copy(full, 0, Session.NAME_DIGEST);
    }

    /**
     * The cached session the client asks for, if it may be resumed; null for a full handshake.
     * RFC 6066 §3: never under another server_name. RFC 7627 §5.3: an extended-master-secret
     * session offered without the extension aborts; one made without it is not resumed by a
     * client that now has it. RFC 5246 §7.4.1.2: the hello MUST offer the session's suite.
     */
    private Session findSession() throws TlsException {
        if (config.sessions == null || hello.sessionIdLength == 0) {
            return null;
        }
        Session s = config.sessions.find(hello.sessionId, 0, hello.sessionIdLength);
        if (s == null || !s.isFor(nameDigest) || s.version != version) {
            return null;
        }
        if (s.extendedMasterSecret && !ems) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "resuming an extended_master_secret session without it");
        }
        if (s.extendedMasterSecret != ems) {
            return null;
        }
        if (!hello.offers(s.suite)) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "resumption without the session's cipher suite");
        }
        return Extensions.contains(config.suites, s.suite) ? s : null;
    }

    /** The first of the server's suites that the client offers and that fits version, keys and extensions. */
    private int chooseSuite() throws TlsException {
        for (int i = 0; i < config.suites.length; i++) {
            int s = config.suites[i];
            if (!hello.offers(s) || !CipherSuite.allowedIn(s, version)) {
                continue;
            }
            int kx = CipherSuite.keyExchange(s);
            ServerIdentity id = null;
            if (kx == CipherSuite.KX_ECDHE_ECDSA) {
                // P-256 and a SHA-2 ECDSA scheme the client accepts (RFC 9155: no SHA-1).
                boolean group = !hello.groupsOffered || hello.offersGroup(Extensions.SECP256R1);
                id = group && hello.ecdsaScheme != 0 ? config.identity(true, Extensions.SECP256R1) : null;
            } else if (kx == CipherSuite.KX_ECDH_ECDSA) {
                id = config.identity(true, -1);
                if (id != null && hello.groupsOffered && !hello.offersGroup(id.group)) {
                    id = null;
                }
            } else if (kx == CipherSuite.KX_RSA || kx == CipherSuite.KX_RSA_EXPORT) {
                id = config.identity(false, -1);
            }
            if (id != null && signableChain(id)) {
                identity = id;
                return s;
            }
        }
        throw new TlsException(Alert.HANDSHAKE_FAILURE, "no cipher suite in common");
    }

    /**
     * RFC 5246 §7.4.2: in TLS 1.2, a client that sent signature_algorithms gets only a chain
     * whose every certificate is signed with a pair it listed.
     */
    private boolean signableChain(ServerIdentity id) {
        return version != ProtocolVersion.TLS12 || !hello.signatureAlgorithmsOffered
                || (id.chainSchemes & ~hello.signatureSchemes) == 0;
    }

    /** The KSecurity ECDSA algorithm of a TLS 1.2 signature scheme (one ClientHello.canSign accepts). */
    private static byte ecdsaAlgorithm(int scheme) {
        switch (scheme) {
            case Extensions.ECDSA_SHA224: return Signature.ALG_ECDSA_SHA_224;
            case Extensions.ECDSA_SECP384R1_SHA384: return Signature.ALG_ECDSA_SHA_384;
            case Extensions.ECDSA_SECP521R1_SHA512: return Signature.ALG_ECDSA_SHA_512;
            default: return Signature.ALG_ECDSA_SHA_256;
        }
    }

    /**
     * ECParameters (named_curve secp256r1), the ephemeral point, and their ECDSA signature
     * with the hash the client prefers (RFC 8422 §5.4, RFC 5246 §7.4.3).
     */
    private void writeServerKeyExchange() throws IOException {
        ephemeral = config.takeEphemeral(Extensions.SECP256R1);
        byte[] point = ephemeral.point;
        params[0] = 3; // named_curve
        Bytes.put16(params, 1, ephemeral.group);
        params[3] = (byte) point.length;
        System.arraycopy(point, 0, params, 4, point.length);
        int paramsLen = 4 + point.length;
        int scheme = hello.ecdsaScheme;
        int sigLen;
        try {
            Signature s = Signature.getInstance(ecdsaAlgorithm(scheme), false);
            s.init(identity.key, Signature.MODE_SIGN);
            s.setRandomData(config.random); // the hedged nonce's fresh bytes, drawn after the ECDHE scalar
            s.update(hello.random, (short) 0, (short) 32);
            s.update(keys.serverRandom, (short) 0, (short) 32);
            sigLen = s.sign(params, (short) 0, (short) paramsLen, signature, (short) 0);
        } catch (CryptoException e) {
            throw new TlsException(Alert.INTERNAL_ERROR, "signing ServerKeyExchange: ".concat(e.getMessage()));
        }
        out.begin(HandshakeType.SERVER_KEY_EXCHANGE, paramsLen + 2 + 2 + sigLen);
        out.bytes(params, 0, paramsLen);
        out.u16(scheme);
        out.u16(sigLen);
        out.bytes(signature, 0, sigLen);
        out.end();
    }

    /** RSA_EXPORT's ServerKeyExchange: a temporary key of 512 bits, signed by the certificate's key (ServerRsaParams). */
    private void writeTemporaryRsaKey() throws IOException {
        temporaryRsa = config.temporaryRsaKey();
        byte[] p = temporaryRsa.encoded;
        byte[] h = ServerRsaParams.hash(hello.random, keys.serverRandom, p, 0, p.length);
        byte[] sig;
        try {
            sig = ServerRsaParams.sign(identity.key, identity.rsaBytes, h);
        } catch (CryptoException e) {
            throw new TlsException(Alert.INTERNAL_ERROR, "signing ServerKeyExchange: ".concat(e.getMessage()));
        }
        out.begin(HandshakeType.SERVER_KEY_EXCHANGE, p.length + 2 + sig.length);
        out.bytes(p);
        out.u16(sig.length);
        out.bytes(sig);
        out.end();
    }

    private void readClientKeyExchange() throws IOException {
        expect(HandshakeType.CLIENT_KEY_EXCHANGE);
        int kx = CipherSuite.keyExchange(suite);
        byte[] pms;
        if (kx == CipherSuite.KX_RSA || kx == CipherSuite.KX_RSA_EXPORT) {
            int n = version == ProtocolVersion.SSL30 ? in.remaining() : in.u16();
            int k = temporaryRsa != null ? temporaryRsa.modulus.length : identity.rsaBytes;
            if (n != in.remaining() || n != k) {
                throw new TlsException(Alert.DECODE_ERROR, "EncryptedPreMasterSecret length");
            }
            byte[] enc = in.read(n);
            in.end();
            pms = rsaPremaster(enc);
        } else {
            int n = in.u8();
            if (n == 0 || n != in.remaining()) {
                throw new TlsException(Alert.DECODE_ERROR, "ClientECDiffieHellmanPublic length");
            }
            if (n > MAX_POINT) {
                in.skip(n);
                in.end();
                throw new TlsException(Alert.ILLEGAL_PARAMETER, "ClientECDiffieHellmanPublic longer than a P-256 point");
            }
            in.read(peerPoint, 0, n);
            in.end();
            if (peerPoint[0] != 4) {
                // RFC 8422 §5.1.2: the server offered uncompressed points only.
                throw new TlsException(Alert.ILLEGAL_PARAMETER, "client point not in uncompressed form");
            }
            EcdhKey k = kx == CipherSuite.KX_ECDHE_ECDSA ? ephemeral : identity.ecdh;
            pms = k.agree(peerPoint, 0, n);
            if (k == ephemeral) {
                ephemeral.clear();
            }
        }
        keys.deriveMaster(pms, 0, pms.length, ems, hash);
        Bytes.wipe(pms);
    }

    /**
     * RFC 5246 §7.4.7.1: decrypt, and if the padding is wrong or the length is not 48, go on
     * with a random premaster secret, choosing between the two without a branch or an index
     * that depends on the decryption (Pkcs1.decodeEncryptionOrFallback); the version bytes are
     * always the client_version, so a version check cannot leak either. The handshake then
     * fails at Finished, the same way whatever went wrong.
     */
    private byte[] rsaPremaster(byte[] enc) throws TlsException {
        byte[] fallback = random(48);
        fallback[0] = (byte) (hello.version >>> 8);
        fallback[1] = (byte) hello.version;
        byte[] em = new byte[enc.length];
        try {
            Cipher rsa = Cipher.getInstance(Cipher.ALG_RSA_NOPAD, false);
            rsa.init(temporaryRsa != null ? temporaryRsa.key : identity.key, Cipher.MODE_DECRYPT);
            rsa.doFinal(enc, (short) 0, (short) enc.length, em, (short) 0);
        } catch (CryptoException e) {
            // A ciphertext not below the modulus: public, and treated like bad padding.
            Bytes.wipe(em);
        }
        byte[] pms = new byte[48];
        Pkcs1.decodeEncryptionOrFallback(em, em.length, 48, fallback, pms, 0);
        pms[0] = fallback[0];
        pms[1] = fallback[1];
        Bytes.wipe(em);
        Bytes.wipe(fallback);
        return pms;
    }
}
