package sizzle.bench;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** One HTTP/1.1 exchange as the benchmark's client sees it: bytes received and whether the server keeps the connection. */
record HttpResponse(int bytes, boolean keepAlive, byte[] body) {
    static HttpResponse get(InputStream in, OutputStream out, String path, boolean close) throws IOException {
        out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int state = 0;  // how much of CR LF CR LF has been seen
        while (state < 4) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection ended inside the response head");
            }
            head.write(b);
            state = b == (state % 2 == 0 ? '\r' : '\n') ? state + 1 : (b == '\r' ? 1 : 0);
        }
        String h = head.toString(StandardCharsets.ISO_8859_1);
        if (!h.startsWith("HTTP/1.1 200 ")) {
            throw new IOException("not a 200 response: " + h);
        }
        int length = -1;
        boolean keep = true;
        for (String line : h.split("\r\n")) {
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                length = Integer.parseInt(line.substring(15).trim());
            } else if (line.regionMatches(true, 0, "Connection:", 0, 11) && line.substring(11).trim().equalsIgnoreCase("close")) {
                keep = false;
            }
        }
        if (length < 0) {
            throw new IOException("no Content-Length: " + h);
        }
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new EOFException("body cut at " + body.length + " of " + length + " bytes");
        }
        return new HttpResponse(head.size() + length, keep && !close, body);
    }
}
