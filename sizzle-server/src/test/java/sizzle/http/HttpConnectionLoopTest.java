package sizzle.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Persistence, the policy hooks, and a faulty application. */
class HttpConnectionLoopTest {
    private static final String GET = "GET / HTTP/1.1\r\nHost: d\r\n\r\n";

    @Test
    void manyRequestsOnOneConnection() throws IOException {
        Wire.Run run = Wire.serve(new Wire.Describe(), GET.repeat(5), 32);
        assertEquals(5, run.responses().size());
        run.responses().forEach(r -> assertFalse(r.closes()));
    }

    @Test
    void connectionCloseEndsAfterThatResponse() throws IOException {
        Wire.Run run = Wire.serve(new Wire.Describe(), GET + "GET / HTTP/1.1\r\nHost: d\r\nConnection: close\r\n\r\n" + GET, 32);
        assertEquals(2, run.responses().size());
        assertFalse(run.responses().get(0).closes());
        assertTrue(run.responses().get(1).closes());
    }

    @Test
    void http10GetsCloseOrKeepAliveAsAsked() throws IOException {
        Wire.Run plain = Wire.serve(new Wire.Describe(), "GET / HTTP/1.0\r\n\r\n" + GET, 32);
        assertEquals(1, plain.responses().size());
        assertTrue(plain.only().closes());
        assertTrue(plain.only().statusLine().startsWith("HTTP/1.1 "), "the server's own version");

        Wire.Run kept = Wire.serve(new Wire.Describe(), "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".repeat(2)
                + "GET / HTTP/1.0\r\n\r\n" + GET, 32);
        assertEquals(3, kept.responses().size());
        assertEquals("keep-alive", kept.responses().get(0).header("connection"));
        assertEquals("keep-alive", kept.responses().get(1).header("connection"));
        assertTrue(kept.responses().get(2).closes());
    }

    @Test
    void policyMayEndTheConnection() throws IOException {
        class Counting implements ConnectionPolicy {
            int arrived;
            final int keepFor;
            final boolean refuseArrival;

            Counting(int keepFor, boolean refuseArrival) {
                this.keepFor = keepFor;
                this.refuseArrival = refuseArrival;
            }

            public boolean requestArrived() {
                return !refuseArrival;
            }

            public boolean mayKeepOpen() {
                return ++arrived < keepFor;
            }

            public boolean responseSent() {
                return true;
            }
        }
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        new HttpConnectionLoop(new Wire.Describe(), 64).serve(new ByteArrayInputStream(Wire.bytes(GET.repeat(5))), out, new Counting(2, false));
        var responses = Wire.responses(Wire.text(out.bytes.toByteArray()));
        assertEquals(2, responses.size());
        assertFalse(responses.get(0).closes());
        assertTrue(responses.get(1).closes(), "the last response announces the close");

        out = new Wire.RecordingOutput();
        new HttpConnectionLoop(new Wire.Describe(), 64).serve(new ByteArrayInputStream(Wire.bytes(GET)), out, new Counting(9, true));
        assertEquals(0, out.bytes.size(), "a connection being closed answers nothing");
    }

    @Test
    void idleHookEndsTheConnectionBetweenRequests() throws IOException {
        Wire.OpenPolicy calls = new Wire.OpenPolicy();
        ConnectionPolicy onlyOne = new ConnectionPolicy() {
            public boolean requestArrived() {
                return calls.requestArrived();
            }

            public boolean mayKeepOpen() {
                return true;
            }

            public boolean responseSent() {
                calls.responseSent();
                return false;
            }
        };
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        new HttpConnectionLoop(new Wire.Describe(), 64).serve(new ByteArrayInputStream(Wire.bytes(GET.repeat(3))), out, onlyOne);
        assertEquals(1, Wire.responses(Wire.text(out.bytes.toByteArray())).size());
        assertEquals(1, calls.arrived);
        assertEquals(1, calls.sent);
    }

    @Test
    void applicationFaultBeforeAnsweringIs500AndClose() throws IOException {
        Handler broken = (r, w) -> {
            throw new IllegalStateException("bug");
        };
        Wire.Run run = Wire.serve(broken, GET + GET, 64);
        assertEquals(500, run.only().status());
        assertTrue(run.only().closes());
    }

    @Test
    void applicationThatAnswersNothingIs500AndClose() throws IOException {
        Wire.Run run = Wire.serve((r, w) -> { }, GET + GET, 64);
        assertEquals(500, run.only().status());
    }

    @Test
    void halfWrittenResponseClosesTheConnection() throws IOException {
        Handler half = (r, w) -> {
            w.status(Status.OK);
            w.body(Wire.bytes("text/plain"), 10);
            w.write(Wire.bytes("abc"));
        };
        Wire.RecordingOutput out = new Wire.RecordingOutput();
        new HttpConnectionLoop(half, 4).serve(new ByteArrayInputStream(Wire.bytes(GET + GET)), out, new Wire.OpenPolicy());
        String sent = Wire.text(out.bytes.toByteArray());
        assertTrue(sent.startsWith("HTTP/1.1 200 OK\r\n"));
        assertEquals(1, sent.split("HTTP/1.1", -1).length - 1, "nothing more is written after a partial response");
    }
}
