package sizzle.gateway.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import sizzle.gateway.front.Backend;
import sizzle.link.GatewayPeer;
import sizzle.link.LinkListener;
import sizzle.template.Suppressor;
import sizzle.template.TemplateBook;
import sizzle.template.TemplateCodec;
import sizzle.template.TemplateCursor;
import sizzle.template.TemplateException;

/**
 * One TCP client's stream over one link connection. The front door's threads write the
 * client's bytes and read the device's; everything else happens on the radio's thread: whole
 * records go to the device as messages (one in flight), the device's messages are queued for
 * the client, and the ends cross over (the client's end: DISCONNECT once its records have
 * arrived; the link's: the end of the client's stream). With templates agreed for the
 * connection (LINK.md §9) it is the gateway's suppressor and recreator: its first message goes
 * compressed (which tells the device), later ones when that is shorter, and the device's
 * compressed messages are rebuilt byte for byte before the client gets them; one that cannot be
 * rebuilt resets this connection alone.
 */
final class BridgedConnection implements Backend.Stream {
    final int device;
    private final RadioBridge bridge;
    final CompletableFuture<Void> opened = new CompletableFuture<>();
    private final ByteQueue toClient = new ByteQueue();
    private final RecordFramer fromClient = new RecordFramer();
    /** Radio thread only. */
    private boolean linkOpen, clientEnded, inFlight, closing, sentAny;
    /** The templates agreed for this link connection, or null: plain DATA. */
    private TemplateBook book;
    /** Whether the device's server takes the ClientHello as HELLO_DIGEST (LINK.md §15.2). */
    private boolean digests;
    /** Each direction's template cursor (LINK.md §9.2), new with the link connection. */
    private final TemplateCursor toDevice = new TemplateCursor(), fromDevice = new TemplateCursor();
    /** The largest message a device may rebuild to here: a TLS record's worth and more. */
    private static final int RECREATE_LIMIT = 1 << 16;
    boolean cancelled;
    /** Set on the radio's thread when the link connection has ended; writes then fail. */
    private volatile String ended;

    BridgedConnection(RadioBridge bridge, int device) {
        this.bridge = bridge;
        this.device = device;
    }

    // The front door's side (its threads).

    public InputStream input() {
        return toClient;
    }

    public OutputStream output() {
        return new HandOver(bridge.radio(), this::fromClient, () -> ended);
    }

    public void shutdownOutput() {
        bridge.radio().execute(this::clientEnded);
    }

    public void close() {
        toClient.close();
        bridge.radio().execute(this::clientEnded);
    }

    // The radio's thread.

    /** The client gave up waiting for the link connection. */
    void cancel() {
        cancelled = true;
        bridge.release(this);
    }

    void opened(int conn) {
        linkOpen = true;
        book = bridge.agreed(device);
        digests = book != null && Suppressor.takesDigest(bridge.peer(device).capabilities);
        opened.complete(null);
        if (cancelled || clientEnded) {
            clientEnded = true; // nobody waits for this connection: close it at once
        }
        pump();
    }

    private void fromClient(byte[] b) {
        if (ended != null || closing) return;
        fromClient.add(b, 0, b.length);
        pump();
    }

    private void clientEnded() {
        if (!linkOpen) {
            if (!cancelled && !opened.isDone()) cancel();
            return;
        }
        clientEnded = true;
        pump();
    }

    void received(byte[] b, int off, int len) {
        toClient.put(b, off, len);
        pump(); // the device's answer is also its grant for the next message
    }

    void receivedTemplate(byte[] b, int off, int len) {
        byte[] m;
        try {
            if (book == null) throw new TemplateException(TemplateException.UNKNOWN_TEMPLATE, "no templates agreed on this connection");
            m = TemplateCodec.recreate(b, off, len, book, RECREATE_LIMIT, fromDevice, null);
        } catch (TemplateException e) {
            reset("the device's compressed message: " + e.getMessage());
            return;
        }
        bridge.compressed(true);
        received(m, 0, m.length);
    }

    /** The client's first record sent whole as HELLO_DIGEST ({@link RecordFramer#takeDigested}); false (nothing taken) otherwise. */
    private boolean helloDigested(GatewayPeer p, long now) {
        byte[] z = fromClient.takeDigested(book, toDevice, bridge.limit(device));
        if (z == null) return false;
        inFlight = p.sendTemplate(z, 0, z.length, now);
        sentAny = true;
        if (inFlight) bridge.compressed(false);
        if ((z[0] & 0xFF) == TemplateCodec.HELLO_DIGEST) bridge.helloDigested();
        return true;
    }

    /** This connection alone ends: the client's stream fails with {@code why}, the device is told by DISCONNECT. */
    private void reset(String why) {
        if (closing) return;
        ended = why;
        toClient.fail(why);
        closing = true;
        bridge.peer(device).close(bridge.nowMs());
        bridge.poke(device);
    }

    void sent() {
        inFlight = false;
        pump();
    }

    void closed(int reason) {
        linkOpen = false;
        String why = reason == LinkListener.CLOSED || reason == LinkListener.PEER_CLOSED ? null
                : "the link connection ended: " + reasonName(reason);
        if (ended == null) ended = why == null ? "the link connection has ended" : why;
        if (!opened.isDone()) opened.completeExceptionally(new IOException(ended));
        if (why == null) {
            toClient.end();
        } else {
            toClient.fail(why);
        }
    }

    /** Sends what can go: the next whole records, or the DISCONNECT once the client is done. */
    private void pump() {
        if (!linkOpen || closing) return;
        GatewayPeer p = bridge.peer(device);
        long now = bridge.nowMs();
        String bad = fromClient.malformed();
        if (bad != null) {
            reset(bad);
            return;
        } else if (!inFlight && p.canSend()) {
            if (digests && !sentAny && helloDigested(p, now)) {
                bridge.poke(device);
                return;
            }
            byte[] m = fromClient.next(bridge.limit(device), bridge.joining(device));
            // plain if its compressed form is a little longer than the device takes, or one a C
            // device could not recreate in its buffer (LINK.md §9.7)
            byte[] z = m != null && book != null
                    ? Suppressor.suppress(m, 0, m.length, book, toDevice, !sentAny, digests, bridge.limit(device)) : null;
            if (z != null) {
                inFlight = p.sendTemplate(z, 0, z.length, now);
                sentAny = true;
                if (inFlight) bridge.compressed(false);
                if ((z[0] & 0xFF) == TemplateCodec.HELLO_DIGEST) bridge.helloDigested();
            } else if (m != null) {
                inFlight = p.send(m, 0, m.length, now);
                sentAny = true;
            } else if (clientEnded) {
                closing = true; // a partial record held now will never be whole
                p.close(now);
            }
        }
        bridge.poke(device);
    }

    static String reasonName(int reason) {
        switch (reason) {
            case LinkListener.CLOSED: return "CLOSED";
            case LinkListener.PEER_CLOSED: return "PEER_CLOSED";
            case LinkListener.TIMEOUT: return "TIMEOUT";
            case LinkListener.SILENT: return "SILENT";
            case LinkListener.REPLACED: return "REPLACED";
            case LinkListener.PEER_RESET: return "PEER_RESET";
            case LinkListener.REFUSED_TOO_LONG: return "REFUSED_TOO_LONG";
            default: return "reason " + reason;
        }
    }
}
