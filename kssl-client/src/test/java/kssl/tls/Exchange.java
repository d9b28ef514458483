package kssl.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A scripted conversation over in-memory pipes: the client sends {@code requests} requests,
 * the server answers each with {@code responseSize} bytes, the client closes (close_notify)
 * and the server answers close_notify. Both sides' bytes on the wire are kept.
 */
final class Exchange {
    final Pipe c2s = new Pipe();
    final Pipe s2c = new Pipe();
    /** Both sides' writes in wire order. */
    final Pipe.Journal journal = Pipe.Journal.of(c2s, s2c);
    TlsConnection client;
    TlsConnection server;
    Throwable clientError;
    Throwable serverError;
    byte[] lastResponse;
    String host = TestPki.HOST;
    int port = 443;
    java.util.function.UnaryOperator<OutputStream> clientOut = o -> o;

    static byte[] request(int i) {
        return ("GET /" + i + " HTTP/1.1\r\nHost: " + TestPki.HOST + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] response(int i, int size) {
        byte[] b = new byte[size];
        for (int k = 0; k < size; k++) {
            b[k] = (byte) ('a' + (k + i) % 26);
        }
        return b;
    }

    static void readFully(InputStream in, byte[] b) throws IOException {
        int off = 0;
        while (off < b.length) {
            int n = in.read(b, off, b.length - off);
            if (n < 0) {
                throw new IOException("EOF after " + off + " of " + b.length);
            }
            off += n;
        }
    }

    /** The server's side of the script, given its connection. */
    static void serve(TlsConnection s, int requests, int responseSize) throws IOException {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        for (int i = 0; i < requests; i++) {
            byte[] req = new byte[request(i).length];
            readFully(in, req);
            if (!java.util.Arrays.equals(req, request(i))) {
                throw new IOException("request " + i + " garbled");
            }
            out.write(response(i, responseSize));
            out.flush();
        }
        if (in.read() != -1) {
            throw new IOException("data after the last request");
        }
        s.close();
    }

    Exchange run(TlsConfig clientConfig, TlsConfig serverConfig, int requests, int responseSize) throws Exception {
        client = TlsConnection.client(s2c.in, clientOut.apply(c2s.out), clientConfig, host, port);
        server = TlsConnection.server(c2s.in, s2c.out, serverConfig);
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try {
            Future<?> f = ex.submit(() -> {
                try {
                    serve(server, requests, responseSize);
                } catch (Throwable t) {
                    serverError = t;
                }
            });
            try {
                InputStream in = client.getInputStream();
                OutputStream out = client.getOutputStream();
                client.handshake();
                for (int i = 0; i < requests; i++) {
                    out.write(request(i));
                    out.flush();
                    byte[] resp = new byte[responseSize];
                    readFully(in, resp);
                    lastResponse = resp;
                    if (!java.util.Arrays.equals(resp, response(i, responseSize))) {
                        throw new IOException("response " + i + " garbled");
                    }
                }
                client.close();
            } catch (Throwable t) {
                clientError = t;
                client.close();
            }
            f.get(60, TimeUnit.SECONDS);
        } finally {
            ex.shutdownNow();
        }
        return this;
    }

    void assertOk() {
        if (clientError != null || serverError != null) {
            AssertionError e = new AssertionError("client: " + clientError + " / server: " + serverError);
            if (clientError != null) {
                e.addSuppressed(clientError);
            }
            if (serverError != null) {
                e.addSuppressed(serverError);
            }
            throw e;
        }
    }
}
