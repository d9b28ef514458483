package sizzle.bench;

import java.util.List;
import sizzle.gateway.bridge.RecordFramer;
import sizzle.gateway.radio.ChannelModel;
import sizzle.gateway.radio.JavaMote;
import sizzle.gateway.radio.RadioMedium;
import sizzle.gateway.radio.SimulatedGateway;
import sizzle.gateway.radio.Simulator;
import sizzle.link.Frame;
import sizzle.link.GatewayPeer;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;
import sizzle.link.TemplateListener;
import sizzle.template.Suppressor;
import sizzle.template.TemplateBook;
import sizzle.template.TemplateCodec;
import sizzle.template.TemplateCursor;
import sizzle.template.TemplateException;

/**
 * One TLS exchange run over the modelled radio on the simulated clock: the stored records go
 * through the link protocol (sizzle.link, the gateway's {@link GatewayPeer} and a mote's
 * DeviceLink on a {@link RadioMedium}) cut as the bridge cuts them for a C mote ({@link RecordFramer}:
 * the gateway one flight per message, none longer than the device's capacity, a longer record in
 * pieces; the mote one record per message), the mote granting each of the gateway's messages by
 * READY only, as the firmware's link does (LINK.md §6.1), once it has taken the one before, and
 * between a
 * flight's last byte arriving at the mote and its answer leaving, the mote computes for the
 * flight's measured CPU cycles at its clock. The link connection is open before the clock
 * starts (the wait for the device's next poll is not counted: the papers' figures start at the
 * ClientHello too). A step ends when the gateway has the mote's whole answer, or, for a flight
 * the server does not answer (the client's Finished of an abbreviated handshake), when the
 * mote has computed. With a {@link TemplateBook} both ends compress as the bridge and a Java
 * mote with templates do (LINK.md §9: {@link Suppressor}, the gateway's first message always
 * DATA-TEMPLATE, each message as DATA-TEMPLATE when that is shorter), and each compressed
 * message is recreated at the other end (a failure stops the benchmark): the counts are then
 * of the original bytes recreated.
 */
final class FlightReplay {
    /** One step: the client's records, the server's answer, the server's CPU cycles between them. */
    record Flight(List<byte[]> client, List<byte[]> server, long cycles) {
        int clientBytes() {
            return client.stream().mapToInt(b -> b.length).sum();
        }

        int serverBytes() {
            return server.stream().mapToInt(b -> b.length).sum();
        }
    }

    /** What the exchange cost on the simulated clock. */
    /** messageBytes: what the link messages carried (compressed or not), the papers' measure of radio bytes. */
    record Result(long micros, long cpuMicros, long radioBytes, long frames, long tlsBytes, long messageBytes) {
        long channelMicros() {
            return micros - cpuMicros;
        }
    }

    static final int MOTE = 1;

    private final Simulator sim = new Simulator();
    private final RadioMedium medium;
    private final SimulatedGateway gateway;
    private final JavaMote mote;
    private final long clockHz;
    private final RecordFramer toMote = new RecordFramer(), toGateway = new RecordFramer();
    private boolean gatewayInFlight, moteInFlight, opened;
    private long moteGot, moteWants, gatewayGot, gatewayWants;
    private boolean computed;
    /** The templates both ends know, or null: no compression. */
    private final TemplateBook book;
    private final TemplateCursor toMoteSent = new TemplateCursor(), toMoteGot = new TemplateCursor(),
            toGatewaySent = new TemplateCursor(), toGatewayGot = new TemplateCursor();
    private boolean gatewaySentAny;
    private long carried;

    /**
     * A gateway and one mote whose CPU runs at {@code clockHz}, on {@code channel} with
     * {@code link}'s parameters, compressing with {@code book} (null: plain DATA).
     */
    FlightReplay(ChannelModel channel, LinkConfig link, long clockHz, TemplateBook book, int capacity) {
        this.clockHz = clockHz;
        this.book = book;
        medium = new RadioMedium(sim, channel, 1);
        gateway = new SimulatedGateway(medium, link, a -> gatewaySide, 1);
        LinkConfig m = link.copy().at(MOTE, 0);
        m.name = "bench".getBytes();
        m.readyOnly = true;
        m.capacity = capacity;
        mote = new JavaMote(medium, m, moteSide);
    }

    private final TemplateListener gatewaySide = new TemplateListener() {
        public void opened(int conn) {
            opened = true;
        }

        public void received(int conn, byte[] b, int off, int len) {
            gatewayGot += len;
        }

        public void receivedTemplate(int conn, byte[] b, int off, int len) {
            received(conn, null, 0, recreate(b, off, len, toGatewayGot));
        }

        public void sent(int conn) {
            gatewayInFlight = false;
            pumpGateway();
        }

        public void closed(int conn, int reason) {
            throw new IllegalStateException("the link connection closed in the benchmark: reason " + reason);
        }
    };

    private final TemplateListener moteSide = new TemplateListener() {
        public void opened(int conn) {
            mote.link().ready(sim.nowMs()); // the firmware's first read grants message 0
            mote.poke();
        }

        public void received(int conn, byte[] b, int off, int len) {
            moteGot += len;
            mote.link().ready(sim.nowMs());
            mote.poke();
        }

        public void receivedTemplate(int conn, byte[] b, int off, int len) {
            received(conn, null, 0, recreate(b, off, len, toMoteGot));
        }

        public void sent(int conn) {
            moteInFlight = false;
            pumpMote();
        }

        public void closed(int conn, int reason) {
        }
    };

    /** Starts the mote's duty cycle and opens the link connection (not counted). */
    FlightReplay open() {
        mote.start(0);
        run(() -> gateway.peer(MOTE) != null, "discovery");
        gateway.peer(MOTE).open(sim.nowMs());
        gateway.poke(MOTE);
        run(() -> opened, "the link connection");
        return this;
    }

    private void run(java.util.function.BooleanSupplier done, String what) {
        if (!sim.runUntil(done, sim.nowUs() + 600_000_000L)) {
            throw new IllegalStateException("no " + what + " within 600 s of simulated time");
        }
    }

    /** Runs the flights in turn on the open connection: their time, CPU share, bytes and frames on the air. */
    Result run(List<Flight> flights) {
        long start = sim.nowUs(), bytes = medium.bytes, frames = medium.frames, cpu = 0, tls = 0, messages = carried;
        for (Flight f : flights) {
            long cpuUs = (f.cycles() * 1_000_000 + clockHz - 1) / clockHz;
            cpu += cpuUs;
            tls += f.clientBytes() + f.serverBytes();
            moteWants = moteGot + f.clientBytes();
            gatewayWants = gatewayGot + f.serverBytes();
            computed = false;
            for (byte[] r : f.client()) toMote.add(r, 0, r.length);
            pumpGateway();
            run(() -> moteGot >= moteWants, "delivery of the client's flight");
            sim.at(sim.nowUs() + cpuUs, () -> {
                computed = true;
                for (byte[] r : f.server()) toGateway.add(r, 0, r.length);
                pumpMote();
            });
            run(() -> computed && gatewayGot >= gatewayWants, "delivery of the server's flight");
        }
        return new Result(sim.nowUs() - start, cpu, medium.bytes - bytes, medium.frames - frames, tls, carried - messages);
    }

    private void pumpGateway() {
        GatewayPeer p = gateway.peer(MOTE);
        if (gatewayInFlight || !p.canSend()) return;
        int max = Frame.maxMessage(p.config().frameSize);
        int limit = p.capacity > 0 && p.capacity < max ? p.capacity : max;
        // A C mote's modern image takes its ClientHello as HELLO_DIGEST (edition 3, LINK.md §15.2): the
        // bridge then sends a hello longer than its messages whole, digested, when that fits.
        byte[] z = book != null && book.edition == 3 && !gatewaySentAny ? toMote.takeDigested(book, toMoteSent, limit) : null;
        byte[] m = z != null ? null : toMote.next(limit, RecordFramer.Joining.FLIGHT);
        if (z != null || m != null) {
            if (z == null && book != null) {
                z = Suppressor.suppress(m, 0, m.length, book, toMoteSent, !gatewaySentAny, book.edition == 3, limit);
            }
            gatewaySentAny = true;
            carried += z != null ? z.length : m.length;
            gatewayInFlight = z != null ? p.sendTemplate(z, 0, z.length, sim.nowMs()) : p.send(m, 0, m.length, sim.nowMs());
        }
        gateway.poke(MOTE);
    }

    private void pumpMote() {
        if (moteInFlight || !mote.link().canSend()) return;
        byte[] m = toGateway.next(Frame.maxMessage(mote.link().config().frameSize), RecordFramer.Joining.ONE);
        if (m != null) {
            byte[] z = book == null ? null : Suppressor.suppress(m, 0, m.length, book, toGatewaySent, false, false);
            carried += z != null ? z.length : m.length;
            moteInFlight = z != null ? mote.link().sendTemplate(z, 0, z.length, sim.nowMs())
                    : mote.link().send(m, 0, m.length, sim.nowMs());
        }
        mote.poke();
    }

    /**
     * The original length of a compressed message, recreated with {@code cursor} (that direction's);
     * a HELLO_DIGEST's is its hello record's (5 + L), which the projection stands for.
     */
    private int recreate(byte[] b, int off, int len, TemplateCursor cursor) {
        try {
            byte[][] digest = new byte[1][];
            int n = TemplateCodec.recreate(b, off, len, book, 1 << 16, cursor, book.edition == 3 ? digest : null).length;
            byte[] d = digest[0];
            return d == null ? n : 5 + ((d[0] & 0xFF) << 16 | (d[1] & 0xFF) << 8 | (d[2] & 0xFF));
        } catch (TemplateException e) {
            throw new IllegalStateException("a compressed message did not recreate: " + e.getMessage(), e);
        }
    }

    /** The device certificate's handshake message in a full handshake's server records, for a {@link TemplateBook}. */
    static byte[][] certificateMessage(List<Flight> full) {
        return TemplateBook.certificateMessageIn(full.stream().flatMap(f -> f.server().stream()).toArray(byte[][]::new));
    }
}
