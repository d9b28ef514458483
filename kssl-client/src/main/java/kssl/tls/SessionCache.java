package kssl.tls;

import ksecurity.prim.Bytes;

/**
 * A small bounded session cache in slots sized once: the server finds its sessions by their
 * session id bytes (Sizzle's are 4 bytes, compared in place), the client by "host:port". When
 * full, the oldest entry goes (Sizzle keeps a few sessions: memory is tight). Sessions expire
 * {@link #getLifetime()} after the full handshake that made them (RFC 5246 §F.1.4 suggests at
 * most 24 hours): an expired one is never returned. The cache hands out copies and wipes the
 * master secret of every session it forgets (removed, expired or evicted). Thread-safe, for the
 * desktop server's concurrent connections.
 */
public final class SessionCache {
    /** The default lifetime of a session: 24 hours. */
    public static final long DEFAULT_LIFETIME_MS = 24L * 60 * 60 * 1000;

    private final Session[] slots;
    /** Client: the "host:port" of each slot; unused on a server. */
    private final String[] keys;
    /** When each slot was filled (a counter): a new session takes a free slot, else the oldest. */
    private final long[] stamps;
    private long stamp;
    private long lifetime = DEFAULT_LIFETIME_MS;

    public SessionCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        slots = new Session[capacity];
        keys = new String[capacity];
        stamps = new long[capacity];
    }

    /** How long a session may be resumed after the full handshake that made it (at most 24 hours). */
    public synchronized SessionCache setLifetime(long ms) {
        if (ms < 0 || ms > DEFAULT_LIFETIME_MS) {
            throw new IllegalArgumentException("session lifetime must be 0 to 24 hours");
        }
        lifetime = ms;
        return this;
    }

    public synchronized long getLifetime() {
        return lifetime;
    }

    // ---- client: by "host:port"

    public synchronized Session get(String key) {
        int i = indexOf(key);
        return i < 0 ? null : live(i);
    }

    public synchronized void put(String key, Session s) {
        int i = indexOf(key);
        store(i >= 0 ? i : free(), key, s);
    }

    public synchronized void remove(String key) {
        int i = indexOf(key);
        if (i >= 0) {
            clear(i);
        }
    }

    private int indexOf(String key) {
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null && key.equals(keys[i])) {
                return i;
            }
        }
        return -1;
    }

    // ---- server: by session id

    /** The live session with this id, or null. */
    synchronized Session find(byte[] id, int off, int len) {
        int i = indexOf(id, off, len);
        return i < 0 ? null : live(i);
    }

    /** Keeps a server session (replacing one with the same id). */
    synchronized void put(Session s) {
        int i = indexOf(s.id, 0, s.id.length);
        store(i >= 0 ? i : free(), null, s);
    }

    synchronized void remove(byte[] id, int off, int len) {
        int i = indexOf(id, off, len);
        if (i >= 0) {
            clear(i);
        }
    }

    private int indexOf(byte[] id, int off, int len) {
        for (int i = 0; i < slots.length; i++) {
            Session s = slots[i];
            if (s != null && s.id.length == len && Bytes.equalsConstantTime(s.id, 0, id, off, len)) {
                return i;
            }
        }
        return -1;
    }

    // ---- both

    public synchronized int size() {
        int n = 0;
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null) {
                n++;
            }
        }
        return n;
    }

    /** A free slot, else the oldest one. */
    private int free() {
        int oldest = 0;
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] == null) {
                return i;
            }
            if (stamps[i] < stamps[oldest]) {
                oldest = i;
            }
        }
        return oldest;
    }

    private void store(int i, String key, Session s) {
        if (slots[i] != null) {
            clear(i); // the oldest, evicted, or the one of the same id replaced
        }
        slots[i] = s.copy();
        keys[i] = key;
        stamps[i] = ++stamp;
    }

    /** The session in slot i unless it has expired (then the slot is cleared). */
    private Session live(int i) {
        Session s = slots[i];
        long age = System.currentTimeMillis() - s.created;
        if (age < 0 || age >= lifetime) {
            clear(i);
            return null;
        }
        return s.copy();
    }

    /** Forgets slot i and wipes its master secret (no one else holds that array). */
    private void clear(int i) {
        Bytes.wipe(slots[i].master);
        slots[i] = null;
        keys[i] = null;
    }
}
