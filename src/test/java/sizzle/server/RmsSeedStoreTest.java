package sizzle.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.Arrays;
import ksecurity.prim.EntropySource;
import ksecurity.prim.RmsSeedStore;
import ksecurity.prim.StoredSeedEntropy;
import ksecurity.prim.TimingEntropy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.microemu.MIDletBridge;
import org.microemu.MIDletContext;
import org.microemu.MicroEmulator;
import org.microemu.RecordStoreManager;
import org.microemu.app.launcher.Launcher;
import org.microemu.util.MemoryRecordStoreManager;

/**
 * The stored seed in a real MIDP record store: MicroEmulator's RMS (its in-memory record store
 * manager, which outlives the objects of one "boot" as flash outlives a reboot).
 */
class RmsSeedStoreTest {
    private MicroEmulator previous;
    private final MemoryRecordStoreManager rms = new MemoryRecordStoreManager();

    /** The parts of the emulator the record store asks for. */
    private final MicroEmulator emulator = new MicroEmulator() {
        @Override
        public RecordStoreManager getRecordStoreManager() {
            return rms;
        }

        @Override
        public Launcher getLauncher() {
            return null;
        }

        @Override
        public String getAppProperty(String key) {
            return null;
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            return null;
        }

        @Override
        public void notifyDestroyed(MIDletContext context) {
        }

        @Override
        public void destroyMIDletContext(MIDletContext context) {
        }

        @Override
        public int checkPermission(String permission) {
            return 1;
        }

        @Override
        public boolean platformRequest(String url) {
            return false;
        }
    };

    /** A strong source for the first seeding, as a provisioning step would give. */
    private static final EntropySource PROVISIONING = new EntropySource() {
        @Override
        public void getEntropy(byte[] buf, int off, int len) {
            byte[] b = new byte[len];
            new java.security.SecureRandom().nextBytes(b);
            System.arraycopy(b, 0, buf, off, len);
        }

        @Override
        public boolean isStrong() {
            return true;
        }

        @Override
        public String name() {
            return "SecureRandom";
        }
    };

    @BeforeEach
    void install() {
        previous = MIDletBridge.getMicroEmulator();
        rms.init(emulator);
        MIDletBridge.setMicroEmulator(emulator);
    }

    @AfterEach
    void restore() {
        MIDletBridge.setMicroEmulator(previous);
    }

    private static StoredSeedEntropy boot() {
        return new StoredSeedEntropy(new RmsSeedStore(), new TimingEntropy());
    }

    @Test
    void firstBootIsWeakThenAStrongSeedSurvivesReboots() throws Exception {
        RmsSeedStore store = new RmsSeedStore();
        assertEquals(-1, store.read(new byte[64]), "no record store before the first boot");
        StoredSeedEntropy first = boot();
        assertFalse(first.isStrong());
        assertTrue(first.name().startsWith("seed kept in RMS record store ksecurity-seed, 0 of 256 bits"), first.name());
        first.seedFrom(PROVISIONING);
        assertTrue(first.isStrong());

        byte[] seen = new byte[64];
        assertEquals(35, store.read(seen));
        StoredSeedEntropy second = boot();
        assertTrue(second.isStrong(), "the credited seed came back from the record store");
        byte[] after = new byte[64];
        assertEquals(35, store.read(after));
        assertFalse(Arrays.equals(seen, after), "replaced at boot");
        byte[] out = new byte[32];
        second.getEntropy(out, 0, 32);
        byte[] used = new byte[64];
        store.read(used);
        assertFalse(Arrays.equals(after, used), "replaced after use");
        assertEquals(1, rms.listRecordStores().length);
    }

    @Test
    void recordsAreReplacedInPlace() throws Exception {
        RmsSeedStore store = new RmsSeedStore("seed-test");
        store.write(new byte[] {1, 2, 3}, 0, 3);
        store.write(new byte[] {9, 8, 7, 6, 5}, 1, 4);
        byte[] b = new byte[8];
        assertEquals(4, store.read(b));
        assertArrayEquals(new byte[] {8, 7, 6, 5}, Arrays.copyOf(b, 4));
        assertEquals(1, javax.microedition.rms.RecordStore.openRecordStore("seed-test", false).getNumRecords());
    }
}
