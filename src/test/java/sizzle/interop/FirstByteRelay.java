package sizzle.interop;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A transparent TCP relay on an ephemeral loopback port in front of a server, noting the
 * first byte each client sends: 0x16 opens a TLS handshake record, 0x80 an SSLv2-compatible
 * ClientHello (a 2-byte SSL 2.0 record header). It copies bytes unchanged both ways.
 */
final class FirstByteRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final int target;
    private final List<Integer> firstBytes = new ArrayList<>();
    private final List<Socket> open = new ArrayList<>();

    FirstByteRelay(int targetPort) throws IOException {
        target = targetPort;
        listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::acceptLoop, "first-byte-relay");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** The first byte of each client connection, in the order they arrived. */
    synchronized List<Integer> firstBytes() {
        return new ArrayList<>(firstBytes);
    }

    private void acceptLoop() {
        try {
            while (true) {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                synchronized (this) {
                    open.add(client);
                    open.add(server);
                }
                pump(client, server, true);
                pump(server, client, false);
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void pump(Socket from, Socket to, boolean noteFirst) {
        Thread t = new Thread(() -> {
            byte[] b = new byte[4096];
            boolean first = noteFirst;
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(b)) > 0; ) {
                    if (first) {
                        first = false;
                        synchronized (this) {
                            firstBytes.add(b[0] & 0xFF);
                        }
                    }
                    out.write(b, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed: the finally of the other direction ends it too
            } finally {
                close(from);
                close(to);
            }
        }, "relay");
        t.setDaemon(true);
        t.start();
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() {
        close(listener);
        synchronized (this) {
            for (Socket s : open) {
                close(s);
            }
        }
    }

    private static void close(ServerSocket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
