package kssl;

import kssl.tls.Alert;
import kssl.tls.Profile;
import kssl.tls.SeededRandom;
import kssl.tls.TestPki;
import kssl.tls.TlsConfig;
import kssl.tls.TlsException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import javax.microedition.io.HttpConnection;
import javax.microedition.io.SecurityInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The MIDP HttpsConnection over pipes to an in-process KSSL server with scripted responses. */
@Timeout(60)
class HttpsClientConnectionTest {
    private static final String URL = "https://" + TestPki.HOST + ":8443/status.json?x=1#top";

    private static TlsConfig serverConfig() {
        return TlsConfig.server(Profile.MODERN, new SeededRandom("https server")).allowWeakRandom(SeededRandom.WHY).addIdentity(TestPki.P256);
    }

    private static TlsConfig clientConfig() {
        return TlsConfig.client(Profile.MODERN, new SeededRandom("https client")).allowWeakRandom(SeededRandom.WHY).setTrustStore(TestPki.trustStore());
    }

    private static String body(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }

    @Test
    void getWithContentLength() throws Exception {
        PipeServer server = new PipeServer(serverConfig(),
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n"
                        + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n{\"a\": true}");
        HttpsClientConnection c = Connector.openHttps(URL, clientConfig(), server);
        assertEquals("https", c.getProtocol());
        assertEquals(TestPki.HOST, c.getHost());
        assertEquals(8443, c.getPort());
        assertEquals("/status.json", c.getFile());
        assertEquals("x=1", c.getQuery());
        assertEquals("top", c.getRef());
        c.setRequestProperty("Accept", "application/json");
        assertEquals(200, c.getResponseCode());
        assertEquals("OK", c.getResponseMessage());
        assertEquals("application/json", c.getType());
        assertEquals(11, c.getLength());
        assertEquals(784111777000L, c.getDate());
        assertEquals("Content-Type", c.getHeaderFieldKey(0));
        assertEquals("application/json", c.getHeaderField(0));
        assertNull(c.getHeaderFieldKey(3));
        assertEquals(11, c.getHeaderFieldInt("content-length", -1));
        try (InputStream in = c.openInputStream()) {
            assertEquals("{\"a\": true}", body(in));
        }
        c.close();
        assertEquals("GET /status.json?x=1 HTTP/1.1\r\nHost: " + TestPki.HOST + ":8443\r\nAccept: application/json\r\n"
                + "Connection: close\r\n\r\n", server.requests.get(0));
        assertEquals(TestPki.HOST + ":8443", server.opened.get(0));
        assertTrue(server.last.get(5, TimeUnit.SECONDS).isEstablished());
        assertThrows(IOException.class, c::getResponseCode, "closed");
    }

    @Test
    void postSendsTheBufferedBodyWithItsLength() throws Exception {
        PipeServer server = new PipeServer(serverConfig(), "HTTP/1.1 303 See Other\r\nLocation: /\r\nContent-Length: 0\r\n\r\n");
        HttpsClientConnection c = Connector.openHttps("https://" + TestPki.HOST + "/config", clientConfig(), server);
        c.setRequestMethod(HttpConnection.POST);
        c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
        try (OutputStream out = c.openOutputStream()) {
            out.write("setpoint=22.5&mode=heat&password=hunter2".getBytes(StandardCharsets.US_ASCII));
        }
        assertEquals(303, c.getResponseCode());
        assertEquals("/", c.getHeaderField("location"));
        assertEquals(-1, c.openInputStream().read());
        assertThrows(IOException.class, () -> c.setRequestProperty("X", "y"), "no longer in Setup");
        c.close();
        assertEquals("POST /config HTTP/1.1\r\nHost: " + TestPki.HOST + "\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Connection: close\r\nContent-Length: 40\r\n\r\nsetpoint=22.5&mode=heat&password=hunter2", server.requests.get(0));
    }

    @Test
    void chunkedResponseWithExtensionsAndTrailers() throws Exception {
        PipeServer server = new PipeServer(serverConfig(), "HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n1A\r\n, chunked world of bytes!!\r\n0\r\nX-Trailer: 1\r\n\r\n");
        HttpsClientConnection c = Connector.openHttps(URL, clientConfig(), server);
        assertEquals(200, c.getResponseCode(), "the interim 100 is skipped");
        assertEquals(-1, c.getLength());
        assertEquals("hello, chunked world of bytes!!", body(c.openInputStream()));
        c.close();
    }

    @Test
    void closeDelimitedBodyEndsAtCloseNotify() throws Exception {
        PipeServer server = new PipeServer(serverConfig(), "HTTP/1.0 200 OK\r\n\r\nuntil the end");
        HttpsClientConnection c = Connector.openHttps(URL, clientConfig(), server);
        assertEquals("until the end", body(c.openInputStream()));
        c.close();
    }

    @Test
    void bodyShorterThanItsContentLengthIsAnError() throws Exception {
        PipeServer server = new PipeServer(serverConfig(), "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort");
        HttpsClientConnection c = Connector.openHttps(URL, clientConfig(), server);
        InputStream in = c.openInputStream();
        IOException e = assertThrows(IOException.class, () -> in.readAllBytes());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void malformedResponsesAreErrors() throws Exception {
        for (String bad : new String[] {"HTTP/1.1 2x0 OK\r\n\r\n", "ICY 200 OK\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 1, 1\r\n\r\nx", "HTTP/1.1 200 OK\r\nBad Header\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"}) {
            PipeServer server = new PipeServer(serverConfig(), bad);
            HttpsClientConnection c = Connector.openHttps(URL, clientConfig(), server);
            IOException first = assertThrows(IOException.class, () -> c.openInputStream().readAllBytes(), bad);
            if (!bad.contains("zz")) {
                assertEquals(first, assertThrows(IOException.class, c::getResponseCode), "the same error, not a retry");
            }
            c.close();
        }
    }

    @Test
    void securityInfoDescribesTheHandshakeBeforeTheRequest() throws Exception {
        PipeServer server = new PipeServer(serverConfig(), "HTTP/1.1 204 No Content\r\n\r\n");
        HttpsClientConnection c = Connector.openHttps(URL, clientConfig(), server);
        SecurityInfo info = c.getSecurityInfo();
        assertEquals("TLS", info.getProtocolName());
        assertEquals("3.3", info.getProtocolVersion());
        assertEquals("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", info.getCipherSuite());
        assertEquals("X.509", info.getServerCertificate().getType());
        assertTrue(info.getServerCertificate().getSubject().contains(TestPki.HOST));
        assertEquals("02", info.getServerCertificate().getSerialNumber());
        assertTrue(server.requests.isEmpty(), "nothing sent yet");
        c.setRequestProperty("X-Still", "setup");
        assertEquals(204, c.getResponseCode());
        assertTrue(server.requests.get(0).contains("\r\nX-Still: setup\r\n"));
        c.close();
    }

    @Test
    void untrustedServerIsRefusedUnlessTheCallbackAccepts() throws Exception {
        PipeServer server = new PipeServer(serverConfig(), "HTTP/1.1 204 No Content\r\n\r\n");
        TlsConfig untrusting = TlsConfig.client(Profile.MODERN, new SeededRandom("no trust")).allowWeakRandom(SeededRandom.WHY);
        HttpsClientConnection refused = Connector.openHttps(URL, untrusting, server);
        TlsException e = assertThrows(TlsException.class, refused::getResponseCode);
        assertEquals(Alert.UNKNOWN_CA, e.getAlert());

        String[] asked = new String[1];
        untrusting.setCertificateCallback((host, chain, problem) -> {
            asked[0] = host + " " + chain[0].getSubjectCommonName();
            return true;
        });
        HttpsClientConnection accepted = Connector.openHttps(URL, untrusting, server);
        assertEquals(204, accepted.getResponseCode());
        assertEquals(TestPki.HOST + " " + TestPki.HOST, asked[0]);
        accepted.close();
    }

    @Test
    void requestPropertiesCannotInjectHeaders() {
        HttpsClientConnection c = Connector.openHttps(URL, clientConfig(), new PipeServer(serverConfig(), ""));
        assertThrows(IllegalArgumentException.class, () -> c.setRequestProperty("X", "a\r\nEvil: 1"));
        assertThrows(IllegalArgumentException.class, () -> c.setRequestProperty("Bad Name", "v"));
        assertThrows(IllegalArgumentException.class, () -> c.setRequestProperty("Host", "elsewhere"));
        assertThrows(IllegalArgumentException.class, () -> c.setRequestMethod("PUT"));
    }

    @Test
    void connectorWithoutDefaultsSaysSo() {
        Connector.setDefaults(null, null);
        IOException e = assertThrows(IOException.class, () -> Connector.open(URL));
        assertTrue(e.getMessage().contains("setDefaults"), e.getMessage());
        Connector.setDefaults(clientConfig(), new PipeServer(serverConfig(), ""));
        assertThrows(IllegalArgumentException.class, () -> Connector.open("http://plain/"));
        Connector.setDefaults(null, null);
    }

    @Test
    void persistentResponseIsReadByItsLengthAndTheSessionResumesNextTime() throws Exception {
        TlsConfig server = serverConfig();
        TlsConfig client = clientConfig();
        for (int i = 0; i < 2; i++) {
            PipeServer s = new PipeServer(server, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            HttpsClientConnection c = Connector.openHttps(URL, client, s);
            c.setRequestProperty("Connection", "keep-alive");
            assertArrayEquals("ok".getBytes(StandardCharsets.US_ASCII), c.openInputStream().readAllBytes());
            assertEquals(i == 1, c.getTlsConnection().isResumed());
            assertFalse(s.requests.get(0).contains("Connection: close"));
            c.close();
        }
    }
}
