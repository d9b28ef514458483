package sizzle.gateway.bridge;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import sizzle.gateway.front.Backend;
import sizzle.gateway.radio.RadioMedium;
import sizzle.gateway.radio.Simulator;
import sizzle.gateway.radio.SimulatedGateway;
import sizzle.link.Frame;
import sizzle.link.GatewayPeer;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;
import sizzle.link.TemplateListener;
import sizzle.template.Suppressor;
import sizzle.template.TemplateBook;

/**
 * The gateway's TCP-to-radio bridge (LINK.md §13): for each device on the radio, a
 * {@link Backend} the front door opens like a TCP port. Opening asks the device's peer for a
 * link connection (NEWCONNECTION, when the device next listens) and waits for it; a device
 * takes one connection at a time, so later ones wait here in turn. The client's bytes are held
 * until whole TLS records are there ({@link RecordFramer}) and go as one message per grant, up
 * to the device's capacity; the device's messages go back to the client as they arrive. The
 * client's end closes the link connection once its last record has arrived (DISCONNECT); the
 * device's end, or a failed link, ends the client's stream; a malformed record header from the
 * client ends that connection alone.
 *
 * <p>Template compression (LINK.md §9): with {@link #compression} on, a connection to a device
 * whose READY-SLEEP named templates the bridge holds ({@link #knowTemplates}) carries the
 * handshake compressed both ways; any other device gets plain DATA.
 *
 * <p>Every method but the backends' runs on the radio's thread ({@code radio}: a
 * {@link sizzle.gateway.radio.RealTimeRadio}, or the {@link Simulator} itself in tests).
 */
public final class RadioBridge {
    private final Simulator sim;
    private final Executor radio;
    private final SimulatedGateway gateway;
    private final Map<Integer, Port> ports = new HashMap<>();
    /** Devices sent one flight per message (C motes: LINK.md §13); any thread may add. */
    private final java.util.Set<Integer> oneFlight = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The devices' poll period: one not heard for two of them (and a window) is gone from the list. */
    private final int pollPeriodMs;
    private volatile boolean compression;
    /** ClientHellos sent as HELLO_DIGEST (LINK.md §15.2), for the tests and the benchmark. */
    private final java.util.concurrent.atomic.AtomicInteger hellosDigested = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.List<TemplateBook> books = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * The gateway's radio on {@code medium} ({@code template.pollPeriodMs}: the devices' poll
     * period, for the list); call on the radio's thread (or before it starts).
     */
    public RadioBridge(RadioMedium medium, LinkConfig template, int firstConn, Executor radio) {
        this.sim = medium.simulator();
        this.pollPeriodMs = template.pollPeriodMs;
        this.radio = radio;
        this.gateway = new SimulatedGateway(medium, template, this::discovered, firstConn);
    }

    /**
     * Template compression on or off for connections opened from now on (any thread; off by
     * default). On, it applies only to devices that announced templates the bridge knows.
     */
    public void compression(boolean on) {
        compression = on;
    }

    /** How many ClientHellos went to devices as HELLO_DIGEST (any thread). */
    public int hellosDigested() {
        return hellosDigested.get();
    }

    void helloDigested() {
        hellosDigested.incrementAndGet();
    }

    /** Compressed messages (DATA-TEMPLATE, LINK.md §9) sent to the devices [0] and recreated from them [1]. */
    private final java.util.concurrent.atomic.AtomicIntegerArray compressed = new java.util.concurrent.atomic.AtomicIntegerArray(2);

    void compressed(boolean fromDevice) {
        compressed.incrementAndGet(fromDevice ? 1 : 0);
    }

    /** How many compressed messages went to the devices so far ({@code fromDevice} false), or came from them and were recreated (any thread). */
    public int compressedMessages(boolean fromDevice) {
        return compressed.get(fromDevice ? 1 : 0);
    }

    /** A device's templates (its edition and certificates), as configured for the gateway (any thread). */
    public void knowTemplates(TemplateBook book) {
        books.add(book);
    }

    /** The templates agreed with {@code device} for a connection opening now, or null: plain DATA (radio thread). */
    TemplateBook agreed(int device) {
        GatewayPeer p = gateway.peer(device);
        if (!compression || p == null) return null;
        for (TemplateBook b : books) {
            if (Suppressor.names(p.capabilities, b)) return b;
        }
        return null;
    }

    private Port port(int device) {
        return ports.computeIfAbsent(device, Port::new);
    }

    /** Told (radio thread) of each device heard for the first time, with what its READY-SLEEP announced. */
    public interface Discovery {
        void announced(int device, String name, int kind);
    }

    private volatile Discovery discovery;

    /** Who is told of new devices (AnnouncedDevices puts them on the front door). */
    public void onDiscovery(Discovery d) {
        discovery = d;
    }

    private LinkListener discovered(int device) {
        Port p = port(device);
        radio.execute(() -> { // the peer exists, and has read the READY-SLEEP, once this event is over
            p.next(); // connections waiting for it may start
            GatewayPeer peer = gateway.peer(device);
            Discovery d = discovery;
            if (d != null) d.announced(device, new String(peer.name, java.nio.charset.StandardCharsets.US_ASCII), peer.kind);
        });
        return p;
    }

    /** The device at radio address {@code device}, as the front door reaches it. Any thread. */
    public Backend backend(int device) {
        return new Backend() {
            public Stream open(int timeoutMs) throws IOException {
                return connect(device, timeoutMs);
            }

            public String state() {
                if (radio == sim) return describe(device); // the bare Simulator (tests) runs on its caller's thread
                CompletableFuture<String> s = new CompletableFuture<>();
                radio.execute(() -> s.complete(describe(device)));
                try {
                    return s.get(500, TimeUnit.MILLISECONDS);
                } catch (InterruptedException | ExecutionException | TimeoutException e) {
                    return "radio " + device + ": busy"; // the radio's thread is behind: say so rather than wait
                }
            }
        };
    }

    /** Opens a link connection to {@code device} and waits for it (from a front-door thread). */
    BridgedConnection connect(int device, int timeoutMs) throws IOException {
        BridgedConnection c = open(device);
        try {
            c.opened.get(timeoutMs, TimeUnit.MILLISECONDS);
            return c;
        } catch (TimeoutException e) {
            radio.execute(c::cancel);
            throw new SocketTimeoutException("radio " + device + ": no link connection within " + timeoutMs + " ms");
        } catch (InterruptedException e) {
            radio.execute(c::cancel);
            throw new InterruptedIOException("interrupted while opening a link connection");
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage());
        }
    }

    /** A new connection to {@code device}, queued for its link connection (any thread; opened() says when). */
    BridgedConnection open(int device) {
        BridgedConnection c = new BridgedConnection(this, device);
        radio.execute(() -> port(device).enqueue(c));
        return c;
    }

    /**
     * The device's link state in a few words, or null if it is not there: never heard, or not
     * heard for two poll periods and a listen window with no connection open (radio thread).
     */
    public String describe(int device) {
        GatewayPeer p = gateway.peer(device);
        long now = sim.nowMs();
        if (p == null || (p.connection() == 0 && now - p.lastAnnounced > 2L * pollPeriodMs + p.listenMs)) return null;
        String state = p.isOpen() ? "connected" : p.connection() != 0 || p.pending() ? "opening"
                : p.listening(now) ? "listening" : "asleep";
        Port port = ports.get(device);
        int waiting = port == null ? 0 : port.waiting.size();
        return "radio " + device + ": " + state + (waiting > 0 ? ", " + waiting + " waiting" : "")
                + "; heard " + (now - p.lastAnnounced) + " ms ago";
    }

    /** The capacity the device's READY-SLEEP announced (LINK.md §2), or -1 if it was never heard (any thread, once heard). */
    public int announcedCapacity(int device) {
        GatewayPeer p = gateway.peer(device);
        return p == null ? -1 : p.capacity;
    }

    /** The name the device's READY-SLEEP announced (LINK.md §6: the whole, or its first label), or null if it was never heard (any thread, once heard). */
    public String announcedName(int device) {
        GatewayPeer p = gateway.peer(device);
        return p == null ? null : new String(p.name, java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** When the device's last READY-SLEEP was heard (simulated ms), or -1 if never (radio thread). */
    public long heardMs(int device) {
        GatewayPeer p = gateway.peer(device);
        return p == null ? -1 : p.lastAnnounced;
    }

    /** Gives up a connection that was waiting or opening (radio thread). */
    void release(BridgedConnection c) {
        port(c.device).release(c);
    }

    long nowMs() {
        return sim.nowMs();
    }

    Executor radio() {
        return radio;
    }

    GatewayPeer peer(int device) {
        return gateway.peer(device);
    }

    void poke(int device) {
        gateway.poke(device);
    }

    /**
     * Sends {@code device} one flight per message, not every whole record held (LINK.md §13,
     * {@link RecordFramer.Joining#FLIGHT}): a C mote puts the message together in its record
     * buffer and reads it there, writing its answer over what it has read. Any thread; before its
     * first connection.
     */
    public void oneFlightPerMessage(int device) {
        oneFlight.add(device);
    }

    RecordFramer.Joining joining(int device) {
        return oneFlight.contains(device) ? RecordFramer.Joining.FLIGHT : RecordFramer.Joining.ALL;
    }

    /** The largest message the device takes. */
    int limit(int device) {
        GatewayPeer p = gateway.peer(device);
        int max = Frame.maxMessage(p.config().frameSize);
        return p.capacity > 0 && p.capacity < max ? p.capacity : max;
    }

    /** One device's connections: the one on the link, and those waiting their turn. */
    private final class Port implements TemplateListener {
        final int device;
        final ArrayDeque<BridgedConnection> waiting = new ArrayDeque<>();
        BridgedConnection current;

        Port(int device) {
            this.device = device;
        }

        void enqueue(BridgedConnection c) {
            waiting.add(c);
            next();
            othersWaiting();
        }

        /** Tells the device's peer whether clients wait behind the open connection (its READYs are ACKed PENDING then). */
        private void othersWaiting() {
            GatewayPeer p = gateway.peer(device);
            if (p != null) p.othersWaiting = waiting.stream().anyMatch(c -> !c.cancelled);
        }

        /** Starts the next waiting connection when the link is free. */
        void next() {
            GatewayPeer p = gateway.peer(device);
            if (current != null || p == null || p.connection() != 0 || p.pending()) return;
            BridgedConnection c;
            do {
                c = waiting.poll();
                if (c == null) return;
            } while (c.cancelled);
            current = c;
            p.open(sim.nowMs());
            othersWaiting();
            gateway.poke(device);
        }

        /** A connection given up before its link connection came (its client stopped waiting). */
        void release(BridgedConnection c) {
            waiting.remove(c);
            othersWaiting();
            if (current != c) return;
            GatewayPeer p = gateway.peer(device);
            if (p.cancelOpen()) {
                current = null;
                next();
            } else {
                p.close(sim.nowMs()); // closed() follows: then the next
                gateway.poke(device);
            }
        }

        public void opened(int conn) {
            if (current != null) current.opened(conn);
        }

        public void received(int conn, byte[] b, int off, int len) {
            if (current != null) current.received(b, off, len);
        }

        public void receivedTemplate(int conn, byte[] b, int off, int len) {
            if (current != null) current.receivedTemplate(b, off, len);
        }

        public void sent(int conn) {
            if (current != null) current.sent();
        }

        public void closed(int conn, int reason) {
            BridgedConnection c = current;
            current = null;
            if (c != null) c.closed(reason);
            radio.execute(this::next);
        }
    }
}
