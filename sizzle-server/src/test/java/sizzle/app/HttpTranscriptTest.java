package sizzle.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import sizzle.http.Request;
import sizzle.http.Wire;

/**
 * The stored HTTP transcripts (src/test/resources/http-transcripts/, described in its README):
 * what the Java server answers, write by write, for every route, method, status and malformed
 * request, the password flow with its back-off, keep-alive and pipelining. The motes' C HTTP
 * layer (native/sizzle/tests/test_http.c) must answer the stored client bytes with exactly the
 * stored server writes, and stop reading where the Java stopped.
 * Run with -Dsizzle.http.transcripts.write=true to write the files again (after a deliberate change).
 */
class HttpTranscriptTest {
    static final Path DIR = Path.of("src/test/resources/http-transcripts");
    static final String PEER = "192.0.2.1";
    static final String OTHER_PEER = "192.0.2.2";
    /** The clock at the first connection (FakeClock's start), in ms. */
    static final long T0 = 1_000_000L;
    static final int TEMPERATURE = 215;
    static final String EOF = HttpTranscript.EOF;

    static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n";
    }

    static String request(String method, String path) {
        return method + " " + path + " HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n";
    }

    static String post(String type, String form) {
        return "POST /config HTTP/1.1\r\nHost: t\r\nContent-Type: " + type + "\r\nContent-Length: " + form.length()
                + "\r\n\r\n" + form;
    }

    static String form(String form) {
        return post("application/x-www-form-urlencoded", form);
    }

    static String configure(String setpoint, String mode, String password) {
        return form("setpoint=" + setpoint + "&mode=" + mode + "&password=" + password);
    }

    static String repeat(String s, int n) {
        return s.repeat(n);
    }

    static HttpTranscript routes() {
        return new HttpTranscript("routes", "every route with GET on one keep-alive connection, the paths that are 404,",
                "the absolute form, queries, percent-encoding kept undecoded; a negative temperature")
                .connection(PEER, T0, TEMPERATURE, EOF, get("/") + get("/status.json") + get("/config")
                        + get("/?x=1&y") + get("/status.json?q") + get("http://d:8080/status.json?q") + get("HTTPS://d")
                        + get("http://d?q") + get("hTtP://thermostat.local/config") + get("/status%2Ejson")
                        + get("/nope") + get("/index.html") + get("/status.json/") + get("/Config") + get("//")
                        + get("/%2F") + get("/config/x") + get("/statu") + get("/configs"))
                .connection(PEER, T0 + 5, -5, EOF, get("/status.json") + get("/"))
                .connection(PEER, T0 + 9, 0, EOF, get("/status.json"));
    }

    static HttpTranscript methods() {
        return new HttpTranscript("methods", "405 with Allow for the other methods on known paths, 404 for any method elsewhere,",
                "methods are case-sensitive tokens")
                .connection(PEER, T0, TEMPERATURE, EOF, request("POST", "/") + request("PUT", "/") + request("HEAD", "/")
                        + request("DELETE", "/status.json") + request("POST", "/status.json") + request("PUT", "/config")
                        + request("HEAD", "/config") + request("OPTIONS", "/config") + request("get", "/")
                        + request("GETS", "/config") + request("BREW", "/pot") + request("POST", "/status")
                        + request("DELETE", "/config/x") + request("POST", "/nope") + request("PATCH", "/config")
                        + "GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello" + get("/status.json"));
    }

    static HttpTranscript configFlow() {
        String wrong = configure("22.5", "heat", "hunter3");
        String right = configure("22.5", "heat", "hunter2");
        return new HttpTranscript("config-flow", "the configuration: wrong passwords (401), the back-off (429 with Retry-After in",
                "seconds, rounded up), another client unaffected, the right password (303 to /) and the new",
                "settings on /, /status.json and /config; the gate's count reset by the success")
                .connection(PEER, T0, TEMPERATURE, EOF, get("/config") + wrong + wrong + wrong + wrong + right + get("/"))
                .connection(OTHER_PEER, T0 + 10, TEMPERATURE, EOF, wrong + get("/status.json"))
                .connection(PEER, T0 + 500, TEMPERATURE, EOF, right)
                .connection(PEER, T0 + 1000, TEMPERATURE, EOF, wrong + right)
                .connection(PEER, T0 + 2999, TEMPERATURE, EOF, right)
                .connection(PEER, T0 + 3000, 230, EOF, right + get("/") + get("/status.json") + get("/config") + wrong + wrong)
                .connection(PEER, T0 + 3001, 230, EOF, configure("5", "cool", "hunter2") + get("/config")
                        + configure("30.0", "off", "hunter2") + get("/config") + configure("30", "heat", "hunter2") + get("/"));
    }

    static HttpTranscript backoff() {
        String wrong = configure("21", "heat", "nope");
        String right = configure("21", "heat", "hunter2");
        return new HttpTranscript("backoff", "the back-off's doubling from 1 s to its cap of 1024 s, a guess while locked not",
                "even compared (429 for the right password too), the forgetting after an hour of quiet, and",
                "a table of 2 clients: strangers beyond it share the overflow entry")
                .connection(PEER, T0, TEMPERATURE, EOF, wrong + wrong + wrong + right)
                .connection(PEER, T0 + 1000, TEMPERATURE, EOF, wrong + right)
                .connection(PEER, T0 + 3000, TEMPERATURE, EOF, wrong + right)
                .connection(PEER, T0 + 7000, TEMPERATURE, EOF, wrong + wrong)
                .connection(PEER, T0 + 15000, TEMPERATURE, EOF, wrong + wrong + wrong)
                .connection(PEER, T0 + 15000 + 16000, TEMPERATURE, EOF, wrong)
                .connection(PEER, T0 + 31000 + 32000, TEMPERATURE, EOF, wrong)
                .connection(PEER, T0 + 63000 + 64000, TEMPERATURE, EOF, wrong)
                .connection(PEER, T0 + 127000 + 128000, TEMPERATURE, EOF, wrong)
                .connection(PEER, T0 + 255000 + 256000, TEMPERATURE, EOF, wrong)
                .connection(PEER, T0 + 511000 + 512000, TEMPERATURE, EOF, wrong)
                .connection(PEER, T0 + 1023000 + 1024000, TEMPERATURE, EOF, wrong)
                .connection(PEER, T0 + 2047000 + 1024000, TEMPERATURE, EOF, wrong + right)
                .connection(PEER, T0 + 3071000 + 1023999, TEMPERATURE, EOF, right)
                .connection("198.51.100.7", T0 + 4095000, TEMPERATURE, EOF, wrong + wrong + wrong)
                .connection("198.51.100.8", T0 + 4095000, TEMPERATURE, EOF, wrong + wrong + wrong)
                .connection("198.51.100.9", T0 + 4095000, TEMPERATURE, EOF, wrong + wrong + wrong + right)
                .connection("198.51.100.10", T0 + 4095001, TEMPERATURE, EOF, right)
                .connection(PEER, T0 + 4095002, TEMPERATURE, EOF, wrong + right)
                .connection("198.51.100.10", T0 + 4096001, TEMPERATURE, EOF, right + wrong + wrong)
                .connection(PEER, T0 + 4096001 + 3600000, TEMPERATURE, EOF, wrong + wrong)
                .connection("198.51.100.9", T0 + 4096001 + 3600000, TEMPERATURE, EOF, wrong + right)
                .connection(PEER, T0 + 4096001 + 7200000, TEMPERATURE, EOF, wrong + wrong + right)
                .clients(2);
    }

    static HttpTranscript forms() {
        String[] bad = {
            "setpoint=21&mode=heat&password=hunter%2", "setpoint=21&mode=heat&password=hunter2&x%zz=1",
            "setpoint=21&mode=heat&password=hunter2&x=%G1", "mode=heat&password=hunter2", "setpoint=21&password=hunter2",
            "setpoint=21&mode=heat", "setpoint=21&setpoint=22&mode=heat&password=hunter2",
            "setpoint=21&mode=heat&password=hunter2&password=x", "setpoint=21&mode=heat&password=hunter2&flag",
            "setpoint=4.9&mode=heat&password=hunter2", "setpoint=30.1&mode=heat&password=hunter2",
            "setpoint=21.55&mode=heat&password=hunter2", "setpoint=+21&mode=heat&password=hunter2",
            "setpoint=21.&mode=heat&password=hunter2", "setpoint=&mode=heat&password=hunter2",
            "setpoint=0000000021&mode=heat&password=hunter2", "setpoint=warm&mode=heat&password=hunter2",
            "setpoint=21&mode=auto&password=hunter2", "setpoint=21&mode=HEAT&password=hunter2", "",
            "setpoint=21&mode=heat&password=hunter2&%4=1", "setpoint=21&mode=heat&password=hunter2%",
            "setpoint=21&mode=heat&pass%77ord=hunter2&password=x", "setpoint=21&mode=heat&password=hunter2&=",
            "setpoint=21&mode=heat&password=hunter2&x=%%41", "setpoint=21%2&mode=heat&password=hunter2",
            "setpoint=1000&mode=heat&password=hunter2", "setpoint=21&mode=heat&password=hunter2&x=%4",
        };
        StringBuilder bads = new StringBuilder();
        for (String f : bad) {
            bads.append(form(f));
        }
        String p32 = "p".repeat(32);
        String secret = p32.substring(0, 28) + "+ &q";
        String headerCase = "mode=off&setpoint=5.0&password=" + p32.substring(0, 28) + "%2b+%26q";
        HttpTranscript t = new HttpTranscript("forms", "POST /config bodies: malformed or out-of-range forms are 400 (not counted as failed",
                "guesses), not a form is 415, percent-encoding and '+' decoded, fields in any order, unknown",
                "fields and empty pairs ignored, content types with parameters and in any case, near-miss,",
                "long and empty passwords wrong (each from its own client, so none backs off); the device's",
                "password is 32 bytes with '+', ' ', '&' in it")
                .connection(PEER, T0, TEMPERATURE, EOF, bads + post("application/json", "{\"setpoint\": 21}")
                        + post("text/plain", "setpoint=21&mode=heat&password=hunter2")
                        + post("application/x-www-form-urlencodedX", "setpoint=21&mode=heat&password=hunter2")
                        + "POST /config HTTP/1.1\r\nHost: t\r\nContent-Length: 8\r\n\r\nsetpoint" + get("/status.json"));
        String[] wrong = {
            p32.substring(1), p32 + "p", "", "q" + p32.substring(1), p32.substring(1) + "q", p32.substring(1) + "%71",
            p32 + "p".repeat(40), secret.substring(0, 28) + "%2B+%26", secret.substring(0, 28) + "%2B+%26qq",
            secret.substring(0, 28) + "+%20%26q",
        };
        for (int i = 0; i < wrong.length; i++) {
            t.connection("203.0.113." + (i + 1), T0 + 1, TEMPERATURE, EOF, configure("21", "heat", wrong[i]));
        }
        return t.connection(PEER, T0 + 2, TEMPERATURE, EOF,
                        form("&&password=" + p32.substring(0, 28) + "%2B+%26q&x=1&&mode=cool&setpoint=29.5&")
                        + get("/status.json")
                        + post("Application/X-WWW-Form-Urlencoded ; charset=UTF-8", "mode=heat&setpoint=21.0&password="
                                + p32.substring(0, 28) + "%2b%20%26q")
                        + get("/status.json")
                        + "POST /config HTTP/1.1\r\nhost: t\r\ncontent-type:application/x-www-form-urlencoded\r\n"
                        + "CONTENT-LENGTH: " + headerCase.length() + "\r\n\r\n" + headerCase + get("/status.json"))
                .password(secret);
    }

    static HttpTranscript keepAlive() {
        String close = "GET /status.json HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
        return new HttpTranscript("keep-alive", "persistence: HTTP/1.1 keeps the connection unless Connection: close (a list,",
                "any case); HTTP/1.0 closes unless Connection: keep-alive, which the answer then repeats;",
                "pipelined requests are answered in order; after a close nothing more is read")
                .connection(PEER, T0, TEMPERATURE, EOF, get("/status.json") + get("/") + close + get("/"))
                .connection(PEER, T0, TEMPERATURE, EOF, "GET / HTTP/1.0\r\n\r\n" + get("/"))
                .connection(PEER, T0, TEMPERATURE, EOF, repeat("GET /status.json HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", 2)
                        + "GET /status.json HTTP/1.0\r\n\r\n" + get("/"))
                .connection(PEER, T0, TEMPERATURE, EOF, "GET / HTTP/1.1\r\nHost: t\r\nConnection: upgrade, , CLOSE\r\n\r\n" + get("/"))
                .connection(PEER, T0, TEMPERATURE, EOF, "GET /status.json HTTP/1.1\r\nHost: t\r\nConnection: keep-alive\r\n"
                        + "Connection: close\r\n\r\n" + get("/"))
                .connection(PEER, T0, TEMPERATURE, EOF, "GET /status.json HTTP/1.1\r\nHost: t\r\nConnection: closed\r\n\r\n"
                        + "GET /status.json HTTP/1.2\r\nHost: t\r\nconnection:\tclose \t\r\n\r\n" + get("/"))
                .connection(PEER, T0, TEMPERATURE, EOF, "\r\n" + get("/status.json") + "\r\n" + get("/status.json"))
                .connection(PEER, T0, TEMPERATURE, EOF, "POST /nope HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nxyz"
                        + get("/status.json") + request("POST", "/config") + configure("25", "cool", "hunter2")
                        + get("/status.json") + "GET /status.json HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n" + get("/"))
                .connection(PEER, T0, TEMPERATURE, EOF, "")
                .connection(PEER, T0, TEMPERATURE, HttpTranscript.TIMEOUT, get("/status.json"))
                .connection(PEER, T0, TEMPERATURE, HttpTranscript.TIMEOUT, "");
    }

    static HttpTranscript limits() {
        String target = "/" + "a".repeat(Request.MAX_LINE - "GET ".length() - " HTTP/1.1".length() - 1);
        String header = "X: " + "b".repeat(Request.MAX_LINE - 3);
        StringBuilder many = new StringBuilder("GET /status.json HTTP/1.1\r\nHost: t\r\n" + header + "\r\n");
        for (int i = 2; i < Request.MAX_HEADERS; i++) {
            many.append("X-").append(i).append(": v\r\n");
        }
        String body = "setpoint=21&mode=heat&password=hunter2&x=";
        body = body + "c".repeat(Request.MAX_BODY - body.length());
        return new HttpTranscript("limits", "the limits themselves are accepted: a request line and a header line of 256 bytes,",
                "24 header lines, a 256-byte body (the mote's buffers hold no more); chunk 256, a mote's record")
                .connection(PEER, T0, TEMPERATURE, EOF, "GET " + target + " HTTP/1.1\r\nHost: t\r\n\r\n" + many + "\r\n"
                        + form(body) + get("/") + get("/config"))
                .chunk(256);
    }

    /** Each malformed request of RequestParserTest, then a valid one that stays unanswered. */
    static HttpTranscript malformed() {
        String next = get("/");
        String longTarget = "/" + "a".repeat(Request.MAX_LINE);
        StringBuilder tooMany = new StringBuilder("GET / HTTP/1.1\r\nHost: d\r\n");
        for (int i = 1; i < Request.MAX_HEADERS + 1; i++) {
            tooMany.append("X-").append(i).append(": v\r\n");
        }
        String[] cases = {
            "GET " + longTarget + " HTTP/1.1\r\nHost: d\r\n\r\n", tooMany + "\r\n",
            "GET / HTTP/1.1\r\nHost: d\r\nX: " + "b".repeat(Request.MAX_LINE) + "\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: d\r\nX: " + "b".repeat(Request.MAX_LINE - 3) + "\u0001b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: d\r\nX: " + "b".repeat(Request.MAX_LINE - 4) + "\n\r\n",
            "GET /\u0001 HTTP/1.1\r\n" + "X: " + "b".repeat(Request.MAX_LINE) + "\r\n\r\n",
            "GET " + longTarget.substring(0, 250) + "\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: abc\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: -1\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: +1\r\n\r\nx",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 1, 1\r\n\r\nx",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 1 1\r\n\r\nx",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: \r\n\r\n",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: " + (Request.MAX_BODY + 1) + "\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 99999999999999999999\r\n\r\n",
            "POST /config HTTP/1.1\r\nHost: d\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: d\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: d\r\nTransfer-Encoding: gzip\r\nContent-Length: 1\r\n\r\nx",
            "GET / HTTP/1.0\r\nTransfer-Encoding: x\r\nContent-Length: 999\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: d\r\nHost: e\r\n\r\n", "GET / HTTP/1.1\r\nHost: d e\r\n\r\n",
            "GET / HTTP/1.1\r\nHost:  d \t\r\nContent-Length: 999\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: d\r\nContent-Type: a/b\r\nContent-Type: a/b\r\n\r\n",
            "GET / HTTP/1.1\nHost: d\n\n", "GET / HTTP/1.1\r\nHost: d\n\r\n", "GET / HTTP/1.1\rHost: d\r\n\r\n",
            "\r\n\r\nGET / HTTP/1.1\r\nHost: d\r\n\r\n", "\n", "\r\r\n", "GET / HTTP/1.1\r\nHost: d\r\nX: a\r\n b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : d\r\n\r\n", "GET / HTTP/1.1\r\nHost d\r\n\r\n", "GET / HTTP/1.1\r\n: d\r\nHost: d\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: d\r\nX: a\u0001b\r\n\r\n", "GET / HTTP/1.1\r\nHost: d\r\nX: a\u0000\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: d\r\nX: \u007f\r\n\r\n", "GET / HTTP/1.1\r\nHost: d\r\nX: caf\u00e9\r\n\r\n" + next,
            "GET / HTTP/1.1\r\nHost: d\r\nX\u00e9: v\r\n\r\n",
            "GET / HTTP/2.0\r\nHost: d\r\n\r\n", "GET / HTTP/0.9\r\n\r\n", "GET /<> HTTP/3.0\r\n\r\n",
            "GET / http/1.1\r\nHost: d\r\n\r\n", "GET / HTTP/1.10\r\nHost: d\r\n\r\n", "GET / HTTP/1.x\r\nHost: d\r\n\r\n",
            "GET /\r\nHost: d\r\n\r\n", "GET  / HTTP/1.1\r\nHost: d\r\n\r\n", "GET / HTTP/1.1 \r\nHost: d\r\n\r\n",
            "GE(T / HTTP/1.1\r\nHost: d\r\n\r\n", " GET / HTTP/1.1\r\nHost: d\r\n\r\n", "GET\r\nHost: d\r\n\r\n",
            "\r\n\r\n", "GET index.html HTTP/1.1\r\nHost: d\r\n\r\n", "OPTIONS * HTTP/1.1\r\nHost: d\r\n\r\n",
            "GET http:///x HTTP/1.1\r\nHost: d\r\n\r\n", "GET http://?q HTTP/1.1\r\nHost: d\r\n\r\n",
            "GET http:/ HTTP/1.1\r\nHost: d\r\n\r\n", "GET ftp://d/ HTTP/1.1\r\nHost: d\r\n\r\n",
            "GET /a<b HTTP/1.1\r\nHost: d\r\n\r\n", "GET /#x HTTP/1.1\r\nHost: d\r\n\r\n",
            "GET /\u00e9 HTTP/1.1\r\nHost: d\r\n\r\n", "GET /%zz HTTP/1.1\r\nHost: d\r\n\r\n",
            "GET /%4 HTTP/1.1\r\nHost: d\r\n\r\n", "GET /%4?x HTTP/1.1\r\nHost: d\r\n\r\n", "GET /%%41 HTTP/1.1\r\nHost: d\r\n\r\n",
            "GET /a%4g HTTP/1.1\r\nHost: d\r\n\r\n",
        };
        HttpTranscript t = new HttpTranscript("malformed", "each malformed request is answered with its status (400, 411, 413, 431, 501,",
                "505) and Connection: close, and nothing after it is read (a valid request follows each);",
                "which check comes first where a request has several faults; 8-bit bytes");
        long time = T0;
        for (String c : cases) {
            t.connection(PEER, time++, TEMPERATURE, EOF, c + next);
        }
        return t;
    }

    static HttpTranscript truncated() {
        String[] cases = {
            "GET / HT", "GET / HTTP/1.1\r\nHost: d\r\n", "GET / HTTP/1.1\r\nHost: d\r", "G", "\r", "\r\n",
            "POST / HTTP/1.1\r\nHost: d\r\nContent-Length: 10\r\n\r\nabc",
            "POST /config HTTP/1.1\r\nHost: d\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 39\r\n\r\n"
                    + "setpoint=22&mode=cool&password=hunter2",
            get("/status.json") + "GET /",
        };
        HttpTranscript t = new HttpTranscript("truncated", "the input ends (the peer closes) or a read times out inside a request: 400 or 408",
                "and Connection: close; between requests either ends the connection without a word");
        long time = T0;
        for (String c : cases) {
            t.connection(PEER, time, TEMPERATURE, EOF, c);
            t.connection(PEER, time++, TEMPERATURE, HttpTranscript.TIMEOUT, c);
        }
        return t;
    }

    static HttpTranscript chunked() {
        return new HttpTranscript("chunk-17", "the same pages written in 17-byte pieces: every write but each response's last",
                "is full, whatever the response boundaries")
                .connection(PEER, T0, TEMPERATURE, EOF, get("/") + get("/status.json") + get("/config") + request("PUT", "/")
                        + configure("19.5", "cool", "hunter2") + configure("19.5", "cool", "x") + get("/nope"))
                .chunk(17);
    }

    static HttpTranscript mote() {
        return new HttpTranscript("mote-avr", "a device of kind AVR named mica2-7, chunk 256 (the mote default): the pages,",
                "one configuration and the pages again")
                .connection(PEER, T0, 198, EOF, get("/") + get("/status.json") + get("/config")
                        + configure("23.5", "heat", "hunter2") + get("/") + get("/status.json"))
                .device("mica2-7", "AVR").chunk(256);
    }

    static List<HttpTranscript> all() {
        return List.of(routes(), methods(), configFlow(), backoff(), forms(), keepAlive(), limits(), malformed(), truncated(),
                chunked(), mote());
    }

    static Stream<HttpTranscript> scenarios() {
        return all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void storedTranscriptIsWhatTheServerSends(HttpTranscript t) throws IOException {
        String a = t.run(0).format();
        Path file = DIR.resolve(t.name + ".txt");
        if (Boolean.getBoolean("sizzle.http.transcripts.write")) {
            Files.createDirectories(DIR);
            Files.writeString(file, a, StandardCharsets.US_ASCII);
        }
        assertEquals(Files.readString(file, StandardCharsets.US_ASCII), a, "matches " + file);
    }

    /** The stored client bytes, handed over in reads of 1, 2, 3 and 7 bytes: the same writes, the same bytes read. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void storedBytesReplayInAnySplit(HttpTranscript scenario) throws IOException {
        HttpTranscript stored = HttpTranscript.parse(Files.readString(DIR.resolve(scenario.name + ".txt"), StandardCharsets.US_ASCII));
        assertEquals(stored.format(), HttpTranscript.parse(stored.format()).format(), "parse and format agree");
        for (int split : new int[] {1, 2, 3, 7}) {
            HttpTranscript again = HttpTranscript.parse(stored.format());
            again.run(split);
            for (int i = 0; i < stored.connections.size(); i++) {
                HttpTranscript.Connection s = stored.connections.get(i);
                HttpTranscript.Connection r = again.connections.get(i);
                assertEquals(s.consumed, r.consumed, "bytes read, connection " + (i + 1) + ", split " + split);
                assertEquals(s.writes.size(), r.writes.size(), "writes, connection " + (i + 1) + ", split " + split);
                for (int w = 0; w < s.writes.size(); w++) {
                    assertArrayEquals(s.writes.get(w), r.writes.get(w), "write " + w + ", split " + split);
                }
            }
        }
    }

    @Test
    void everyStoredFileHasAScenarioAndTheSetCoversTheStatuses() throws IOException {
        Set<String> names = all().stream().map(t -> t.name + ".txt").collect(Collectors.toCollection(TreeSet::new));
        Set<String> files;
        try (Stream<Path> s = Files.list(DIR)) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt")).collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(names, files, "one file per scenario, no stale ones");
        Set<String> statuses = new TreeSet<>();
        for (HttpTranscript t : all()) {
            t.run(0);
            for (HttpTranscript.Connection c : t.connections) {
                StringBuilder out = new StringBuilder();
                c.writes.forEach(w -> out.append(new String(w, StandardCharsets.ISO_8859_1)));
                Wire.responses(out.toString()).forEach(r -> statuses.add(Integer.toString(r.status())));
            }
        }
        assertEquals(new TreeSet<>(List.of("200", "303", "400", "401", "404", "405", "408", "411", "413", "415", "429",
                "431", "501", "505")), statuses, "every status the server sends but 500 (no application fault to provoke)");
    }
}
