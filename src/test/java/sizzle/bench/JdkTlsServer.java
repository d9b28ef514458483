package sizzle.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * A peer server for the TLS benchmark through the JSSE API: the JDK's own provider (SunJSSE) or
 * Bouncy Castle's (BCJSSE, i.e. bctls), TLS 1.2 and one suite only, TCP_NODELAY on each
 * connection, one thread per connection from a pool (threads kept for the next connection, like
 * Sizzle's multi-connection mode: starting a thread per connection would cost each as much CPU
 * time as a resumed handshake). It answers each GET
 * with the body Sizzle serves for the same path (given), keep-alive unless asked to close (or,
 * for HTTP/1.0, unless asked to keep alive).
 */
final class JdkTlsServer implements AutoCloseable {
    private final SSLServerSocket listener;
    private final Map<String, byte[]> bodies;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "peer-connection");
        t.setDaemon(true);
        return t;
    });

    JdkTlsServer(SSLContext context, String suite, Map<String, byte[]> bodies) throws IOException {
        this.bodies = bodies;
        listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 64, InetAddress.getLoopbackAddress());
        listener.setEnabledProtocols(new String[] {"TLSv1.2"});
        listener.setEnabledCipherSuites(new String[] {suite});
        Thread t = new Thread(this::accept, "peer-acceptor");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                s.setTcpNoDelay(true);
                s.setSoTimeout(10_000);
                threads.execute(() -> serve(s));
            } catch (IOException e) {
                return;   // closed
            }
        }
    }

    private void serve(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                String path = head.substring(head.indexOf(' ') + 1, head.indexOf(' ', head.indexOf(' ') + 1));
                // HTTP/1.0 (openssl s_time's request) closes unless asked to keep alive; 1.1 the reverse.
                String lower = head.toLowerCase();
                boolean close = lower.startsWith("http/1.0", head.indexOf("\r\n") - 8)
                        ? !lower.contains("\r\nconnection: keep-alive") : lower.contains("\r\nconnection: close");
                byte[] body = bodies.getOrDefault(path, new byte[0]);
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " + body.length + "\r\n"
                        + (close ? "Connection: close\r\n" : "") + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
                if (close) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away: nothing to serve
        }
    }

    /** The request head, or null at a clean end of the stream. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last4 = 0;   // the last four bytes read, to spot CR LF CR LF without rescanning
        while (last4 != 0x0D0A0D0A) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            last4 = last4 << 8 | b;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        listener.close();
        threads.shutdown();
    }
}
