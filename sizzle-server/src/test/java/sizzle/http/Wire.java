package sizzle.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helpers: run the HTTP loop over byte strings, split what it wrote into responses. */
public final class Wire {
    /** The security headers every response carries, right after the status line (and any Date). */
    public static final String SECURITY = "Strict-Transport-Security: max-age=31536000\r\n"
            + "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n"
            + "X-Content-Type-Options: nosniff\r\n";

    /** The client's address in runs of the loop here. */
    public static final String PEER = "192.0.2.1";

    private Wire() {
    }

    /** One response as sent: status line, headers (names lower-cased, in order), body. */
    public record Response(String statusLine, Map<String, String> headers, String body, String raw) {
        public int status() {
            return Integer.parseInt(statusLine.substring(9, 12));
        }

        public String header(String name) {
            return headers.get(name.toLowerCase());
        }

        public boolean closes() {
            return "close".equals(header("connection"));
        }
    }

    /** What one connection produced. */
    public record Run(String output, List<Integer> writes, List<Response> responses, int flushes) {
        public Response only() {
            if (responses.size() != 1) {
                throw new AssertionError("expected one response, got " + responses.size() + ": " + output);
            }
            return responses.get(0);
        }
    }

    /** A policy that never closes a connection early, counting its calls. */
    public static final class OpenPolicy implements ConnectionPolicy {
        public int arrived;
        public int sent;

        public boolean requestArrived() {
            arrived++;
            return true;
        }

        public boolean mayKeepOpen() {
            return true;
        }

        public boolean responseSent() {
            sent++;
            return true;
        }
    }

    /** An output stream that records the size of every write. */
    public static final class RecordingOutput extends OutputStream {
        public final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        public final List<Integer> writes = new ArrayList<>();
        public int flushes;

        @Override
        public void write(int b) {
            writes.add(1);
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writes.add(len);
            bytes.write(b, off, len);
        }

        @Override
        public void flush() {
            flushes++;
        }
    }

    public static byte[] bytes(String s) {
        return s.getBytes(ISO_8859_1);
    }

    public static String text(byte[] b) {
        return new String(b, ISO_8859_1);
    }

    /** Serves {@code input} (ISO-8859-1 text) on one connection until the loop returns. */
    public static Run serve(Handler h, String input, int chunk) throws IOException {
        return serve(h, bytes(input), chunk);
    }

    public static Run serve(Handler h, byte[] input, int chunk) throws IOException {
        return serve(new HttpConnectionLoop(h, chunk), input, PEER);
    }

    /** Serves {@code input} with {@code loop} on one connection of client {@link #PEER}. */
    public static Run serve(HttpConnectionLoop loop, String input) throws IOException {
        return serve(loop, bytes(input), PEER);
    }

    /** ... of client {@code peer}. */
    public static Run serve(HttpConnectionLoop loop, String input, String peer) throws IOException {
        return serve(loop, bytes(input), peer);
    }

    private static Run serve(HttpConnectionLoop loop, byte[] input, String peer) throws IOException {
        RecordingOutput out = new RecordingOutput();
        loop.serve(new ByteArrayInputStream(input), out, new OpenPolicy(), peer);
        String s = text(out.bytes.toByteArray());
        return new Run(s, out.writes, responses(s), out.flushes);
    }

    /** Splits a byte string into responses, each delimited by its Content-Length. */
    public static List<Response> responses(String s) {
        List<Response> list = new ArrayList<>();
        int at = 0;
        while (at < s.length()) {
            int end = s.indexOf("\r\n\r\n", at);
            if (end < 0) {
                throw new AssertionError("unterminated header section: " + s.substring(at));
            }
            String[] lines = s.substring(at, end).split("\r\n", -1);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(": ");
                if (headers.put(lines[i].substring(0, colon).toLowerCase(), lines[i].substring(colon + 2)) != null) {
                    throw new AssertionError("repeated header " + lines[i]);
                }
            }
            int length = Integer.parseInt(headers.get("content-length"));
            int bodyStart = end + 4;
            String body = s.substring(bodyStart, bodyStart + length);
            list.add(new Response(lines[0], headers, body, s.substring(at, bodyStart + length)));
            at = bodyStart + length;
        }
        return list;
    }

    /** A handler that describes the parsed request in its body, for parser tests. */
    public static final class Describe implements Handler {
        @Override
        public void handle(Request r, ResponseWriter w) throws IOException {
            String m = r.method() == Request.GET ? "GET" : r.method() == Request.POST ? "POST" : "OTHER";
            String d = m + " " + text(java.util.Arrays.copyOf(r.path, r.pathLength))
                    + (r.isHttp10() ? " 1.0" : " 1.1") + (r.keepAlive() ? " keep" : " close")
                    + (r.isForm() ? " form" : "") + " body=" + text(java.util.Arrays.copyOf(r.body(), r.bodyLength()));
            w.send(Status.OK, bytes("text/plain"), bytes(d));
        }
    }
}
