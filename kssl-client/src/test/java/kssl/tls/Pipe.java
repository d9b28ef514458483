package kssl.tls;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** A one-way in-memory byte pipe: blocking reads, EOF once the writer closes; records what passed. */
public final class Pipe {
    private final byte[] buf;
    private int head;
    private int tail;
    private boolean writerClosed;
    private boolean readerClosed;
    final ByteArrayOutputStream log = new ByteArrayOutputStream();
    /** Shared by the two pipes of a conversation: every write, in wire order, with its side's tag. */
    volatile Journal journal;
    volatile char tag;

    /** The writes of both sides of a conversation in the order they happened. */
    static final class Journal {
        final java.util.List<Object[]> writes = new java.util.ArrayList<>();

        synchronized void add(char tag, byte[] b, int off, int len) {
            writes.add(new Object[] {tag, java.util.Arrays.copyOfRange(b, off, off + len)});
        }

        /** The end of one side's stream (tag C or S), where it happened among the writes. */
        synchronized void close(char tag) {
            writes.add(new Object[] {tag, null});
        }

        /** Joins two pipes into one conversation, the client's writes tagged C, the server's S. */
        static Journal of(Pipe clientToServer, Pipe serverToClient) {
            Journal j = new Journal();
            clientToServer.tag = 'C';
            serverToClient.tag = 'S';
            clientToServer.journal = j;
            serverToClient.journal = j;
            return j;
        }
    }

    public Pipe() {
        this(1 << 20);
    }

    public Pipe(int capacity) {
        buf = new byte[capacity];
    }

    public final InputStream in = new InputStream() {
        @Override
        public int read() throws IOException {
            byte[] b = new byte[1];
            return read(b, 0, 1) < 0 ? -1 : b[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            synchronized (Pipe.this) {
                while (head == tail && !writerClosed && !readerClosed) {
                    try {
                        Pipe.this.wait(20000);
                    } catch (InterruptedException e) {
                        throw new IOException("interrupted");
                    }
                    if (head == tail && !writerClosed && !readerClosed) {
                        throw new IOException("pipe read timed out");
                    }
                }
                if (readerClosed) {
                    throw new IOException("pipe closed");
                }
                if (head == tail) {
                    return -1;
                }
                int n = Math.min(len, tail - head);
                System.arraycopy(buf, head, b, off, n);
                head += n;
                return n;
            }
        }

        @Override
        public void close() {
            synchronized (Pipe.this) {
                readerClosed = true;
                Pipe.this.notifyAll();
            }
        }
    };

    public final OutputStream out = new OutputStream() {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (Pipe.this) {
                if (writerClosed) {
                    throw new IOException("pipe closed for writing");
                }
                if (tail + len > buf.length) {
                    throw new IOException("pipe full");
                }
                System.arraycopy(b, off, buf, tail, len);
                tail += len;
                log.write(b, off, len);
                Journal j = journal;
                if (j != null) {
                    j.add(tag, b, off, len);
                }
                Pipe.this.notifyAll();
            }
        }

        @Override
        public void close() {
            synchronized (Pipe.this) {
                writerClosed = true;
                Pipe.this.notifyAll();
            }
        }
    };

    /** Bytes the reader has taken so far. */
    public synchronized int readCount() {
        return head;
    }

    public synchronized boolean isWriterClosed() {
        return writerClosed;
    }

    public synchronized byte[] written() {
        return log.toByteArray();
    }

    /** Pipe preloaded with bytes and closed: a peer that sent exactly these and hung up. */
    public static Pipe of(byte[] b) throws IOException {
        Pipe p = new Pipe(Math.max(1 << 20, b.length));
        p.out.write(b);
        p.out.close();
        return p;
    }
}
