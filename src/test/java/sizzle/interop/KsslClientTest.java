package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import ksecurity.security.RandomData;
import kssl.tls.CipherSuite;
import kssl.Connector;
import kssl.HttpsClientConnection;
import kssl.tls.Profile;
import kssl.tls.ProtocolVersion;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import org.bouncycastle.tls.TlsServerProtocol;
import org.bouncycastle.tls.TlsSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sizzle.desktop.DesktopSockets;

/**
 * The KSSL client (modern profile, verifying against the test CA) fetching from servers
 * nobody here wrote: OpenSSL 3's s_server -www, a Bouncy Castle TLS server and a JSSE server.
 */
@Timeout(60)
class KsslClientTest {
    private final InteropPki pki = InteropPki.get();
    /** One client config for a whole test: its session cache is what resumption uses. */
    private final TlsConfig client = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
            .setTrustStore(pki.ksslTrustStore());

    /**
     * Through the client's production path (kssl.Connector.openSecure over the desktop
     * sockets ./sizzle get uses): handshake, the request, everything until the server closes.
     */
    private TlsConnection fetch(int port, String request, StringBuilder response) throws IOException {
        TlsConnection c = Connector.openSecure(InteropPki.HOST, port, client, new DesktopSockets(10000));
        try {
            c.handshake();
            c.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            c.getOutputStream().flush();
            response.append(Http.readAll(c.getInputStream()));
        } finally {
            c.close();
        }
        return c;
    }

    private static PeerProcess sServer(InteropPki.Entry identity, String cipher) throws IOException {
        return PeerProcess.start(List.of("openssl", "s_server", "-accept", "127.0.0.1:0", "-www", "-tls1_2",
                "-cert", identity.certPem.toString(), "-key", identity.keyPem.toString(), "-cipher", cipher));
    }

    private static int acceptPort(PeerProcess p) throws InterruptedException {
        return Integer.parseInt(p.await(Pattern.compile("ACCEPT 127\\.0\\.0\\.1:(\\d+)"), 10).group(1));
    }

    /** s_server -www reports the session it negotiated in its page: check it and the KSSL side. */
    private void sServerFetch(InteropPki.Entry identity, String opensslCipher, int suite) throws Exception {
        try (PeerProcess server = sServer(identity, opensslCipher)) {
            int port = acceptPort(server);
            StringBuilder page = new StringBuilder();
            TlsConnection c = fetch(port, "GET / HTTP/1.0\r\n\r\n", page);
            assertEquals(ProtocolVersion.TLS12, c.getVersion());
            assertEquals(suite, c.getCipherSuite());
            assertFalse(c.isResumed());
            assertTrue(c.isExtendedMasterSecret());
            assertTrue(page.toString().startsWith("HTTP/1.0 200 ok\r\n"), page.toString());
            assertTrue(page.toString().contains("New, TLSv1.2, Cipher is " + opensslCipher), page.toString());

            StringBuilder again = new StringBuilder();
            TlsConnection r = fetch(port, "GET / HTTP/1.0\r\n\r\n", again);
            assertTrue(r.isResumed(), "the KSSL client resumed");
            assertEquals(suite, r.getCipherSuite());
            assertTrue(again.toString().contains("Reused, TLSv1.2, Cipher is " + opensslCipher), again.toString());
        }
    }

    @Test
    void openSslServerEcdsaGcm() throws Exception {
        sServerFetch(pki.p256, "ECDHE-ECDSA-AES128-GCM-SHA256", CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256);
    }

    @Test
    void openSslServerEcdsaCcm8() throws Exception {
        sServerFetch(pki.p256, "ECDHE-ECDSA-AES128-CCM8", CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8);
    }

    /** An ordinary web server's setup: an RSA-2048 certificate, ECDHE_RSA with AES-128-GCM. */
    @Test
    void openSslServerRsaGcm() throws Exception {
        sServerFetch(pki.rsa2048, "ECDHE-RSA-AES128-GCM-SHA256", CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256);
    }

    /** Reads a request head and answers 200 with the body, closing the connection. */
    static void respond(InputStream in, OutputStream out, String body) throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.indexOf("\r\n\r\n") < 0) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("request cut: " + head);
            }
            head.append((char) b);
        }
        byte[] b = body.getBytes(StandardCharsets.US_ASCII);
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + b.length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(b);
        out.flush();
    }

    /** A Bouncy Castle TLS server (one thread, n connections), answering with what it negotiated. */
    @ParameterizedTest(name = "suite 0x{0}")
    @ValueSource(ints = {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8})
    void bouncyCastleServer(int suite) throws Exception {
        Hashtable<String, TlsSession> sessions = new Hashtable<>();
        List<String> failures = new ArrayList<>();
        try (ServerSocket listener = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                for (int i = 0; i < 2; i++) {
                    try (Socket s = listener.accept()) {
                        s.setTcpNoDelay(true);
                        s.setSoTimeout(10000);
                        BcPeers.Server server = new BcPeers.Server(new int[] {suite}, pki.p256, sessions);
                        TlsServerProtocol tls = new TlsServerProtocol(s.getInputStream(), s.getOutputStream());
                        tls.accept(server);
                        respond(tls.getInputStream(), tls.getOutputStream(), "bctls suite=" + server.negotiated.getCipherSuite()
                                + " version=" + server.negotiated.getNegotiatedVersion()
                                + " resumed=" + server.negotiated.isResumedSession());
                        tls.close();
                    } catch (Exception e) {
                        synchronized (failures) {
                            failures.add(e.toString());
                        }
                    }
                }
            }, "bctls-server");
            t.setDaemon(true);
            t.start();
            int port = listener.getLocalPort();
            String request = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";
            StringBuilder first = new StringBuilder();
            TlsConnection c = fetch(port, request, first);
            assertEquals(suite, c.getCipherSuite());
            assertEquals(ProtocolVersion.TLS12, c.getVersion());
            assertTrue(c.isExtendedMasterSecret());
            assertTrue(first.toString().endsWith("bctls suite=" + suite + " version=TLS 1.2 resumed=false"), first + " " + failures);
            StringBuilder second = new StringBuilder();
            TlsConnection r = fetch(port, request, second);
            assertTrue(r.isResumed(), "the KSSL client resumed; server: " + second + " " + failures);
            assertTrue(second.toString().endsWith("resumed=true"), second.toString());
            t.join(5000);
            assertEquals(List.of(), failures, "the bctls server's errors");
        }
    }

    /**
     * A tiny HTTPS responder on the JDK's SSLServerSocket (default JSSE settings); the second
     * fetch goes through KSSL's MIDP HttpsConnection.
     */
    @Test
    void jsseServer() throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(pki.jdkKeyStore(pki.p256, null), InteropPki.PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        List<String> failures = new ArrayList<>();
        try (SSLServerSocket listener = (SSLServerSocket) ctx.getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                for (int i = 0; i < 2; i++) {
                    try (SSLSocket s = (SSLSocket) listener.accept()) {
                        s.setTcpNoDelay(true);
                        s.setSoTimeout(10000);
                        s.startHandshake();
                        respond(s.getInputStream(), s.getOutputStream(), "jsse " + s.getSession().getProtocol() + " "
                                + s.getSession().getCipherSuite() + " id=" + java.util.HexFormat.of().formatHex(s.getSession().getId()));
                    } catch (Exception e) {
                        synchronized (failures) {
                            failures.add(e.toString());
                        }
                    }
                }
            }, "jsse-server");
            t.setDaemon(true);
            t.start();
            int port = listener.getLocalPort();
            String request = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";
            StringBuilder first = new StringBuilder();
            TlsConnection c = fetch(port, request, first);
            assertEquals(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, c.getCipherSuite(), first + " " + failures);
            assertTrue(c.isExtendedMasterSecret());
            String id = java.util.HexFormat.of().formatHex(c.getSession().getId());
            assertTrue(first.toString().endsWith("jsse TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 id=" + id), first.toString());
            // The second time through the MIDP HttpsConnection an application uses; it resumes.
            HttpsClientConnection https = Connector.openHttps("https://" + InteropPki.HOST + ":" + port + "/", client,
                    new DesktopSockets(10000));
            try {
                assertEquals(200, https.getResponseCode(), String.valueOf(failures));
                assertEquals("TLS", https.getSecurityInfo().getProtocolName());
                assertEquals("3.3", https.getSecurityInfo().getProtocolVersion());
                assertEquals("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", https.getSecurityInfo().getCipherSuite());
                try (InputStream body = https.openInputStream()) {
                    assertTrue(new String(body.readAllBytes(), StandardCharsets.US_ASCII).endsWith("id=" + id),
                            "the JSSE server resumed the session");
                }
                assertTrue(https.getTlsConnection().isResumed(), "the KSSL client resumed the JSSE session");
            } finally {
                https.close();
            }
            t.join(5000);
            assertEquals(List.of(), failures, "the JSSE server's errors");
        }
    }
}
