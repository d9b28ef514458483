package sizzle.app;

import java.io.IOException;
import sizzle.http.Ascii;
import sizzle.http.Handler;
import sizzle.http.Request;
import sizzle.http.ResponseWriter;
import sizzle.http.Status;

/**
 * The reference application's routes (../shared/DESIGN.md section 10):
 * <pre>
 *   GET  /             200 the status page (HTML)
 *   GET  /status.json  200 {"temperature_c": 21.5, "setpoint_c": 20.0, "mode": "off"}
 *   GET  /config       200 the settings form
 *   POST /config       303 to / when the password is right and the settings are applied
 *                      401 wrong password; 429 while this client backs off (Retry-After in seconds)
 *                      400 malformed form or value out of range; 415 not a form
 *   other method on a known path: 405 with Allow; any other path: 404
 * </pre>
 * A POST while the gate is locked is refused before its form is even parsed; a form is
 * validated before the password is compared, so a malformed or out-of-range submission is
 * not counted as a failed guess (it reveals nothing about the password).
 *
 * <p>Note on 401: the design asks for it on a wrong password. The form is not HTTP
 * authentication, so no WWW-Authenticate challenge is sent (none would apply).
 */
public final class ThermostatApp implements Handler {
    private static final byte[] ROOT = Ascii.bytes("/");
    private static final byte[] STATUS_JSON = Ascii.bytes("/status.json");
    private static final byte[] CONFIG = Ascii.bytes("/config");
    private static final byte[] ALLOW_GET = Ascii.bytes("GET");
    private static final byte[] ALLOW_GET_POST = Ascii.bytes("GET, POST");
    private static final byte[] RETRY_AFTER = Ascii.bytes("Retry-After");

    private final Thermostat thermostat;
    private final PasswordGate gate;

    public ThermostatApp(Thermostat thermostat, PasswordGate gate) {
        this.thermostat = thermostat;
        this.gate = gate;
    }

    public void handle(Request r, ResponseWriter w) throws IOException {
        if (r.pathIs(ROOT) || r.pathIs(STATUS_JSON)) {
            if (r.method() != Request.GET) {
                w.methodNotAllowed(ALLOW_GET);
            } else if (r.pathIs(ROOT)) {
                home(w);
            } else {
                status(w);
            }
        } else if (r.pathIs(CONFIG)) {
            if (r.method() == Request.GET) {
                form(w);
            } else if (r.method() == Request.POST) {
                configure(r, w);
            } else {
                w.methodNotAllowed(ALLOW_GET_POST);
            }
        } else {
            w.error(Status.NOT_FOUND);
        }
    }

    private void home(ResponseWriter w) throws IOException {
        int settings = settings();
        int setpoint = settings >> 2;
        int mode = settings & 3;
        ThermostatPages.HOME.send(w, Status.OK, ThermostatPages.HTML, new byte[][] {
            Thermostat.formatTenths(thermostat.temperature()), Thermostat.formatTenths(setpoint),
            Thermostat.modeName(mode), thermostat.name(), thermostat.kind(),
        });
    }

    private void status(ResponseWriter w) throws IOException {
        int settings = settings();
        int setpoint = settings >> 2;
        int mode = settings & 3;
        ThermostatPages.STATUS.send(w, Status.OK, ThermostatPages.JSON, new byte[][] {
            Thermostat.formatTenths(thermostat.temperature()), Thermostat.formatTenths(setpoint),
            Thermostat.modeName(mode),
        });
    }

    private void form(ResponseWriter w) throws IOException {
        int settings = settings();
        int setpoint = settings >> 2;
        int mode = settings & 3;
        ThermostatPages.CONFIG.send(w, Status.OK, ThermostatPages.HTML, new byte[][] {
            Thermostat.formatTenths(setpoint), selected(mode == Thermostat.HEAT),
            selected(mode == Thermostat.COOL), selected(mode == Thermostat.OFF),
        });
    }

    private void configure(Request r, ResponseWriter w) throws IOException {
        if (!r.isForm()) {
            w.error(Status.UNSUPPORTED_MEDIA_TYPE);
            return;
        }
        long wait = gate.retryAfterMillis(r.peer());
        if (wait > 0) {
            tooManyRequests(w, wait);
            return;
        }
        ConfigForm f = new ConfigForm();
        try {
            int setpoint = f.parse(r.body(), r.bodyLength()) ? Thermostat.parseTenths(f.setpoint, f.setpointLength) : -1;
            int mode = setpoint >= 0 ? Thermostat.parseMode(f.mode, f.modeLength) : -1;
            if (mode < 0 || setpoint < Thermostat.MIN_SETPOINT || setpoint > Thermostat.MAX_SETPOINT) {
                w.error(Status.BAD_REQUEST);
                return;
            }
            int verdict = gate.attempt(r.peer(), f.password, f.passwordLength);
            if (verdict == PasswordGate.BACKING_OFF) {
                tooManyRequests(w, gate.retryAfterMillis(r.peer()));
            } else if (verdict == PasswordGate.REJECTED) {
                w.error(Status.UNAUTHORIZED);
            } else {
                thermostat.set(setpoint, mode);
                w.seeOther(ROOT);
            }
        } finally {
            f.clear();
        }
    }

    /** 429 with Retry-After: the wait in whole seconds, rounded up (RFC 6585 4, RFC 9110 10.2.3). */
    private static void tooManyRequests(ResponseWriter w, long waitMillis) throws IOException {
        w.status(Status.TOO_MANY_REQUESTS);
        w.header(RETRY_AFTER, (int) ((waitMillis + 999) / 1000));
        w.reasonBody(Status.TOO_MANY_REQUESTS);
    }

    /** Setpoint and mode read together (setpoint << 2 | mode), so a page never mixes two settings. */
    private int settings() {
        synchronized (thermostat) {
            return thermostat.setpoint() << 2 | thermostat.mode();
        }
    }

    private static byte[] selected(boolean on) {
        return on ? ThermostatPages.SELECTED : ThermostatPages.NOT_SELECTED;
    }
}
