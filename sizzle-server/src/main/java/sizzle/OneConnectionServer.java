package sizzle;

import java.io.IOException;
import sizzle.http.ConnectionPolicy;
import sizzle.http.HttpConnectionLoop;

/**
 * What a mote does (Sizzle paper, feature 6): state for one connection only. A new connection
 * that arrives while the current one is open gets it closed: at once if it is idle between
 * requests (gracefully, so a persistent-HTTP client simply reconnects), otherwise after the
 * request in progress, whose response then says "Connection: close". Newer connections wait
 * unaccepted in the source's backlog meanwhile.
 *
 * <p>Two threads: {@link #run} accepts, one worker serves the current connection (a blocking
 * read cannot also watch for a newer connection). The policy state lives here, guarded by this
 * object's lock.
 */
public final class OneConnectionServer implements Runnable {
    private final ConnectionSource source;
    private final HttpConnectionLoop http;

    private Connection current;
    private boolean busy;
    private boolean closing;
    private boolean newerWaiting;
    private boolean stopped;
    private int served;

    public OneConnectionServer(ConnectionSource source, HttpConnectionLoop http) {
        this.source = source;
        this.http = http;
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
            if (!admit(c)) {
                c.close();
                break;
            }
            new Thread(new Worker(c)).start();
        }
        stop();
    }

    /** Stops accepting; closes the current connection if idle, else after its request. */
    public void stop() {
        synchronized (this) {
            stopped = true;
            closeIfIdle();
            notifyAll();
        }
        source.close();
    }

    /** Whether a connection is open now. */
    public synchronized boolean hasConnection() {
        return current != null;
    }

    /** Whether a newer connection is waiting for the current one to end. */
    public synchronized boolean hasWaitingConnection() {
        return newerWaiting;
    }

    /** How many connections have ended so far. */
    public synchronized int served() {
        return served;
    }

    /** Waits until the current connection has ended (or {@code ms} elapse): for tests and shutdown. */
    public synchronized boolean awaitNoConnection(long ms) throws InterruptedException {
        long end = System.currentTimeMillis() + ms;
        while (current != null) {
            long left = end - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** Makes {@code c} current once the previous connection has gone; false if stopped. */
    private synchronized boolean admit(Connection c) {
        newerWaiting = true;
        try {
            while (current != null && !stopped) {
                closeIfIdle();
                wait();
            }
        } catch (InterruptedException e) {
            stopped = true;
        } finally {
            newerWaiting = false;
        }
        if (stopped) {
            return false;
        }
        current = c;
        busy = false;
        closing = false;
        return true;
    }

    private void closeIfIdle() {
        if (current != null && !busy && !closing) {
            closing = true;
            current.close(); // unblocks the worker's read; it then reports the end
        }
    }

    private synchronized void ended(Connection c) {
        if (current == c) {
            current = null;
            served++;
            notifyAll();
        }
    }

    /** Serves the current connection; its policy answers from the server's state. */
    private final class Worker implements Runnable, ConnectionPolicy {
        private final Connection c;

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
                ended(c);
            }
        }

        public boolean requestArrived() {
            synchronized (OneConnectionServer.this) {
                if (closing) {
                    return false;
                }
                busy = true;
                return true;
            }
        }

        public boolean mayKeepOpen() {
            synchronized (OneConnectionServer.this) {
                return !newerWaiting && !stopped;
            }
        }

        public boolean responseSent() {
            synchronized (OneConnectionServer.this) {
                busy = false;
                return !newerWaiting && !stopped;
            }
        }
    }
}
