package ksecurity.prim;

import java.io.IOException;

/**
 * The entropy source of a device without a hardware generator (a phone, a SPOT): a seed kept
 * in a {@link SeedStore} (the record store) and carried from boot to boot, so that a device
 * that once had good entropy keeps it. The pool is an HMAC_DRBG (SP 800-90A) instantiated at
 * boot from the stored seed, with timing jitter as its nonce; event timings stir it
 * ({@link #stir}); seed material from elsewhere is mixed in with the entropy its giver vouches
 * for ({@link #addSeed}, {@link #seedFrom}). The SPOT's sensors come in later the same way.
 *
 * <p>The stored seed is replaced after every boot, before any output, and after every use,
 * by fresh output of the pool: a seed is never read twice, so two boots never give the same
 * stream, even when a device crashes and reboots at once, or its timings are the same each
 * time. HMAC_DRBG's generate updates its state after each request (backtracking resistance),
 * so the stored seed reveals nothing of the output given before it.
 *
 * <p>Strength: bits of entropy are credited only when a caller vouches for them (a seed
 * provisioned with the device, a strong source), never for timings. The credit is stored with
 * the seed. The source is strong once 256 bits have been credited, as long as this boot's
 * seed has been replaced: until a write has succeeded, the next boot could read the same
 * seed again and repeat this boot's output, so the source says it is weak.
 *
 * <p>Stored record: a format byte (1), the credited bits (2 bytes, big-endian, at most 256),
 * the 32-byte seed. A record of another shape is ignored (a first boot).
 */
public final class StoredSeedEntropy implements EntropySource {
    /** Bits to credit before the source is strong: HMAC_DRBG's security strength. */
    public static final int FULL_CREDIT = 256;
    public static final int SEED_BYTES = 32;
    static final int RECORD_BYTES = 3 + SEED_BYTES;
    private static final byte FORMAT = 1;
    private static final byte[] PERSONALIZATION = {'K', 'S', 'e', 'c', ' ', 's', 't', 'o', 'r', 'e', 'd', ' ', 's', 'e', 'e', 'd'};

    private final SeedStore store;
    private final EntropySource timings;
    private final HmacDrbg pool = new HmacDrbg();
    /** Event timings since the last output, hashed as they come (nothing grows). */
    private final Sha256 events = new Sha256();
    private final byte[] record = new byte[RECORD_BYTES];
    private final byte[] scratch = new byte[48];
    private int credit;
    private boolean eventsPending;
    private long eventCount;
    /** Why the seed could not be replaced last time; null once a write has succeeded. */
    private String unreplaced;

    /**
     * Boots: reads the stored seed, instantiates the pool from it and {@code timings} (the
     * CLDC jitter source, never credited), and replaces the stored seed at once.
     */
    public StoredSeedEntropy(SeedStore store, EntropySource timings) {
        this.store = store;
        this.timings = timings;
        int n;
        try {
            n = store.read(record);
        } catch (IOException e) {
            n = -1; // unreadable: a first boot; the write below says whether the store works
        }
        boolean seeded = n == RECORD_BYTES && record[0] == FORMAT;
        int stored = seeded ? (record[1] & 0xff) << 8 | (record[2] & 0xff) : 0;
        credit = stored < FULL_CREDIT ? stored : FULL_CREDIT;
        timings.getEntropy(scratch, 0, scratch.length);
        if (seeded) {
            pool.instantiate(record, 3, SEED_BYTES, scratch, 0, scratch.length, PERSONALIZATION, 0, PERSONALIZATION.length);
        } else {
            pool.instantiate(scratch, 0, scratch.length, null, 0, 0, PERSONALIZATION, 0, PERSONALIZATION.length);
        }
        Bytes.wipe(record);
        Bytes.wipe(scratch);
        unreplaced = "not replaced yet";
        replace();
    }

    public synchronized void getEntropy(byte[] buf, int off, int len) {
        boolean stirred = eventsPending;
        if (stirred) {
            events.doFinal(scratch, 0);
            eventsPending = false;
        }
        for (int done = 0; done < len; ) {
            int n = len - done < HmacDrbg.MAX_REQUEST_BYTES ? len - done : HmacDrbg.MAX_REQUEST_BYTES;
            pool.generate(buf, off + done, n, scratch, 0, stirred && done == 0 ? 32 : 0);
            done += n;
        }
        Bytes.wipe(scratch);
        replace();
    }

    /**
     * Stirs in an event (a key press, a packet, a radio interrupt: {@code event} says which)
     * with the time it came. Cheap: hashed now, mixed into the pool at the next output.
     * Credits nothing: a millisecond clock on a quiet device may hold no entropy at all.
     */
    public synchronized void stir(int event) {
        put(event);
        put(System.currentTimeMillis());
        put(eventCount++);
        eventsPending = true;
    }

    /** Events stirred in since boot (a diagnostic: how much the device's activity feeds the pool). */
    public synchronized long eventsStirred() {
        return eventCount;
    }

    /**
     * Mixes in seed material from elsewhere (a seed provisioned with the device, one sent by
     * a trusted peer, a sensor's noise) and credits it with the {@code bits} of entropy its
     * giver vouches for (0 if unsure); the new seed is stored at once.
     */
    public synchronized void addSeed(byte[] b, int off, int len, int bits) {
        if (bits < 0 || bits > 8 * len) {
            throw new IllegalArgumentException("credited bits must be 0 to 8 per byte of seed");
        }
        timings.getEntropy(scratch, 0, 32);
        pool.reseed(scratch, 0, 32, b, off, len);
        Bytes.wipe(scratch);
        credit = credit + bits < FULL_CREDIT ? credit + bits : FULL_CREDIT;
        replace();
    }

    /** Seeds from another source: 32 bytes of it, credited in full if that source is strong. */
    public void seedFrom(EntropySource source) {
        byte[] b = new byte[SEED_BYTES];
        source.getEntropy(b, 0, SEED_BYTES);
        addSeed(b, 0, SEED_BYTES, source.isStrong() ? 8 * SEED_BYTES : 0);
        Bytes.wipe(b);
    }

    public synchronized boolean isStrong() {
        return credit >= FULL_CREDIT && unreplaced == null;
    }

    /** Bits of entropy credited so far (kept across boots), at most {@link #FULL_CREDIT}. */
    public synchronized int creditedBits() {
        return credit;
    }

    public synchronized String name() {
        StringBuffer b = new StringBuffer("seed kept in ").append(store.name());
        if (unreplaced != null) {
            b.append(", which cannot be replaced (").append(unreplaced).append("): weak");
        } else if (credit < FULL_CREDIT) {
            b.append(", ").append(credit).append(" of ").append(FULL_CREDIT)
                    .append(" bits of entropy credited (never seeded from a strong source): weak");
        }
        return b.toString();
    }

    /** Stores the pool's next output as the seed of the next boot. */
    private void replace() {
        record[0] = FORMAT;
        record[1] = (byte) (credit >> 8);
        record[2] = (byte) credit;
        pool.generate(record, 3, SEED_BYTES, null, 0, 0);
        try {
            store.write(record, 0, RECORD_BYTES);
            unreplaced = null;
        } catch (IOException e) {
            unreplaced = String.valueOf(e.getMessage());
        } catch (RuntimeException e) {
            unreplaced = e.toString();
        } finally {
            Bytes.wipe(record);
        }
    }

    private void put(long x) {
        for (int i = 0; i < 8; i++) {
            scratch[i] = (byte) (x >>> (8 * i));
        }
        events.update(scratch, 0, 8);
    }
}
