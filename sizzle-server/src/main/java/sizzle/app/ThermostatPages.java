package sizzle.app;

import sizzle.http.Ascii;
import sizzle.http.Template;

/**
 * The reference application's pages, byte for byte (../shared/DESIGN.md section 10): every
 * server (this Java one, the SPOT, the C firmware on the motes) sends exactly these bytes, so
 * their transcripts can be compared. Golden copies: src/test/resources/golden/.
 */
public final class ThermostatPages {
    public static final byte[] HTML = Ascii.bytes("text/html");
    public static final byte[] JSON = Ascii.bytes("application/json");

    /** GET /: temperature, setpoint, mode, device name, device kind. */
    public static final Template HOME = new Template(new String[] {
        "<!DOCTYPE html>\n<html><head><title>Thermostat</title></head><body>\n"
            + "<h1>Thermostat</h1>\n<p>Temperature: ",
        " &deg;C<br>\nSetpoint: ",
        " &deg;C<br>\nMode: ",
        "</p>\n<p>Device: ",
        " (",
        ")</p>\n<p><a href=\"/config\">Settings</a></p>\n</body></html>\n",
    });

    /** GET /status.json: temperature, setpoint, mode. */
    public static final Template STATUS = new Template(new String[] {
        "{\"temperature_c\": ",
        ", \"setpoint_c\": ",
        ", \"mode\": \"",
        "\"}\n",
    });

    /**
     * GET /config: the setpoint, then " selected" or "" for each of heat, cool, off. The
     * bounds in the text are Thermostat.MIN_SETPOINT and MAX_SETPOINT.
     */
    public static final Template CONFIG = new Template(new String[] {
        "<!DOCTYPE html>\n<html><head><title>Thermostat</title></head><body>\n"
            + "<h1>Thermostat settings</h1>\n<form method=\"post\" action=\"/config\">\n"
            + "<p>Setpoint (5.0 to 30.0 &deg;C): <input name=\"setpoint\" value=\"",
        "\"></p>\n<p>Mode: <select name=\"mode\"><option",
        ">heat</option><option",
        ">cool</option><option",
        ">off</option></select></p>\n"
            + "<p>Password: <input type=\"password\" name=\"password\"></p>\n"
            + "<p><input type=\"submit\" value=\"Save\"></p>\n</form>\n"
            + "<p><a href=\"/\">Back</a></p>\n</body></html>\n",
    });

    static final byte[] SELECTED = Ascii.bytes(" selected");
    static final byte[] NOT_SELECTED = new byte[0];

    private ThermostatPages() {
    }
}
