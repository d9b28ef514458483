package sizzle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import sizzle.http.Wire;

class PasswordGateTest {
    private final FakeClock clock = new FakeClock();
    private final PasswordGate gate = new PasswordGate(Wire.bytes("secret"), clock);

    private int attempt(String guess) {
        byte[] b = Wire.bytes(guess);
        return gate.attempt(b, b.length);
    }

    @Test
    void backOffDoublesFromOneSecondUpToTheCap() {
        assertEquals(PasswordGate.REJECTED, attempt("a"));
        assertEquals(PasswordGate.REJECTED, attempt("b"));
        assertEquals(0, gate.retryAfterMillis(), "two failures are free");
        long expected = 1000;
        for (int failure = 3; failure < 20; failure++) {
            assertEquals(PasswordGate.REJECTED, attempt("c"));
            assertEquals(expected, gate.retryAfterMillis(), "after failure " + failure);
            assertEquals(PasswordGate.BACKING_OFF, attempt("secret"));
            clock.now += expected;
            assertEquals(0, gate.retryAfterMillis());
            expected = Math.min(expected * 2, 1024_000);
        }
        assertEquals(PasswordGate.ACCEPTED, attempt("secret"));
        assertEquals(PasswordGate.REJECTED, attempt("a"));
        assertEquals(0, gate.retryAfterMillis(), "reset by success");
    }

    @Test
    void lengthMattersAndOnlyTheGivenBytesCount() {
        byte[] b = Wire.bytes("secretXYZ");
        assertEquals(PasswordGate.ACCEPTED, gate.attempt(b, 6), "a prefix of the buffer");
        assertEquals(PasswordGate.REJECTED, gate.attempt(b, 5));
        clock.now += 10_000_000;
        assertEquals(PasswordGate.REJECTED, gate.attempt(b, 9));
        byte[] padded = new byte[40];
        System.arraycopy(b, 0, padded, 0, 6);
        clock.now += 10_000_000;
        assertEquals(PasswordGate.REJECTED, gate.attempt(padded, 40), "zero padding is not the password");
        clock.now += 10_000_000;
        assertEquals(PasswordGate.REJECTED, gate.attempt(padded, 33), "over the maximum length");
    }

    @Test
    void maximumLengthPasswordAndNulBytes() {
        byte[] max = Wire.bytes("0123456789abcdef0123456789abcdef");
        PasswordGate g = new PasswordGate(max, clock);
        assertEquals(PasswordGate.ACCEPTED, g.attempt(max, 32));
        byte[] longer = Wire.bytes("0123456789abcdef0123456789abcdefX");
        assertEquals(PasswordGate.REJECTED, g.attempt(longer, 33), "a longer guess with the password as prefix");

        PasswordGate nul = new PasswordGate(new byte[] {'a', 0}, clock);
        assertEquals(PasswordGate.REJECTED, nul.attempt(new byte[] {'a'}, 1), "a trailing NUL is part of the length");
        assertEquals(PasswordGate.ACCEPTED, nul.attempt(new byte[] {'a', 0}, 2));
    }

    @Test
    void passwordLengthIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> new PasswordGate(new byte[0], clock));
        assertThrows(IllegalArgumentException.class, () -> new PasswordGate(new byte[33], clock));
    }

    @Test
    void constantTimeEquals() {
        byte[] a = Wire.bytes("abcdefgh");
        assertTrue(ConstantTime.equals(a, Wire.bytes("abcdefgh"), 8));
        assertTrue(ConstantTime.equals(a, Wire.bytes("abcdXXXX"), 4), "only the first length bytes");
        for (int i = 0; i < 8; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] b = a.clone();
                b[i] ^= (byte) (1 << bit);
                assertFalse(ConstantTime.equals(a, b, 8), "byte " + i + " bit " + bit);
            }
        }
        assertTrue(ConstantTime.equals(a, a, 0));
        assertThrows(IllegalArgumentException.class, () -> ConstantTime.equals(a, new byte[4], 8));
    }
}
