package sizzle.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the parser makes of well-formed requests, and the status it gives each malformed one.
 * Every malformed request gets exactly one response, with "Connection: close", and nothing
 * after it is read (a valid request appended to each case stays unanswered).
 */
class RequestParserTest {
    private static final String NEXT = "GET / HTTP/1.1\r\nHost: d\r\n\r\n";

    private static String describe(String request) throws IOException {
        return Wire.serve(new Wire.Describe(), request, 64).only().body();
    }

    @Test
    void simpleGet() throws IOException {
        assertEquals("GET / 1.1 keep body=", describe("GET / HTTP/1.1\r\nHost: d\r\n\r\n"));
    }

    @Test
    void queryIsDroppedAndPathKeptUndecoded() throws IOException {
        assertEquals("GET /status%2Ejson 1.1 keep body=", describe("GET /status%2Ejson?x=1&y HTTP/1.1\r\nHost: d\r\n\r\n"));
    }

    @Test
    void absoluteFormTargetsGiveTheirPath() throws IOException {
        assertEquals("GET /status.json 1.1 keep body=", describe("GET http://d:8080/status.json?q HTTP/1.1\r\nHost: d\r\n\r\n"));
        assertEquals("GET / 1.1 keep body=", describe("GET HTTPS://d HTTP/1.1\r\nHost: d\r\n\r\n"));
        assertEquals("GET / 1.1 keep body=", describe("GET http://d?q HTTP/1.1\r\nHost: d\r\n\r\n"));
    }

    @Test
    void methodsAreCaseSensitive() throws IOException {
        assertEquals("OTHER / 1.1 keep body=", describe("get / HTTP/1.1\r\nHost: d\r\n\r\n"));
        assertEquals("OTHER / 1.1 keep body=", describe("BREW / HTTP/1.1\r\nHost: d\r\n\r\n"));
        assertEquals("OTHER / 1.1 keep body=", describe("GETS / HTTP/1.1\r\nHost: d\r\n\r\n"));
    }

    @Test
    void postBodyByContentLength() throws IOException {
        assertEquals("POST /config 1.1 keep form body=a=1&b=2", describe("POST /config HTTP/1.1\r\nHost: d\r\n"
                + "Content-Type: application/x-www-form-urlencoded; charset=UTF-8\r\ncontent-LENGTH: 7\r\n\r\na=1&b=2"));
    }

    @Test
    void contentTypeOtherThanFormIsNotForm() throws IOException {
        assertEquals("POST /config 1.1 keep body=x", describe("POST /config HTTP/1.1\r\nHost: d\r\n"
                + "Content-Type: application/x-www-form-urlencodedX\r\nContent-Length: 1\r\n\r\nx"));
    }

    @Test
    void http10ClosesUnlessKeepAliveAsked() throws IOException {
        assertEquals("GET / 1.0 close body=", describe("GET / HTTP/1.0\r\n\r\n"));
        assertEquals("GET / 1.0 keep body=", describe("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"));
    }

    @Test
    void connectionOptionsAreAList() throws IOException {
        assertEquals("GET / 1.1 close body=", describe("GET / HTTP/1.1\r\nHost: d\r\nConnection: upgrade, , CLOSE\r\n\r\n"));
        assertEquals("GET / 1.1 close body=", describe("GET / HTTP/1.1\r\nHost: d\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n"));
        assertEquals("GET / 1.1 keep body=", describe("GET / HTTP/1.1\r\nHost: d\r\nConnection: closed\r\n\r\n"));
    }

    @Test
    void laterMinorVersionIsServedAsHttp11() throws IOException {
        assertEquals("GET / 1.1 keep body=", describe("GET / HTTP/1.2\r\nHost: d\r\n\r\n"));
    }

    @Test
    void oneEmptyLineBeforeTheRequestIsSkipped() throws IOException {
        assertEquals("GET / 1.1 keep body=", describe("\r\nGET / HTTP/1.1\r\nHost: d\r\n\r\n"));
    }

    @Test
    void optionalWhitespaceAroundValuesAndTabs() throws IOException {
        assertEquals("POST / 1.1 body=ab", describe("POST / HTTP/1.1\r\nHost:d\r\nContent-Length: \t2 \t\r\n"
                + "Connection:\tclose\r\nX-Note: a\tb\r\n\r\nab").replace(" close", ""));
    }

    @Test
    void limitsThemselvesAreAccepted() throws IOException {
        String target = "/" + "a".repeat(Request.MAX_LINE - "GET ".length() - " HTTP/1.1".length() - 1);
        String line = "GET " + target + " HTTP/1.1";
        assertEquals(Request.MAX_LINE, line.length());
        assertEquals(200, Wire.serve(new Wire.Describe(), line + "\r\nHost: d\r\n\r\n", 64).only().status());

        String header = "X: " + "b".repeat(Request.MAX_LINE - 3);
        StringBuilder many = new StringBuilder("GET / HTTP/1.1\r\nHost: d\r\n" + header + "\r\n");
        for (int i = 2; i < Request.MAX_HEADERS; i++) {
            many.append("X-").append(i).append(": v\r\n");
        }
        assertEquals(200, Wire.serve(new Wire.Describe(), many + "\r\n", 64).only().status());

        String body = "c".repeat(Request.MAX_BODY);
        assertEquals("POST / 1.1 keep body=" + body, describe("POST / HTTP/1.1\r\nHost: d\r\nContent-Length: "
                + Request.MAX_BODY + "\r\n\r\n" + body));
    }

    @Test
    void pipelinedRequestsAreReadInStep() throws IOException {
        Wire.Run run = Wire.serve(new Wire.Describe(), "POST /a HTTP/1.1\r\nHost: d\r\nContent-Length: 3\r\n\r\nxyz"
                + "GET /b HTTP/1.1\r\nHost: d\r\n\r\nPOST /c HTTP/1.1\r\nHost: d\r\nContent-Length: 0\r\n\r\n", 64);
        assertEquals(List.of("POST /a 1.1 keep body=xyz", "GET /b 1.1 keep body=", "POST /c 1.1 keep body="),
                run.responses().stream().map(Wire.Response::body).toList());
    }

    static Stream<Arguments> malformed() {
        String longTarget = "/" + "a".repeat(Request.MAX_LINE);
        StringBuilder tooMany = new StringBuilder("GET / HTTP/1.1\r\nHost: d\r\n");
        for (int i = 1; i < Request.MAX_HEADERS + 1; i++) {
            tooMany.append("X-").append(i).append(": v\r\n");
        }
        return Stream.of(
                Arguments.of("request line too long", "GET " + longTarget + " HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("too many headers", tooMany + "\r\n", 431),
                Arguments.of("header line too long", "GET / HTTP/1.1\r\nHost: d\r\nX: " + "b".repeat(Request.MAX_LINE) + "\r\n\r\n", 431),
                Arguments.of("Content-Length not a number", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: abc\r\n\r\n", 400),
                Arguments.of("Content-Length negative", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: -1\r\n\r\n", 400),
                Arguments.of("Content-Length signed", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: +1\r\n\r\nx", 400),
                Arguments.of("Content-Length list", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 1, 1\r\n\r\nx", 400),
                Arguments.of("Content-Length empty", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: \r\n\r\n", 400),
                Arguments.of("Content-Length twice", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", 400),
                Arguments.of("body too large", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: " + (Request.MAX_BODY + 1) + "\r\n\r\n", 413),
                Arguments.of("body length overflows int", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 99999999999999999999\r\n\r\n", 413),
                Arguments.of("POST without Content-Length", "POST /config HTTP/1.1\r\nHost: d\r\n\r\n", 411),
                Arguments.of("chunked body", "POST / HTTP/1.1\r\nHost: d\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n", 501),
                Arguments.of("Transfer-Encoding with Content-Length", "POST / HTTP/1.1\r\nHost: d\r\nTransfer-Encoding: gzip\r\nContent-Length: 1\r\n\r\nx", 501),
                Arguments.of("truncated in the request line", "GET / HT", 400),
                Arguments.of("truncated in the headers", "GET / HTTP/1.1\r\nHost: d\r\n", 400),
                Arguments.of("truncated after CR", "GET / HTTP/1.1\r\nHost: d\r", 400),
                Arguments.of("truncated body", "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 10\r\n\r\nabc", 400),
                Arguments.of("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400),
                Arguments.of("Host twice", "GET / HTTP/1.1\r\nHost: d\r\nHost: e\r\n\r\n", 400),
                Arguments.of("Host with a space", "GET / HTTP/1.1\r\nHost: d e\r\n\r\n", 400),
                Arguments.of("Content-Type twice", "GET / HTTP/1.1\r\nHost: d\r\nContent-Type: a/b\r\nContent-Type: a/b\r\n\r\n", 400),
                Arguments.of("bare LF", "GET / HTTP/1.1\nHost: d\n\n", 400),
                Arguments.of("bare LF in headers", "GET / HTTP/1.1\r\nHost: d\n\r\n", 400),
                Arguments.of("bare CR", "GET / HTTP/1.1\rHost: d\r\n\r\n", 400),
                Arguments.of("two empty lines first", "\r\n\r\nGET / HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("obsolete line folding", "GET / HTTP/1.1\r\nHost: d\r\nX: a\r\n b\r\n\r\n", 400),
                Arguments.of("space before colon", "GET / HTTP/1.1\r\nHost : d\r\n\r\n", 400),
                Arguments.of("header without colon", "GET / HTTP/1.1\r\nHost d\r\n\r\n", 400),
                Arguments.of("header with empty name", "GET / HTTP/1.1\r\n: d\r\nHost: d\r\n\r\n", 400),
                Arguments.of("control character in value", "GET / HTTP/1.1\r\nHost: d\r\nX: a\u0001b\r\n\r\n", 400),
                Arguments.of("NUL in value", "GET / HTTP/1.1\r\nHost: d\r\nX: a\u0000\r\n\r\n", 400),
                Arguments.of("DEL in value", "GET / HTTP/1.1\r\nHost: d\r\nX: \u007f\r\n\r\n", 400),
                Arguments.of("HTTP/2.0", "GET / HTTP/2.0\r\nHost: d\r\n\r\n", 505),
                Arguments.of("HTTP/0.9", "GET / HTTP/0.9\r\n\r\n", 505),
                Arguments.of("lower-case version", "GET / http/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("version with extra", "GET / HTTP/1.10\r\nHost: d\r\n\r\n", 400),
                Arguments.of("no version", "GET /\r\nHost: d\r\n\r\n", 400),
                Arguments.of("double space", "GET  / HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("trailing space", "GET / HTTP/1.1 \r\nHost: d\r\n\r\n", 400),
                Arguments.of("method not a token", "GE(T / HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("empty request line", "\r\n\r\n", 400),
                Arguments.of("target not a path", "GET index.html HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("asterisk target", "OPTIONS * HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("absolute form without authority", "GET http:///x HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("character not allowed in target", "GET /a<b HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("fragment in target", "GET /#x HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("8-bit byte in target", "GET /\u00e9 HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("bad percent escape", "GET /%zz HTTP/1.1\r\nHost: d\r\n\r\n", 400),
                Arguments.of("short percent escape", "GET /%4 HTTP/1.1\r\nHost: d\r\n\r\n", 400));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("malformed")
    void malformedRequestGetsItsStatusAndClose(String name, String request, int status) throws IOException {
        // A truncated request is the end of the stream; any other is followed by a valid one.
        Wire.Run run = Wire.serve(new Wire.Describe(), name.startsWith("truncated") ? request : request + NEXT, 64);
        Wire.Response r = run.only();
        assertEquals(status, r.status(), name);
        assertTrue(r.closes(), "Connection: close");
        assertEquals("text/plain", r.header("content-type"));
        assertEquals(r.statusLine().substring(13) + "\n", r.body(), "the reason phrase is the body");
    }

    @Test
    void timeoutInsideARequestIs408() throws IOException {
        InputStream stalls = new InputStream() {
            private final InputStream head = new ByteArrayInputStream(Wire.bytes("GET / HTTP/1.1\r\nHo"));

            @Override
            public int read() throws IOException {
                int b = head.read();
                if (b < 0) {
                    throw new InterruptedIOException("read timed out");
                }
                return b;
            }
        };
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        new HttpConnectionLoop(new Wire.Describe(), 64).serve(stalls, out, new Wire.OpenPolicy());
        Wire.Response r = Wire.responses(Wire.text(out.bytes.toByteArray())).get(0);
        assertEquals(408, r.status());
        assertTrue(r.closes());
    }

    @Test
    void timeoutWhileIdleEndsWithoutAResponse() {
        InputStream idle = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new InterruptedIOException("idle");
            }
        };
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        org.junit.jupiter.api.Assertions.assertThrows(InterruptedIOException.class,
                () -> new HttpConnectionLoop(new Wire.Describe(), 64).serve(idle, out, new Wire.OpenPolicy()));
        assertEquals(0, out.bytes.size());
    }

    @Test
    void endOfStreamBetweenRequestsIsAQuietClose() throws IOException {
        Wire.Run run = Wire.serve(new Wire.Describe(), NEXT, 64);
        assertEquals(1, run.responses().size());
        assertFalse(run.only().closes());
        assertEquals(0, Wire.serve(new Wire.Describe(), "", 64).output().length());
    }
}
