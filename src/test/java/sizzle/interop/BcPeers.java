package sizzle.interop;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.Hashtable;
import java.util.Vector;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.util.PrivateKeyFactory;
import org.bouncycastle.tls.AlertDescription;
import org.bouncycastle.tls.Certificate;
import org.bouncycastle.tls.DefaultTlsClient;
import org.bouncycastle.tls.DefaultTlsServer;
import org.bouncycastle.tls.HashAlgorithm;
import org.bouncycastle.tls.NameType;
import org.bouncycastle.tls.ProtocolVersion;
import org.bouncycastle.tls.SecurityParameters;
import org.bouncycastle.tls.ServerName;
import org.bouncycastle.tls.ServerOnlyTlsAuthentication;
import org.bouncycastle.tls.SignatureAlgorithm;
import org.bouncycastle.tls.SignatureAndHashAlgorithm;
import org.bouncycastle.tls.TlsAuthentication;
import org.bouncycastle.tls.TlsCredentialedSigner;
import org.bouncycastle.tls.TlsExtensionsUtils;
import org.bouncycastle.tls.TlsFatalAlert;
import org.bouncycastle.tls.TlsServerCertificate;
import org.bouncycastle.tls.TlsSession;
import org.bouncycastle.tls.crypto.TlsCertificate;
import org.bouncycastle.tls.crypto.TlsCryptoParameters;
import org.bouncycastle.tls.crypto.impl.bc.BcDefaultTlsCredentialedSigner;
import org.bouncycastle.tls.crypto.impl.bc.BcTlsCrypto;

/** Bouncy Castle TLS (bctls, low-level API with the BC lightweight crypto) as client and server. */
final class BcPeers {
    private BcPeers() {
    }

    static BcTlsCrypto crypto() {
        return new BcTlsCrypto(new SecureRandom());
    }

    /** A TLS 1.2 client offering one suite; verifies the server's leaf against the test CA. */
    static final class Client extends DefaultTlsClient {
        private final int suite;
        private final TlsSession resume;
        private final java.security.cert.X509Certificate ca;
        SecurityParameters negotiated;
        TlsSession session;
        /** RFC 8449 record_size_limit to offer (0: none), and what the server answered (-1: nothing). */
        int recordSizeLimit;
        int serverRecordSizeLimit = -1;

        Client(int suite, TlsSession resume, ksecurity.cert.X509Certificate ca) {
            super(crypto());
            this.suite = suite;
            this.resume = resume;
            this.ca = InteropPki.jdkCertificate(ca);
        }

        @Override
        protected int[] getSupportedCipherSuites() {
            return new int[] {suite};
        }

        @Override
        protected ProtocolVersion[] getSupportedVersions() {
            return ProtocolVersion.TLSv12.only();
        }

        @Override
        protected Vector getSNIServerNames() {
            Vector v = new Vector();
            v.add(new ServerName(NameType.host_name, InteropPki.HOST.getBytes()));
            return v;
        }

        @Override
        public TlsSession getSessionToResume() {
            return resume;
        }

        @Override
        public Hashtable getClientExtensions() throws IOException {
            Hashtable ext = super.getClientExtensions();
            if (recordSizeLimit > 0) {
                TlsExtensionsUtils.addRecordSizeLimitExtension(ext, recordSizeLimit);
            }
            return ext;
        }

        @Override
        public void processServerExtensions(Hashtable ext) throws IOException {
            super.processServerExtensions(ext);
            serverRecordSizeLimit = TlsExtensionsUtils.getRecordSizeLimitExtension(ext);
        }

        @Override
        public TlsAuthentication getAuthentication() {
            return new ServerOnlyTlsAuthentication() {
                @Override
                public void notifyServerCertificate(TlsServerCertificate sc) throws IOException {
                    TlsCertificate[] chain = sc.getCertificate().getCertificateList();
                    try {
                        java.security.cert.X509Certificate leaf = (java.security.cert.X509Certificate)
                                java.security.cert.CertificateFactory.getInstance("X.509")
                                        .generateCertificate(new java.io.ByteArrayInputStream(chain[0].getEncoded()));
                        leaf.verify(ca.getPublicKey());
                        leaf.checkValidity();
                    } catch (Exception e) {
                        throw new TlsFatalAlert(AlertDescription.bad_certificate, "not issued by the test CA", e);
                    }
                }
            };
        }

        @Override
        public void notifyHandshakeComplete() throws IOException {
            super.notifyHandshakeComplete();
            negotiated = context.getSecurityParametersConnection();
            session = context.getResumableSession();
        }
    }

    /** A TLS 1.2 server with one EC identity and the given suites; remembers sessions for resumption. */
    static final class Server extends DefaultTlsServer {
        private final int[] suites;
        private final InteropPki.Entry identity;
        private final Hashtable<String, TlsSession> sessions;
        SecurityParameters negotiated;

        Server(int[] suites, InteropPki.Entry identity, Hashtable<String, TlsSession> sessions) {
            super(crypto());
            this.suites = suites;
            this.identity = identity;
            this.sessions = sessions;
        }

        @Override
        protected int[] getSupportedCipherSuites() {
            return suites;
        }

        @Override
        protected ProtocolVersion[] getSupportedVersions() {
            return ProtocolVersion.TLSv12.only();
        }

        @Override
        protected TlsCredentialedSigner getECDSASignerCredentials() throws IOException {
            AsymmetricKeyParameter key = PrivateKeyFactory.createKey(identity.pkcs8());
            BcTlsCrypto crypto = (BcTlsCrypto) getCrypto();
            Certificate chain = new Certificate(new TlsCertificate[] {
                crypto.createCertificate(identity.cert.getEncoded()),
                crypto.createCertificate(InteropPki.get().ca.getEncoded())});
            return new BcDefaultTlsCredentialedSigner(new TlsCryptoParameters(context), crypto, key, chain,
                    new SignatureAndHashAlgorithm(HashAlgorithm.sha256, SignatureAlgorithm.ecdsa));
        }

        /** bctls issues no session id unless asked to (AbstractTlsServer returns null). */
        @Override
        public byte[] getNewSessionID() {
            byte[] id = new byte[32];
            new SecureRandom().nextBytes(id);
            return id;
        }

        @Override
        public TlsSession getSessionToResume(byte[] id) {
            return sessions.get(java.util.HexFormat.of().formatHex(id));
        }

        @Override
        public void notifyHandshakeComplete() throws IOException {
            super.notifyHandshakeComplete();
            negotiated = context.getSecurityParametersConnection();
            TlsSession s = context.getResumableSession();
            if (s != null) {
                sessions.put(java.util.HexFormat.of().formatHex(s.getSessionID()), s);
            }
        }
    }
}
