package ksecurity.prim;

import java.io.IOException;
import javax.microedition.rms.RecordEnumeration;
import javax.microedition.rms.RecordStore;
import javax.microedition.rms.RecordStoreException;
import javax.microedition.rms.RecordStoreNotFoundException;

/**
 * The seed in the MIDP record store (phones, the SPOT): one record in a store of its own,
 * private to the MIDlet suite. Every write replaces the record in place (RMS writes it through
 * before setRecord returns, as MIDP 2.0 requires of record stores).
 */
public final class RmsSeedStore implements SeedStore {
    /** The record store's name: private to the suite, so another MIDlet cannot read the seed. */
    public static final String STORE = "ksecurity-seed";

    private final String store;

    public RmsSeedStore() {
        this(STORE);
    }

    public RmsSeedStore(String store) {
        this.store = store;
    }

    public int read(byte[] buf) throws IOException {
        RecordStore rs;
        try {
            rs = RecordStore.openRecordStore(store, false);
        } catch (RecordStoreNotFoundException e) {
            return -1;
        } catch (RecordStoreException e) {
            throw failed("open", e);
        }
        try {
            int id = firstRecord(rs);
            if (id == 0) {
                return -1;
            }
            if (rs.getRecordSize(id) > buf.length) {
                return buf.length + 1; // not ours: too long to be a seed record
            }
            return rs.getRecord(id, buf, 0);
        } catch (RecordStoreException e) {
            throw failed("read", e);
        } finally {
            close(rs);
        }
    }

    public void write(byte[] buf, int off, int len) throws IOException {
        RecordStore rs;
        try {
            rs = RecordStore.openRecordStore(store, true);
        } catch (RecordStoreException e) {
            throw failed("open", e);
        }
        try {
            int id = firstRecord(rs);
            if (id == 0) {
                rs.addRecord(buf, off, len);
            } else {
                rs.setRecord(id, buf, off, len);
            }
        } catch (RecordStoreException e) {
            throw failed("write", e);
        } finally {
            close(rs);
        }
    }

    public String name() {
        return "RMS record store ".concat(store);
    }

    private static int firstRecord(RecordStore rs) throws RecordStoreException {
        RecordEnumeration e = rs.enumerateRecords(null, null, false);
        try {
            return e.hasNextElement() ? e.nextRecordId() : 0;
        } finally {
            e.destroy();
        }
    }

    private static void close(RecordStore rs) {
        try {
            rs.closeRecordStore();
        } catch (RecordStoreException e) {
            // the record was written or read already; nothing more to do
        }
    }

    private IOException failed(String what, RecordStoreException e) {
        return new IOException("cannot ".concat(what).concat(" ").concat(name()).concat(": ")
                .concat(String.valueOf(e.getMessage())));
    }
}
