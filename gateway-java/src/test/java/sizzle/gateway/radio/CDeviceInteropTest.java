package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sizzle.desktop.SimulatedMote;
import sizzle.link.GatewayPeer;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;
import sizzle.link.LinkStats;

/**
 * The C device end (native/link) against the Java gateway end on the simulated radio, on
 * both radios. Each scenario runs twice on the same seeded medium: once with the Java
 * reference device ({@link JavaLineDevice}), once with the C end as a host program ({@link
 * ProcessLineDevice}); the C end must say exactly what the Java one says, line for line
 * (every frame's bytes, every event, every deadline), so the two runs are the same run. The
 * Java run's transcript is the checked-in file native/link/tests/vectors/NAME-RADIO.txt
 * (rewritten with -Dlink.vectors.write=true), which the C tests replay on their own
 * (make -C native link-test). And on the C run:
 * <ul>
 * <li>traffic: 10% loss, 5% corruption, duplication and reordering; 12 seeded messages each
 * way at once; every byte arrives once and in order both ways; the impairments were met
 * (corrupt frames dropped, duplicates ignored, NACKs sent by the C end); the gateway's close
 * reaches the mote, which announces itself and sleeps;</li>
 * <li>faults: a message longer than the mote's buffer refused (REFUSED_TOO_LONG, DISCONNECT);
 * a reconnection and an exchange; the mote reset mid-connection (the gateway closes
 * PEER_RESET on its READY-SLEEP); a reconnection and a message on it; the gateway vanishing
 * (the mote closes SILENT after 65 s and goes back to its duty cycle).</li>
 * </ul>
 */
class CDeviceInteropTest {
    private static final int MOTE = 1;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cc1000", "cc2420"})
    void trafficUnderLoss(String radio) throws IOException {
        try (LineDevice c = new ProcessLineDevice(radio)) {
            Run r = bothEnds("traffic", radio, c, CDeviceInteropTest::traffic);
            assertArrayEquals(r.gatewaySent.toByteArray(), r.atMote.stream.toByteArray(), "gateway to C mote");
            assertArrayEquals(r.moteSent.toByteArray(), r.atGateway.stream.toByteArray(), "C mote to gateway");
            assertEquals(12, r.atMote.messages.size());
            assertEquals(12, r.atGateway.messages.size());
            assertEquals(List.of("opened 1", "closed 1 1"), r.atMote.events.stream().filter(e -> !e.startsWith("received") && !e.startsWith("sent")).toList());
            String s = r.mote.stats();
            assertTrue(r.medium.lost > 0 && r.medium.corrupted > 0 && r.medium.duplicated > 0 && r.medium.reordered > 0, "impaired");
            assertTrue(s.contains(" bad_crc=") && s.contains(" duplicate=") && s.contains(" nacks_out=")
                    && r.peer.stats.get(LinkStats.NACKS_OUT) > 0, s);
            assertTrue(!r.mote.radioOn(), "the mote sleeps after the connection");
            System.out.printf("C device, %s: %d frames, %.1f s simulated; %s; gateway %s%n", radio, r.medium.frames,
                    r.sim.nowUs() / 1e6, s, r.peer.stats);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cc1000", "cc2420"})
    void faults(String radio) throws IOException {
        try (LineDevice c = new ProcessLineDevice(radio)) {
            Run r = bothEnds("faults", radio, c, CDeviceInteropTest::faults);
            assertEquals(List.of("opened 1", "closed 1 1", "opened 2", "received 2 42", "sent 2", "opened 3", "received 3 42", "closed 3 3"), r.atMote.events);
            assertEquals(List.of("opened 1", "closed 1 6", "opened 2", "sent 2", "received 2 42", "closed 2 5", "opened 3", "sent 3"), r.atGateway.events);
            assertTrue(r.refusedStats.contains(" too_long=1"), r.refusedStats);
        }
    }

    /**
     * Runs a scenario with the Java device (its transcript must be the checked-in one), then
     * with {@code c}: the C end's transcript must be the Java end's, line for line. Returns the C run.
     */
    private static Run bothEnds(String name, String radio, LineDevice c, BiFunction<String, LineDevice, Run> scenario) throws IOException {
        Run j = scenario.apply(radio, new JavaLineDevice(config(radio)));
        same(name, radio, j);
        Run r = scenario.apply(radio, c);
        assertEquals(j.mote.transcript, r.mote.transcript, "the C end's transcript is the Java end's");
        return r;
    }

    static LinkConfig config(String radio) {
        return radio.equals("cc1000") ? LinkConfig.cc1000() : LinkConfig.cc2420();
    }

    /** One run: a gateway and a {@link LineMote} on a seeded medium, and what each side saw. */
    static final class Run {
        final Simulator sim = new Simulator();
        final RadioMedium medium;
        final SimulatedGateway gateway;
        final LineMote mote;
        final Recorder atMote = new Recorder(), atGateway = new Recorder();
        final ByteArrayOutputStream gatewaySent = new ByteArrayOutputStream(), moteSent = new ByteArrayOutputStream();
        GatewayPeer peer;
        String refusedStats;

        Run(String radio, double loss, LineDevice device, int capacity, long seed) {
            ChannelModel base = radio.equals("cc1000") ? ChannelModel.cc1000() : ChannelModel.cc2420();
            LinkConfig cfg = config(radio);
            long air = base.airtimeUs(cfg.frameSize);
            medium = new RadioMedium(sim, loss > 0 ? base.lossy(loss, loss / 2, loss / 2, loss / 2, 3 * air) : base, seed);
            gateway = new SimulatedGateway(medium, cfg, a -> atGateway, 1);
            mote = new LineMote(medium, device, atMote, capacity);
        }

        long ms() {
            return sim.nowMs();
        }

        void until(BooleanSupplier done, long limitMs, String what) {
            if (!sim.runUntil(done, sim.nowUs() + limitMs * 1000)) {
                throw new AssertionError("not within " + limitMs + " ms: " + what + "; gateway " + peer + " " + (peer == null ? "" : peer.stats)
                        + "; mote " + mote.stats() + "; mote events " + atMote.events + "; gateway events " + atGateway.events);
            }
        }

        void connect() {
            if (peer == null) {
                until(() -> gateway.peer(MOTE) != null, 5000, "discovery");
                peer = gateway.peer(MOTE);
            }
            int before = atMote.opened;
            assertTrue(peer.open(ms()), "open");
            gateway.poke(MOTE);
            until(() -> atMote.opened > before && peer.isOpen(), 10_000, "connection");
        }

        void gatewaySend(byte[] m) {
            assertTrue(peer.send(m, 0, m.length, ms()), "gateway send");
            gatewaySent.write(m, 0, m.length);
            gateway.poke(MOTE);
        }

        void moteSend(byte[] m) {
            assertTrue(mote.send(m), "mote send");
            moteSent.write(m, 0, m.length);
        }
    }

    private static Run traffic(String radio, LineDevice device) {
        boolean mica = radio.equals("cc1000");
        int capacity = mica ? 600 : 1600;
        Run r = new Run(radio, 0.10, device, capacity, 7);
        Random rnd = new Random(7);
        ArrayDeque<byte[]> toMote = new ArrayDeque<>(), toGateway = new ArrayDeque<>();
        for (int i = 0; i < 12; i++) {
            toMote.add(message(rnd, capacity));
            toGateway.add(message(rnd, capacity));
        }
        r.mote.start(0);
        r.connect();
        // the gateway sends its next message once the last is whole and the mote has said READY
        r.atGateway.afterSent = () -> {
            if (!toMote.isEmpty()) r.gatewaySend(toMote.poll());
        };
        r.atMote.afterReceived = r.mote::ready;
        r.atMote.afterSent = () -> {
            if (!toGateway.isEmpty()) r.moteSend(toGateway.poll());
        };
        r.gatewaySend(toMote.poll());
        r.moteSend(toGateway.poll());
        r.until(() -> r.atMote.messages.size() == 12 && r.atGateway.messages.size() == 12, 120_000, "all messages");
        r.peer.close(r.ms());
        r.gateway.poke(MOTE);
        r.until(() -> r.atMote.closed == 1 && r.atGateway.closed == 1 && !r.mote.radioOn(), 10_000, "closed, asleep");
        return r;
    }

    private static Run faults(String radio, LineDevice device) {
        Run r = new Run(radio, 0.05, device, 300, 3);
        r.mote.start(0);
        r.connect(); // conn 1
        r.gatewaySend(new byte[400]); // over the mote's 300 bytes: refused, the gateway closes
        r.until(() -> r.atGateway.closed == 1 && r.atMote.closed == 1, 10_000, "refused");
        r.refusedStats = r.mote.stats();
        r.connect(); // conn 2
        byte[] m = new byte[42];
        for (int i = 0; i < m.length; i++) m[i] = (byte) (i * 3);
        r.gatewaySend(m);
        r.until(() -> r.atMote.messages.size() == 1, 10_000, "message to the mote");
        r.moteSend(m);
        r.until(() -> r.atGateway.messages.size() == 1 && r.atMote.sent == 1, 10_000, "message to the gateway");
        r.mote.reset(300, r.ms() + 5); // a power cycle mid-connection
        r.until(() -> r.atGateway.closed == 2, 10_000, "the gateway sees the reset");
        r.connect(); // conn 3
        r.gatewaySend(m);
        r.until(() -> r.atMote.messages.size() == 2 && r.atGateway.sent == 2, 10_000, "a message on it");
        r.gateway.vanish();
        r.until(() -> r.atMote.closed == 2, 70_000, "the mote's silence timer");
        r.until(() -> !r.mote.radioOn(), 1000, "asleep again");
        return r;
    }

    private static byte[] message(Random r, int maxLen) {
        byte[] m = new byte[1 + r.nextInt(maxLen)];
        r.nextBytes(m);
        return m;
    }

    /** The Java run's transcript is the checked-in one (or becomes it, with -Dlink.vectors.write=true). */
    static void same(String name, String radio, Run j) throws IOException {
        Path file = vectors().resolve(name + "-" + radio + ".txt");
        String text = String.join("\n", j.mote.transcript) + "\n";
        if (Boolean.getBoolean("link.vectors.write")) Files.writeString(file, text, StandardCharsets.US_ASCII);
        assertTrue(Files.isRegularFile(file), file + " missing: run with -Dlink.vectors.write=true");
        assertEquals(Files.readString(file, StandardCharsets.US_ASCII), text, file + " is not what the Java device says now: rewrite it with -Dlink.vectors.write=true");
    }

    static Path vectors() {
        return SimulatedMote.projectRoot().resolve("native/link/tests/vectors");
    }
}
