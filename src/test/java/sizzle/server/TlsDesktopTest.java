package sizzle.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import javax.microedition.io.HttpConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import ksecurity.security.RandomData;
import kssl.Connector;
import kssl.HttpsClientConnection;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sizzle.desktop.DesktopServer;
import sizzle.desktop.DesktopSockets;
import sizzle.desktop.GetCommand;
import sizzle.desktop.ServerIdentities;

/**
 * The desktop Sizzle server started in-process on an ephemeral port, fetched by `./sizzle
 * get`'s code path, by the JDK's HttpClient over JSSE, and by KSSL's MIDP HttpsConnection.
 */
@Timeout(120)
class TlsDesktopTest {
    @TempDir
    Path dir;
    private final List<String> log = new CopyOnWriteArrayList<>();
    private DesktopServer server;

    private String start(int profile) throws Exception {
        ServerIdentities.Loaded ids = ServerIdentities.generate(profile, dir);
        server = new DesktopServer(profile, ids.identities(), "hunter2", false, log::add);
        return "https://localhost:" + server.start(0);
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.stop();
        }
    }

    /** Runs the get command; [exit status, stdout, stderr]. */
    private static Object[] get(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = GetCommand.run(args, out, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Object[] {status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    private boolean logged(String part) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            if (log.stream().anyMatch(l -> l.contains(part))) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }

    @Test
    void getCommandFetchesWithTheTrustedCa() throws Exception {
        String base = start(Profile.MODERN);
        String ca = dir.resolve("ca.pem").toString();
        Object[] r = get(base + "/status.json", "--trust", ca);
        assertEquals(0, r[0], (String) r[2]);
        assertEquals("{\"temperature_c\": 21.5, \"setpoint_c\": 20.0, \"mode\": \"off\"}\n", r[1]);
        assertTrue(((String) r[2]).contains("* TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 full handshake"), (String) r[2]);
        assertTrue(((String) r[2]).contains("< Content-Type: application/json"), (String) r[2]);
        assertTrue(logged(" TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 full, 1 responses"), log.toString());
        assertTrue(log.get(0).startsWith("127.0.0.1:"), log.get(0));

        Object[] missing = get(base + "/nope", "--trust", ca);
        assertEquals(1, missing[0]);
        assertTrue(((String) missing[2]).endsWith("sizzle: get: HTTP 404 Not Found\n"), (String) missing[2]);

        Object[] pinned = get(base + "/", "--trust", dir.resolve("server-cert.pem").toString());
        assertEquals(0, pinned[0], (String) pinned[2]);
        assertTrue(((String) pinned[1]).contains("<title>Thermostat</title>"));
    }

    @Test
    void getCommandRefusesWithoutTrustAndWarnsWhenInsecure() throws Exception {
        String base = start(Profile.MODERN);
        Object[] none = get(base + "/");
        assertEquals(2, none[0]);
        assertTrue(((String) none[2]).startsWith("sizzle: get: no --trust CERT: refusing"), (String) none[2]);

        Path other = Files.createDirectories(dir.resolve("other"));
        ServerIdentities.generate(Profile.MODERN, other);
        // Another demo CA of the same name: its key does not verify this server's chain.
        Object[] wrong = get(base + "/", "--trust", other.resolve("ca.pem").toString());
        assertEquals(1, wrong[0]);
        assertTrue(((String) wrong[2]).startsWith("sizzle: get: fatal alert bad_certificate: BAD_SIGNATURE"),
                (String) wrong[2]);
        assertTrue(logged("handshake failed: received fatal alert bad_certificate"), log.toString());

        Object[] insecure = get(base + "/status.json", "--insecure");
        assertEquals(0, insecure[0], (String) insecure[2]);
        assertTrue(((String) insecure[2]).startsWith("WARNING: --insecure: accepting a certificate"), (String) insecure[2]);

        Object[] wrongHost = get("https://127.0.0.2:" + server.port() + "/", "--trust", dir.resolve("ca.pem").toString());
        assertEquals(1, wrongHost[0], "127.0.0.2 is not in the certificate (nor listened on)");
    }

    @Test
    void getCommandArgumentErrors() {
        assertEquals(2, get()[0]);
        assertEquals(2, get("https://localhost/", "--trust", dir.resolve("absent.pem").toString())[0]);
        assertEquals(2, get("https://localhost/", "--insecure", "--profile", "ancient")[0]);
        assertEquals(2, get("http://localhost/", "--insecure")[0]);
        assertEquals(2, get("https://localhost/", "--insecure", "--bogus")[0]);
        Object[] port = get("https://localhost:1/", "--insecure");
        assertEquals(1, port[0]);
        assertTrue(((String) port[2]).startsWith("sizzle: get: cannot connect to localhost:1"), (String) port[2]);
    }

    @Test
    void getCommandSaysWhatIsWrongFirst() throws Exception {
        Object[] url = get("notaurl");
        assertEquals(2, url[0]);
        assertEquals("sizzle: get: not an https:// URL: notaurl (e.g. https://localhost:4433/)\n", url[2],
                "the URL, not the missing --trust");

        String base = start(Profile.MODERN);
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello\n");
        Object[] notPem = get(base + "/", "--trust", text.toString());
        assertEquals(2, notPem[0]);
        assertEquals("sizzle: get: --trust " + text + ": not a certificate (neither PEM nor DER); give the server's CA "
                + "certificate or its own, as PEM (-----BEGIN CERTIFICATE-----)\n", notPem[2]);
        Object[] key = get(base + "/", "--trust", dir.resolve("server-key.pem").toString());
        assertEquals(2, key[0]);
        assertTrue(((String) key[2]).startsWith("sizzle: get: --trust " + dir.resolve("server-key.pem")
                + ": a PEM file without a certificate (it holds "), (String) key[2]);
        assertEquals(1, ((String) key[2]).lines().count());

        Object[] host = get("https://nohost.invalid/", "--insecure");
        assertEquals(1, host[0]);
        assertEquals("sizzle: get: unknown host nohost.invalid (the name does not resolve)\n", host[2]);
    }

    @ParameterizedTest(name = "one connection: {0}")
    @ValueSource(booleans = {true, false})
    void aSilentClientIsCutAtItsDeadlineOverSockets(boolean one) throws Exception {
        AtomicLong now = new AtomicLong(1_000_000);
        ServerIdentities.Loaded ids = ServerIdentities.generate(Profile.MODERN, dir);
        server = new DesktopServer(Profile.MODERN, ids.identities(), "hunter2", one, log::add, now::get);
        int port = server.start(0);
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(new byte[] {22, 3, 1}); // a ClientHello record begins, and no more comes
            // The clock moves 10 s at a time until the server has taken the connection and cut it.
            boolean cut = false;
            for (int i = 0; i < 500 && !cut; i++) {
                now.addAndGet(10_000);
                server.checkDeadlines();
                Thread.sleep(10);
                cut = log.stream().anyMatch(l -> l.endsWith("past its handshake deadline (10000 ms)"));
            }
            assertTrue(cut, log.toString());
            try {
                assertEquals(-1, s.getInputStream().read(), "the server closed it");
            } catch (SocketException e) {
                // or reset it: an aborted connection ends either way
            }
        }
        assertTrue(log.get(0).startsWith("127.0.0.1:"), log.toString());
        assertTrue(log.get(0).contains(" handshake failed: "), log.toString());
    }

    @Test
    void jdkHttpClientOverJsse() throws Exception {
        String base = start(Profile.MODERN);
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(dir.resolve("ca.pem"))) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext tls = SSLContext.getInstance("TLSv1.2");
        tls.init(null, tmf.getTrustManagers(), null);
        HttpClient client = HttpClient.newBuilder().sslContext(tls).version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> home = client.send(HttpRequest.newBuilder(URI.create(base + "/")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, home.statusCode());
        assertTrue(home.body().contains("<title>Thermostat</title>"));
        HttpRequest post = HttpRequest.newBuilder(URI.create(base + "/config"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("setpoint=24.0&mode=cool&password=hunter2")).build();
        assertEquals(303, client.send(post, HttpResponse.BodyHandlers.ofString()).statusCode());
        HttpResponse<String> json = client.send(HttpRequest.newBuilder(URI.create(base + "/status.json")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals("{\"temperature_c\": 21.5, \"setpoint_c\": 24.0, \"mode\": \"cool\"}\n", json.body());
        assertEquals("TLSv1.2", json.sslSession().orElseThrow().getProtocol());
    }

    @Test
    void midpHttpsConnectionAgainstTheServer() throws Exception {
        String base = start(Profile.MODERN);
        ksecurity.cert.KeyStore trust = new ksecurity.cert.KeyStore();
        trust.loadCertificates(Files.readAllBytes(dir.resolve("ca.pem")));
        TlsConfig config = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .setTrustStore(trust);
        Connector.setDefaults(config, new DesktopSockets(10000));
        try {
            HttpConnection home = (HttpConnection) Connector.open(base + "/");
            assertEquals(200, home.getResponseCode());
            assertEquals("text/html", home.getType());
            try (InputStream in = home.openInputStream()) {
                assertTrue(new String(in.readAllBytes(), StandardCharsets.UTF_8).contains("<title>Thermostat</title>"));
            }
            home.close();

            HttpsClientConnection wrong = (HttpsClientConnection) Connector.open(base + "/config");
            wrong.setRequestMethod(HttpConnection.POST);
            wrong.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
            try (OutputStream out = wrong.openOutputStream()) {
                out.write("setpoint=18.5&mode=heat&password=guess".getBytes(StandardCharsets.US_ASCII));
            }
            assertEquals(401, wrong.getResponseCode());
            assertTrue(wrong.getTlsConnection().isResumed(), "the second connection resumes the session");
            wrong.close();

            HttpsClientConnection post = (HttpsClientConnection) Connector.open(base + "/config");
            post.setRequestMethod(HttpConnection.POST);
            post.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
            try (OutputStream out = post.openOutputStream()) {
                out.write("setpoint=18.5&mode=heat&password=hunter2".getBytes(StandardCharsets.US_ASCII));
            }
            assertEquals(303, post.getResponseCode());
            assertEquals("/", post.getHeaderField("Location"));
            post.close();

            HttpConnection json = (HttpConnection) Connector.open(base + "/status.json");
            String expected = "{\"temperature_c\": 21.5, \"setpoint_c\": 18.5, \"mode\": \"heat\"}\n";
            try (InputStream in = json.openInputStream()) {
                assertEquals(expected, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            assertEquals(expected.length(), json.getLength());
            json.close();
            assertTrue(logged(" resumed, 1 responses"), log.toString());
            assertFalse(log.stream().anyMatch(l -> l.contains("failed")), log.toString());
        } finally {
            Connector.setDefaults(null, null);
        }
    }

    @Test
    void oneConnectionModeOverSocketsHandsOverWithCloseNotify() throws Exception {
        ServerIdentities.Loaded ids = ServerIdentities.generate(Profile.MODERN, dir);
        server = new DesktopServer(Profile.MODERN, ids.identities(), "hunter2", true, log::add);
        int port = server.start(0);
        ksecurity.cert.KeyStore trust = new ksecurity.cert.KeyStore();
        trust.loadCertificates(Files.readAllBytes(dir.resolve("ca.pem")));
        TlsConfig config = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .setTrustStore(trust);
        DesktopSockets sockets = new DesktopSockets(10000);
        kssl.tls.TlsConnection a = Connector.openSecure("localhost", port, config, sockets);
        OutputStream out = a.getOutputStream();
        out.write("GET /status.json HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = a.getInputStream();
        byte[] first = new byte[12];
        assertEquals(12, in.readNBytes(first, 0, 12));
        assertEquals("HTTP/1.1 200", new String(first, StandardCharsets.US_ASCII));
        in.readNBytes(in.available()); // the rest of the response (one record)

        Object[] b = get("https://localhost:" + port + "/", "--trust", dir.resolve("ca.pem").toString());
        assertEquals(0, b[0], (String) b[2]);
        while (in.read() >= 0) {
            // the idle connection was closed for the newer one
        }
        assertFalse(a.isTruncated(), "with close_notify");
        for (int i = 0; i < 500 && log.size() < 2; i++) {
            Thread.sleep(10);
        }
        assertEquals(2, log.size(), log.toString());
        assertTrue(log.get(0).endsWith(" resumed, 1 responses") || log.get(0).endsWith(" full, 1 responses"), log.toString());
    }

    @Test
    void legacyProfileWithGeneratedSecp160r1AndRsaIdentities() throws Exception {
        String base = start(Profile.LEGACY);
        assertTrue(Files.isRegularFile(dir.resolve("server-rsa-key.pem")));
        Object[] r = get(base + "/status.json", "--profile", "legacy", "--trust", dir.resolve("ca.pem").toString());
        assertEquals(0, r[0], (String) r[2]);
        assertTrue(((String) r[2]).startsWith(Profile.LEGACY_WARNING), (String) r[2]);
        assertTrue(((String) r[2]).contains("* TLSv1 TLS_ECDH_ECDSA_WITH_RC4_128_SHA full handshake"), (String) r[2]);
        assertTrue(logged(Profile.LEGACY_WARNING));
    }

    @Test
    void keyAndCertificateFilesAreLoadedAndMustMatch() throws Exception {
        ServerIdentities.generate(Profile.LEGACY, dir);
        ServerIdentities.Loaded ec = ServerIdentities.load(dir.resolve("server-key.pem"), dir.resolve("server-cert.pem"));
        assertEquals(2, ec.identities().get(0).getChain().length, "leaf and CA");
        ServerIdentities.load(dir.resolve("server-rsa-key.pem"), dir.resolve("server-rsa-cert.pem"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerIdentities.load(dir.resolve("server-rsa-key.pem"), dir.resolve("server-cert.pem")));
        assertTrue(e.getMessage().contains("is not the key of the certificate"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ServerIdentities.load(dir.resolve("nothing.pem"), dir.resolve("server-cert.pem")));
        assertTrue(Files.readString(dir.resolve("server-key.pem")).startsWith("# DEMO/TEST KEY"));
    }
}
