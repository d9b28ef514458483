package sizzle;

import java.io.IOException;
import java.util.Vector;
import sizzle.http.ConnectionPolicy;
import sizzle.http.HttpConnectionLoop;

/**
 * The desktop mode: many connections at once, one thread each, at most {@code max} open (a
 * further connection waits unaccepted in the source's backlog until one ends). {@link #stop}
 * closes idle connections at once and busy ones after their current request.
 */
public final class MultiConnectionServer implements Runnable {
    private final ConnectionSource source;
    private final HttpConnectionLoop http;
    private final int max;
    private final Vector open = new Vector();
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
            new Thread(w).start();
        }
        stop();
    }

    /** Stops accepting; idle connections close now, busy ones after their request. */
    public void stop() {
        synchronized (this) {
            stopped = true;
            for (int i = 0; i < open.size(); i++) {
                ((Worker) open.elementAt(i)).closeIfIdle();
            }
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

    private final class Worker implements Runnable, ConnectionPolicy {
        private final Connection c;
        /** Guarded by the server's lock, like everything the policy decides. */
        private boolean busy;
        private boolean closing;

        Worker(Connection c) {
            this.c = c;
        }

        public void run() {
            try {
                http.serve(c.input(), c.output(), this);
            } catch (IOException e) {
                // The connection broke or was closed under a blocked read: either way it ends.
            } finally {
                c.close();
                synchronized (MultiConnectionServer.this) {
                    open.removeElement(this);
                    served++;
                    MultiConnectionServer.this.notifyAll();
                }
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
