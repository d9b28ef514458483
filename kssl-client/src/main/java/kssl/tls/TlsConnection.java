package kssl.tls;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.InputStream;
import java.io.OutputStream;
import ksecurity.cert.X509Certificate;
import ksecurity.prim.Entropy;

/**
 * One SSL/TLS connection over a pair of streams (a socket's, a pipe's, a radio link's): the
 * handshake, then application data through {@link #getInputStream()} and
 * {@link #getOutputStream()}, then close_notify. Any protocol error sends the fatal alert,
 * closes both streams and is thrown as a {@link TlsException}; later calls throw it again.
 * Renegotiation is refused (no_renegotiation, or handshake_failure in SSL 3.0).
 */
public final class TlsConnection {
    final TlsConfig config;
    final RecordLayer records;
    private final Handshake handshake;
    /** A server's source of ClientHello digests (HelloDigestSource), or null. */
    HelloDigestSource helloDigests;
    byte[] sessionId = new byte[0];
    private final Object readLock = new Object();
    private final Object writeLock = new Object();
    private boolean established;
    private boolean closeSent;
    private boolean truncated;
    private IOException failure;
    private final AppInputStream appIn = new AppInputStream(this);
    private final AppOutputStream appOut = new AppOutputStream(this);

    private TlsConnection(InputStream in, OutputStream out, TlsConfig config, String host, int port) {
        this.config = config;
        int initial = config.maxVersion == ProtocolVersion.SSL30 ? ProtocolVersion.SSL30 : ProtocolVersion.TLS10;
        // An SSL 3.0-only client cannot ask for smaller records (no extensions): it must take 2^14.
        int receive = config.client && config.maxVersion == ProtocolVersion.SSL30 ? RecordLayer.MAX_FRAGMENT
                : config.maxFragment;
        records = new RecordLayer(in, out, receive, config.maxFragment, initial);
        handshake = config.client ? (Handshake) new ClientHandshake(this, host, port) : new ServerHandshake(this);
        Entropy.event(EVENT_CONNECTION); // on a phone or a SPOT, connection times stir the stored seed
    }

    /** The events a connection stirs into the platform's entropy source (Entropy.event). */
    static final int EVENT_CONNECTION = 0x544C5301; // "TLS" 1
    static final int EVENT_HANDSHAKE_DONE = 0x544C5302;

    /** A client connection to host:port (host for SNI, the certificate check and the session cache). */
    public static TlsConnection client(InputStream in, OutputStream out, TlsConfig config, String host, int port) {
        if (!config.client) {
            throw new IllegalArgumentException("a server config");
        }
        config.checkRandom();
        return new TlsConnection(in, out, config, host, port);
    }

    /** A server connection. */
    public static TlsConnection server(InputStream in, OutputStream out, TlsConfig config) {
        if (config.client || config.identities.size() == 0) {
            throw new IllegalArgumentException("a server config with at least one identity");
        }
        config.checkRandom();
        return new TlsConnection(in, out, config, null, 0);
    }

    /** A server whose transport may carry the ClientHello as a digest sets where to ask (before the handshake). */
    public void setHelloDigestSource(HelloDigestSource source) {
        helloDigests = source;
    }

    /** Runs the handshake if it has not run yet. */
    public void handshake() throws IOException {
        synchronized (readLock) {
            synchronized (writeLock) {
                if (failure != null) {
                    throw failure;
                }
                if (established) {
                    return;
                }
                try {
                    handshake.run();
                    established = true;
                    Entropy.event(EVENT_HANDSHAKE_DONE); // its duration depends on the network
                } catch (InterruptedIOException e) {
                    // A read timeout set on the socket by the caller: the peer stalled mid-handshake.
                    throw fail(new TlsException(Alert.HANDSHAKE_FAILURE, "peer stalled: ".concat(String.valueOf(e.getMessage()))));
                } catch (IOException e) {
                    throw fail(e);
                } catch (RuntimeException e) {
                    throw fail(new TlsException(Alert.INTERNAL_ERROR, e.toString()));
                }
            }
        }
    }

    /** Sends the fatal alert of a local error (best effort), closes, and remembers the failure. */
    private IOException fail(IOException e) {
        if (failure == null) {
            failure = e;
            handshake.wipeSecrets();
            if (e instanceof TlsException && !((TlsException) e).isRemote()) {
                try {
                    records.sendAlert(Alert.FATAL, ((TlsException) e).getAlert());
                } catch (IOException ignored) {
                    // the peer may be gone: the connection closes either way
                }
            }
            if (!sessionSurvives(e)) {
                if (handshake instanceof ClientHandshake) {
                    ((ClientHandshake) handshake).forgetSession();
                } else if (config.sessions != null && sessionId.length > 0) {
                    config.sessions.remove(sessionId, 0, sessionId.length);
                }
            }
            records.close();
        }
        return failure;
    }

    /**
     * Whether the session stays resumable after this connection fails with {@code e}. A fatal
     * alert, sent or received, ends it (RFC 5246 §7.2.2), and so does any failure before the
     * handshake is done. A connection that merely breaks afterwards (a TCP reset, as browsers
     * and `openssl s_time` leave them) keeps it, as a close without close_notify does: SSL 3.0
     * and TLS 1.0 asked otherwise, TLS 1.1 dropped that rule to match what implementations did
     * (RFC 4346 §7.2.1), and OpenSSL never applied it to any version.
     */
    private boolean sessionSurvives(IOException e) {
        return established && !(e instanceof TlsException);
    }

    public InputStream getInputStream() {
        return appIn;
    }

    public OutputStream getOutputStream() {
        return appOut;
    }

    /** Reads application data; -1 after close_notify or when the peer closed the stream. */
    int read(byte[] b, int off, int len) throws IOException {
        handshake();
        synchronized (readLock) {
            if (failure != null) {
                throw failure;
            }
            try {
                while (true) {
                    int t = records.next();
                    if (t == RecordLayer.APPLICATION_DATA) {
                        int n = records.available() < len ? records.available() : len;
                        System.arraycopy(records.buffer(), records.position(), b, off, n);
                        records.consume(n);
                        return n;
                    }
                    if (t == RecordLayer.EOF) {
                        truncated = true;
                        return -1;
                    }
                    if (t == RecordLayer.CLOSE_NOTIFY) {
                        close();
                        return -1;
                    }
                    if (t == RecordLayer.HANDSHAKE) {
                        refuseRenegotiation();
                    } else {
                        throw new TlsException(Alert.UNEXPECTED_MESSAGE,
                                "record of type ".concat(Integer.toString(t)).concat(" after the handshake"));
                    }
                }
            } catch (InterruptedIOException e) {
                // The caller's read timeout between records leaves the connection usable: the
                // server can still answer (HTTP 408) or close it with close_notify.
                if (records.betweenRecords()) {
                    throw e;
                }
                throw fail(e);
            } catch (IOException e) {
                throw fail(e);
            } catch (RuntimeException e) {
                throw fail(new TlsException(Alert.INTERNAL_ERROR, e.toString()));
            }
        }
    }

    /** Bytes of application data readable without blocking (from the current record). */
    int available() {
        synchronized (readLock) {
            return failure == null && established ? records.available() : 0;
        }
    }

    /**
     * A ClientHello (to a server) or HelloRequest (to a client) after the handshake: skipped
     * and refused with a no_renegotiation warning (RFC 5746 §4.4); SSL 3.0 has no such alert,
     * so there it is a fatal handshake_failure.
     */
    private void refuseRenegotiation() throws IOException {
        HandshakeReader r = new HandshakeReader(records, new HandshakeHash());
        int t = r.begin(config.maxHandshakeMessage);
        int want = config.client ? HandshakeType.HELLO_REQUEST : HandshakeType.CLIENT_HELLO;
        if (t != want) {
            throw new TlsException(Alert.UNEXPECTED_MESSAGE, HandshakeType.name(t).concat(" after the handshake"));
        }
        if (handshake.version == ProtocolVersion.SSL30) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "renegotiation refused");
        }
        r.skip(r.remaining());
        synchronized (writeLock) {
            records.sendAlert(Alert.WARNING, Alert.NO_RENEGOTIATION);
        }
    }

    void write(byte[] b, int off, int len) throws IOException {
        handshake();
        synchronized (writeLock) {
            if (failure != null) {
                throw failure;
            }
            if (closeSent) {
                throw new IOException("connection closed");
            }
            try {
                records.writeApplicationData(b, off, len);
            } catch (IOException e) {
                throw fail(e);
            }
        }
    }

    void flush() throws IOException {
        synchronized (writeLock) {
            if (failure != null) {
                throw failure;
            }
            if (!closeSent && established) {
                try {
                    records.flush();
                } catch (IOException e) {
                    throw fail(e);
                }
            }
        }
    }

    /** Sends close_notify (after any queued data) and closes the streams. */
    public void close() {
        synchronized (writeLock) {
            if (failure == null && !closeSent) {
                closeSent = true;
                try {
                    if (established) {
                        records.flushPending();
                    }
                    records.sendAlert(Alert.WARNING, Alert.CLOSE_NOTIFY);
                } catch (IOException e) {
                    // the peer may have gone already
                }
            }
            closeSent = true;
            records.close();
        }
    }

    /** The handshake state reached (the name in kssl-client/STATES.md for a server), for diagnostics. */
    public String getHandshakeState() {
        return handshake.stateName();
    }

    public boolean isEstablished() {
        return established;
    }

    /** True if the peer closed the stream without close_notify (possible truncation). */
    public boolean isTruncated() {
        return truncated;
    }

    /** The failure that ended the connection, or null. */
    public IOException getFailure() {
        return failure;
    }

    public int getVersion() {
        return handshake.version;
    }

    public int getCipherSuite() {
        return handshake.suite;
    }

    /** True if the handshake was abbreviated (a session was resumed). */
    public boolean isResumed() {
        return handshake.resumed;
    }

    public boolean isExtendedMasterSecret() {
        return handshake.ems;
    }

    /** The plaintext size of records this side sends, after negotiation. */
    public int getSendLimit() {
        return records.getSendLimit();
    }

    /** The session (after the handshake). */
    public Session getSession() {
        if (handshake.keys == null) {
            return null;
        }
        return new Session(sessionId, handshake.version, handshake.suite, handshake.keys.master, handshake.ems,
                getPeerCertificates(), -1);
    }

    /** Server: the host name the client sent in server_name (RFC 6066 §3), or null. */
    public String getServerName() {
        return handshake instanceof ServerHandshake ? ((ServerHandshake) handshake).serverName() : null;
    }

    /** Client: the server's chain (from the handshake, or the resumed session). */
    public X509Certificate[] getPeerCertificates() {
        return handshake instanceof ClientHandshake ? ((ClientHandshake) handshake).chain : null;
    }
}
