package sizzle;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import sizzle.http.Wire;

/** A connection over two pipes, with the client's end for the test to drive. */
final class TestConnection implements Connection {
    private static final long TIMEOUT_MS = 5000;
    private final Pipe toServer = new Pipe();
    private final Pipe toClient = new Pipe();
    final CountDownLatch closed = new CountDownLatch(1);
    private final long readTimeoutMs;
    private static final java.util.concurrent.atomic.AtomicInteger COUNT = new java.util.concurrent.atomic.AtomicInteger();
    private final String name = "pipe-" + COUNT.incrementAndGet();
    /** The thread that last read the server's input: the one serving this connection. */
    volatile Thread servedBy;
    volatile boolean aborted;
    /** The client no longer reads: the server's writes block until the connection is closed or aborted. */
    volatile boolean clientStopsReading;
    /** Set when a server write found the client not reading. */
    final CountDownLatch writeBlocked = new CountDownLatch(1);
    /** The client's address as the server sees it (the key of the password's back-off). */
    volatile String peer = "192.0.2.1";

    /** {@code readTimeoutMs}: how long a server read waits, as a socket's SO_TIMEOUT. */
    TestConnection(long readTimeoutMs) {
        this.readTimeoutMs = readTimeoutMs;
    }

    TestConnection() {
        this(Long.MAX_VALUE / 4);
    }

    /** The server's end; each read notes the thread that makes it (the one serving this connection). */
    @Override
    public InputStream input() {
        InputStream in = toServer.input(readTimeoutMs);
        return new InputStream() {
            @Override
            public int read() throws IOException {
                servedBy = Thread.currentThread();
                return in.read();
            }
        };
    }

    @Override
    public OutputStream output() {
        OutputStream out = toClient.output();
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (clientStopsReading) {
                    // As a socket whose peer stopped reading, once its buffers are full.
                    writeBlocked.countDown();
                    try {
                        closed.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IOException("connection closed under a blocked write");
                }
                out.write(b, off, len);
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }
        };
    }

    @Override
    public void close() {
        toServer.close();
        toClient.close();
        closed.countDown();
    }

    /**
     * Noted apart from close(). The client's direction closes first, so that the serving
     * thread, woken by the end of its input, can send nothing more (as on a reset socket).
     */
    @Override
    public void abort() {
        aborted = true;
        toClient.close();
        close();
    }

    @Override
    public String peer() {
        return peer;
    }

    /** The peer's name in the server's log. */
    @Override
    public String toString() {
        return name;
    }

    boolean isClosed() {
        return closed.getCount() == 0;
    }

    // The client's side.

    /** The client's end as streams (for a TLS client on top); reads time out. */
    InputStream clientInput() {
        return toClient.input(TIMEOUT_MS);
    }

    OutputStream clientOutput() {
        return toServer.output();
    }

    void send(String s) throws IOException {
        byte[] b = Wire.bytes(s);
        toServer.write(b, 0, b.length);
    }

    void send(byte[] b, int off, int len) throws IOException {
        toServer.write(b, off, len);
    }

    /** True once the server has read everything sent so far. */
    boolean allRead() {
        return toServer.drained();
    }

    /**
     * True once the server has read everything sent so far and its thread waits for more:
     * whatever it does with those bytes is done, so a test may move the clock on.
     */
    boolean serverWaiting() {
        Thread t = servedBy;
        return toServer.drained() && t != null && t.getState() == Thread.State.TIMED_WAITING;
    }

    /** The client stops sending (a TCP half-close): the server reads the end of the stream. */
    void shutdownOutput() {
        toServer.close();
    }

    /** Reads one whole response (fails after a timeout). */
    Wire.Response response() throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        String h = "";
        while (!h.endsWith("\r\n\r\n")) {
            int b = toClient.read(TIMEOUT_MS);
            if (b < 0) {
                throw new IOException("closed after " + head.size() + " bytes: " + h);
            }
            head.write(b);
            h = Wire.text(head.toByteArray());
        }
        int i = h.toLowerCase().indexOf("content-length: ");
        int length = Integer.parseInt(h.substring(i + 16, h.indexOf("\r\n", i)));
        for (int n = 0; n < length; n++) {
            head.write(toClient.read(TIMEOUT_MS));
        }
        return Wire.responses(Wire.text(head.toByteArray())).get(0);
    }

    /** True if the server closes its side with nothing more sent, within the timeout. */
    boolean endsCleanly() throws IOException, InterruptedException {
        return toClient.read(TIMEOUT_MS) == -1 && closed.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }

    /** True if nothing arrives for {@code ms} (the connection waits, unanswered). */
    boolean silentFor(long ms) throws IOException {
        try {
            toClient.read(ms);
            return false;
        } catch (java.io.InterruptedIOException e) {
            return true;
        }
    }
}
