package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stored seed of a device without a generator. The timings here are the same at every
 * boot (a quiet, deterministic device: the worst case), so whatever makes two boots differ is
 * the stored seed's replacement alone.
 */
class StoredSeedEntropyTest {
    /** An in-memory record store; {@code failing} makes writes fail as a full store does. */
    static final class MemoryStore implements SeedStore {
        byte[] record;
        boolean failing;
        final List<byte[]> written = new ArrayList<>();

        MemoryStore() {
        }

        MemoryStore(byte[] record) {
            this.record = record == null ? null : record.clone();
        }

        MemoryStore copy() {
            return new MemoryStore(record);
        }

        @Override
        public int read(byte[] buf) {
            if (record == null) {
                return -1;
            }
            System.arraycopy(record, 0, buf, 0, Math.min(buf.length, record.length));
            return record.length;
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            if (failing) {
                throw new IOException("record store full");
            }
            record = Arrays.copyOfRange(buf, off, off + len);
            written.add(record.clone());
        }

        @Override
        public String name() {
            return "memory";
        }
    }

    /** The same bytes at every boot. */
    static final class FixedTimings implements EntropySource {
        @Override
        public void getEntropy(byte[] buf, int off, int len) {
            for (int i = 0; i < len; i++) {
                buf[off + i] = (byte) (7 * i);
            }
        }

        @Override
        public boolean isStrong() {
            return false;
        }

        @Override
        public String name() {
            return "fixed timings";
        }
    }

    /** A strong source (its bytes are fixed too: what matters is what it vouches for). */
    static final class Vouching implements EntropySource {
        @Override
        public void getEntropy(byte[] buf, int off, int len) {
            Arrays.fill(buf, off, off + len, (byte) 0x5a);
        }

        @Override
        public boolean isStrong() {
            return true;
        }

        @Override
        public String name() {
            return "vouching";
        }
    }

    private static StoredSeedEntropy boot(SeedStore store) {
        return new StoredSeedEntropy(store, new FixedTimings());
    }

    private static byte[] out(EntropySource s, int n) {
        byte[] b = new byte[n];
        s.getEntropy(b, 0, n);
        return b;
    }

    @Test
    void firstBootWithoutASeedIsWeakAndSaysWhy() {
        MemoryStore store = new MemoryStore();
        StoredSeedEntropy s = boot(store);
        assertFalse(s.isStrong());
        assertEquals(0, s.creditedBits());
        assertTrue(s.name().contains("seed kept in memory, 0 of 256 bits of entropy credited"), s.name());
        assertTrue(s.name().endsWith(": weak"), s.name());
        assertEquals(StoredSeedEntropy.RECORD_BYTES, store.record.length, "a seed is stored at the first boot");
        assertEquals(1, store.record[0]);
        assertEquals(0, store.record[1] | store.record[2], "with no credit");
    }

    @Test
    void firstBootSeededFromAStrongSourceIsStrongAndEveryLaterBootStaysStrong() {
        MemoryStore store = new MemoryStore();
        StoredSeedEntropy first = boot(store);
        first.seedFrom(new Vouching());
        assertTrue(first.isStrong());
        assertEquals(256, first.creditedBits());
        for (int i = 0; i < 3; i++) {
            StoredSeedEntropy later = boot(store);
            assertTrue(later.isStrong(), "boot " + (i + 2) + ": nothing new, still strong");
            assertTrue(later.name().equals("seed kept in memory"), later.name());
            out(later, 48);
        }
    }

    @Test
    void weakSeedMaterialAndStirringCreditNothing() {
        MemoryStore store = new MemoryStore();
        StoredSeedEntropy s = boot(store);
        s.seedFrom(new FixedTimings());
        for (int i = 0; i < 1000; i++) {
            s.stir(i);
        }
        out(s, 32);
        assertFalse(s.isStrong());
        assertEquals(0, s.creditedBits());
        assertFalse(boot(store).isStrong());
    }

    @Test
    void creditIsWhatTheGiverVouchesForUpTo256Bits() {
        MemoryStore store = new MemoryStore();
        StoredSeedEntropy s = boot(store);
        byte[] half = new byte[16];
        s.addSeed(half, 0, 16, 128);
        assertFalse(s.isStrong());
        assertEquals(128, boot(store).creditedBits(), "the credit is stored with the seed");
        s.addSeed(half, 0, 16, 128);
        s.addSeed(half, 0, 16, 128);
        assertEquals(256, s.creditedBits());
        assertTrue(s.isStrong());
        assertThrows(IllegalArgumentException.class, () -> s.addSeed(half, 0, 16, 129));
        assertThrows(IllegalArgumentException.class, () -> s.addSeed(half, 0, 16, -1));
    }

    @Test
    void seedIsReplacedAtBootAndAfterEveryUseAndNeverRepeats() {
        MemoryStore store = new MemoryStore();
        Set<String> seen = new HashSet<>();
        for (int bootNo = 0; bootNo < 4; bootNo++) {
            int before = store.written.size();
            StoredSeedEntropy s = boot(store);
            assertEquals(before + 1, store.written.size(), "replaced at boot, before any output");
            for (int use = 0; use < 3; use++) {
                out(s, 48);
                assertEquals(before + 2 + use, store.written.size(), "replaced after every use");
            }
        }
        for (byte[] r : store.written) {
            assertTrue(seen.add(Arrays.toString(r)), "a stored seed never repeats");
        }
    }

    @Test
    void twoBootsNeverGiveTheSameStream() {
        MemoryStore store = new MemoryStore();
        boot(store).seedFrom(new Vouching());
        MemoryStore beforeA = store.copy();
        byte[] a = out(boot(store), 64);
        byte[] b = out(boot(store), 64);
        assertFalse(Arrays.equals(a, b), "the second boot reads the seed the first one replaced");

        // A boot that crashes before using anything has still replaced its seed.
        boot(store);
        byte[] c = out(boot(store), 64);
        assertFalse(Arrays.equals(b, c));

        // The same stored seed and the same timings do give the same stream: what differs above
        // is the replaced seed, nothing else.
        assertArrayEquals(a, out(boot(beforeA), 64));
    }

    @Test
    void aStoreThatCannotBeReplacedIsWeakUntilAWriteSucceeds() {
        MemoryStore store = new MemoryStore();
        boot(store).seedFrom(new Vouching());
        store.failing = true;
        StoredSeedEntropy s = boot(store);
        assertFalse(s.isStrong(), "the next boot could read this boot's seed again");
        assertTrue(s.name().contains("cannot be replaced (record store full): weak"), s.name());
        out(s, 32);
        assertFalse(s.isStrong());
        store.failing = false;
        out(s, 32);
        assertTrue(s.isStrong(), "this boot's seed is gone from the store");
    }

    @Test
    void aRecordOfAnotherShapeIsAFirstBoot() {
        MemoryStore store = new MemoryStore();
        boot(store).seedFrom(new Vouching());
        byte[] good = store.record.clone();
        byte[] wrongFormat = good.clone();
        wrongFormat[0] = 2;
        assertEquals(0, boot(new MemoryStore(wrongFormat)).creditedBits());
        assertEquals(0, boot(new MemoryStore(Arrays.copyOf(good, 20))).creditedBits());
        assertEquals(256, boot(new MemoryStore(good)).creditedBits());
        byte[] over = good.clone();
        over[1] = 0x7f;
        assertEquals(256, boot(new MemoryStore(over)).creditedBits(), "a stored credit is capped");
        assertNotEquals(0, good[1] | good[2]);
    }

    @Test
    void stirringChangesTheStream() {
        MemoryStore store = new MemoryStore();
        boot(store);
        MemoryStore twin = store.copy();
        StoredSeedEntropy stirred = boot(store);
        stirred.stir(42);
        assertFalse(Arrays.equals(out(stirred, 32), out(boot(twin), 32)));
    }
}
