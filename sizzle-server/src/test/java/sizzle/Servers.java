package sizzle;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import kssl.tls.Profile;
import kssl.tls.TlsConnection;
import sizzle.app.PasswordGate;
import sizzle.app.Thermostat;
import sizzle.app.ThermostatApp;
import sizzle.app.ThermostatServer;
import sizzle.http.Clock;
import sizzle.http.HttpConnectionLoop;
import sizzle.http.SystemClock;
import sizzle.http.Wire;

/** The thermostat behind the HTTP loop, as the servers under test run it. */
final class Servers {
    static final String GET = "GET /status.json HTTP/1.1\r\nHost: t\r\n\r\n";
    static final AtomicInteger TEMPERATURE = new AtomicInteger(215);

    private Servers() {
    }

    static HttpConnectionLoop thermostat(int chunk) {
        Thermostat t = new Thermostat("thermostat-1", "Java", TEMPERATURE::get);
        return new HttpConnectionLoop(new ThermostatApp(t, new PasswordGate(Wire.bytes("hunter2"), new SystemClock())), chunk);
    }

    /**
     * The thermostat over TLS as every device assembles it (ThermostatServer), with this
     * module's test keys and weak random source, the desktop's deadlines on {@code clock};
     * connection lines go to {@code log} (the weak source's warning does not).
     */
    static ThermostatServer assembly(int profile, Clock clock, List<String> log) {
        return new ThermostatServer(profile, TlsTestKeys.RANDOM).allowWeakRandom(TlsTestKeys.WEAK_RANDOM)
                .identity(profile == Profile.LEGACY ? TlsTestKeys.P160 : TlsTestKeys.P256)
                .password(Wire.bytes("hunter2")).device("thermostat-1", "Java", TEMPERATURE::get)
                .deadlines(Deadlines.DESKTOP).clock(clock).chunk(256)
                .log(line -> {
                    if (!line.startsWith("WARNING: weak random")) {
                        log.add(line);
                    }
                });
    }

    static Thread start(Runnable server) {
        Thread t = new Thread(server, "acceptor");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Sends {@code request} over {@code c} and reads one whole response. */
    static Wire.Response exchange(TlsConnection c, String request) throws IOException {
        OutputStream out = c.getOutputStream();
        out.write(Wire.bytes(request));
        out.flush();
        return response(c.getInputStream());
    }

    /** One whole response, delimited by its Content-Length. */
    static Wire.Response response(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!Wire.text(head.toByteArray()).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head.size() + " bytes");
            }
            head.write(b);
        }
        String h = Wire.text(head.toByteArray()).toLowerCase();
        int i = h.indexOf("content-length: ");
        int length = Integer.parseInt(h.substring(i + 16, h.indexOf("\r\n", i)));
        head.write(in.readNBytes(length));
        return Wire.responses(Wire.text(head.toByteArray())).get(0);
    }

    static boolean eventually(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }
}
