package sizzle;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;

/** A one-way byte pipe between two threads: reads block until data or close (then -1). */
final class Pipe {
    private byte[] data = new byte[256];
    private int start;
    private int end;
    private boolean closed;

    synchronized void write(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new IOException("pipe closed");
        }
        if (end + len > data.length) {
            byte[] bigger = new byte[Math.max(data.length * 2, end - start + len)];
            System.arraycopy(data, start, bigger, 0, end - start);
            end -= start;
            start = 0;
            data = bigger;
        }
        System.arraycopy(b, off, data, end, len);
        end += len;
        notifyAll();
    }

    /** The next byte, -1 once closed and drained; InterruptedIOException after {@code timeoutMs}. */
    synchronized int read(long timeoutMs) throws IOException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (start == end && !closed) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new InterruptedIOException("no data within " + timeoutMs + " ms");
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                throw new InterruptedIOException();
            }
        }
        return start == end ? -1 : data[start++] & 0xff;
    }

    synchronized boolean drained() {
        return start == end;
    }

    synchronized void close() {
        closed = true;
        notifyAll();
    }

    /** The reading end; a read that waits {@code timeoutMs} throws InterruptedIOException. */
    InputStream input(long timeoutMs) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                return Pipe.this.read(timeoutMs);
            }
        };
    }

    OutputStream output() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                Pipe.this.write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                Pipe.this.write(b, off, len);
            }
        };
    }
}
