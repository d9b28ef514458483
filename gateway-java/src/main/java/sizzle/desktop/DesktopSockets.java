package sizzle.desktop;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Map;
import javax.microedition.io.StreamConnection;
import kssl.SocketOpener;

/**
 * java.net sockets for the KSSL client on the desktop (where MIDP's socket:// does not
 * exist): TCP_NODELAY, a connect and read timeout, and GCF's close semantics (the socket
 * closes when the connection and every stream opened from it are closed). Names may be
 * pinned to addresses, as curl's --resolve does (a gateway's devices by name on loopback),
 * while TLS still sends and checks the name.
 */
public final class DesktopSockets implements SocketOpener {
    private final int timeoutMs;
    private final Map<String, String> pinned;

    public DesktopSockets(int timeoutMs) {
        this(timeoutMs, Map.of());
    }

    /** pinned: host name (lower case) to the address literal to connect to instead of resolving it. */
    public DesktopSockets(int timeoutMs, Map<String, String> pinned) {
        this.timeoutMs = timeoutMs;
        this.pinned = pinned;
    }

    @Override
    public StreamConnection open(String host, int port) throws IOException {
        String to = pinned.getOrDefault(host.toLowerCase(Locale.ROOT), host);
        InetSocketAddress address = new InetSocketAddress(to, port); // resolves the name
        if (address.isUnresolved()) {
            throw new UnknownHostException("unknown host " + host + " (the name does not resolve)");
        }
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout(timeoutMs);
            s.connect(address, timeoutMs);
        } catch (IOException e) {
            s.close();
            throw new IOException("cannot connect to " + host + ":" + port + ": " + e.getMessage(), e);
        }
        return new SocketStream(s);
    }

    private static final class SocketStream implements StreamConnection {
        private final Socket socket;
        private int handles = 1;
        private boolean closed;

        SocketStream(Socket socket) {
            this.socket = socket;
        }

        private synchronized void release() throws IOException {
            if (--handles == 0) {
                socket.close();
            }
        }

        @Override
        public synchronized InputStream openInputStream() throws IOException {
            handles++;
            InputStream in = socket.getInputStream();
            return new InputStream() {
                private boolean closed;

                @Override
                public int read() throws IOException {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    return in.read(b, off, len);
                }

                @Override
                public int available() throws IOException {
                    return in.available();
                }

                @Override
                public void close() throws IOException {
                    if (!closed) {
                        closed = true;
                        release();
                    }
                }
            };
        }

        @Override
        public synchronized OutputStream openOutputStream() throws IOException {
            handles++;
            OutputStream out = socket.getOutputStream();
            return new OutputStream() {
                private boolean closed;

                @Override
                public void write(int b) throws IOException {
                    out.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void flush() throws IOException {
                    out.flush();
                }

                @Override
                public void close() throws IOException {
                    if (!closed) {
                        closed = true;
                        release();
                    }
                }
            };
        }

        @Override
        public DataInputStream openDataInputStream() throws IOException {
            return new DataInputStream(openInputStream());
        }

        @Override
        public DataOutputStream openDataOutputStream() throws IOException {
            return new DataOutputStream(openOutputStream());
        }

        @Override
        public synchronized void close() throws IOException {
            if (!closed) {
                closed = true;
                release();
            }
        }
    }
}
