package sizzle;

import java.io.IOException;
import java.util.concurrent.LinkedBlockingQueue;

/** Connections handed over by the test; close() makes accept() fail. */
final class TestConnectionSource implements ConnectionSource {
    private static final Connection END = new TestConnection();
    private final LinkedBlockingQueue<Connection> queue = new LinkedBlockingQueue<>();
    private volatile boolean closed;

    TestConnection connect() {
        return connect(Long.MAX_VALUE / 4);
    }

    /** A connection whose server-side reads time out after {@code readTimeoutMs}. */
    TestConnection connect(long readTimeoutMs) {
        TestConnection c = new TestConnection(readTimeoutMs);
        queue.add(c);
        return c;
    }

    /** True once the server has taken every connection offered. */
    boolean allAccepted() {
        return queue.isEmpty();
    }

    @Override
    public Connection accept() throws IOException {
        if (closed) {
            throw new IOException("closed");
        }
        try {
            Connection c = queue.take();
            if (c == END) {
                queue.add(END);
                throw new IOException("closed");
            }
            return c;
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void close() {
        closed = true;
        queue.add(END);
    }
}
