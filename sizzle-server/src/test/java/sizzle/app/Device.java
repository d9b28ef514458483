package sizzle.app;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import sizzle.http.FakeClock;
import sizzle.http.Wire;

/** The reference device of the golden files: "thermostat-1", kind "Java", 21.5 C, password "hunter2". */
final class Device {
    static final String PASSWORD = "hunter2";
    final AtomicInteger temperature = new AtomicInteger(215);
    final FakeClock clock = new FakeClock();
    final Thermostat thermostat = new Thermostat("thermostat-1", "Java", temperature::get);
    final PasswordGate gate = new PasswordGate(Wire.bytes(PASSWORD), clock);
    final ThermostatApp app = new ThermostatApp(thermostat, gate);

    Wire.Response get(String path) throws IOException {
        return Wire.serve(app, "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n", 64).only();
    }

    Wire.Response request(String method, String path) throws IOException {
        return Wire.serve(app, method + " " + path + " HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n", 64).only();
    }

    Wire.Response post(String form) throws IOException {
        return post("application/x-www-form-urlencoded", form);
    }

    Wire.Response post(String type, String form) throws IOException {
        return Wire.serve(app, "POST /config HTTP/1.1\r\nHost: t\r\nContent-Type: " + type + "\r\nContent-Length: "
                + form.length() + "\r\n\r\n" + form, 64).only();
    }

    /** POST /config from the client at {@code peer} (the key of the password's back-off). */
    Wire.Response configureFrom(String peer, String setpoint, String mode, String password) throws IOException {
        String form = "setpoint=" + setpoint + "&mode=" + mode + "&password=" + password;
        return Wire.serve(new sizzle.http.HttpConnectionLoop(app, 64), "POST /config HTTP/1.1\r\nHost: t\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + form.length() + "\r\n\r\n" + form,
                peer).only();
    }

    Wire.Response configure(String setpoint, String mode, String password) throws IOException {
        return post("setpoint=" + setpoint + "&mode=" + mode + "&password=" + password);
    }
}
