package sizzle.gateway.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;

/**
 * Bytes handed over from the radio's thread to a reader on another thread (the front door's
 * copy to the TCP client, or a Java mote's server): {@link #put} never blocks, reads block
 * until there are bytes, the end ({@code -1}) or a failure (an IOException with its reason).
 */
public final class ByteQueue extends InputStream {
    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    private int pos;
    private boolean ended;
    private String failure;

    /** Queues a copy of the bytes (dropped once the queue has ended). */
    public synchronized void put(byte[] b, int off, int len) {
        if (ended || len == 0) return;
        byte[] c = new byte[len];
        System.arraycopy(b, off, c, 0, len);
        chunks.add(c);
        notifyAll();
    }

    /** No more bytes: a reader gets what is queued, then the end. */
    public synchronized void end() {
        ended = true;
        notifyAll();
    }

    /** The path failed: a reader gets what is queued, then an IOException saying {@code why}. */
    public synchronized void fail(String why) {
        if (!ended) failure = why;
        end();
    }

    public synchronized boolean ended() {
        return ended;
    }

    @Override
    public synchronized int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) return 0;
        while (chunks.isEmpty() && !ended) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted");
            }
        }
        if (chunks.isEmpty()) {
            if (failure != null) throw new IOException(failure);
            return -1;
        }
        byte[] c = chunks.peek();
        int n = Math.min(len, c.length - pos);
        System.arraycopy(c, pos, b, off, n);
        pos += n;
        if (pos == c.length) {
            chunks.poll();
            pos = 0;
        }
        return n;
    }

    @Override
    public synchronized int available() {
        int n = -pos;
        for (byte[] c : chunks) n += c.length;
        return Math.max(n, 0);
    }

    /** The reader is done: what is queued is dropped, later bytes too. */
    @Override
    public synchronized void close() {
        chunks.clear();
        pos = 0;
        end();
    }
}
