package sizzle.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import java.nio.charset.StandardCharsets;
import sizzle.Deadlines;
import sizzle.MultiConnectionServer;
import sizzle.OneConnectionServer;
import sizzle.app.PasswordGate;
import sizzle.app.Thermostat;
import sizzle.app.ThermostatApp;
import sizzle.desktop.SocketConnectionSource;
import sizzle.http.HttpConnectionLoop;
import sizzle.http.SystemClock;

/**
 * The thermostat in plain HTTP over the desktop tools' loopback sockets (what the TLS glue runs
 * on), fetched by the JDK's HttpClient and by curl. Moved here from sizzle-server with
 * SocketConnectionSource, which became a tool.
 */
@Timeout(60)
class PlainHttpSmokeTest {
    private static HttpConnectionLoop thermostat() {
        Thermostat t = new Thermostat("thermostat-1", "Java", () -> 215);
        return new HttpConnectionLoop(new ThermostatApp(t, new PasswordGate("hunter2".getBytes(StandardCharsets.US_ASCII),
                new SystemClock())), 128);
    }

    private static SocketConnectionSource loopback() throws IOException {
        return new SocketConnectionSource(InetAddress.getLoopbackAddress(), 0, 10000);
    }

    private static Thread start(Runnable server) {
        Thread t = new Thread(server, "acceptor");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static boolean eventually(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }

    private interface Server extends Runnable {
        void stop();
    }

    private static Server server(String mode, SocketConnectionSource source) {
        if (mode.equals("one")) {
            OneConnectionServer s = new OneConnectionServer(source, null, thermostat(), Deadlines.DESKTOP, new SystemClock());
            return new Server() {
                public void run() {
                    s.run();
                }

                public void stop() {
                    s.stop();
                }
            };
        }
        MultiConnectionServer s = new MultiConnectionServer(source, null, thermostat(), 16, Deadlines.DESKTOP, new SystemClock());
        return new Server() {
            public void run() {
                s.run();
            }

            public void stop() {
                s.stop();
            }
        };
    }

    @ParameterizedTest(name = "{0}-connection mode")
    @ValueSource(strings = {"one", "multi"})
    void httpClientFetchesPagesAndConfigures(String mode) throws Exception {
        SocketConnectionSource source = loopback();
        Server server = server(mode, source);
        Thread acceptor = start(server);
        try {
            String base = "http://127.0.0.1:" + source.port();
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> home = client.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, home.statusCode());
            assertTrue(home.body().contains("<title>Thermostat</title>"));
            assertEquals("text/html", home.headers().firstValue("content-type").orElseThrow());

            HttpResponse<String> json = client.send(HttpRequest.newBuilder(URI.create(base + "/status.json")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, json.statusCode());
            assertTrue(json.body().startsWith("{\"temperature_c\": 21.5, "));

            HttpRequest wrong = HttpRequest.newBuilder(URI.create(base + "/config"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("setpoint=22.5&mode=heat&password=nope")).build();
            assertEquals(401, client.send(wrong, HttpResponse.BodyHandlers.ofString()).statusCode());

            HttpRequest right = HttpRequest.newBuilder(URI.create(base + "/config"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("setpoint=22.5&mode=heat&password=hunter2")).build();
            HttpResponse<String> done = client.send(right, HttpResponse.BodyHandlers.ofString());
            assertEquals(303, done.statusCode());
            assertEquals("/", done.headers().firstValue("location").orElseThrow());

            json = client.send(HttpRequest.newBuilder(URI.create(base + "/status.json")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals("{\"temperature_c\": 21.5, \"setpoint_c\": 22.5, \"mode\": \"heat\"}\n", json.body());
            assertEquals(404, client.send(HttpRequest.newBuilder(URI.create(base + "/nope")).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        } finally {
            server.stop();
            acceptor.join(5000);
        }
    }

    @Test
    void malformedRequestOnARealSocketThenTheNextConnection() throws Exception {
        SocketConnectionSource source = loopback();
        OneConnectionServer server = new OneConnectionServer(source, null, thermostat(), Deadlines.DESKTOP, new SystemClock());
        Thread acceptor = start(server);
        try {
            String bad = raw(source.port(), "GET /" + "a".repeat(1000) + " HTTP/1.1\r\nHost: t\r\n\r\n");
            assertTrue(bad.startsWith("HTTP/1.1 400 Bad Request\r\n"), bad);
            assertTrue(bad.contains("\r\nConnection: close\r\n"));
            String tooMany = raw(source.port(), "GET / HTTP/1.1\r\nHost: t\r\n" + "X: y\r\n".repeat(40) + "\r\n");
            assertTrue(tooMany.startsWith("HTTP/1.1 431 "), tooMany);
            String good = raw(source.port(), "GET /status.json HTTP/1.0\r\n\r\n");
            assertTrue(good.startsWith("HTTP/1.1 200 OK\r\n"), good);
            assertTrue(good.contains("\r\nConnection: close\r\n"), "HTTP/1.0 without keep-alive");
            assertTrue(good.endsWith("\"mode\": \"off\"}\n"), good);
        } finally {
            server.stop();
            acceptor.join(5000);
        }
    }

    @Test
    void curlFetchesSeveralUrlsOnOneConnection() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl installed");
        SocketConnectionSource source = loopback();
        OneConnectionServer server = new OneConnectionServer(source, null, thermostat(), Deadlines.DESKTOP, new SystemClock());
        Thread acceptor = start(server);
        try {
            String base = "http://127.0.0.1:" + source.port();
            Process p = new ProcessBuilder("/usr/bin/curl", "-sS", "-v", "--max-time", "10",
                    base + "/status.json", base + "/", base + "/config").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("{\"temperature_c\": 21.5"), out);
            assertTrue(out.contains("<h1>Thermostat settings</h1>"), out);
            assertTrue(out.contains("Re-using existing connection") || out.contains("Reusing existing connection"),
                    "curl kept one connection for the three URLs:\n" + out);
            assertTrue(eventually(() -> server.served() == 1), "curl's one connection has ended");
            assertEquals(1, server.served());
        } finally {
            server.stop();
            acceptor.join(5000);
        }
    }

    /** One request on a fresh socket; everything the server sends until it closes. */
    private static String raw(int port, String request) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(5000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.shutdownOutput();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            return all.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
