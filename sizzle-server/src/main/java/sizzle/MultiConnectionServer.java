package sizzle;

import java.io.IOException;
import java.util.Vector;
import sizzle.http.Clock;
import sizzle.http.HttpConnectionLoop;

/**
 * The desktop mode: many connections at once, one thread each, at most {@code max} open (a
 * further connection waits unaccepted in the source's backlog until one ends). {@link #stop}
 * closes idle connections at once and busy ones after their current request. Each connection
 * lives within its {@link Deadlines}, enforced by a watchdog ({@link #checkDeadlines}).
 * <p>
 * The threads are kept: one that has served its connection waits up to {@link #IDLE_MS} for
 * the next, so a busy server does not start (and the VM set up and tear down) a thread per
 * connection, which cost as much CPU time as a resumed handshake. At most {@code max} threads,
 * as a thread is back in the pool, in the same step, as soon as its connection has ended.
 */
public final class MultiConnectionServer implements Mode, ServedConnection.Host {
    /** How long a pooled thread waits for a connection before it ends. */
    static final long IDLE_MS = 10000;

    private final ConnectionSource source;
    private final Layer layer;
    private final HttpConnectionLoop http;
    private final int max;
    private final Deadlines deadlines;
    private final Clock clock;
    /** The connections being served (ServedConnection). */
    private final Vector open = new Vector();
    /** Pooled threads waiting for a connection, the last to finish at the end. */
    private final Vector idle = new Vector();
    private boolean stopped;
    private int served;

    /** {@code layer}: TLS on each connection, or null for plain HTTP (tests). */
    public MultiConnectionServer(ConnectionSource source, Layer layer, HttpConnectionLoop http, int max,
            Deadlines deadlines, Clock clock) {
        if (max < 1) {
            throw new IllegalArgumentException("max < 1");
        }
        this.source = source;
        this.layer = layer;
        this.http = http;
        this.max = max;
        this.deadlines = deadlines;
        this.clock = clock;
    }

    /** Accepts and serves until {@link #stop} or until the source fails. */
    public void run() {
        while (true) {
            ServedConnection c;
            try {
                c = ServedConnection.next(source, this, layer, deadlines, clock);
            } catch (IOException e) {
                break;
            }
            if (!admit(c)) {
                c.top.close();
                break;
            }
            dispatch(c);
        }
        stop();
    }

    /** Hands the connection to the thread that went idle last (its caches are warm), or to a new one. */
    private void dispatch(ServedConnection w) {
        synchronized (this) {
            int n = idle.size();
            if (n > 0) {
                PooledThread t = (PooledThread) idle.elementAt(n - 1);
                idle.removeElementAt(n - 1);
                t.hand(w);   // lock order: the server's, then the thread's
                return;
            }
        }
        new Thread(new PooledThread(w)).start();
    }

    /** Stops accepting; idle connections close now, busy ones after their request; idle threads end. */
    public void stop() {
        Vector closing = new Vector();
        synchronized (this) {
            stopped = true;
            for (int i = 0; i < open.size(); i++) {
                ServedConnection c = (ServedConnection) open.elementAt(i);
                if (c.closeIfIdle()) {
                    closing.addElement(c);
                }
            }
            for (int i = 0; i < idle.size(); i++) {
                ((PooledThread) idle.elementAt(i)).hand(null);
            }
            idle.removeAllElements();
            notifyAll();
        }
        for (int i = 0; i < closing.size(); i++) {
            ((ServedConnection) closing.elementAt(i)).top.close(); // outside the lock: a graceful close writes
        }
        source.close();
    }

    public void checkDeadlines() {
        Vector due = null;
        int[] actions = null;
        synchronized (this) {
            long now = clock.millis();
            for (int i = 0; i < open.size(); i++) {
                ServedConnection c = (ServedConnection) open.elementAt(i);
                int a = c.due(now);
                if (a != ServedConnection.NOTHING) {
                    if (due == null) {
                        due = new Vector();
                        actions = new int[open.size()];
                    }
                    actions[due.size()] = a;
                    due.addElement(c);
                }
            }
        }
        for (int i = 0; due != null && i < due.size(); i++) {
            ((ServedConnection) due.elementAt(i)).act(actions[i]);
        }
    }

    public synchronized boolean finished() {
        return stopped && open.isEmpty();
    }

    /** Called with this server's lock held. */
    public boolean mayKeepOpen() {
        return !stopped;
    }

    /** Connections open now. */
    public synchronized int openConnections() {
        return open.size();
    }

    /** How many connections have ended so far. */
    public synchronized int served() {
        return served;
    }

    /** Waits for a free slot; false if stopped meanwhile. */
    private synchronized boolean admit(ServedConnection c) {
        try {
            while (open.size() >= max && !stopped) {
                wait();
            }
        } catch (InterruptedException e) {
            stopped = true;
        }
        if (stopped) {
            return false;
        }
        open.addElement(c);
        c.admitted();
        return true;
    }

    /**
     * A thread of the pool: serves its first connection, then whatever {@link #dispatch} hands
     * it, until the server stops or no connection comes for {@link #IDLE_MS}.
     */
    private final class PooledThread implements Runnable {
        private ServedConnection next;
        /** Guarded by this thread's lock: set by hand(), which also wakes it. */
        private boolean handed;

        PooledThread(ServedConnection first) {
            next = first;
            handed = true;
        }

        /** Called with the server's lock held; null: end. */
        synchronized void hand(ServedConnection w) {
            next = w;
            handed = true;
            notify();
        }

        public void run() {
            ServedConnection w = take();
            while (w != null) {
                boolean done = false;
                try {
                    w.serve(http);
                    done = true;
                } finally {
                    if (!done) {
                        release(w, false);   // a bug's exception ends this thread, never the connection's slot
                    }
                }
                w = release(w, true) ? await() : null;
            }
        }

        /**
         * The connection's slot is free; with {@code stay}, in the same step, this thread
         * joins the idle ones (unless the server stopped). Returns whether it did.
         */
        private boolean release(ServedConnection w, boolean stay) {
            synchronized (MultiConnectionServer.this) {
                open.removeElement(w);
                served++;
                MultiConnectionServer.this.notifyAll();
                if (!stay || stopped) {
                    return false;
                }
                idle.addElement(this);
                return true;
            }
        }

        /** The next connection handed to this idle thread, or null to end. */
        private ServedConnection await() {
            while (true) {
                synchronized (this) {
                    if (!handed) {
                        try {
                            wait(IDLE_MS);
                        } catch (InterruptedException e) {
                            // treated as the idle time running out
                        }
                    }
                    if (handed) {
                        return take();
                    }
                }
                // Nothing came: leave the pool, unless dispatch() took this thread meanwhile
                // (then its connection is being handed over: wait for it).
                synchronized (MultiConnectionServer.this) {
                    if (idle.removeElement(this)) {
                        return null;
                    }
                }
            }
        }

        private synchronized ServedConnection take() {
            ServedConnection w = next;
            next = null;
            handed = false;
            return w;
        }
    }
}
