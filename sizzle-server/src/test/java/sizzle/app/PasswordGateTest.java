package sizzle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import sizzle.http.FakeClock;
import sizzle.http.Wire;

class PasswordGateTest {
    private static final String PEER = "192.0.2.1";
    private final FakeClock clock = new FakeClock();
    private final PasswordGate gate = new PasswordGate(Wire.bytes("secret"), clock);

    private int attempt(String guess) {
        byte[] b = Wire.bytes(guess);
        return gate.attempt(PEER, b, b.length);
    }

    @Test
    void backOffDoublesFromOneSecondUpToTheCap() {
        assertEquals(PasswordGate.REJECTED, attempt("a"));
        assertEquals(PasswordGate.REJECTED, attempt("b"));
        assertEquals(0, gate.retryAfterMillis(PEER), "two failures are free");
        long expected = 1000;
        for (int failure = 3; failure < 20; failure++) {
            assertEquals(PasswordGate.REJECTED, attempt("c"));
            assertEquals(expected, gate.retryAfterMillis(PEER), "after failure " + failure);
            assertEquals(PasswordGate.BACKING_OFF, attempt("secret"));
            clock.now += expected;
            assertEquals(0, gate.retryAfterMillis(PEER));
            expected = Math.min(expected * 2, 1024_000);
        }
        assertEquals(PasswordGate.ACCEPTED, attempt("secret"));
        assertEquals(PasswordGate.REJECTED, attempt("a"));
        assertEquals(0, gate.retryAfterMillis(PEER), "reset by success");
    }

    private int attempt(PasswordGate g, String peer, String guess) {
        byte[] b = Wire.bytes(guess);
        return g.attempt(peer, b, b.length);
    }

    @Test
    void oneAttackerDoesNotLockTheOwnerOut() {
        String attacker = "198.51.100.66";
        for (int i = 0; i < 12; i++) {
            attempt(gate, attacker, "guess" + i);
            clock.now += gate.retryAfterMillis(attacker);
        }
        assertEquals(PasswordGate.REJECTED, attempt(gate, attacker, "again"));
        assertTrue(gate.retryAfterMillis(attacker) >= 512_000, "the attacker backs off");
        assertEquals(0, gate.retryAfterMillis(PEER), "the owner does not");
        assertEquals(PasswordGate.ACCEPTED, attempt(gate, PEER, "secret"));
        assertEquals(PasswordGate.BACKING_OFF, attempt(gate, attacker, "secret"), "still locked out");
    }

    @Test
    void aFullTableSharesOneOverflowEntryAndSaysSo() {
        PasswordGate g = new PasswordGate(Wire.bytes("secret"), clock, 2);
        for (String peer : new String[] {"a", "b"}) {
            for (int i = 0; i < 3; i++) {
                attempt(g, peer, "x");
            }
            assertEquals(1000, g.retryAfterMillis(peer));
        }
        assertEquals(2, g.tracked(), "the table holds two clients");
        for (int i = 0; i < 3; i++) {
            attempt(g, "c", "x");
        }
        assertEquals(2, g.tracked(), "c did not get an entry of its own");
        assertEquals(1000, g.retryAfterMillis("c"));
        assertEquals(1000, g.retryAfterMillis("d"), "d, also without an entry, shares c's lock");
        assertEquals(PasswordGate.BACKING_OFF, attempt(g, "d", "secret"));
        assertEquals(1000, g.retryAfterMillis("a"), "a and b keep their own");
    }

    @Test
    void successFreesAnEntryAndAQuietClientIsForgotten() {
        PasswordGate g = new PasswordGate(Wire.bytes("secret"), clock, 1);
        attempt(g, "a", "x");
        assertEquals(1, g.tracked());
        assertEquals(PasswordGate.ACCEPTED, attempt(g, "a", "secret"));
        assertEquals(0, g.tracked(), "freed by success");

        for (int i = 0; i < 4; i++) {
            attempt(g, "a", "x");
            clock.now += g.retryAfterMillis("a");
        }
        attempt(g, "b", "x");
        attempt(g, "b", "x");
        attempt(g, "b", "x");
        assertEquals(1000, g.retryAfterMillis("b"), "b in the overflow: a holds the only entry");
        clock.now += PasswordGate.FORGET_MS;
        assertEquals(PasswordGate.REJECTED, attempt(g, "b", "x"));
        assertEquals(0, g.retryAfterMillis("b"), "a was forgotten: b has a's entry, with a fresh count");
        assertEquals(0, g.retryAfterMillis("a"));
    }

    @Test
    void lengthMattersAndOnlyTheGivenBytesCount() {
        byte[] b = Wire.bytes("secretXYZ");
        assertEquals(PasswordGate.ACCEPTED, gate.attempt(PEER, b, 6), "a prefix of the buffer");
        assertEquals(PasswordGate.REJECTED, gate.attempt(PEER, b, 5));
        clock.now += 10_000_000;
        assertEquals(PasswordGate.REJECTED, gate.attempt(PEER, b, 9));
        byte[] padded = new byte[40];
        System.arraycopy(b, 0, padded, 0, 6);
        clock.now += 10_000_000;
        assertEquals(PasswordGate.REJECTED, gate.attempt(PEER, padded, 40), "zero padding is not the password");
        clock.now += 10_000_000;
        assertEquals(PasswordGate.REJECTED, gate.attempt(PEER, padded, 33), "over the maximum length");
    }

    @Test
    void maximumLengthPasswordAndNulBytes() {
        byte[] max = Wire.bytes("0123456789abcdef0123456789abcdef");
        PasswordGate g = new PasswordGate(max, clock);
        assertEquals(PasswordGate.ACCEPTED, g.attempt(PEER, max, 32));
        byte[] longer = Wire.bytes("0123456789abcdef0123456789abcdefX");
        assertEquals(PasswordGate.REJECTED, g.attempt(PEER, longer, 33), "a longer guess with the password as prefix");

        PasswordGate nul = new PasswordGate(new byte[] {'a', 0}, clock);
        assertEquals(PasswordGate.REJECTED, nul.attempt(PEER, new byte[] {'a'}, 1), "a trailing NUL is part of the length");
        assertEquals(PasswordGate.ACCEPTED, nul.attempt(PEER, new byte[] {'a', 0}, 2));
    }

    @Test
    void passwordLengthIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> new PasswordGate(new byte[0], clock));
        assertThrows(IllegalArgumentException.class, () -> new PasswordGate(new byte[33], clock));
    }

    /**
     * A client quiet for FORGET_MS is forgotten on its own return too: yesterday's failures do
     * not lock the owner out after today's first typo (found by review).
     */
    @Test
    void aReturningClientQuietForLongIsForgotten() {
        for (int i = 0; i < 13; i++) {
            attempt("wrong");
            clock.now += gate.retryAfterMillis(PEER);
        }
        clock.now += PasswordGate.FORGET_MS;
        assertEquals(PasswordGate.REJECTED, attempt("typo"));
        assertEquals(0, gate.retryAfterMillis(PEER), "one failure of a fresh count: no back-off yet");
        assertEquals(PasswordGate.ACCEPTED, attempt("secret"));
    }
}
