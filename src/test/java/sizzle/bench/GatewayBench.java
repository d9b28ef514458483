package sizzle.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import sizzle.gateway.radio.ChannelModel;
import sizzle.link.LinkConfig;
import sizzle.template.TemplateBook;

/**
 * {@code ./sizzle bench gateway}: the motes behind the gateway over the modelled radio, beside
 * the papers and issue 9's goals.
 *
 * <p>Per device kind (mica2: ATmega128 at 7.3728 MHz on the CC1000, 19.2 kbit/s, 29-byte frames;
 * telosb: MSP430F1611 at 8 MHz on the CC2420, 250 kbit/s, 102-byte frames) and profile (legacy:
 * TLS 1.0 ECDH-ECDSA RC4-SHA; legacy-ssl3: the same image and suite in SSL 3.0, the papers'
 * protocol; modern: TLS 1.2 ECDHE-ECDSA AES-128-GCM answering a Chromium-shaped ClientHello),
 * a full handshake, an abbreviated one and a 1 KB page: the
 * stored records run through the link protocol over the channel model on the simulated clock
 * ({@link FlightReplay}), the mote computing between flights for the CPU cycles its simulator
 * measured for each flight in this run (the cycle file of native/bench/gateway_cycles.py). The
 * 1 KB page's CPU is interpolated between the transcripts' two measured response sizes (600 and
 * 1,500 bytes); its answer is one record of 1,024 bytes with the suite's record overhead.
 * Radio bytes: every frame the link put on the air for the exchange (headers, CRCs, ACKs and
 * READYs included; the radio's own preamble and sync are in the time, not the count).
 *
 * <p>Then the gateway's capacity with Java motes on the simulated medium ({@link GatewayLoad}).
 *
 * <p>Options: {@code --cycles FILE} (required), {@code --json FILE}, {@code --quick} (capacity
 * up to 2 devices only), {@code --compression both|on|off} (default both: each exchange plain
 * and with template compression, LINK.md §9, the device's templates made from its certificate).
 */
public final class GatewayBench {
    /**
     * The papers' figures: Sizzle PerCom (Mica2) and the Telos energy report (legacy ECC, with
     * radio), measured in SSL 3.0 (the PerCom paper's s_client log: "Protocol : SSLv3"): shown
     * beside both legacy profiles, keyed by the legacy one.
     */
    static final Map<String, String> PAPER = Map.of(
            "mica2.legacy.full", "3800", "mica2.legacy.abbreviated", "1200",
            "telosb.legacy.full", "1110", "telosb.legacy.abbreviated", "422");
    /**
     * The capacity each C firmware image announces over the link (LINK.md §6.1: its record
     * buffer, SZ_WRITER_BUFFER(limit) = 5 + expansion + limit, less the headroom a build that
     * opens records as they come keeps, 29 B; native/sizzle/firmware/firmware.mk's limits over
     * the link): the Mica2's legacy-ecc 5 + 20 + 240, modern 5 + 24 + 640 - 29; the TelosB's
     * legacy-ecc 5 + 20 + 1,536, modern 5 + 24 + 1,400. The replay's mote then behaves as the
     * firmware's link does: READY-only grants, one flight per message from the gateway, none
     * longer than this.
     */
    public static final Map<String, Integer> FIRMWARE_CAPACITY = Map.of("mica2.legacy", 265, "mica2.modern", 640,
            "telosb.legacy", 1561, "telosb.modern", 1429);
    /**
     * Issue 9's goals (ms): full legacy handshakes (whichever version the client asks: both
     * legacy profiles are held to it), and a browser's modern one to the Mica2.
     */
    static final Map<String, Long> GOAL_MS = Map.of("mica2.legacy.full", 2000L, "telosb.legacy.full", 500L,
            "mica2.modern.full", 10000L);
    /** Issue 9's goals (radio bytes of a legacy handshake: the papers' 232 and 204 after compression). */
    static final Map<String, Long> GOAL_BYTES = Map.of("full", 232L, "abbreviated", 204L);
    /** The page the benchmark serves: 1 KB. */
    static final int PAGE = 1024;

    public static void main(String[] args) throws Exception {
        Path cycles = null, json = null;
        boolean quick = false;
        String compression = "both";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--cycles" -> cycles = Path.of(value(args, ++i, "--cycles"));
                case "--json" -> json = Path.of(value(args, ++i, "--json"));
                case "--quick" -> quick = true;
                case "--compression" -> compression = value(args, ++i, "--compression");
                default -> fail("unknown option " + args[i] + " (--cycles FILE, --json FILE, --quick, --compression both|on|off)");
            }
        }
        if (cycles == null) fail("--cycles FILE is required (native/bench/gateway_cycles.py writes it)");
        if (!List.of("both", "on", "off").contains(compression)) fail("--compression: both, on or off");
        Metrics m = new Metrics();
        handshakes(CycleFile.read(cycles), m, !compression.equals("on"), !compression.equals("off"));
        GatewayLoad.run(m, quick);
        if (json != null) {
            m.write(json);
            System.out.println("wrote " + json);
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) fail(option + " needs a value");
        return args[i];
    }

    private static void fail(String why) {
        System.err.println("bench gateway: " + why);
        System.exit(2);
    }

    /**
     * The radio of a device kind: its channel model and the link's parameters, the mote's as its
     * firmware's ({@link #FIRMWARE_CAPACITY} for {@code profile}); book: the templates, or null (plain).
     */
    static FlightReplay replay(String device, String profile, long clockHz, TemplateBook book) {
        boolean mica = device.equals("mica2");
        Integer capacity = FIRMWARE_CAPACITY.get(device + "." + build(profile));
        if (capacity == null) {
            throw new IllegalArgumentException("no firmware capacity for " + device + "." + profile);
        }
        return new FlightReplay(mica ? ChannelModel.cc1000() : ChannelModel.cc2420(),
                mica ? LinkConfig.cc1000() : LinkConfig.cc2420(), clockHz, book, capacity).open();
    }

    /**
     * The firmware a profile runs on, as FIRMWARE_CAPACITY, PAPER and GOAL_MS name it: both
     * legacy profiles are the legacy-ecc image.
     */
    static String build(String profile) {
        return profile.startsWith("legacy") ? "legacy" : profile;
    }

    static void handshakes(CycleFile file, Metrics m, boolean plain, boolean compressed) {
        System.out.println("== Handshakes and a 1 KB page over the modelled radio (simulated clock: the mote's CPU"
                + " cycles measured per flight now, plus the link protocol over the channel model)");
        System.out.printf("%-7s %-11s %-12s %10s %9s %10s %8s %7s %9s %9s %s%n", "device", "profile", "exchange", "ms", "cpu ms",
                "channel ms", "radio B", "frames", "paper ms", "goal", compressed ? "compressed" : "");
        for (CycleFile.Device d : file.devices.values()) {
            for (CycleFile.Profile p : d.profiles().values()) {
                String at = d.name() + "." + p.name;
                if (p.why != null) System.out.println("  " + at + ": the replay did not finish: " + p.why);
                for (String kind : new String[] {"full", "abbreviated", "page_1k"}) {
                    List<FlightReplay.Flight> flights = kind.equals("full") ? p.full : kind.equals("abbreviated") ? p.abbreviated
                            : page(p);
                    String name = "gateway." + at + "." + (kind.equals("page_1k") ? kind : kind + "_handshake");
                    if (flights == null || flights.isEmpty() || (p.why != null && !kind.equals("full"))) {
                        m.add(name + "_ms", null, "ms", "not measured: " + (p.why != null ? p.why : "no " + kind + " flights"));
                        continue;
                    }
                    String z = "";
                    if (compressed) {
                        // the templates the firmware images carry (LINK.md §9.7): edition 2 in the
                        // legacy ones, 3 in the modern (no POINT, recreated in place)
                        TemplateBook book = new TemplateBook(build(p.name).equals("legacy") ? 2 : 3,
                                FlightReplay.certificateMessage(p.full));
                        long[] codec = p.codec.get(kind);
                        FlightReplay.Result c = replay(d.name(), p.name, d.clockHz(), book).run(withCodec(flights, codec));
                        m.add(name + ".compressed_ms", c.micros() / 1000.0, "ms", d.note()
                                + (codec != null ? "; the mote's template codec included" : "; without the mote's template codec (not measured)"));
                        if (codec != null) {
                            m.add(name + ".compressed.codec_cpu_ms", Arrays.stream(codec).sum() * 1000.0 / d.clockHz(), "ms",
                                    "the mote's compressing and recreating (template-mote-test)");
                        }
                        m.add(name + ".compressed.radio_bytes", (double) c.radioBytes(), "bytes", null);
                        m.add(name + ".compressed.message_bytes", (double) c.messageBytes(), "bytes",
                                "what the link messages carried: the papers' measure");
                        z = String.format("%.1f ms, %d B", c.micros() / 1000.0, c.radioBytes());
                    }
                    if (!plain) {
                        System.out.printf("%-7s %-11s %-12s compressed: %s%n", d.name(), p.name, kind, z);
                        continue;
                    }
                    FlightReplay.Result r = replay(d.name(), p.name, d.clockHz(), null).run(flights);
                    String note = d.note();
                    m.add(name + "_ms", r.micros() / 1000.0, "ms", note);
                    m.add(name + ".cpu_ms", r.cpuMicros() / 1000.0, "ms", note);
                    m.add(name + ".channel_ms", r.channelMicros() / 1000.0, "ms", null);
                    m.add(name + ".radio_bytes", (double) r.radioBytes(), "bytes", null);
                    m.add(name + ".tls_bytes", (double) r.tlsBytes(), "bytes", null);
                    m.add(name + ".message_bytes", (double) r.messageBytes(), "bytes", "what the link messages carried");
                    String key = d.name() + "." + build(p.name) + "." + kind;
                    Long goal = GOAL_MS.get(key);
                    System.out.printf("%-7s %-11s %-12s %10.1f %9.1f %10.1f %8d %7d %9s %9s %s%n", d.name(), p.name, kind,
                            r.micros() / 1000.0, r.cpuMicros() / 1000.0, r.channelMicros() / 1000.0, r.radioBytes(), r.frames(),
                            PAPER.getOrDefault(key, "-"), goal == null ? "-" : (key.endsWith("modern.full") ? "< " : "<= ") + goal, z);
                }
            }
        }
        radioBytes(m, plain, compressed);
    }

    /**
     * The flights with the mote's template codec's cycles added to each (codec: per flight, as
     * the cycle file's codec line; null: the flights as they are).
     */
    static List<FlightReplay.Flight> withCodec(List<FlightReplay.Flight> flights, long[] codec) {
        if (codec == null) return flights;
        if (codec.length != flights.size()) throw new IllegalArgumentException(codec.length + " codec figures for " + flights.size() + " flights");
        List<FlightReplay.Flight> out = new ArrayList<>();
        for (int i = 0; i < codec.length; i++) {
            FlightReplay.Flight f = flights.get(i);
            out.add(new FlightReplay.Flight(f.client(), f.server(), f.cycles() + codec[i]));
        }
        return out;
    }

    /**
     * The legacy handshakes' radio bytes on the Mica2's radio (the papers' 534 and 251 before
     * compression), beside the goals: TLS 1.0's as issue 9's metrics (gateway.legacy.*), then
     * SSL 3.0's, the papers' protocol (gateway.legacy-ssl3.*).
     */
    private static void radioBytes(Metrics m, boolean plain, boolean compressed) {
        System.out.println("\n== Radio bytes per legacy handshake (Mica2, CC1000 frames), goals after compression");
        for (String profile : new String[] {"legacy", "legacy-ssl3"}) {
            for (String kind : new String[] {"full", "abbreviated"}) {
                String at = "gateway.mica2." + profile + "." + kind + "_handshake", to = "gateway." + profile + "." + kind + "_handshake";
                Double b = m.get(at + ".radio_bytes"), tls = m.get(at + ".tls_bytes");
                if (plain) m.add(to + ".radio_bytes", b, "bytes", b == null ? "not measured" : "uncompressed, " + tls.longValue() + " B of TLS records");
                Double z = m.get(at + ".compressed.radio_bytes"), zm = m.get(at + ".compressed.message_bytes");
                if (compressed) {
                    m.add(to + ".compressed.radio_bytes", z, "bytes",
                            z == null ? "not measured" : "on the air: frames with headers and CRCs, ACKs, READYs");
                    m.add(to + ".compressed.message_bytes", zm, "bytes",
                            zm == null ? "not measured" : "the link messages' bytes, as the papers count (goal <= " + GOAL_BYTES.get(kind) + ")");
                }
                System.out.printf("  %-11s %-12s %8s B on the air (%s B of TLS records); compressed: %s B on the air, %s B of messages;"
                        + " goal <= %d B of messages (papers, SSL 3.0: %s)%n", profile, kind, b == null ? "n/a" : String.valueOf(b.longValue()),
                        tls == null ? "n/a" : String.valueOf(tls.longValue()),
                        z == null ? (compressed ? "n/a" : "not run") : String.valueOf(z.longValue()),
                        zm == null ? "n/a" : String.valueOf(zm.longValue()), GOAL_BYTES.get(kind),
                        kind.equals("full") ? "534 -> 232" : "251 -> 204");
            }
        }
    }

    /**
     * The 1 KB page as one step: the transcript's first request record, the CPU interpolated
     * between the measured responses' sizes, one answer record of {@link #PAGE} bytes with the
     * suite's overhead (the stored answer's record length less its body); null without two sizes.
     */
    static List<FlightReplay.Flight> page(CycleFile.Profile p) {
        Map.Entry<Integer, FlightReplay.Flight> small = null, large = null;
        for (Map.Entry<Integer, FlightReplay.Flight> e : p.pages) {
            if (small == null || e.getKey() < small.getKey()) small = e;
            if (large == null || e.getKey() > large.getKey()) large = e;
        }
        if (small == null || small.getKey().equals(large.getKey())) return null;
        long c0 = small.getValue().cycles(), c1 = large.getValue().cycles();
        long cycles = c0 + (c1 - c0) * (PAGE - small.getKey()) / (large.getKey() - small.getKey());
        byte[] stored = large.getValue().server().get(0);
        int overhead = large.getValue().serverBytes() - large.getKey();
        byte[] record = new byte[PAGE + overhead];
        record[0] = 23;
        record[1] = stored[1];
        record[2] = stored[2];
        record[3] = (byte) ((record.length - 5) >> 8);
        record[4] = (byte) (record.length - 5);
        return List.of(new FlightReplay.Flight(List.of(large.getValue().client().get(0)), List.of(record), cycles));
    }

    /** The run's figures: printed as they come, written as a JSON list of {"metric", "value", "unit"[, "note"]}. */
    static final class Metrics {
        record Metric(String name, Double value, String unit, String note) {
        }

        final List<Metric> all = new ArrayList<>();

        void add(String name, Double value, String unit, String note) {
            all.add(new Metric(name, value, unit, note));
        }

        Double get(String name) {
            for (Metric x : all) {
                if (x.name().equals(name)) return x.value();
            }
            return null;
        }

        void write(Path file) throws IOException {
            StringBuilder out = new StringBuilder("[\n");
            for (int i = 0; i < all.size(); i++) {
                Metric x = all.get(i);
                String v = x.value() == null ? "null" : x.value() == Math.rint(x.value()) ? String.valueOf(x.value().longValue())
                        : String.format("%.3f", x.value());
                out.append("  {\"metric\": \"").append(x.name()).append("\", \"value\": ").append(v).append(", \"unit\": \"")
                        .append(x.unit()).append('"');
                if (x.note() != null) out.append(", \"note\": \"").append(x.note().replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
                out.append(i + 1 < all.size() ? "},\n" : "}\n");
            }
            Files.writeString(file, out.append("]\n"));
        }
    }
}
