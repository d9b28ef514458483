package sizzle;

import java.io.IOException;
import java.util.Vector;
import sizzle.http.ConnectionPolicy;
import sizzle.http.HttpConnectionLoop;

/**
 * The desktop mode: many connections at once, one thread each, at most {@code max} open (a
 * further connection waits unaccepted in the source's backlog until one ends). {@link #stop}
 * closes idle connections at once and busy ones after their current request.
 * <p>
 * The threads are kept: one that has served its connection waits up to {@link #IDLE_MS} for
 * the next, so a busy server does not start (and the VM set up and tear down) a thread per
 * connection, which cost as much CPU time as a resumed handshake. At most {@code max} threads,
 * as a thread is back in the pool, in the same step, as soon as its connection has ended.
 */
public final class MultiConnectionServer implements Runnable {
    /** How long a pooled thread waits for a connection before it ends. */
    static final long IDLE_MS = 10000;

    private final ConnectionSource source;
    private final HttpConnectionLoop http;
    private final int max;
    private final Vector open = new Vector();
    /** Pooled threads waiting for a connection, the last to finish at the end. */
    private final Vector idle = new Vector();
    private boolean stopped;
    private int served;

    public MultiConnectionServer(ConnectionSource source, HttpConnectionLoop http, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max < 1");
        }
        this.source = source;
        this.http = http;
        this.max = max;
    }

    /** Accepts and serves until {@link #stop} or until the source fails. */
    public void run() {
        while (true) {
            Connection c;
            try {
                c = source.accept();
            } catch (IOException e) {
                break;
            }
            Worker w = admit(c);
            if (w == null) {
                c.close();
                break;
            }
            dispatch(w);
        }
        stop();
    }

    /** Hands the connection to the thread that went idle last (its caches are warm), or to a new one. */
    private void dispatch(Worker w) {
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
        synchronized (this) {
            stopped = true;
            for (int i = 0; i < open.size(); i++) {
                ((Worker) open.elementAt(i)).closeIfIdle();
            }
            for (int i = 0; i < idle.size(); i++) {
                ((PooledThread) idle.elementAt(i)).hand(null);
            }
            idle.removeAllElements();
            notifyAll();
        }
        source.close();
    }

    /** Connections open now. */
    public synchronized int openConnections() {
        return open.size();
    }

    /** How many connections have ended so far. */
    public synchronized int served() {
        return served;
    }

    private synchronized Worker admit(Connection c) {
        try {
            while (open.size() >= max && !stopped) {
                wait();
            }
        } catch (InterruptedException e) {
            stopped = true;
        }
        if (stopped) {
            return null;
        }
        Worker w = new Worker(c);
        open.addElement(w);
        return w;
    }

    /**
     * A thread of the pool: serves its first connection, then whatever {@link #dispatch} hands
     * it, until the server stops or no connection comes for {@link #IDLE_MS}.
     */
    private final class PooledThread implements Runnable {
        private Worker next;
        /** Guarded by this thread's lock: set by hand(), which also wakes it. */
        private boolean handed;

        PooledThread(Worker first) {
            next = first;
            handed = true;
        }

        /** Called with the server's lock held; null: end. */
        synchronized void hand(Worker w) {
            next = w;
            handed = true;
            notify();
        }

        public void run() {
            Worker w = take();
            while (w != null) {
                boolean done = false;
                try {
                    w.serve();
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
        private boolean release(Worker w, boolean stay) {
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
        private Worker await() {
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

        private synchronized Worker take() {
            Worker w = next;
            next = null;
            handed = false;
            return w;
        }
    }

    private final class Worker implements ConnectionPolicy {
        private final Connection c;
        /** Guarded by the server's lock, like everything the policy decides. */
        private boolean busy;
        private boolean closing;

        Worker(Connection c) {
            this.c = c;
        }

        void serve() {
            try {
                http.serve(c.input(), c.output(), this);
            } catch (IOException e) {
                // The connection broke or was closed under a blocked read: either way it ends.
            } finally {
                c.close();
            }
        }

        /** Called with the server's lock held. */
        void closeIfIdle() {
            if (!busy && !closing) {
                closing = true;
                c.close();
            }
        }

        public boolean requestArrived() {
            synchronized (MultiConnectionServer.this) {
                if (closing) {
                    return false;
                }
                busy = true;
                return true;
            }
        }

        public boolean mayKeepOpen() {
            synchronized (MultiConnectionServer.this) {
                return !stopped;
            }
        }

        public boolean responseSent() {
            synchronized (MultiConnectionServer.this) {
                busy = false;
                return !stopped;
            }
        }
    }
}
