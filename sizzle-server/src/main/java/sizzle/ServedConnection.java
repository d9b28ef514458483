package sizzle;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import sizzle.http.Clock;
import sizzle.http.ConnectionPolicy;
import sizzle.http.HttpConnectionLoop;

/**
 * One connection as a server serves it: the transport below, guarded (its reads note the
 * first byte and honour the deadline), the connection HTTP runs on above it (TLS over the
 * guarded transport, or the transport itself), and where it is in its life, which decides
 * whether it may be closed for a newer connection and when its time is up.
 *
 * <pre>
 *   FRESH      accepted, nothing received yet        closable  deadline: accept + handshake
 *                                                    (after SILENT_GRACE_MS)
 *   HANDSHAKE  bytes came, the handshake runs        busy      (the same deadline)
 *   REQUEST    a request is awaited after the        busy      handshake end + request, then
 *              handshake, or is being read/answered            first byte of each request + request
 *   IDLE       between requests                      closable  response + idle
 * </pre>
 *
 * A connection past its deadline is closed by the watchdog ({@link #due}, {@link #act}):
 * gracefully when idle (in a thread of its own: the watchdog never writes), else aborted under
 * whatever read or write blocks its thread. Whatever ends a connection gracefully (its own
 * deadline, a newer connection, the server stopping) gives its last words (a 408, an alert,
 * close_notify) {@link Deadlines#graceMs}; a connection still open after that is aborted, so a
 * client that stops reading cannot hold it in a blocked write. A client
 * that keeps sending a byte now and then is cut by its own reads: the first read that starts
 * or ends after the deadline fails. Either way the serving thread sees an
 * InterruptedIOException naming the deadline: a handshake fails with its alert (the check is
 * on the transport's bytes), a request is answered 408 and an idle connection closes (the
 * check is on the application data, so that TLS is between records and can still answer).
 *
 * <p>The state is guarded by the lock of the server ({@link Host}) that serves the connection.
 */
final class ServedConnection implements ConnectionPolicy {
    /** The server around connections: its lock guards their state. */
    interface Host {
        /** With the host's lock held: may a connection stay open after its response? */
        boolean mayKeepOpen();
    }

    static final int FRESH = 0;
    static final int HANDSHAKE = 1;
    static final int REQUEST = 2;
    static final int IDLE = 3;

    /** What {@link #due} decided. */
    static final int NOTHING = 0;
    static final int CLOSE = 1;
    static final int ABORT = 2;

    private final Host host;
    private final Connection transport;
    private final Deadlines deadlines;
    private final Clock clock;
    /** Whether a layer (TLS) runs between the transport and HTTP. */
    private final boolean layered;
    /** What HTTP runs on. */
    final Connection top;

    private int phase = FRESH;
    private long deadline;
    private boolean closing;
    private boolean started;
    /** Which deadline passed, once one has. */
    private String expired;
    /** When a connection being closed gracefully is aborted if it has not ended; 0: not set. */
    private long abortAt;
    /** The serving thread is done with it; or it was aborted. */
    private boolean ended;
    private boolean aborted;

    /** Wraps {@code transport} (then {@code layer}, if any); no I/O happens here. */
    ServedConnection(Host host, Connection transport, Layer layer, Deadlines deadlines, Clock clock) throws IOException {
        this.host = host;
        this.transport = transport;
        this.deadlines = deadlines;
        this.clock = clock;
        deadline = clock.millis() + deadlines.handshakeMs;
        layered = layer != null;
        Connection guarded = new Guarded();
        top = layered ? layer.over(guarded) : guarded;
    }

    /**
     * The next connection of {@code source}, wrapped for {@code host}. A transport the layer
     * cannot be set up on is aborted and the next one taken; throws once the source fails.
     */
    static ServedConnection next(ConnectionSource source, Host host, Layer layer, Deadlines deadlines, Clock clock)
            throws IOException {
        while (true) {
            Connection t = source.accept();
            try {
                return new ServedConnection(host, t, layer, deadlines, clock);
            } catch (IOException e) {
                t.abort(); // this one only: the server goes on
            }
        }
    }

    /**
     * How long a connection that has sent nothing is left alone when a newer one waits. Clients
     * open several connections at once (a browser does), and a connection's first bytes may
     * reach the server a moment after a newer connection does: without it, the one-connection
     * mode cut each connection for the next before its hello was read (a simulated TelosB
     * refused Chromium so). The same on a mote (native/sizzle/sz_server_loop.h).
     */
    static final long SILENT_GRACE_MS = 1000;

    private long admittedAt;

    /** The server starts serving it now (it may have waited for an older one): its clock starts. */
    void admitted() {
        synchronized (host) {
            admittedAt = clock.millis();
            deadline = admittedAt + deadlines.handshakeMs;
        }
    }

    /** Lock held: the milliseconds before a silent (FRESH) connection may be closed for a newer one; 0 when it may. */
    long silentGraceLeft(long now) {
        return phase == FRESH ? Math.max(0, admittedAt + SILENT_GRACE_MS - now) : 0;
    }

    /** Serves the connection in this thread until it ends, then closes it. */
    void serve(HttpConnectionLoop http) {
        try {
            InputStream in = top.input(); // the handshake, for TLS
            if (layered) {
                in = new GuardedInput(in, false);
            }
            synchronized (host) {
                if (phase == HANDSHAKE) {
                    phase = REQUEST;
                    deadline = clock.millis() + deadlines.requestMs;
                }
            }
            http.serve(in, top.output(), this, transport.peer());
        } catch (IOException e) {
            // Broke, was closed, or passed its deadline: it ends either way.
        } finally {
            top.close();
            synchronized (host) {
                ended = true;
            }
        }
    }

    /**
     * With the host's lock held: if the connection is idle (nothing received yet, or between
     * requests), marks it closing and returns true; the caller then closes {@link #top}
     * outside the lock. A busy connection is never cut: it ends after its request.
     */
    boolean closeIfIdle() {
        if (closing || (phase != FRESH && phase != IDLE)) {
            return false;
        }
        closing = true;
        graceFrom(clock.millis());
        return true;
    }

    /** Lock held: a graceful end began at {@code now}; it is aborted if not over within the grace. */
    private void graceFrom(long now) {
        if (abortAt == 0) {
            abortAt = now + deadlines.graceMs;
        }
    }

    /**
     * With the host's lock held: whether the deadline (or the grace of a graceful end) has
     * passed at {@code now} and what to do, which the caller does with {@link #act} outside the
     * lock. A connection expires once, and is aborted at most once.
     */
    int due(long now) {
        if (ended || aborted) {
            return NOTHING;
        }
        if (expired == null && now >= deadline) {
            expire();
            boolean idle = phase == IDLE && !closing;
            closing = true;
            graceFrom(now);
            if (idle) {
                return CLOSE;
            }
            aborted = true;
            return ABORT;
        }
        if (abortAt != 0 && now >= abortAt) {
            aborted = true;
            return ABORT;
        }
        return NOTHING;
    }

    /**
     * Outside the lock: aborts a busy connection; closes an idle one gracefully in a thread of
     * its own, since a graceful close writes, and a write to a client that does not read blocks
     * (the grace then aborts it).
     */
    void act(int action) {
        if (action == CLOSE) {
            new Thread(new Runnable() {
                public void run() {
                    top.close();
                }
            }).start();
        } else if (action == ABORT) {
            transport.abort();
        }
    }

    public boolean requestArrived() {
        synchronized (host) {
            if (closing) {
                return false;
            }
            phase = REQUEST;
            deadline = clock.millis() + deadlines.requestMs;
            return true;
        }
    }

    public boolean mayKeepOpen() {
        synchronized (host) {
            return !closing && host.mayKeepOpen();
        }
    }

    public boolean responseSent() {
        synchronized (host) {
            phase = IDLE;
            deadline = clock.millis() + deadlines.idleMs;
            return !closing && host.mayKeepOpen();
        }
    }

    /** Lock held: records which deadline passed. */
    private void expire() {
        long ms = phase == IDLE ? deadlines.idleMs : phase == REQUEST ? deadlines.requestMs : deadlines.handshakeMs;
        String which = phase == IDLE ? "idle" : phase == REQUEST ? "request" : "handshake";
        expired = "past its ".concat(which).concat(" deadline (").concat(Long.toString(ms)).concat(" ms)");
    }

    /**
     * Around a read: the deadline that has passed, if one has (a client dripping its bytes).
     * The transport's reads are checked until the handshake is done (all along without a
     * layer), the application data's after it.
     */
    private String lateRead(boolean transportSide) {
        synchronized (host) {
            boolean checked = !transportSide || !layered || phase == FRESH || phase == HANDSHAKE;
            long now = clock.millis();
            if (expired == null && checked && now >= deadline) {
                expire();
                closing = true;
                graceFrom(now);
            }
            return expired;
        }
    }

    private String expiredReason() {
        synchronized (host) {
            return expired;
        }
    }

    private void firstByte() {
        synchronized (host) {
            started = true;
            if (phase == FRESH) {
                phase = HANDSHAKE;
            }
        }
    }

    /** The transport as the layer above sees it: reads go through {@link GuardedInput}. */
    private final class Guarded implements Connection, kssl.tls.HelloDigestSource {
        private InputStream in;
        private OutputStream out;

        public synchronized InputStream input() throws IOException {
            if (in == null) {
                in = new GuardedInput(transport.input(), true);
            }
            return in;
        }

        public synchronized OutputStream output() throws IOException {
            if (out == null) {
                out = new GuardedOutput(transport.output());
            }
            return out;
        }

        public void close() {
            transport.close();
        }

        public void abort() {
            transport.abort();
        }

        public String peer() {
            return transport.peer();
        }

        /** The transport's ClientHello digest (a mote's link: gateway-java/LINK.md §15.2), or null. */
        public byte[] clientHelloDigest() {
            return transport instanceof kssl.tls.HelloDigestSource ? ((kssl.tls.HelloDigestSource) transport).clientHelloDigest() : null;
        }

        public String toString() {
            return String.valueOf(transport);
        }
    }

    /** An IOException, or, once a deadline has passed, one that names it. */
    private IOException named(IOException e) {
        String why = expiredReason();
        return why == null ? e : new InterruptedIOException(why);
    }

    /** Writes whose failure after an abort names the deadline (for the connection's log line). */
    private final class GuardedOutput extends OutputStream {
        private final OutputStream out;

        GuardedOutput(OutputStream out) {
            this.out = out;
        }

        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw named(e);
            }
        }

        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw named(e);
            }
        }

        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw named(e);
            }
        }
    }

    /**
     * Reads that mark the first byte (the connection is no longer fresh), fail once the
     * deadline has passed, and turn the failure of a read that the watchdog broke into one
     * that names the deadline.
     */
    private final class GuardedInput extends InputStream {
        private final InputStream in;
        private final boolean transportSide;
        private final byte[] one = new byte[1];

        GuardedInput(InputStream in, boolean transportSide) {
            this.in = in;
            this.transportSide = transportSide;
        }

        public int read() throws IOException {
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        public int read(byte[] b, int off, int len) throws IOException {
            String late = lateRead(transportSide);
            if (late != null) {
                throw new InterruptedIOException(late);
            }
            int n;
            try {
                n = in.read(b, off, len);
            } catch (IOException e) {
                throw named(e);
            }
            if (n > 0 && transportSide && !started) {
                firstByte();
            }
            String why = n < 0 ? expiredReason() : lateRead(transportSide);
            if (why != null) {
                throw new InterruptedIOException(why); // what came too late is dropped: the connection ends
            }
            return n;
        }

        public int available() throws IOException {
            return in.available();
        }
    }
}
