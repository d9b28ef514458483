package sizzle.desktop;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import sizzle.Connection;
import sizzle.ConnectionSource;

/**
 * Plain TCP connections from a listening socket, on the desktop: what the Sizzle server's TLS
 * glue runs on. Sockets get TCP_NODELAY (small records must not wait for delayed ACKs) and a
 * read timeout (a stalled client gets 408, an idle one is closed). Output is buffered until
 * flushed, so that a flight of TLS records (ServerHello, ChangeCipherSpec, Finished) leaves in
 * one write and one segment rather than one each: the same bytes, fewer system calls and
 * packets, and the peer woken once. The TLS engine and the HTTP layer flush at the end of every
 * flight, alert and response. close() is a lingering
 * close: half-close, discard what the client still sends for a moment (at most
 * {@link #LINGER_MS} in all, however the client drips), then close, so that a final response
 * is not destroyed by a TCP reset; abort() closes at once. A connection's toString() is the
 * peer's address and port, which the server logs; peer() the address alone.
 */
public final class SocketConnectionSource implements ConnectionSource {
    /** The longest a lingering close waits for the client's last bytes. */
    static final int LINGER_MS = 1000;

    private final ServerSocket listener;
    private final int readTimeoutMs;

    /** Listens on {@code address}:{@code port} (0: an ephemeral port, see {@link #port()}). */
    public SocketConnectionSource(InetAddress address, int port, int readTimeoutMs) throws IOException {
        listener = new ServerSocket(port, 50, address);
        this.readTimeoutMs = readTimeoutMs;
    }

    public int port() {
        return listener.getLocalPort();
    }

    @Override
    public Connection accept() throws IOException {
        Socket s = listener.accept();
        try {
            return new SocketConnection(s, readTimeoutMs);
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /** Buffered socket input that knows which thread, if any, is blocked reading it. */
    private static final class TrackedInput extends BufferedInputStream {
        volatile Thread reader;

        TrackedInput(InputStream in) {
            super(in, 512);
        }

        @Override
        public int read() throws IOException {
            reader = Thread.currentThread();
            try {
                return super.read();
            } finally {
                reader = null;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            reader = Thread.currentThread();
            try {
                return super.read(b, off, len);
            } finally {
                reader = null;
            }
        }
    }

    /** Buffered socket output that knows which thread wrote to it last. */
    private static final class TrackedOutput extends BufferedOutputStream {
        volatile Thread writer;

        TrackedOutput(OutputStream out) {
            super(out, 8192);
        }

        @Override
        public void write(int b) throws IOException {
            writer = Thread.currentThread();
            super.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            writer = Thread.currentThread();
            super.write(b, off, len);
        }
    }

    private static final class SocketConnection implements Connection {
        private final Socket socket;
        private final TrackedInput in;
        private final TrackedOutput out;
        private final String address;
        private final String peer;
        private boolean closed;

        SocketConnection(Socket socket, int readTimeoutMs) throws IOException {
            this.socket = socket;
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(readTimeoutMs);
            in = new TrackedInput(socket.getInputStream());
            out = new TrackedOutput(socket.getOutputStream());
            address = socket.getInetAddress().getHostAddress();
            peer = address + ":" + socket.getPort();
        }

        @Override
        public String peer() {
            return address;
        }

        @Override
        public void abort() {
            synchronized (this) {
                closed = true;
            }
            try {
                socket.close(); // under any blocked read or write: nothing more is sent or awaited
            } catch (IOException e) {
                // closing anyway
            }
        }

        @Override
        public InputStream input() {
            return in;
        }

        @Override
        public OutputStream output() {
            return out;
        }

        @Override
        public String toString() {
            return peer;
        }

        @Override
        public void close() {
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true;
            }
            Thread writer = out.writer;
            if (writer == null || writer == Thread.currentThread()) {
                // Whatever is still buffered goes first. Not from another thread: that one may
                // be blocked writing (holding the buffer), and closes only idle connections.
                try {
                    out.flush();
                } catch (IOException e) {
                    // the peer is gone: closing anyway
                }
            }
            try {
                socket.shutdownOutput();
                Thread reader = in.reader;
                if (reader == null || reader == Thread.currentThread()) {
                    InputStream raw = socket.getInputStream();
                    byte[] sink = new byte[512];
                    long end = System.nanoTime() + LINGER_MS * 1_000_000L;
                    for (int total = 0; total < 65536; ) {
                        long left = (end - System.nanoTime()) / 1_000_000L;
                        if (left <= 0) {
                            break; // a client dripping bytes does not hold the connection
                        }
                        socket.setSoTimeout((int) Math.min(left, 200));
                        int n = raw.read(sink);
                        if (n < 0) {
                            break;
                        }
                        total += n;
                    }
                }
                // else: closed from another thread (the one-connection mode taking over an idle
                // connection) while the serving thread is blocked reading and holds the socket's
                // read side; closing now wakes it, and an idle client has nothing unread.
            } catch (IOException e) {
                // timed out or reset: nothing more to wait for
            }
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
