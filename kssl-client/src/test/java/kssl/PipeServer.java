package kssl;

import kssl.tls.Pipe;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.microedition.io.StreamConnection;

/**
 * A socket opener whose "sockets" are pipes to an in-process KSSL server that reads one HTTP
 * request (head and Content-Length body) and answers with scripted bytes, then closes with
 * close_notify. Records what it received.
 */
final class PipeServer implements SocketOpener {
    private final TlsConfig config;
    private final byte[] response;
    final List<String> requests = new ArrayList<>();
    final List<String> opened = new ArrayList<>();
    CompletableFuture<TlsConnection> last;

    PipeServer(TlsConfig config, String response) {
        this.config = config;
        this.response = response.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Override
    public StreamConnection open(String host, int port) {
        opened.add(host + ":" + port);
        Pipe c2s = new Pipe();
        Pipe s2c = new Pipe();
        TlsConnection server = TlsConnection.server(c2s.in, s2c.out, config);
        CompletableFuture<TlsConnection> done = new CompletableFuture<>();
        last = done;
        Thread t = new Thread(() -> {
            try {
                requests.add(readRequest(server.getInputStream()));
                OutputStream out = server.getOutputStream();
                out.write(response);
                out.flush();
                server.close();
                done.complete(server);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        t.setDaemon(true);
        t.start();
        return new StreamConnection() {
            public InputStream openInputStream() {
                return s2c.in;
            }

            public OutputStream openOutputStream() {
                return c2s.out;
            }

            public DataInputStream openDataInputStream() {
                return new DataInputStream(s2c.in);
            }

            public DataOutputStream openDataOutputStream() {
                return new DataOutputStream(c2s.out);
            }

            public void close() {
                // GCF: the streams stay usable until they are closed themselves
            }
        };
    }

    private static String readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (!b.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("request ended early: " + b);
            }
            b.write(c);
        }
        String head = b.toString(StandardCharsets.ISO_8859_1);
        int i = head.toLowerCase().indexOf("\r\ncontent-length: ");
        if (i >= 0) {
            int n = Integer.parseInt(head.substring(i + 18, head.indexOf("\r\n", i + 2)));
            b.write(in.readNBytes(n));
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }
}
