package sizzle.bench;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import ksecurity.cert.KeyStore;
import ksecurity.security.RandomData;
import kssl.Connector;
import kssl.HttpsClientConnection;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import sizzle.desktop.DesktopSockets;
import sizzle.desktop.ServerIdentities;
import sizzle.gateway.bridge.JavaMoteServer;
import sizzle.gateway.bridge.RadioBridge;
import sizzle.gateway.front.AccessRule;
import sizzle.gateway.front.Device;
import sizzle.gateway.front.GatewayFront;
import sizzle.gateway.radio.ChannelModel;
import sizzle.gateway.radio.RadioMedium;
import sizzle.gateway.radio.RealTimeRadio;
import sizzle.gateway.radio.Simulator;
import sizzle.link.LinkConfig;

/**
 * The gateway's capacity, measured by load: N Java motes (the Java Sizzle server in a mote's
 * one-connection mode, modern profile) on one simulated CC2420 medium run in real time, behind
 * the bridge and the shared port; N KSSL clients at once, one per device by name, each a full
 * handshake and GET / (the thermostat page). N doubles from 1 until a round fails the
 * criterion: every client gets its page, and the slowest takes at most {@link #BOUND_MS} of
 * the radio's simulated clock from its connect (the wait for the device's next poll included).
 * The capacity is the last N that passed: devices, and connections open at once through the
 * gateway. The Java motes' CPU is this machine's (their handshakes compete with the clients'
 * for its cores), so the figure bounds the gateway's share from below.
 *
 * <p>CPU per forwarded kilobyte, from ThreadMXBean: the front door's connection threads
 * (accept, route by name, copy) per kilobyte they forwarded both ways; and the radio's thread,
 * which runs the gateway's link peers and bridge but also the simulated medium and the Java
 * motes' link ends (an upper bound for the gateway's link work). Reported, never asserted.
 */
final class GatewayLoad {
    static final int BOUND_MS = 5000;
    static final String DOMAIN = ".load.sizzle.test";

    record Round(int devices, int ok, long slowestMs, long medianMs, long frontCpuNs, long radioCpuNs, long bytes) {
        boolean passed() {
            return ok == devices && slowestMs <= BOUND_MS;
        }
    }

    static void run(GatewayBench.Metrics m, boolean quick) throws Exception {
        int max = quick ? 2 : 128;
        System.out.println("\n== Gateway capacity: N Java motes on one simulated CC2420 medium (real time), N KSSL clients at once"
                + " through the shared port, each a full modern handshake and GET /; passes if every page comes within "
                + BOUND_MS + " ms of the simulated clock" + (quick ? " (--quick: up to 2)" : ""));
        System.out.printf("%8s %6s %12s %11s %16s %16s %12s%n", "devices", "pages", "slowest ms", "median ms", "front cpu us/KB",
                "radio cpu us/KB", "forwarded B");
        Path dir = Files.createTempDirectory("sizzle-gateway-load");
        String[] names = new String[max];
        for (int i = 0; i < max; i++) names[i] = "mote-" + (i + 1) + DOMAIN;
        ServerIdentities.Loaded ids = ServerIdentities.generate(Profile.MODERN, dir, names);
        KeyStore trust = new KeyStore();
        trust.loadCertificates(Files.readAllBytes(dir.resolve("ca.pem")));
        Round best = null, failed = null;
        for (int n = 1; n <= max; n *= 2) {
            Round r = round(n, ids, trust, names);
            System.out.printf("%8d %6d %12d %11d %16.1f %16.1f %12d%s%n", r.devices(), r.ok(), r.slowestMs(), r.medianMs(),
                    perKb(r.frontCpuNs(), r.bytes()), perKb(r.radioCpuNs(), r.bytes()), r.bytes(), r.passed() ? "" : "  <- fails");
            if (!r.passed()) {
                failed = r;
                break;
            }
            best = r;
        }
        String criterion = "every one of N concurrent clients (one per device) gets its page within " + BOUND_MS
                + " ms simulated; " + (failed == null ? "no round failed up to " + max : "failed at " + failed.devices() + " ("
                + failed.ok() + " pages, slowest " + failed.slowestMs() + " ms)");
        int cap = best == null ? 0 : best.devices();
        m.add("gateway.capacity.devices", (double) cap, "devices", criterion);
        m.add("gateway.capacity.connections", (double) cap, "connections", "open at once through the gateway at that load");
        Round at = best != null ? best : failed;
        m.add("gateway.capacity.slowest_page_ms", (double) at.slowestMs(), "ms", "at " + at.devices() + " devices");
        m.add("gateway.cpu_per_forwarded_kb.front_us", perKb(at.frontCpuNs(), at.bytes()), "us/KB",
                "front door threads, ThreadMXBean, at " + at.devices() + " devices");
        m.add("gateway.cpu_per_forwarded_kb.radio_us", perKb(at.radioCpuNs(), at.bytes()), "us/KB",
                "radio thread: gateway peers and bridge plus the medium and the Java motes' link ends (upper bound)");
        System.out.println("capacity: " + cap + " devices, " + cap + " concurrent connections (" + criterion + ")");
    }

    private static double perKb(long ns, long bytes) {
        return bytes == 0 ? 0 : Math.round(ns / 1000.0 / (bytes / 1024.0) * 10) / 10.0;
    }

    /** One round with {@code n} devices and clients. */
    private static Round round(int n, ServerIdentities.Loaded ids, KeyStore trust, String[] names) throws Exception {
        List<AutoCloseable> open = new ArrayList<>();
        Simulator sim = new Simulator();
        RadioMedium medium = new RadioMedium(sim, ChannelModel.cc2420(), n);
        RealTimeRadio radio = new RealTimeRadio(sim, line -> { });
        try {
            RadioBridge bridge = new RadioBridge(medium, LinkConfig.cc2420(), 1, radio);
            List<Device> devices = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                LinkConfig cfg = LinkConfig.cc2420().at(i, 0);
                cfg.name = names[i - 1].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                // the motes' polls spread over the period, as independent motes' clocks would be
                open.add(new JavaMoteServer(medium, cfg, radio, Profile.MODERN, ids.identities(), "load", line -> { },
                        (long) (i - 1) * cfg.pollPeriodMs / n));
                devices.add(new Device(names[i - 1], "Java mote", bridge.backend(i), AccessRule.LOOPBACK, 1));
            }
            open.add(radio.start());
            GatewayFront front = GatewayFront.shared(devices, 0, AccessRule.LOOPBACK, line -> { });
            open.add(front);
            for (Device d : devices) { // every device heard once: on the list
                for (int t = 0; t < 100 && d.linkState() == null; t++) Thread.sleep(50);
            }
            long radioBefore = radio.cpuNanos();
            long[] frontBefore = front.cpuAndBytes();
            Map<String, String> pinned = new HashMap<>();
            for (int i = 0; i < n; i++) pinned.put(names[i], "127.0.0.1");
            DesktopSockets sockets = new DesktopSockets(60_000, pinned);
            TlsConfig config = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)).setTrustStore(trust);
            long[] took = new long[n];
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int k = i;
                Thread t = new Thread(() -> {
                    try {
                        go.await();
                        long start = simNow(radio);
                        HttpsClientConnection c = Connector.openHttps("https://" + names[k] + ":" + front.port() + "/", config, sockets);
                        try (InputStream body = c.openInputStream()) {
                            if (c.getResponseCode() == 200 && body.readAllBytes().length > 0) took[k] = simNow(radio) - start;
                        } finally {
                            c.close();
                        }
                    } catch (Exception e) {
                        took[k] = -1;
                    }
                }, "load client " + k);
                clients.add(t);
                t.start();
            }
            go.countDown();
            for (Thread t : clients) t.join(120_000);
            Thread.sleep(200); // the front's threads end after their clients: their CPU is added then
            long[] frontAfter = front.cpuAndBytes();
            long radioCpu = radio.cpuNanos() - radioBefore;
            long[] ok = java.util.Arrays.stream(took).filter(x -> x > 0).sorted().toArray();
            return new Round(n, ok.length, ok.length == 0 ? 0 : ok[ok.length - 1] / 1000, ok.length == 0 ? 0 : ok[ok.length / 2] / 1000,
                    frontAfter[0] - frontBefore[0], radioCpu, frontAfter[1] - frontBefore[1]);
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
        }
    }

    /** The radio's simulated clock (µs), read on its thread. */
    private static long simNow(RealTimeRadio radio) throws Exception {
        CompletableFuture<Long> f = new CompletableFuture<>();
        radio.execute(() -> f.complete(radio.simulator().nowUs()));
        return f.get(10, TimeUnit.SECONDS);
    }
}
