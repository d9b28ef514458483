package sizzle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sizzle.http.Wire;

/** Every route and status of the reference application. */
class ThermostatAppTest {
    private final Device d = new Device();

    @Test
    void homePageShowsTheState() throws IOException {
        d.temperature.set(-35);
        Wire.Response r = d.get("/");
        assertEquals(200, r.status());
        assertEquals("text/html", r.header("content-type"));
        assertTrue(r.body().contains("<title>Thermostat</title>"));
        assertTrue(r.body().contains("Temperature: -3.5 &deg;C"));
        assertTrue(r.body().contains("Setpoint: 20.0 &deg;C"));
        assertTrue(r.body().contains("Mode: off"));
        assertTrue(r.body().contains("Device: thermostat-1 (Java)"));
        assertTrue(r.body().contains("<a href=\"/config\">"));
        assertNull(r.header("connection"), "keep-alive is the HTTP/1.1 default: no header");
    }

    @Test
    void statusJson() throws IOException {
        d.temperature.set(5);
        Wire.Response r = d.get("/status.json?fresh");
        assertEquals(200, r.status());
        assertEquals("application/json", r.header("content-type"));
        assertEquals("{\"temperature_c\": 0.5, \"setpoint_c\": 20.0, \"mode\": \"off\"}\n", r.body());
    }

    @Test
    void configFormSelectsTheCurrentMode() throws IOException {
        d.thermostat.set(225, Thermostat.COOL);
        Wire.Response r = d.get("/config");
        assertEquals(200, r.status());
        assertTrue(r.body().contains("value=\"22.5\""));
        assertTrue(r.body().contains("<option>heat</option><option selected>cool</option><option>off</option>"));
        assertTrue(r.body().contains("<input type=\"password\" name=\"password\">"));
    }

    @Test
    void boundsInTheFormTextAreTheModelsBounds() throws IOException {
        String text = "Setpoint (" + Wire.text(Thermostat.formatTenths(Thermostat.MIN_SETPOINT)) + " to "
                + Wire.text(Thermostat.formatTenths(Thermostat.MAX_SETPOINT)) + " &deg;C)";
        assertTrue(d.get("/config").body().contains(text));
    }

    @Test
    void rightPasswordAppliesAndRedirects() throws IOException {
        Wire.Response r = d.configure("23.5", "heat", "hunter2");
        assertEquals(303, r.status());
        assertEquals("/", r.header("location"));
        assertEquals("0", r.header("content-length"));
        assertEquals("HTTP/1.1 303 See Other\r\n" + Wire.SECURITY
                + "Location: /\r\nContent-Length: 0\r\n\r\n", r.raw());
        assertEquals("{\"temperature_c\": 21.5, \"setpoint_c\": 23.5, \"mode\": \"heat\"}\n", d.get("/status.json").body());
    }

    @Test
    void fieldsInAnyOrderWithEncodingAndExtras() throws IOException {
        Device e = new Device();
        PasswordGate gate = new PasswordGate(Wire.bytes("a b&c=d%"), e.clock);
        ThermostatApp app = new ThermostatApp(e.thermostat, gate);
        String form = "submit=Save&password=a+b%26c%3Dd%25&&mode=cool&setpoint=5";
        Wire.Response r = Wire.serve(app, "POST /config HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: " + form.length() + "\r\n\r\n" + form, 64).only();
        assertEquals(303, r.status());
        assertEquals(50, e.thermostat.setpoint());
        assertEquals(Thermostat.COOL, e.thermostat.mode());
    }

    @Test
    void boundsAreInclusive() throws IOException {
        assertEquals(303, d.configure("5.0", "off", "hunter2").status());
        assertEquals(303, d.configure("30", "cool", "hunter2").status());
        assertEquals(300, d.thermostat.setpoint());
    }

    @Test
    void wrongPasswordIs401AndChangesNothing() throws IOException {
        Wire.Response r = d.configure("25", "heat", "hunter3");
        assertEquals(401, r.status());
        assertEquals("Unauthorized\n", r.body());
        assertFalse(r.closes(), "the connection stays usable");
        assertEquals(Thermostat.INITIAL_SETPOINT, d.thermostat.setpoint());
        assertEquals(Thermostat.OFF, d.thermostat.mode());
    }

    @ParameterizedTest(name = "password \"{0}\"")
    @CsvSource(value = {"hunter", "hunter22", "HUNTER2", "''", "hunter2%00", "hunter2hunter2hunter2hunter2hunter2hunter2"}, emptyValue = "")
    void nearMissesAreWrong(String guess) throws IOException {
        assertEquals(401, d.configure("25", "heat", guess).status());
    }

    @Test
    void backOffAfterThreeFailuresDoublesAndResets() throws IOException {
        assertEquals(401, d.configure("25", "heat", "x").status());
        assertEquals(401, d.configure("25", "heat", "x").status());
        assertEquals(401, d.configure("25", "heat", "x").status(), "the third failure is answered, then locks");
        Wire.Response locked = d.configure("25", "heat", "hunter2");
        assertEquals(429, locked.status(), "not even the right password while locked");
        assertEquals("1", locked.header("retry-after"));
        assertEquals(Thermostat.INITIAL_SETPOINT, d.thermostat.setpoint());

        d.clock.now += 999;
        assertEquals(429, d.configure("25", "heat", "x").status());
        d.clock.now += 1;
        assertEquals(401, d.configure("25", "heat", "x").status(), "open again, and the fourth failure");
        Wire.Response twice = d.configure("25", "heat", "x");
        assertEquals(429, twice.status());
        assertEquals("2", twice.header("retry-after"));
        d.clock.now += 1500;
        assertEquals("1", d.configure("25", "heat", "x").header("retry-after"), "rounded up");
        d.clock.now += 500;

        assertEquals(303, d.configure("25", "heat", "hunter2").status());
        assertEquals(401, d.configure("25", "heat", "x").status(), "success reset the count");
        assertEquals(401, d.configure("25", "heat", "x").status());
        assertEquals(303, d.configure("26", "heat", "hunter2").status());
    }

    @Test
    void theBackOffIsPerClientAddress() throws IOException {
        for (int i = 0; i < 3; i++) {
            assertEquals(401, d.configureFrom("198.51.100.66", "25", "heat", "x").status());
        }
        assertEquals(429, d.configureFrom("198.51.100.66", "25", "heat", "hunter2").status());
        assertEquals(303, d.configureFrom("192.0.2.7", "25", "heat", "hunter2").status(), "the owner elsewhere is not locked out");
        assertEquals(429, d.configureFrom("198.51.100.66", "25", "heat", "x").status());
    }

    @Test
    void getStillWorksWhileLocked() throws IOException {
        for (int i = 0; i < 3; i++) {
            d.configure("25", "heat", "x");
        }
        assertEquals(429, d.configure("25", "heat", "x").status());
        assertEquals(200, d.get("/").status());
        assertEquals(200, d.get("/config").status());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bad percent-encoding in the password | setpoint=21&mode=heat&password=hunter%2",
        "bad percent-encoding in a name       | setpoint=21&mode=heat&password=hunter2&x%zz=1",
        "bad percent-encoding in an extra     | setpoint=21&mode=heat&password=hunter2&x=%G1",
        "missing setpoint                     | mode=heat&password=hunter2",
        "missing mode                         | setpoint=21&password=hunter2",
        "missing password                     | setpoint=21&mode=heat",
        "setpoint twice                       | setpoint=21&setpoint=22&mode=heat&password=hunter2",
        "password twice                       | setpoint=21&mode=heat&password=hunter2&password=x",
        "pair without =                       | setpoint=21&mode=heat&password=hunter2&flag",
        "setpoint below bounds                | setpoint=4.9&mode=heat&password=hunter2",
        "setpoint above bounds                | setpoint=30.1&mode=heat&password=hunter2",
        "setpoint two decimals                | setpoint=21.55&mode=heat&password=hunter2",
        "setpoint with sign                   | setpoint=+21&mode=heat&password=hunter2",
        "setpoint with trailing point         | setpoint=21.&mode=heat&password=hunter2",
        "setpoint empty                       | setpoint=&mode=heat&password=hunter2",
        "setpoint too long                    | setpoint=0000000021&mode=heat&password=hunter2",
        "setpoint not a number                | setpoint=warm&mode=heat&password=hunter2",
        "mode unknown                         | setpoint=21&mode=auto&password=hunter2",
        "mode upper case                      | setpoint=21&mode=HEAT&password=hunter2",
        "empty body                           | ''",
    }, emptyValue = "")
    void malformedFormIs400AndIsNotAFailedGuess(String name, String form) throws IOException {
        for (int i = 0; i < 5; i++) {
            Wire.Response r = d.post(form);
            assertEquals(400, r.status(), name);
            assertFalse(r.closes(), "a bad form is an application error: the connection stays");
        }
        assertEquals(Thermostat.INITIAL_SETPOINT, d.thermostat.setpoint());
        assertEquals(303, d.configure("21", "heat", "hunter2").status(), "no back-off from bad forms");
    }

    @Test
    void postThatIsNotAFormIs415() throws IOException {
        assertEquals(415, d.post("application/json", "{\"setpoint\": 21}").status());
        assertEquals(415, d.post("text/plain", "setpoint=21&mode=heat&password=hunter2").status());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "GET, /nope", "GET, /index.html", "GET, /status.json/", "GET, /Config", "GET, //", "POST, /status",
        "DELETE, /config/x", "GET, /%2F",
    })
    void unknownPathsAre404(String method, String path) throws IOException {
        Wire.Response r = d.request(method, path);
        assertEquals(404, r.status());
        assertEquals("Not Found\n", r.body());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "POST, /, GET", "PUT, /, GET", "HEAD, /, GET", "DELETE, /status.json, GET", "POST, /status.json, GET",
        "PUT, /config, 'GET, POST'", "PATCH, /config, 'GET, POST'", "OPTIONS, /config, 'GET, POST'",
        "get, /config, 'GET, POST'", "BREW, /config, 'GET, POST'", "BREW, /, GET",
    })
    void otherMethodsAre405WithAllow(String method, String path, String allow) throws IOException {
        Wire.Response r = d.request(method, path);
        assertEquals(405, r.status());
        assertEquals(allow, r.header("allow"));
        assertFalse(r.closes());
    }
}
