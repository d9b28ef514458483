package sizzle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sizzle.http.Wire;

class ThermostatTest {
    @ParameterizedTest
    @CsvSource({"0, 0.0", "5, 0.5", "215, 21.5", "-5, -0.5", "-215, -21.5", "1000, 100.0",
        "2147483647, 214748364.7", "-2147483648, -214748364.8"})
    void tenthsPrintWithOneDecimal(int tenths, String text) {
        assertEquals(text, Wire.text(Thermostat.formatTenths(tenths)));
    }

    @ParameterizedTest
    @CsvSource(value = {"0, 0", "5, 50", "21, 210", "21.5, 215", "30.0, 300", "999.9, 9999", "05, 50",
        "'', -1", "., -1", ".5, -1", "21., -1", "21.55, -1", "1000, -1", "-1, -1", "2a, -1", "'21,5', -1", "21.x, -1"},
        emptyValue = "")
    void tenthsParse(String text, int tenths) {
        byte[] b = Wire.bytes(text);
        assertEquals(tenths, Thermostat.parseTenths(b, b.length));
    }

    @Test
    void modes() {
        for (int m = Thermostat.OFF; m <= Thermostat.COOL; m++) {
            byte[] name = Thermostat.modeName(m);
            assertEquals(m, Thermostat.parseMode(name, name.length));
        }
        assertEquals(-1, Thermostat.parseMode(Wire.bytes("heater"), 6));
        assertEquals(-1, Thermostat.parseMode(Wire.bytes("hea"), 3));
    }

    @Test
    void setRejectsOutOfRange() {
        Thermostat t = new Thermostat("t", "Java", () -> 0);
        assertThrows(IllegalArgumentException.class, () -> t.set(49, Thermostat.HEAT));
        assertThrows(IllegalArgumentException.class, () -> t.set(301, Thermostat.HEAT));
        assertThrows(IllegalArgumentException.class, () -> t.set(200, 3));
        assertThrows(IllegalArgumentException.class, () -> t.set(200, -1));
        t.set(50, Thermostat.COOL);
        assertEquals(50, t.setpoint());
    }

    @Test
    void labelsMustBeSafeToShow() {
        assertThrows(IllegalArgumentException.class, () -> new Thermostat("<b>", "Java", () -> 0));
        assertThrows(IllegalArgumentException.class, () -> new Thermostat("t", "", () -> 0));
        assertThrows(IllegalArgumentException.class, () -> new Thermostat("x".repeat(33), "Java", () -> 0));
        assertThrows(IllegalArgumentException.class, () -> new Thermostat("t&t", "Java", () -> 0));
        new Thermostat("Kitchen unit_2.b-3", "MSP430", () -> 0);
    }
}
