package sizzle;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * Plain TCP on the desktop, for tests: what the TLS glue will do with its own streams.
 * close() is a lingering close: half-close, discard what the client still sends for a
 * moment, then close, so that a final error response is not destroyed by a TCP reset.
 */
final class SocketConnectionSource implements ConnectionSource {
    private final ServerSocket listener;

    SocketConnectionSource() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    int port() {
        return listener.getLocalPort();
    }

    @Override
    public Connection accept() throws IOException {
        return new SocketConnection(listener.accept());
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
        private boolean closed;

        SocketConnection(Socket socket) throws IOException {
            this.socket = socket;
            this.socket.setTcpNoDelay(true);
            this.socket.setSoTimeout(10000); // a stalled client gets 408, an idle one is closed
            this.in = new BufferedInputStream(socket.getInputStream(), 512);
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
