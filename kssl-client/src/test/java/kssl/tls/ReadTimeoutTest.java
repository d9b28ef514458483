package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A read timeout (the socket's SO_TIMEOUT, an InterruptedIOException) after the handshake: at
 * a record boundary it is passed on and the connection stays usable (a server can still answer
 * 408 or close with close_notify); inside a record the stream is out of step and the
 * connection fails.
 */
@Timeout(60)
class ReadTimeoutTest {
    /** A stream that times out once on demand, after {@code allowed} more bytes, as a socket would. */
    private static final class TimingOut extends InputStream {
        private final InputStream in;
        private int allowed = -1;

        TimingOut(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] b = new byte[1];
            return read(b, 0, 1) < 0 ? -1 : b[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (allowed == 0) {
                allowed = -1;
                throw new InterruptedIOException("Read timed out");
            }
            if (allowed > 0) {
                len = Math.min(len, allowed);
            }
            int n = in.read(b, off, len);
            if (allowed > 0 && n > 0) {
                allowed -= n;
            }
            return n;
        }
    }

    private final Pipe c2s = new Pipe();
    private final Pipe s2c = new Pipe();
    private final TimingOut serverIn = new TimingOut(c2s.in);
    private final TlsConnection server = TlsConnection.server(serverIn, s2c.out, ClientTest.server());
    private final TlsConnection client = TlsConnection.client(s2c.in, c2s.out, ClientTest.client(), TestPki.HOST, 443);

    private void handshake() throws Exception {
        CompletableFuture<Void> s = CompletableFuture.runAsync(() -> {
            try {
                server.handshake();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        client.handshake();
        s.get(30, TimeUnit.SECONDS);
    }

    @Test
    void timeoutBetweenRecordsLeavesTheConnectionUsable() throws Exception {
        handshake();
        serverIn.allowed = 0;
        InputStream in = server.getInputStream();
        assertThrows(InterruptedIOException.class, () -> in.read(new byte[10]));
        assertNull(server.getFailure());
        OutputStream out = client.getOutputStream();
        out.write("after the timeout".getBytes());
        out.flush();
        assertArrayEquals("after the timeout".getBytes(), in.readNBytes(17));
        server.getOutputStream().write("answer".getBytes());
        server.close();
        assertArrayEquals("answer".getBytes(), client.getInputStream().readNBytes(6));
        assertEquals(-1, client.getInputStream().read());
        assertFalse(client.isTruncated(), "closed with close_notify");
    }

    @Test
    void timeoutInsideARecordFailsTheConnection() throws Exception {
        handshake();
        OutputStream out = client.getOutputStream();
        out.write("a record cut short".getBytes());
        out.flush();
        serverIn.allowed = 3; // part of the record header, then the timeout
        InputStream in = server.getInputStream();
        assertThrows(InterruptedIOException.class, () -> in.read(new byte[10]));
        assertNotNull(server.getFailure());
        assertThrows(IOException.class, () -> in.read(new byte[10]), "the connection stays failed");
    }
}
