package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import kssl.tls.CipherSuite;
import kssl.tls.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The JDK's own TLS client (JSSE, default settings) against the Sizzle server, modern profile. */
@Timeout(60)
class JsseClientTest {
    private static InteropPki pki;
    private static SizzleFixture sizzle;
    private static SSLContext context;

    @BeforeAll
    static void start() throws Exception {
        pki = InteropPki.get();
        sizzle = new SizzleFixture(Profile.MODERN, pki.p256);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(pki.jdkTrustStore());
        context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
    }

    @AfterAll
    static void stop() throws Exception {
        sizzle.close();
    }

    private static SSLSocket socket() throws Exception {
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", sizzle.port());
        s.setTcpNoDelay(true);
        s.setSoTimeout(10000);
        var p = s.getSSLParameters();
        p.setEndpointIdentificationAlgorithm("HTTPS"); // checks the certificate's IP address 127.0.0.1
        s.setSSLParameters(p);
        return s;
    }

    /**
     * SSLSocket with JSSE's default offer (TLS 1.3 and 1.2, many suites): the server picks TLS
     * 1.2 and ECDHE-ECDSA-AES128-GCM; two requests; a second socket resumes the session.
     */
    @Test
    void sslSocketNegotiatesGcmAndResumes() throws Exception {
        int before = sizzle.handshakes().size();
        byte[] id;
        try (SSLSocket s = socket()) {
            s.startHandshake();
            assertEquals("TLSv1.2", s.getSession().getProtocol());
            assertEquals("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", s.getSession().getCipherSuite());
            assertEquals(SizzleFixture.expectedBody("/"), Http.get(s.getInputStream(), s.getOutputStream(), "/", false));
            assertEquals(SizzleFixture.expectedBody("/status.json"),
                    Http.get(s.getInputStream(), s.getOutputStream(), "/status.json", true));
            id = s.getSession().getId();
            assertEquals(4, id.length, "Sizzle's 4-byte session ids");
        }
        try (SSLSocket s = socket()) {
            s.startHandshake();
            assertArrayEquals(id, s.getSession().getId(), "the second socket resumes the session");
            assertEquals(SizzleFixture.expectedBody("/status.json"),
                    Http.get(s.getInputStream(), s.getOutputStream(), "/status.json", true));
        }
        var hs = sizzle.fullThenResumed(before);
        assertEquals(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, hs.get(0).suite, hs.toString());
        assertTrue(hs.get(1).resumed, "server resumed: " + hs);
    }

    /** HttpsURLConnection with host-name verification (https://localhost, the certificate's name). */
    @Test
    void httpsUrlConnection() throws Exception {
        for (String path : new String[] {"/", "/status.json"}) {
            HttpsURLConnection c = (HttpsURLConnection) new URL("https://localhost:" + sizzle.port() + path).openConnection();
            c.setSSLSocketFactory(context.getSocketFactory());
            c.setConnectTimeout(5000);
            c.setReadTimeout(10000);
            assertEquals(200, c.getResponseCode());
            assertEquals("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", c.getCipherSuite());
            assertEquals(SizzleFixture.expectedBody(path), new String(c.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1));
            // Close the kept-alive connection now: an idle one would hold the server's stop()
            // for its 10 s read timeout (reported: SocketConnection.close() blocks behind the
            // worker's read).
            c.disconnect();
        }
    }
}
