package sizzle.gateway.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import sizzle.Connection;
import sizzle.ConnectionSource;
import sizzle.gateway.radio.JavaMote;
import sizzle.link.DeviceLink;
import sizzle.link.Frame;
import sizzle.link.LinkListener;
import kssl.tls.HelloDigestSource;
import sizzle.link.TemplateListener;
import sizzle.template.Suppressor;
import sizzle.template.TemplateBook;
import sizzle.template.TemplateCodec;
import sizzle.template.TemplateCursor;
import sizzle.template.TemplateException;

/**
 * A Java mote's link connections as the Sizzle server's connections: each NEWCONNECTION is
 * one accepted {@link Connection}, whose input is the gateway's messages and whose output is
 * cut into one TLS record per message, as a mote's single record buffer sends them. After each
 * message it takes, the mote says READY (a Java mote has room for the next at once). The
 * server's close sends DISCONNECT once its last record has arrived; the gateway's DISCONNECT,
 * or a failed link, ends the server's input.
 *
 * <p>With a {@link TemplateBook} (LINK.md §9) the mote is the papers' recreator and suppressor:
 * a compressed message from the gateway is rebuilt byte for byte before the server reads it,
 * and once the gateway has sent one on a connection the mote's own handshake records go
 * compressed when that is shorter. A compressed message it cannot rebuild resets that
 * connection alone (DISCONNECT; the server's input fails saying why).
 *
 * <p>The link's callbacks run on the radio's thread ({@code radio}); the server's threads
 * hand their writes and closes to it.
 */
public final class MoteConnections implements TemplateListener, ConnectionSource {
    private final Executor radio;
    private final LinkedBlockingQueue<Object> accepted = new LinkedBlockingQueue<>();
    private JavaMote mote;
    private MoteConnection current;
    private volatile boolean closed;
    /** The templates this mote holds, or null: it takes no compressed messages. */
    private TemplateBook book;

    public MoteConnections(Executor radio) {
        this.radio = radio;
    }

    /** Makes this mote a recreator and suppressor over {@code book} (before the mote starts). */
    public void templates(TemplateBook book) {
        this.book = book;
    }

    /** The mote whose link this is (set once, right after the mote is made with this as its listener). */
    public void attach(JavaMote mote) {
        this.mote = mote;
    }

    public Connection accept() throws IOException {
        Object c;
        try {
            c = closed ? this : accepted.take();
        } catch (InterruptedException e) {
            throw new java.io.InterruptedIOException("interrupted");
        }
        if (!(c instanceof MoteConnection)) {
            accepted.add(this); // for any other thread accepting
            throw new IOException("the mote's link source is closed");
        }
        return (Connection) c;
    }

    public void close() {
        closed = true;
        accepted.add(this);
    }

    private long now() {
        return mote.simulator().nowMs();
    }

    // The radio's thread.

    public void opened(int conn) {
        if (current != null) closed(current.conn, LinkListener.PEER_RESET); // a reset mote's old connection
        current = new MoteConnection(conn);
        accepted.add(current);
    }

    public void received(int conn, byte[] b, int off, int len) {
        MoteConnection c = current;
        if (c == null || c.conn != conn) return;
        c.in.put(b, off, len);
        if (!c.closing) {
            mote.link().ready(now());
            mote.poke();
        }
    }

    public void receivedTemplate(int conn, byte[] b, int off, int len) {
        MoteConnection c = current;
        if (c == null || c.conn != conn) return;
        byte[] m;
        byte[][] digest = new byte[1][];
        try {
            if (book == null) throw new TemplateException(TemplateException.UNKNOWN_TEMPLATE, "this mote holds no templates");
            m = TemplateCodec.recreate(b, off, len, book, mote.link().config().capacity, c.fromGateway, digest);
        } catch (TemplateException e) {
            c.reset("the gateway's compressed message: " + e.getMessage());
            return;
        }
        c.compressed = true;
        if (digest[0] != null) c.helloDigest = digest[0]; // before the projection's bytes reach the server
        received(conn, m, 0, m.length);
    }

    public void sent(int conn) {
        MoteConnection c = current;
        if (c != null && c.conn == conn) {
            c.inFlight = false;
            c.pump();
        }
    }

    public void closed(int conn, int reason) {
        MoteConnection c = current;
        if (c == null || c.conn != conn) return;
        current = null;
        c.ended = "the link connection ended: " + BridgedConnection.reasonName(reason);
        if (reason == LinkListener.CLOSED || reason == LinkListener.PEER_CLOSED) {
            c.in.end();
        } else {
            c.in.fail(c.ended);
        }
    }

    /** One link connection as the server sees it. */
    private final class MoteConnection implements Connection, HelloDigestSource {
        final int conn;
        final ByteQueue in = new ByteQueue();
        private final RecordFramer out = new RecordFramer();
        /** Radio thread only; compressed: the gateway has sent a compressed message on this connection. */
        boolean inFlight, closing, compressed;
        /** The ClientHello's digest, if it came as HELLO_DIGEST (LINK.md §15.2): the server takes it once. */
        volatile byte[] helloDigest;
        /** Each direction's template cursor (LINK.md §9.2). */
        final TemplateCursor fromGateway = new TemplateCursor(), toGateway = new TemplateCursor();
        volatile String ended;

        MoteConnection(int conn) {
            this.conn = conn;
        }

        public InputStream input() {
            return in;
        }

        public OutputStream output() {
            return new HandOver(radio, this::fromServer, () -> ended);
        }

        /** Radio thread: the server's bytes, cut into records. */
        private void fromServer(byte[] b) {
            if (closing || ended != null) return;
            out.add(b, 0, b.length);
            pump();
        }

        public void close() {
            in.end();
            radio.execute(() -> {
                closing = true;
                pump();
            });
        }

        public void abort() {
            in.end();
            ended = "aborted";
            radio.execute(() -> {
                closing = true;
                if (current == this) {
                    mote.link().close(now());
                    mote.poke();
                }
            });
        }

        /** Radio thread: this connection alone ends, the server's input failing with {@code why}, the gateway told by DISCONNECT. */
        void reset(String why) {
            ended = why;
            in.fail(why);
            closing = true;
            mote.link().close(now());
            mote.poke();
        }

        public byte[] clientHelloDigest() {
            byte[] d = helloDigest;
            helloDigest = null;
            return d;
        }

        public String peer() {
            return "gateway";
        }

        public String toString() {
            return "link connection " + conn;
        }

        /** Radio thread: the next record to the gateway, or the DISCONNECT when the server has closed and all is sent. */
        void pump() {
            DeviceLink link = mote.link();
            if (current != this || link.connection() != conn) return;
            if (!inFlight && link.canSend()) {
                // One record per message (a mote's one record buffer); on a compressed connection all the
                // whole records held (the flight's CCS and Finished waiting behind its first record):
                // compressed they fit one small message, a mote keeping its compressed output (LINK.md §9.3).
                byte[] m = out.malformed() != null ? null : out.next(Frame.maxMessage(link.config().frameSize),
                        compressed ? RecordFramer.Joining.ALL : RecordFramer.Joining.ONE);
                byte[] z = m != null && compressed ? Suppressor.suppress(m, 0, m.length, book, toGateway, false, false) : null;
                if (z != null) {
                    inFlight = link.sendTemplate(z, 0, z.length, now());
                } else if (m != null) {
                    inFlight = link.send(m, 0, m.length, now());
                } else if (closing || out.malformed() != null) {
                    link.close(now());
                }
            }
            mote.poke();
        }
    }
}
