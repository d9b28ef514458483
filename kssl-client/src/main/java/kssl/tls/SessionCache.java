package kssl.tls;

import java.util.Hashtable;
import java.util.Vector;

/**
 * A small bounded session cache: the server keys it by session id (hex), the client by
 * "host:port". When full, the oldest entry goes (Sizzle keeps a few sessions: memory is
 * tight). Thread-safe, for the desktop server's concurrent connections.
 */
public final class SessionCache {
    private final int capacity;
    private final Hashtable entries = new Hashtable();
    private final Vector order = new Vector();

    public SessionCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
    }

    public synchronized Session get(String key) {
        return (Session) entries.get(key);
    }

    public synchronized void put(String key, Session s) {
        if (entries.put(key, s) != null) {
            order.removeElement(key);
        }
        order.addElement(key);
        while (order.size() > capacity) {
            Object oldest = order.elementAt(0);
            order.removeElementAt(0);
            entries.remove(oldest);
        }
    }

    public synchronized void remove(String key) {
        entries.remove(key);
        order.removeElement(key);
    }

    public synchronized int size() {
        return entries.size();
    }
}
