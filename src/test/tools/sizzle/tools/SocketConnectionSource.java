package sizzle.tools;

import java.io.BufferedInputStream;
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
 * read timeout (a stalled client gets 408, an idle one is closed). close() is a lingering
 * close: half-close, discard what the client still sends for a moment, then close, so that a
 * final response is not destroyed by a TCP reset. A connection's toString() is the peer's
 * address, which the server logs.
 */
public final class SocketConnectionSource implements ConnectionSource {
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

    private static final class SocketConnection implements Connection {
        private final Socket socket;
        private final InputStream in;
        private final String peer;
        private boolean closed;

        SocketConnection(Socket socket, int readTimeoutMs) throws IOException {
            this.socket = socket;
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(readTimeoutMs);
            in = new BufferedInputStream(socket.getInputStream(), 512);
            peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
        }

        @Override
        public InputStream input() {
            return in;
        }

        @Override
        public OutputStream output() throws IOException {
            return socket.getOutputStream();
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
            try {
                socket.shutdownOutput();
                socket.setSoTimeout(200);
                InputStream raw = socket.getInputStream();
                byte[] sink = new byte[512];
                for (int total = 0; total < 65536; ) {
                    int n = raw.read(sink);
                    if (n < 0) {
                        break;
                    }
                    total += n;
                }
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
