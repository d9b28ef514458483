package kssl.tls;

import java.io.IOException;
import ksecurity.crypto.Cipher;
import ksecurity.math.Pkcs1;
import ksecurity.prim.Digest;
import ksecurity.prim.Sha1;
import ksecurity.prim.Sha256;
import ksecurity.security.CryptoException;
import ksecurity.security.Signature;

/**
 * The server state machine (what Sizzle runs, and what the motes' C firmware mirrors byte for
 * byte). Full handshake: ClientHello → ServerHello, Certificate, [ServerKeyExchange],
 * ServerHelloDone → ClientKeyExchange, ChangeCipherSpec, Finished → ChangeCipherSpec,
 * Finished. Abbreviated: ClientHello → ServerHello, ChangeCipherSpec, Finished →
 * ChangeCipherSpec, Finished. No CertificateRequest. Deterministic: its randomness is drawn
 * from the config's source in a fixed order — server_random (32 bytes), then for a new session
 * its 4-byte id, then the ephemeral ECDHE scalar unless one was precomputed, then for RSA key
 * exchange the 48 bytes of the fallback premaster secret (whose first two bytes are then the
 * client_version); ECDSA nonces are RFC 6979's.
 */
final class ServerHandshake extends Handshake {
    static final int WAIT_CLIENT_HELLO = 0;
    static final int WAIT_CLIENT_KEY_EXCHANGE = 1;
    static final int WAIT_CHANGE_CIPHER_SPEC = 2;
    static final int WAIT_FINISHED = 3;
    static final int RESUME_WAIT_CHANGE_CIPHER_SPEC = 4;
    static final int RESUME_WAIT_FINISHED = 5;
    static final int DONE = 6;

    /** Sizzle's session ids are 4 bytes: a few cached sessions need no more. */
    static final int SESSION_ID_LENGTH = 4;

    int state = WAIT_CLIENT_HELLO;
    private final ClientHello hello = new ClientHello();
    private ServerIdentity identity;
    private EcdhKey ephemeral;
    /** RSA_EXPORT with a certificate key over 512 bits: the temporary key the premaster secret comes under. */
    private ServerRsaParams temporaryRsa;
    private byte[] sessionId;

    ServerHandshake(TlsConnection conn) {
        super(conn);
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
                    config.sessions.put(Bytes.hex(sessionId, 0, sessionId.length),
                            new Session(sessionId, version, suite, keys.master, ems, null));
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
            expect(HandshakeType.CLIENT_HELLO);
            hello.parse(in);
            in.end();
        }
    }

    /** The host name the client asked for (server_name), or null. */
    String serverName() {
        return hello.extensions.serverName;
    }

    private void answerClientHello() throws IOException {
        version = ProtocolVersion.negotiate(hello.version, config.minVersion, config.maxVersion);
        if (version < 0) {
            throw new TlsException(Alert.PROTOCOL_VERSION, "client offers ".concat(ProtocolVersion.name(hello.version)));
        }
        if (hello.offers(CipherSuite.TLS_FALLBACK_SCSV) && version < config.maxVersion) {
            throw new TlsException(Alert.INAPPROPRIATE_FALLBACK, "fallback to ".concat(ProtocolVersion.name(version)));
        }
        records.setVersion(version);
        hash.setVersion(version);
        Extensions ce = hello.extensions;
        if (ce.renegotiationInfo && ce.renegotiatedConnection.length != 0) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "renegotiation_info not empty on an initial handshake");
        }
        ems = ce.extendedMasterSecret && version != ProtocolVersion.SSL30;

        ServerHello sh = new ServerHello();
        sh.version = version;
        byte[] r = random(32);
        System.arraycopy(r, 0, sh.random, 0, 32);
        Session session = findSession();
        if (session != null) {
            resumed = true;
            suite = session.suite;
            sessionId = session.id;
        } else {
            suite = chooseSuite();
            sessionId = config.sessions != null ? random(SESSION_ID_LENGTH) : new byte[0];
        }
        sh.sessionId = sessionId;
        conn.sessionId = sessionId;
        sh.suite = suite;
        keys = new KeySchedule(version, suite, hello.random, sh.random);
        Extensions se = sh.extensions;
        // RFC 5746 §3.6: answer the extension or the SCSV with an empty renegotiation_info.
        se.renegotiationInfo = ce.renegotiationInfo || hello.offers(CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV);
        se.extendedMasterSecret = ems;
        se.pointFormats = CipherSuite.isEcc(suite) && ce.pointFormats;
        int limit = RecordLayer.MAX_FRAGMENT;
        if (ce.recordSizeLimit != 0) {
            // RFC 8449 §5: record_size_limit wins over max_fragment_length; answer with ours.
            limit = ce.recordSizeLimit;
            se.recordSizeLimit = records.getReceiveLimit();
        } else if (ce.maxFragmentLength != 0) {
            limit = Extensions.maxFragmentBytes(ce.maxFragmentLength);
            se.maxFragmentLength = ce.maxFragmentLength;
        }
        se.present = se.renegotiationInfo || se.extendedMasterSecret || se.pointFormats || se.recordSizeLimit != 0
                || se.maxFragmentLength != 0;
        sh.write(out);
        if (limit < records.getSendLimit()) {
            records.limitSend(limit);
        }
        if (resumed) {
            keys.setMaster(session.master);
            sendMessages();
            sendChangeCipherSpec(false);
            sendFinished(false);
            records.flush();
            state = RESUME_WAIT_CHANGE_CIPHER_SPEC;
            return;
        }
        Certificate.write(out, identity.chain);
        int kx = CipherSuite.keyExchange(suite);
        if (kx == CipherSuite.KX_ECDHE_ECDSA) {
            writeServerKeyExchange();
        } else if (kx == CipherSuite.KX_RSA_EXPORT && identity.rsaBytes > ServerRsaParams.MAX_MODULUS_BYTES) {
            writeTemporaryRsaKey();
        }
        out.end(out.begin(HandshakeType.SERVER_HELLO_DONE));
        sendMessages();
        records.flush();
        state = WAIT_CLIENT_KEY_EXCHANGE;
    }

    /** A cached session the client asks for, if version, suite and EMS state still fit. */
    private Session findSession() {
        if (config.sessions == null || hello.sessionId.length != SESSION_ID_LENGTH) {
            return null;
        }
        Session s = config.sessions.get(Bytes.hex(hello.sessionId, 0, SESSION_ID_LENGTH));
        // RFC 7627 §5.3: a session is resumed only with the same EMS state; otherwise a full handshake.
        if (s == null || s.version != version || !hello.offers(s.suite) || s.extendedMasterSecret != ems
                || !isConfigured(s.suite)) {
            return null;
        }
        return s;
    }

    private boolean isConfigured(int s) {
        return Extensions.contains(config.suites, s);
    }

    /** The first of the server's suites that the client offers and that fits version, keys and extensions. */
    private int chooseSuite() throws TlsException {
        Extensions ce = hello.extensions;
        for (int i = 0; i < config.suites.length; i++) {
            int s = config.suites[i];
            if (!hello.offers(s) || !CipherSuite.allowedIn(s, version)) {
                continue;
            }
            if (CipherSuite.isEcc(s) && ce.pointFormats && !ce.uncompressed) {
                continue;
            }
            int kx = CipherSuite.keyExchange(s);
            ServerIdentity id = null;
            if (kx == CipherSuite.KX_ECDHE_ECDSA) {
                boolean group = ce.groups == null || ce.offersGroup(Extensions.SECP256R1);
                boolean sig = ce.signatureAlgorithms == null || ce.offersSignature(Extensions.ECDSA_SECP256R1_SHA256)
                        || ce.offersSignature(Extensions.ECDSA_SHA1);
                id = group && sig ? config.identity(true, Extensions.SECP256R1) : null;
            } else if (kx == CipherSuite.KX_ECDH_ECDSA) {
                id = config.identity(true, -1);
                if (id != null && ce.groups != null && !ce.offersGroup(id.group)) {
                    id = null;
                }
            } else if (kx == CipherSuite.KX_RSA || kx == CipherSuite.KX_RSA_EXPORT) {
                id = config.identity(false, -1);
            }
            if (id != null) {
                identity = id;
                return s;
            }
        }
        throw new TlsException(Alert.HANDSHAKE_FAILURE, "no cipher suite in common");
    }

    /** ECParameters (named_curve secp256r1), the ephemeral point, and its ECDSA signature. */
    private void writeServerKeyExchange() throws TlsException {
        ephemeral = config.takeEphemeral(Extensions.SECP256R1);
        int m = out.begin(HandshakeType.SERVER_KEY_EXCHANGE);
        int params = out.length();
        out.u8(3); // named_curve
        out.u16(ephemeral.group);
        out.u8(ephemeral.point.length);
        out.bytes(ephemeral.point);
        int paramsLen = out.length() - params;
        boolean sha256 = hello.extensions.signatureAlgorithms == null ? false
                : hello.extensions.offersSignature(Extensions.ECDSA_SECP256R1_SHA256);
        Digest d = sha256 ? (Digest) new Sha256() : new Sha1();
        d.update(hello.random, 0, 32);
        d.update(keys.serverRandom, 0, 32);
        d.update(out.buffer(), params, paramsLen);
        byte[] h = new byte[d.digestSize()];
        d.doFinal(h, 0);
        byte[] sig = new byte[80];
        int sigLen;
        try {
            Signature s = Signature.getInstance(sha256 ? Signature.ALG_ECDSA_SHA_256 : Signature.ALG_ECDSA_SHA, false);
            s.init(identity.key, Signature.MODE_SIGN);
            s.setRandomData(config.random); // the hedged nonce's fresh bytes, drawn after the ECDHE scalar
            sigLen = s.signPreComputedHash(h, (short) 0, (short) h.length, sig, (short) 0);
        } catch (CryptoException e) {
            throw new TlsException(Alert.INTERNAL_ERROR, "signing ServerKeyExchange: ".concat(e.getMessage()));
        }
        if (version == ProtocolVersion.TLS12) {
            out.u16(sha256 ? Extensions.ECDSA_SECP256R1_SHA256 : Extensions.ECDSA_SHA1);
        }
        out.u16(sigLen);
        out.bytes(sig, 0, sigLen);
        out.end(m);
    }

    /** RSA_EXPORT's ServerKeyExchange: a temporary key of 512 bits, signed by the certificate's key (ServerRsaParams). */
    private void writeTemporaryRsaKey() throws TlsException {
        temporaryRsa = config.temporaryRsaKey();
        int m = out.begin(HandshakeType.SERVER_KEY_EXCHANGE);
        byte[] params = temporaryRsa.encoded;
        out.bytes(params);
        byte[] h = ServerRsaParams.hash(hello.random, keys.serverRandom, params, 0, params.length);
        byte[] sig;
        try {
            sig = ServerRsaParams.sign(identity.key, identity.rsaBytes, h);
        } catch (CryptoException e) {
            throw new TlsException(Alert.INTERNAL_ERROR, "signing ServerKeyExchange: ".concat(e.getMessage()));
        }
        out.u16(sig.length);
        out.bytes(sig);
        out.end(m);
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
            byte[] point = in.read(n);
            in.end();
            EcdhKey k = kx == CipherSuite.KX_ECDHE_ECDSA ? ephemeral : identity.ecdh;
            pms = k.agree(point, 0, n);
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
