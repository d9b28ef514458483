package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
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
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import kssl.tls.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** `./sizzle server` in-process: the order of its checks, where its password comes from, what it prints where. */
@Timeout(120)
class ServerCommandTest {
    @TempDir
    Path dir;

    /** One run of the command: the server if it started, the exit status if not, and both outputs. */
    private static final class Run {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        DesktopServer server;
        int status;

        Run(Map<String, String> env, String... args) {
            try {
                server = ServerCommand.start(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
            } catch (ServerCommand.Failed e) {
                status = e.status;
            }
        }

        String out() {
            return out.toString(StandardCharsets.UTF_8);
        }

        String err() {
            return err.toString(StandardCharsets.UTF_8);
        }

        void stop() throws InterruptedException {
            if (server != null) {
                server.stop();
            }
        }
    }

    private static void oneLine(Run r, int status, String start) {
        assertNull(r.server);
        assertEquals(status, r.status, r.err());
        assertTrue(r.err().startsWith("sizzle: server: " + start), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
    }

    @Test
    void aBusyPortFailsBeforeAnyKeyIsMadeOrPasswordPrinted() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = busy.getLocalPort();
            Run r = new Run(Map.of(), "--port", Integer.toString(port));
            oneLine(r, 2, "port " + port + " is not free");
            assertEquals("", r.out(), "no keys, no password");
        }
    }

    @Test
    void thePasswordIsNeverTakenFromTheCommandLine() {
        oneLine(new Run(Map.of(), "--password", "hunter2"), 2,
                "--password is not taken on the command line, which other users can read: set SIZZLE_PASSWORD or give --password-file F");
        oneLine(new Run(Map.of(), "--password-file", dir.resolve("absent").toString()), 2, "--password-file: no such file: ");
    }

    @Test
    void passwordFromTheEnvironmentOrAFile() throws Exception {
        Path file = Files.writeString(dir.resolve("pw"), "s3cret-from-file\nsecond line ignored\n");
        assertEquals("s3cret-from-file", ServerCommand.password(null, file));
        assertEquals("from-env", ServerCommand.password("from-env", null));
        assertNull(ServerCommand.password(null, null), "neither: a random one");
        assertThrows(Options.Usage.class, () -> ServerCommand.password("a", file), "both");
        assertThrows(Options.Usage.class, () -> ServerCommand.password("", null), "empty");
        assertThrows(Options.Usage.class, () -> ServerCommand.password("x".repeat(33), null), "too long");
        assertThrows(Options.Usage.class, () -> ServerCommand.password(null, Files.writeString(dir.resolve("empty"), "")));
    }

    @Test
    void theEnvironmentsPasswordOpensTheConfiguration() throws Exception {
        Run r = new Run(Map.of(ServerCommand.PASSWORD_VARIABLE, "env-pass-1"), "--port", "0");
        try {
            assertEquals("", r.err());
            assertTrue(r.out().contains("password for POST /config: as given\n"), r.out());
            assertTrue(!r.out().contains("env-pass-1"), "the password is not printed");
            String ca = r.out().lines().filter(l -> l.startsWith("try: ")).findFirst().orElseThrow();
            Path caFile = Path.of(ca.substring(ca.indexOf("--trust ") + 8));
            HttpClient client = client(caFile);
            String base = "https://localhost:" + r.server.port();
            assertEquals(401, post(client, base, "wrong").statusCode());
            HttpResponse<String> ok = post(client, base, "env-pass-1");
            assertEquals(303, ok.statusCode());
            assertEquals("max-age=31536000", ok.headers().firstValue("strict-transport-security").orElseThrow());
            assertEquals("nosniff", ok.headers().firstValue("x-content-type-options").orElseThrow());
            assertTrue(ok.headers().firstValue("date").isPresent(), "the desktop knows the time");
        } finally {
            r.stop();
        }
    }

    @Test
    void theLegacyWarningGoesToStderrFirst() throws Exception {
        Run r = new Run(Map.of(ServerCommand.PASSWORD_VARIABLE, "x"), "--profile", "legacy", "--port", "0");
        try {
            assertEquals(Profile.LEGACY_WARNING, r.err().lines().findFirst().orElse(""), r.err());
            assertTrue(r.out().contains("sizzle server: legacy profile, multi-connection mode"), r.out());
        } finally {
            r.stop();
        }
    }

    @Test
    void argumentErrorsAreOneLine() {
        oneLine(new Run(Map.of(), "--bogus"), 2, "unknown argument '--bogus'");
        oneLine(new Run(Map.of(), "--port", "70000"), 2, "--port must be a number from 0 to 65535");
        oneLine(new Run(Map.of(), "--key", "k.pem"), 2, "--key and --cert go together");
        oneLine(new Run(Map.of(), "--profile"), 2, "--profile needs a value");
    }

    private static HttpClient client(Path caFile) throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(caFile)) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext tls = SSLContext.getInstance("TLSv1.2");
        tls.init(null, tmf.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(tls).version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
    }

    private static HttpResponse<String> post(HttpClient client, String base, String password) throws Exception {
        HttpRequest post = HttpRequest.newBuilder(URI.create(base + "/config"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("setpoint=24.0&mode=cool&password=" + password)).build();
        return client.send(post, HttpResponse.BodyHandlers.ofString());
    }
}
