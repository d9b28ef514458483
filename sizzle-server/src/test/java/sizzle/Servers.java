package sizzle;

import java.util.concurrent.atomic.AtomicInteger;
import sizzle.app.PasswordGate;
import sizzle.app.Thermostat;
import sizzle.app.ThermostatApp;
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

    static Thread start(Runnable server) {
        Thread t = new Thread(server, "acceptor");
        t.setDaemon(true);
        t.start();
        return t;
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
