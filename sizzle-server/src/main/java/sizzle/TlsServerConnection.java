package sizzle;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import kssl.tls.CipherSuite;
import kssl.tls.HelloDigestSource;
import kssl.tls.ProtocolVersion;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;

/**
 * A {@link Connection} whose streams are TLS application data over another Connection (a TCP
 * socket, the gateway's link). The handshake runs on first use, in the serving thread
 * ({@link #input()}). close() sends close_notify, then closes the transport; it is idempotent
 * and may come from another thread (the one-connection mode closing an idle connection). When
 * it ends, the connection logs one line: peer, version, suite, full or resumed, responses
 * sent; or the failure (the alert) that ended it.
 */
public final class TlsServerConnection implements Connection {
    private final Connection transport;
    private final TlsConnection tls;
    private final ResponseCounter output;
    private final Log log;
    private boolean established;
    private boolean closed;

    /** {@code transport}'s toString() names the peer in the log (a socket gives its address). */
    public TlsServerConnection(Connection transport, TlsConfig config, Log log) throws IOException {
        this.transport = transport;
        this.log = log;
        tls = TlsConnection.server(new KeepOpenInputStream(transport.input()),
                new KeepOpenOutputStream(transport.output()), config);
        output = new ResponseCounter(tls.getOutputStream());
        if (transport instanceof HelloDigestSource) {
            tls.setHelloDigestSource((HelloDigestSource) transport); // a mote's link may carry the ClientHello as a digest
        }
    }

    /** Runs the handshake (if it has not run) and returns the application data input. */
    public InputStream input() throws IOException {
        tls.handshake(); // a failure has sent its alert; the caller closes, which logs it
        synchronized (this) {
            established = true;
        }
        return tls.getInputStream();
    }

    public OutputStream output() {
        return output;
    }

    /** Ends the transport under any blocked read or write, then closes (and logs) as close() does. */
    public void abort() {
        transport.abort();
        close();
    }

    public String peer() {
        return transport.peer();
    }

    public void close() {
        boolean done;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            done = established;
        }
        // Taken before closing: a read that our close breaks in another thread fails later.
        IOException failure = tls.getFailure();
        if (!done) {
            // Still in the handshake, perhaps blocked in another thread that holds the engine's
            // locks: end the transport first, which fails that handshake and frees them. There
            // is nothing to close gracefully without keys.
            transport.close();
        }
        tls.close(); // close_notify after any queued data, unless the connection failed
        transport.close();
        log.log(describe(done, failure));
    }

    private String describe(boolean done, IOException failure) {
        StringBuffer b = new StringBuffer(String.valueOf(transport));
        if (failure != null) {
            b.append(done ? " failed: " : " handshake failed: ").append(failure.getMessage());
        } else if (!done) {
            b.append(" closed before the handshake completed");
        } else {
            b.append(' ').append(ProtocolVersion.name(tls.getVersion()))
                    .append(' ').append(CipherSuite.name(tls.getCipherSuite()))
                    .append(tls.isResumed() ? " resumed" : " full")
                    .append(", ").append(output.responses()).append(" responses");
            if (tls.isTruncated()) {
                b.append(" (the client closed without close_notify)");
            }
        }
        return b.toString();
    }
}
