package sizzle;

import java.io.IOException;
import sizzle.http.Clock;
import sizzle.http.HttpConnectionLoop;

/**
 * What a mote does (Sizzle paper, feature 6): state for one connection only. A new connection
 * that arrives while the current one is open gets it closed if it is really idle: accepted but
 * silent (nothing received yet, for {@link ServedConnection#SILENT_GRACE_MS}), or between
 * requests (gracefully, so a persistent-HTTP client simply reconnects). A connection in its handshake or its request is never cut for a newer
 * one: it gets one response, which says "Connection: close", and its deadlines
 * ({@link Deadlines}) bound how long that may take. Newer connections wait unaccepted in the
 * source's backlog meanwhile.
 *
 * <p>Two threads: {@link #run} accepts, one worker serves the current connection (a blocking
 * read cannot also watch for a newer connection); a watchdog calls {@link #checkDeadlines}.
 * The policy state lives here, guarded by this object's lock.
 */
public final class OneConnectionServer implements Mode, ServedConnection.Host {
    private final ConnectionSource source;
    private final Layer layer;
    private final HttpConnectionLoop http;
    private final Deadlines deadlines;
    private final Clock clock;

    private ServedConnection current;
    private boolean newerWaiting;
    private boolean stopped;
    private int served;

    /** {@code layer}: TLS on each connection, or null for plain HTTP (tests). */
    public OneConnectionServer(ConnectionSource source, Layer layer, HttpConnectionLoop http, Deadlines deadlines,
            Clock clock) {
        this.source = source;
        this.layer = layer;
        this.http = http;
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
            new Thread(new Worker(c)).start();
        }
        stop();
    }

    /** Stops accepting; closes the current connection if idle, else after its request. */
    public void stop() {
        ServedConnection idle = null;
        synchronized (this) {
            stopped = true;
            if (current != null && current.closeIfIdle()) {
                idle = current;
            }
            notifyAll();
        }
        if (idle != null) {
            idle.top.close();
        }
        source.close();
    }

    public void checkDeadlines() {
        ServedConnection c;
        int action;
        synchronized (this) {
            c = current;
            action = c == null ? ServedConnection.NOTHING : c.due(clock.millis());
        }
        if (action != ServedConnection.NOTHING) {
            c.act(action);
        }
    }

    public synchronized boolean finished() {
        return stopped && current == null;
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

    /** Called with this server's lock held. */
    public boolean mayKeepOpen() {
        return !newerWaiting && !stopped;
    }

    /**
     * Makes {@code c} current once the previous connection has gone, closing that one as soon
     * as it is idle (outside the lock: a graceful close writes); false if stopped.
     */
    private boolean admit(ServedConnection c) {
        while (true) {
            ServedConnection idle = null;
            synchronized (this) {
                if (stopped) {
                    newerWaiting = false;
                    return false;
                }
                if (current == null) {
                    newerWaiting = false;
                    current = c;
                    c.admitted();
                    return true;
                }
                newerWaiting = true;
                long grace = current.silentGraceLeft(clock.millis());
                if (grace == 0 && current.closeIfIdle()) {
                    idle = current;
                } else {
                    try {
                        // until it ends (a busy one's response closes it, as newerWaiting says), or
                        // a silent one's grace is over (looked at every 50 ms): idle after all, or busy
                        wait(grace > 0 ? Math.min(grace, 50) : 0);
                    } catch (InterruptedException e) {
                        stopped = true;
                    }
                }
            }
            if (idle != null) {
                idle.top.close(); // unblocks the worker's read; it then reports the end
            }
        }
    }

    private synchronized void ended(ServedConnection c) {
        if (current == c) {
            current = null;
            served++;
            notifyAll();
        }
    }

    /** Serves the current connection. */
    private final class Worker implements Runnable {
        private final ServedConnection c;

        Worker(ServedConnection c) {
            this.c = c;
        }

        public void run() {
            try {
                c.serve(http);
            } finally {
                ended(c);
            }
        }
    }
}
