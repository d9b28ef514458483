package sizzle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import sizzle.http.Wire;

class ConfigFormTest {
    private static int decode(String s, byte[] dest) {
        byte[] b = Wire.bytes(s);
        return ConfigForm.decode(b, 0, b.length, dest);
    }

    @Test
    void percentAndPlusDecode() {
        byte[] dest = new byte[16];
        assertEquals(7, decode("a+b%26%7e%C3%A9", dest));
        assertEquals("a b&~\u00c3\u00a9", Wire.text(Arrays.copyOf(dest, 7)));
        assertEquals(-1, decode("%", dest));
        assertEquals(-1, decode("a%4", dest));
        assertEquals(-1, decode("%g0", dest));
        assertEquals(-1, decode("%0g", dest));
        assertEquals(-1, decode("%%41", dest));
    }

    @Test
    void longValuesAreCountedNotStored() {
        byte[] dest = new byte[4];
        assertEquals(10, decode("0123456789", dest));
        assertEquals("0123", Wire.text(dest));
        assertEquals(3, decode("abc", null), "check only");
    }

    @Test
    void parseAndClear() {
        ConfigForm f = new ConfigForm();
        byte[] body = Wire.bytes("mode=heat&setpoint=21.5&password=p%40ss&x=");
        assertTrue(f.parse(body, body.length));
        assertEquals("21.5", Wire.text(Arrays.copyOf(f.setpoint, f.setpointLength)));
        assertEquals("heat", Wire.text(Arrays.copyOf(f.mode, f.modeLength)));
        assertEquals("p@ss", Wire.text(Arrays.copyOf(f.password, f.passwordLength)));
        f.clear();
        assertEquals(0, f.passwordLength);
        assertTrue(Arrays.equals(new byte[f.password.length], f.password));
        assertFalse(f.parse(body, 10), "a prefix lacks fields");
    }
}
