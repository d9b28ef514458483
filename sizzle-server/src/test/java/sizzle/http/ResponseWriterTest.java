package sizzle.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Lean headers, exact bytes, and writes bounded by the caller's chunk size. */
class ResponseWriterTest {
    private static final byte[] TEXT = Wire.bytes("text/plain");
    private static final String SECURITY = Wire.SECURITY;

    @Test
    void securityHeadersComeInAFixedOrderOnEveryResponse() throws IOException {
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        ResponseWriter w = new ResponseWriter(out, 512, null);
        w.prepare(false, false);
        w.error(Status.TOO_MANY_REQUESTS);
        assertEquals("HTTP/1.1 429 Too Many Requests\r\n" + SECURITY + "Content-Type: text/plain\r\n"
                + "Content-Length: 18\r\n\r\nToo Many Requests\n", Wire.text(out.bytes.toByteArray()));
    }

    @Test
    void dateOnlyWhereTheDeviceKnowsTheTimeFirstAfterTheStatusLine() throws IOException {
        FakeClock wall = new FakeClock();
        wall.now = 784_111_777_000L; // RFC 9110's example date
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        ResponseWriter w = new ResponseWriter(out, 512, wall);
        w.prepare(false, false);
        w.seeOther(Wire.bytes("/"));
        assertEquals("HTTP/1.1 303 See Other\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n" + SECURITY
                + "Location: /\r\nContent-Length: 0\r\n\r\n", Wire.text(out.bytes.toByteArray()));
    }

    @Test
    void okResponseHasOnlyTheSecurityHeadersTypeAndLength() throws IOException {
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        ResponseWriter w = new ResponseWriter(out, 512, null);
        w.prepare(false, false);
        w.send(Status.OK, TEXT, Wire.bytes("hi"));
        assertEquals("HTTP/1.1 200 OK\r\n" + SECURITY + "Content-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi", Wire.text(out.bytes.toByteArray()));
        assertEquals(1, out.writes.size(), "header and body in one write when they fit");
        assertEquals(1, out.flushes);
        assertTrue(w.answered());
    }

    @Test
    void connectionHeaderOnlyWhenItChangesTheDefault() throws IOException {
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        ResponseWriter w = new ResponseWriter(out, 512, null);
        w.prepare(true, true);
        w.seeOther(Wire.bytes("/"));
        w.prepare(false, true);
        w.error(Status.NOT_FOUND);
        assertEquals("HTTP/1.1 303 See Other\r\n" + SECURITY + "Location: /\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                + "HTTP/1.1 404 Not Found\r\n" + SECURITY + "Content-Type: text/plain\r\nContent-Length: 10\r\nConnection: keep-alive\r\n\r\nNot Found\n",
                Wire.text(out.bytes.toByteArray()));
    }

    @Test
    void methodNotAllowedCarriesAllow() throws IOException {
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        ResponseWriter w = new ResponseWriter(out, 512, null);
        w.prepare(false, false);
        w.methodNotAllowed(Wire.bytes("GET, POST"));
        assertEquals("HTTP/1.1 405 Method Not Allowed\r\n" + SECURITY + "Allow: GET, POST\r\nContent-Type: text/plain\r\n"
                + "Content-Length: 19\r\n\r\nMethod Not Allowed\n", Wire.text(out.bytes.toByteArray()));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 16, 64, 100, 1000})
    void writesNeverExceedTheChunkAndAllButTheLastAreFull(int chunk) throws IOException {
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        ResponseWriter w = new ResponseWriter(out, chunk, null);
        byte[] part = Wire.bytes("0123456789abcdefghijklmnopqrstuvwxyz");
        w.prepare(false, false);
        w.status(Status.OK);
        w.body(TEXT, part.length * 5);
        for (int i = 0; i < 5; i++) {
            w.write(part);
        }
        String expected = "HTTP/1.1 200 OK\r\n" + SECURITY + "Content-Type: text/plain\r\nContent-Length: 180\r\n\r\n" + Wire.text(part).repeat(5);
        assertEquals(expected, Wire.text(out.bytes.toByteArray()));
        for (int i = 0; i < out.writes.size(); i++) {
            int n = out.writes.get(i);
            assertTrue(n <= chunk && n > 0);
            if (i < out.writes.size() - 1) {
                assertEquals(chunk, n, "write " + i + " is a full chunk");
            }
        }
        assertEquals((expected.length() + chunk - 1) / chunk, out.writes.size());
    }

    @Test
    void misuseIsAnError() throws IOException {
        ResponseWriter w = new ResponseWriter(new Wire.RecordingOutput(), 16, null);
        w.prepare(false, false);
        assertThrows(IllegalStateException.class, () -> w.header(TEXT, TEXT), "header before status");
        w.status(Status.OK);
        w.body(TEXT, 3);
        assertThrows(IllegalStateException.class, () -> w.write(Wire.bytes("four")), "body longer than declared");
        w.write(Wire.bytes("abc"));
        assertThrows(IllegalStateException.class, () -> w.status(Status.OK), "two responses to one request");
        assertThrows(IllegalArgumentException.class, () -> new ResponseWriter(new Wire.RecordingOutput(), 0, null));
        assertThrows(IllegalArgumentException.class, () -> Status.reason(418));
    }
}
