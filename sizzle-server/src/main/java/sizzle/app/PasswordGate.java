package sizzle.app;

import ksecurity.prim.Bytes;
import sizzle.http.Clock;

/**
 * Guards the configuration with a password: a constant-time comparison that reveals neither
 * where a guess differs nor how long the password is, and an exponential back-off after
 * repeated failures, counted per client so that one attacker cannot lock the owner out.
 *
 * <p>Policy, per client: the first {@link #FREE_FAILURES} - 1 consecutive failures cost
 * nothing; the {@link #FREE_FAILURES}th and each one after it lock that client out for
 * {@link #FIRST_DELAY_MS} doubled per further failure, at most {@link #MAX_DOUBLINGS} times
 * (1 s, 2 s, 4 s ... 1024 s). While locked, no guess of that client is even compared. A correct
 * password clears the client's count.
 *
 * <p>A client is the peer's address as the transport knows it (Request.peer(): an IP address
 * without the port; behind a gateway that does not pass the address on, every client is the
 * gateway, and the gate is global again). The table is bounded (a mote has little RAM): it
 * holds {@code clients} addresses; a client's entry is freed by its success, or once it has
 * neither failed nor been locked for {@link #FORGET_MS}. When the table is full, every client
 * without an entry shares one more entry, the overflow: an attacker with more addresses than
 * the table holds ends up there, so all its guesses together still back off like one more
 * client's; the owner shares that lock only while the table is full of failing strangers.
 */
public final class PasswordGate {
    /** Longest password, in bytes: every comparison covers this many bytes plus a length byte. */
    public static final int MAX_LENGTH = 32;
    public static final int FREE_FAILURES = 3;
    public static final long FIRST_DELAY_MS = 1000L;
    public static final int MAX_DOUBLINGS = 10;
    /** Clients tracked at once unless told otherwise: a mote's share of RAM. */
    public static final int DEFAULT_CLIENTS = 8;
    /** A client quiet (no failure, no lock) this long is forgotten, freeing its entry. */
    public static final long FORGET_MS = 3600000L;

    /** {@link #attempt} results. */
    public static final int ACCEPTED = 0;
    public static final int REJECTED = 1;
    public static final int BACKING_OFF = 2;

    /** The password zero-padded to MAX_LENGTH, then its length: compared as one fixed block. */
    private final byte[] secret = new byte[MAX_LENGTH + 1];
    /** A guess laid out like the secret (guarded by this object's lock, wiped after use). */
    private final byte[] block = new byte[MAX_LENGTH + 1];
    private final Clock clock;
    /** Entry i: the client's address (null: free), its failures, locked until, last failure. The last entry is the overflow. */
    private final String[] clients;
    private final int[] failures;
    private final long[] lockedUntil;
    private final long[] lastFailure;

    /** {@code password}: 1 to {@link #MAX_LENGTH} bytes (copied); {@link #DEFAULT_CLIENTS} clients. */
    public PasswordGate(byte[] password, Clock clock) {
        this(password, clock, DEFAULT_CLIENTS);
    }

    /** ... tracking up to {@code clients} addresses (at least 1) besides the overflow entry. */
    public PasswordGate(byte[] password, Clock clock, int clients) {
        if (password.length < 1 || password.length > MAX_LENGTH) {
            throw new IllegalArgumentException("password must be 1 to 32 bytes");
        }
        if (clients < 1) {
            throw new IllegalArgumentException("clients < 1");
        }
        System.arraycopy(password, 0, secret, 0, password.length);
        secret[MAX_LENGTH] = (byte) password.length;
        this.clock = clock;
        this.clients = new String[clients + 1];
        failures = new int[clients + 1];
        lockedUntil = new long[clients + 1];
        lastFailure = new long[clients + 1];
    }

    /** Milliseconds until {@code client}'s guesses are compared again; 0 when its gate is open. */
    public synchronized long retryAfterMillis(String client) {
        long now = clock.millis();
        long left = lockedUntil[entry(client, now, false)] - now;
        return left > 0 ? left : 0;
    }

    /**
     * One guess from {@code client}: given[0..length) ({@code length} may exceed MAX_LENGTH:
     * such a guess is wrong). Returns {@link #ACCEPTED}, {@link #REJECTED} (counted) or
     * {@link #BACKING_OFF} (not compared).
     */
    public synchronized int attempt(String client, byte[] given, int length) {
        long now = clock.millis();
        int e = entry(client, now, true);
        if (now < lockedUntil[e]) {
            return BACKING_OFF;
        }
        // The guess is laid out like the secret. Copying it branches on its length, which the
        // client chose and knows; the comparison itself covers MAX_LENGTH + 1 bytes whatever the
        // secret's length, so neither the contents nor the length of the password leak.
        int n = length < MAX_LENGTH ? length : MAX_LENGTH;
        System.arraycopy(given, 0, block, 0, n);
        for (int i = n; i < MAX_LENGTH; i++) {
            block[i] = 0;
        }
        block[MAX_LENGTH] = (byte) (length <= MAX_LENGTH ? length : MAX_LENGTH + 1);
        boolean ok = Bytes.equalsConstantTime(secret, 0, block, 0, MAX_LENGTH + 1);
        for (int i = 0; i < block.length; i++) {
            block[i] = 0;
        }
        if (ok) {
            clear(e);
            return ACCEPTED;
        }
        if (failures[e] < FREE_FAILURES + MAX_DOUBLINGS) {
            failures[e]++;
        }
        lastFailure[e] = now;
        if (failures[e] >= FREE_FAILURES) {
            int doublings = failures[e] - FREE_FAILURES;
            lockedUntil[e] = now + (FIRST_DELAY_MS << (doublings < MAX_DOUBLINGS ? doublings : MAX_DOUBLINGS));
        }
        return REJECTED;
    }

    /** Addresses with an entry of their own now (the overflow not counted): for tests and reports. */
    public synchronized int tracked() {
        int n = 0;
        for (int i = 0; i < clients.length - 1; i++) {
            if (clients[i] != null) {
                n++;
            }
        }
        return n;
    }

    /**
     * The entry of {@code client}: its own; else, with {@code claim}, a free or forgotten one
     * it then owns (without claim, such an entry is clean: index of a clean entry); else the
     * overflow, the last.
     */
    private int entry(String client, long now, boolean claim) {
        int overflow = clients.length - 1;
        int free = -1;
        for (int i = 0; i < overflow; i++) {
            if (client.equals(clients[i])) {
                if (forgotten(i, now)) {
                    // Quiet for FORGET_MS: its old failures no longer count against it.
                    failures[i] = 0;
                    lockedUntil[i] = 0;
                    lastFailure[i] = 0;
                }
                return i;
            }
            if (free < 0 && (clients[i] == null || forgotten(i, now))) {
                free = i;
            }
        }
        if (free < 0) {
            if (forgotten(overflow, now)) {
                clear(overflow);
            }
            return overflow;
        }
        clear(free);
        if (claim) {
            clients[free] = client;
        }
        return free;
    }

    private boolean forgotten(int i, long now) {
        return now >= lockedUntil[i] && now - lastFailure[i] >= FORGET_MS;
    }

    private void clear(int i) {
        clients[i] = null;
        failures[i] = 0;
        lockedUntil[i] = 0;
        lastFailure[i] = 0;
    }
}
