package sizzle.interop;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** A minimal HTTP/1.1 client over any stream pair (a TLS peer's application data). */
final class Http {
    private Http() {
    }

    /** GETs path and returns the body of a 200 response (Content-Length framed); fails otherwise. */
    static String get(InputStream in, OutputStream out, String path, boolean close) throws IOException {
        String request = "GET " + path + " HTTP/1.1\r\nHost: " + InteropPki.HOST + "\r\n"
                + (close ? "Connection: close\r\n" : "") + "\r\n";
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return readResponse(in);
    }

    /** The body of a 200 response (the head checked and dropped). */
    static String readResponse(InputStream in) throws IOException {
        String r = readAnyResponse(in);
        if (!r.startsWith("HTTP/1.1 200 ") && !r.startsWith("HTTP/1.0 200 ")) {
            throw new IOException("not a 200 response: " + r);
        }
        return r.substring(r.indexOf("\r\n\r\n") + 4);
    }

    /** Writes {@code request} on a TLS connection and reads its one response, whatever its status. */
    static String exchange(kssl.tls.TlsConnection c, String request) throws IOException {
        c.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        c.getOutputStream().flush();
        return readAnyResponse(c.getInputStream());
    }

    /** One response, head and Content-Length body, whatever its status. */
    static String readAnyResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection ended inside the response head: " + head.toString(StandardCharsets.ISO_8859_1));
            }
            head.write(b);
        }
        String h = head.toString(StandardCharsets.ISO_8859_1);
        int length = -1;
        for (String line : h.split("\r\n")) {
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        if (length < 0) {
            throw new IOException("no Content-Length: " + h);
        }
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new EOFException("body cut at " + body.length + " of " + length + " bytes");
        }
        return h + new String(body, StandardCharsets.ISO_8859_1);
    }

    /** The whole stream until EOF, as text. */
    static String readAll(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
}
