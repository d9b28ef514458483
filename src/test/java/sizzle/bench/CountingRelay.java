package sizzle.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback TCP relay in front of a server that counts the bytes each way: what one handshake
 * puts on the wire, TCP/IP headers not included (the papers' 534 B and 251 B count TLS records).
 * One connection at a time; {@link #reset()} before each.
 */
final class CountingRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final int target;
    final AtomicLong toServer = new AtomicLong();
    final AtomicLong toClient = new AtomicLong();

    CountingRelay(int targetPort) throws IOException {
        target = targetPort;
        listener = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "counting-relay");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    void reset() {
        toServer.set(0);
        toClient.set(0);
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                pump(client, server, toServer);
                pump(server, client, toClient);
            } catch (IOException e) {
                return;   // closed
            }
        }
    }

    private static void pump(Socket from, Socket to, AtomicLong count) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    count.addAndGet(n);
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed: close both below
            } finally {
                try {
                    from.close();
                    to.close();
                } catch (IOException ignored) {
                    // already closed
                }
            }
        }, "counting-relay-pump");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
