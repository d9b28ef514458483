package kssl.tls;

import java.util.Vector;
import ksecurity.cert.KeyStore;
import ksecurity.prim.RandomStrength;
import ksecurity.security.RandomData;

/**
 * What a connection needs to know: profile (versions, suites, groups), the random source (all
 * of the engine's randomness comes from it, so a seeded source gives identical bytes), the
 * record size bound, the session cache; for a server its identities and the precomputed
 * ephemeral key; for a client the trust store, the certificate callback and the cache of
 * verified certificates. One config may serve many connections.
 */
public final class TlsConfig {
    final boolean client;
    final int profile;
    final RandomData random;
    int minVersion;
    int maxVersion;
    int[] suites;
    int[] groups;
    int maxFragment = RecordLayer.MAX_FRAGMENT;
    int maxHandshakeMessage = 65536;
    SessionCache sessions;
    boolean acceptSsl2Hello;
    final Vector identities = new Vector();
    private EcdhKey precomputed;
    private ServerRsaParams temporaryRsa;
    KeyStore trustStore;
    CertificateCallback callback;
    VerifiedCertificates verified;

    private TlsConfig(boolean client, int profile, RandomData random) {
        if (random == null) {
            throw new IllegalArgumentException("a random source is required");
        }
        this.client = client;
        this.profile = profile;
        this.random = random;
        minVersion = Profile.minVersion(profile);
        maxVersion = Profile.maxVersion(profile);
        suites = Profile.suites(profile, client);
        groups = Profile.groups(profile);
        acceptSsl2Hello = profile == Profile.LEGACY;
    }

    /** A server configuration; add identities before use. */
    public static TlsConfig server(int profile, RandomData random) {
        TlsConfig c = new TlsConfig(false, profile, random);
        c.sessions = new SessionCache(8);
        return c;
    }

    /** A client configuration; set a trust store or a callback before use. */
    public static TlsConfig client(int profile, RandomData random) {
        TlsConfig c = new TlsConfig(true, profile, random);
        c.sessions = new SessionCache(16);
        c.verified = new VerifiedCertificates(32);
        return c;
    }

    /** True for a client configuration, false for a server's. */
    public boolean isClient() {
        return client;
    }

    public boolean isLegacy() {
        return profile == Profile.LEGACY;
    }

    public int getProfile() {
        return profile;
    }

    // The random source's strength (issue 7): ECDHE keys, session ids, the premaster secret
    // and RSA blinding all come from it, so a weak one is refused unless allowed explicitly.
    private String weakRandomAllowed;
    private boolean randomStrong;

    /**
     * Lets connections start although the random source is weak or does not say it is strong
     * ({@link RandomStrength}): for tests (seeded, deterministic sources) and demos only;
     * {@code why} says which, and is kept for the logs ({@link #getWeakRandomAllowance}).
     */
    public synchronized TlsConfig allowWeakRandom(String why) {
        if (why == null || why.length() == 0) {
            throw new IllegalArgumentException("say why a weak random source is acceptable here");
        }
        weakRandomAllowed = why;
        return this;
    }

    /** Why a weak random source was allowed, or null if it was not. */
    public synchronized String getWeakRandomAllowance() {
        return weakRandomAllowed;
    }

    /**
     * Refuses a random source that does not vouch for itself (IllegalStateException, saying
     * which source and why) unless {@link #allowWeakRandom} was called. Every connection asks
     * when it is made; a server asks once when it starts, so that it refuses to start.
     */
    public synchronized void checkRandom() {
        if (randomStrong || weakRandomAllowed != null) {
            return;
        }
        if (random instanceof RandomStrength && ((RandomStrength) random).isStrong()) {
            randomStrong = true; // a strong generator stays strong
            return;
        }
        String source = random instanceof RandomStrength ? ((RandomStrength) random).name()
                : "a RandomData that does not say whether it is strong";
        throw new IllegalStateException("weak random source (".concat(source).concat(
                "): keys and session ids made from it could be guessed. Install a strong source "
                + "(ksecurity.prim.Entropy.setSource, or seed the device's StoredSeedEntropy from one), "
                + "or, for tests and demos only, call TlsConfig.allowWeakRandom(why)"));
    }

    /**
     * Versions to speak, within what the engine implements (SSL 3.0, TLS 1.0, TLS 1.2) and the
     * profile allows: the profile is a floor, not a default. The modern profile speaks TLS 1.2
     * only; SSL 3.0 and TLS 1.0 are for the legacy profile.
     */
    public TlsConfig setVersions(int min, int max) {
        if (min > max || !ProtocolVersion.isSupported(min) || !ProtocolVersion.isSupported(max)) {
            throw new IllegalArgumentException("unsupported version range");
        }
        if (profile != Profile.LEGACY && min < ProtocolVersion.TLS12) {
            throw new IllegalArgumentException(ProtocolVersion.name(min)
                    .concat(" in the modern profile: it speaks TLS 1.2 only; older versions need the legacy profile (insecure)"));
        }
        minVersion = min;
        maxVersion = max;
        return this;
    }

    /**
     * Cipher suites in preference order (each one the engine implements, and one the profile
     * allows). The modern profile allows the ECDHE suites with AES-GCM or AES-CCM_8 alone: not
     * RC4 (RFC 7465), not export-grade RSA (RFC 5246 Appendix E), not static ECDH or RSA key
     * transport (no forward secrecy). The legacy profile allows every suite the engine has.
     */
    public TlsConfig setCipherSuites(int[] s) {
        if (s == null || s.length == 0) {
            throw new IllegalArgumentException("no cipher suites");
        }
        for (int i = 0; i < s.length; i++) {
            if (!CipherSuite.isKnown(s[i])) {
                throw new IllegalArgumentException("unknown cipher suite ".concat(CipherSuite.name(s[i])));
            }
            int kx = CipherSuite.keyExchange(s[i]);
            if (profile != Profile.LEGACY && !(CipherSuite.isAead(s[i])
                    && (kx == CipherSuite.KX_ECDHE_ECDSA || kx == CipherSuite.KX_ECDHE_RSA))) {
                throw new IllegalArgumentException(CipherSuite.name(s[i])
                        .concat(" in the modern profile: it allows ECDHE with AES-GCM or AES-CCM_8 only; RC4, export and"
                                + " static key exchange need the legacy profile (insecure)"));
            }
        }
        int[] copy = new int[s.length]; // the caller's array may change after the check
        System.arraycopy(s, 0, copy, 0, s.length);
        suites = copy;
        return this;
    }

    /**
     * The largest record plaintext this side accepts and sends (64..16384): a client asks the
     * server for it with record_size_limit (and max_fragment_length when it is 512, 1024,
     * 2048 or 4096); the record buffers are sized by it.
     */
    public TlsConfig setMaxFragment(int bytes) {
        if (bytes < 64 || bytes > RecordLayer.MAX_FRAGMENT) {
            throw new IllegalArgumentException("max fragment must be 64..16384");
        }
        maxFragment = bytes;
        return this;
    }

    /** The session cache (null: no resumption). */
    public TlsConfig setSessionCache(SessionCache cache) {
        sessions = cache;
        return this;
    }

    public SessionCache getSessionCache() {
        return sessions;
    }

    /** Server: accept the SSLv2-compatible ClientHello (on by default in, and allowed in, the legacy profile only). */
    public TlsConfig setAcceptSsl2Hello(boolean on) {
        if (on && profile != Profile.LEGACY) {
            throw new IllegalArgumentException("the SSLv2-compatible ClientHello in the modern profile: it needs the legacy profile");
        }
        acceptSsl2Hello = on;
        return this;
    }

    /** Server: adds a certificate chain and its key; suites are chosen by the keys present. */
    public TlsConfig addIdentity(ServerIdentity id) {
        identities.addElement(id);
        return this;
    }

    /**
     * Server: computes the next ECDHE key pair now (a mote does this while idle), so the next
     * full handshake needs one scalar multiplication fewer. It is used by exactly one handshake.
     */
    public synchronized void precomputeEphemeral() {
        if (precomputed != null) {
            precomputed.clear(); // never used: no handshake will see it
        }
        precomputed = EcdhKey.generate(Extensions.SECP256R1, random);
    }

    /** The precomputed ephemeral key if there is one (and forgets it), else a fresh one. */
    synchronized EcdhKey takeEphemeral(int group) {
        EcdhKey k = precomputed;
        precomputed = null;
        if (k == null || k.group != group) {
            if (k != null) {
                k.clear();
            }
            k = EcdhKey.generate(group, random);
        }
        return k;
    }

    /** Server, RSA_EXPORT with a certificate key over 512 bits: the temporary key, renewed after its uses. */
    synchronized ServerRsaParams temporaryRsaKey() {
        if (temporaryRsa == null || temporaryRsa.uses >= ServerRsaParams.MAX_USES) {
            temporaryRsa = ServerRsaParams.generate();
        }
        temporaryRsa.uses++;
        return temporaryRsa;
    }

    /** Client: the CA certificates trusted for server chains. */
    public TlsConfig setTrustStore(KeyStore ks) {
        trustStore = ks;
        return this;
    }

    /** Client: decides about certificates that do not verify (null: refuse them). */
    public TlsConfig setCertificateCallback(CertificateCallback cb) {
        callback = cb;
        return this;
    }

    public VerifiedCertificates getVerifiedCertificates() {
        return verified;
    }

    ServerIdentity identity(boolean ec, int group) {
        for (int i = 0; i < identities.size(); i++) {
            ServerIdentity id = (ServerIdentity) identities.elementAt(i);
            if (ec ? id.isEc() && (group < 0 || id.group == group) : !id.isEc()) {
                return id;
            }
        }
        return null;
    }
}
