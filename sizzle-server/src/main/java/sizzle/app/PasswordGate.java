package sizzle.app;

/**
 * Guards the configuration with a password: a constant-time comparison that reveals neither
 * where a guess differs nor how long the password is, and an exponential back-off after
 * repeated failures.
 *
 * <p>Policy: the first {@link #FREE_FAILURES} - 1 consecutive failures cost nothing; the
 * {@link #FREE_FAILURES}th and each one after it lock the gate for {@link #FIRST_DELAY_MS}
 * doubled per further failure, at most {@link #MAX_DOUBLINGS} times (1 s, 2 s, 4 s ... 1024 s).
 * While locked, no guess is even compared. A correct password resets the count. The count is
 * global, not per client: behind the gateway a device cannot tell clients apart, and a global
 * lock bounds an attacker's guesses whatever addresses it uses (at the price that an attacker
 * can keep the owner waiting).
 */
public final class PasswordGate {
    /** Longest password, in bytes: every comparison covers this many bytes plus a length byte. */
    public static final int MAX_LENGTH = 32;
    public static final int FREE_FAILURES = 3;
    public static final long FIRST_DELAY_MS = 1000L;
    public static final int MAX_DOUBLINGS = 10;

    /** {@link #attempt} results. */
    public static final int ACCEPTED = 0;
    public static final int REJECTED = 1;
    public static final int BACKING_OFF = 2;

    /** The password zero-padded to MAX_LENGTH, then its length: compared as one fixed block. */
    private final byte[] secret = new byte[MAX_LENGTH + 1];
    private final Clock clock;
    private int failures;
    private long lockedUntil;

    /** {@code password}: 1 to {@link #MAX_LENGTH} bytes (copied). */
    public PasswordGate(byte[] password, Clock clock) {
        if (password.length < 1 || password.length > MAX_LENGTH) {
            throw new IllegalArgumentException("password must be 1 to 32 bytes");
        }
        System.arraycopy(password, 0, secret, 0, password.length);
        secret[MAX_LENGTH] = (byte) password.length;
        this.clock = clock;
    }

    /** Milliseconds until guesses are compared again; 0 when the gate is open. */
    public synchronized long retryAfterMillis() {
        long left = lockedUntil - clock.millis();
        return left > 0 ? left : 0;
    }

    /**
     * One guess: given[0..length) ({@code length} may exceed MAX_LENGTH: such a guess is wrong).
     * Returns {@link #ACCEPTED}, {@link #REJECTED} (counted) or {@link #BACKING_OFF} (not compared).
     */
    public synchronized int attempt(byte[] given, int length) {
        long now = clock.millis();
        if (now < lockedUntil) {
            return BACKING_OFF;
        }
        // The guess is laid out like the secret. Copying it branches on its length, which the
        // client chose and knows; the comparison itself covers MAX_LENGTH + 1 bytes whatever the
        // secret's length, so neither the contents nor the length of the password leak.
        byte[] block = new byte[MAX_LENGTH + 1];
        int n = length < MAX_LENGTH ? length : MAX_LENGTH;
        System.arraycopy(given, 0, block, 0, n);
        block[MAX_LENGTH] = (byte) (length <= MAX_LENGTH ? length : MAX_LENGTH + 1);
        boolean ok = ConstantTime.equals(secret, block, MAX_LENGTH + 1);
        for (int i = 0; i < block.length; i++) {
            block[i] = 0;
        }
        if (ok) {
            failures = 0;
            return ACCEPTED;
        }
        if (failures < FREE_FAILURES + MAX_DOUBLINGS) {
            failures++;
        }
        if (failures >= FREE_FAILURES) {
            int doublings = failures - FREE_FAILURES;
            lockedUntil = now + (FIRST_DELAY_MS << (doublings < MAX_DOUBLINGS ? doublings : MAX_DOUBLINGS));
        }
        return REJECTED;
    }
}
