package sizzle.bench;

import sizzle.testkit.JdkKeys;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import ksecurity.cert.CertificateBuilder;
import ksecurity.cert.PrivateKeys;
import ksecurity.cert.X509Certificate;
import ksecurity.security.KeyPair;
import ksecurity.security.RandomData;
import ksecurity.security.Signature;
import kssl.tls.CipherSuite;
import kssl.Connector;
import kssl.tls.Profile;
import kssl.tls.ProtocolVersion;
import kssl.tls.ServerIdentity;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import sizzle.desktop.DesktopServer;
import sizzle.desktop.DesktopSockets;
import sizzle.desktop.ServerIdentities;

/**
 * `./sizzle bench tls`: the Sizzle server (sizzle.desktop.DesktopServer, modern profile) against a
 * JSSE server (SunJSSE) and a bctls server (Bouncy Castle's JSSE provider over the BC crypto
 * provider) on loopback, same suite TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, same P-256
 * certificate and key. Each server runs in a JVM of its own ({@link BenchServer}, the same JVM
 * flags for the three: this JVM's), so that its CPU time is its own: read from the operating
 * system around every measured round. All three are driven by the same clients, in rounds taken
 * in turn (server by server within each round, so a load that comes and goes on a shared
 * machine falls on all three), after a warm-up of each; the median round is reported.
 * DESIGN.md §6: TCP_NODELAY on the servers, warm-up, median.
 *
 * <ul>
 * <li>full and abbreviated handshakes: driven by `openssl s_time` ({@link STime}: a new
 *     connection, handshake, one GET /status.json, close; -new or -reuse, checked on every
 *     connection). Three figures each: the end-to-end rate (bounded by the client, which also
 *     spends CPU on every handshake, on the same 2 cores); the server's CPU time per handshake
 *     (all of its JVM's threads, user + system: TLS, HTTP, sockets, GC and JIT); and the server's
 *     capacity, handshakes per second of server CPU, which is what one core of the server
 *     sustains whatever the client: the figure the goal is judged by;
 * <li>bulk: application bytes received per second by repeated GET / on one keep-alive
 *     connection (the thermostat serves nothing big), driven by a JSSE client in this JVM, and
 *     the server's capacity in kB per second of its CPU;
 * <li>handshake bytes: counted through a relay for one full and one abbreviated handshake,
 *     modern with the JSSE client and with the KSSL client, legacy (SSL 3.0,
 *     TLS_ECDH_ECDSA_WITH_RC4_128_SHA, secp160r1 certificate) with the KSSL client, beside the
 *     papers' 534 B and 251 B.
 * </ul>
 * Options: --json FILE, --quick (fewer, shorter rounds).
 */
public final class TlsBench {
    static final String SUITE = "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256";
    private static final List<String> SERVERS = BenchServer.KINDS;
    /** The warm-up of each server with full handshakes, in rounds (one fewer for abbreviated ones, which come after). */
    private static final int WARM_UP_ROUNDS = 3;

    private final int seconds;
    private final int rounds;
    private final KeyStore trust;

    private TlsBench(int seconds, int rounds, KeyStore trust) {
        this.seconds = seconds;
        this.rounds = rounds;
        this.trust = trust;
    }

    public static void main(String[] args) throws Exception {
        Path json = null;
        boolean quick = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--json" -> {
                    if (++i == args.length) fail("--json needs a file name");
                    json = Path.of(args[i]);
                }
                case "--quick" -> quick = true;
                default -> fail("unknown option " + args[i] + " (--json FILE, --quick)");
            }
        }
        // Session ids for every server: Sizzle issues no tickets, so neither may the peers.
        System.setProperty("jdk.tls.client.enableSessionTicketExtension", "false");

        Path dir = Files.createTempDirectory("sizzle-bench-tls");
        ServerIdentities.Loaded modern = ServerIdentities.generate(Profile.MODERN, dir.resolve("modern"));
        ServerIdentities.Loaded legacy = ServerIdentities.generate(Profile.LEGACY, dir.resolve("legacy"));
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", JdkKeys.certificate(modern.ca()));
        TlsBench bench = new TlsBench(quick ? 2 : 3, quick ? 3 : 5, trust);

        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        String classpath = System.getProperty("java.class.path");
        List<String> keyFiles = List.of(dir.resolve("modern/server-key.pem").toString(),
                dir.resolve("modern/server-cert.pem").toString());
        Map<String, BenchServer.Child> children = new LinkedHashMap<>();
        Table table = new Table(SERVERS);
        try {
            BenchServer.Child sizzle = new BenchServer.Child(flags, classpath, "sizzle", keyFiles);
            children.put("sizzle", sizzle);
            // The peers serve Sizzle's own pages, byte for byte.
            List<String> bodies = new ArrayList<>(keyFiles);
            Map<String, Integer> sizes = new LinkedHashMap<>();
            for (String path : new String[] {"/", "/status.json"}) {
                byte[] body = bench.fetch(sizzle.port(), path);
                Path file = dir.resolve("body" + sizes.size());
                Files.write(file, body);
                bodies.add(path + "=" + file);
                sizes.put(path, body.length);
            }
            for (String kind : SERVERS.subList(1, SERVERS.size())) {
                children.put(kind, new BenchServer.Child(flags, classpath, kind, bodies));
            }
            System.out.printf("TLS benchmark, loopback, %s; each server in its own JVM (flags: %s); warm-up, then %d rounds"
                    + " of %d s (median), servers in turn; bodies: / %d B, /status.json %d B; handshake driver: %s (s_time);"
                    + " Sizzle's EC kernel: %s%n", SUITE, flags.isEmpty() ? "none" : String.join(" ", flags), bench.rounds,
                    bench.seconds, sizes.get("/"), sizes.get("/status.json"), STime.version(),
                    ksecurity.math.Kernels.ec().getClass().getName());
            bench.handshakes(table, children, false);
            bench.handshakes(table, children, true);
            bench.bulk(table, children);
        } finally {
            for (BenchServer.Child c : children.values()) {
                c.close();
            }
        }
        table.print("end-to-end rates (e2e, bounded by the client), the server's CPU time per operation, and the server's"
                + " capacity (per second of server CPU)");
        ratios(table);
        wireBytes(table, bench, modern, legacy, dir.resolve("legacy/server-key.pem"));
        if (json != null) {
            table.writeJson(json);
            System.out.println("wrote " + json);
        }
    }

    private static void fail(String message) {
        System.err.println("bench tls: " + message);
        System.exit(2);
    }

    private static void ratios(Table table) {
        System.out.println("ratios");
        for (String row : new String[] {"tls.modern.full_handshakes_per_server_cpu_s",
                "tls.modern.abbreviated_handshakes_per_server_cpu_s", "tls.modern.bulk_kb_per_server_cpu_s",
                "tls.modern.full_handshakes_per_s", "tls.modern.abbreviated_handshakes_per_s", "tls.modern.bulk_kb_per_s"}) {
            double s = table.get(row, "sizzle");
            double j = table.get(row, "jsse");
            double b = table.get(row, "bctls");
            System.out.printf("  %-50s sizzle/jsse %.2f  sizzle/bctls %.2f%n", row, s / j, s / b);
            table.metric(row + "_ratio.sizzle_over_jsse", Math.round(s / j * 100) / 100.0, "x");
            table.metric(row + "_ratio.sizzle_over_bctls", Math.round(s / b * 100) / 100.0, "x");
        }
        String capacity = "tls.modern.full_handshakes_per_server_cpu_s";
        double full = table.get(capacity, "sizzle");
        System.out.printf("  goal, judged by full handshakes per second of server CPU (one core's capacity): sizzle >= jsse: %s;"
                + " sizzle >= 2x bctls: %s%n",
                full >= table.get(capacity, "jsse") ? "met" : "NOT met",
                full >= 2 * table.get(capacity, "bctls") ? "met" : "NOT met");
        String e2e = "tls.modern.full_handshakes_per_s";
        double f = table.get(e2e, "sizzle");
        System.out.printf("  (the same on the end-to-end rate with s_time, which the client bounds: sizzle >= jsse: %s;"
                + " sizzle >= 2x bctls: %s)%n",
                f >= table.get(e2e, "jsse") ? "yes" : "no", f >= 2 * table.get(e2e, "bctls") ? "yes" : "no");
    }

    /** s_time rounds against each server in turn: full ({@code reuse} false) or abbreviated handshakes. */
    private void handshakes(Table table, Map<String, BenchServer.Child> children, boolean reuse) throws Exception {
        String what = reuse ? "abbreviated" : "full";
        for (BenchServer.Child c : children.values()) {
            // Warm-up: a JVM server's CPU time per handshake settles only after some thousands
            // of connections (the JIT compiles for seconds: measured on Sizzle, 800, 480, 250
            // then 235 us per resumed handshake in consecutive 3 s rounds).
            STime.run(c.port(), reuse, (reuse ? WARM_UP_ROUNDS - 1 : WARM_UP_ROUNDS) * seconds);   // full ones came first
        }
        Map<String, double[]> rates = new LinkedHashMap<>();
        Map<String, double[]> cpu = new LinkedHashMap<>();
        for (String kind : children.keySet()) {
            rates.put(kind, new double[rounds]);
            cpu.put(kind, new double[rounds]);
        }
        for (int i = 0; i < rounds; i++) {
            for (BenchServer.Child c : children.values()) {
                long before = c.cpuNanos();
                STime.Round r = STime.run(c.port(), reuse, seconds);
                long used = c.cpuNanos() - before;
                long expected = reuse ? r.connections() : 0;
                if (r.resumed() != expected) {
                    throw new IllegalStateException("the " + c.kind + " server resumed " + r.resumed() + " of "
                            + r.connections() + " sessions in s_time " + (reuse ? "-reuse" : "-new"));
                }
                rates.get(c.kind)[i] = r.connections() / r.seconds();
                cpu.get(c.kind)[i] = (double) used / r.connections();
            }
        }
        for (String kind : children.keySet()) {
            double ns = median(cpu.get(kind));
            table.put("tls.modern." + what + "_handshakes_per_s", kind, median(rates.get(kind)), "1/s");
            table.put("tls.modern.server_cpu_us_per_" + what, kind, ns / 1e3, "us");
            table.put("tls.modern." + what + "_handshakes_per_server_cpu_s", kind, 1e9 / ns, "1/s");
        }
    }

    /** Bulk rounds with the JSSE client of this JVM, against each server in turn. */
    private void bulk(Table table, Map<String, BenchServer.Child> children) throws Exception {
        Map<String, Op> ops = new LinkedHashMap<>();
        for (BenchServer.Child c : children.values()) {
            ops.put(c.kind, bulk(c.port()));
            round(ops.get(c.kind), c, seconds);   // warm-up, the client's JIT too
        }
        Map<String, double[]> rates = new LinkedHashMap<>();
        Map<String, double[]> cpu = new LinkedHashMap<>();
        for (int i = 0; i < rounds; i++) {
            for (BenchServer.Child c : children.values()) {
                double[] r = round(ops.get(c.kind), c, seconds / 2.0);
                rates.computeIfAbsent(c.kind, k -> new double[rounds])[i] = r[0];
                cpu.computeIfAbsent(c.kind, k -> new double[rounds])[i] = r[1];
            }
        }
        for (String kind : children.keySet()) {
            double rate = median(rates.get(kind));
            table.put("tls.modern.bulk_kb_per_s", kind, rate / 1e3, "kB/s");
            table.put("tls.modern.bulk_kb_per_server_cpu_s", kind, 1e6 / median(cpu.get(kind)), "kB/s");
            table.metric("tls.modern.bulk_mb_per_s." + kind, rate / 1e6, "MB/s");
        }
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }

    /** One timed operation: returns how many units it did (bytes). */
    private interface Op {
        long run() throws Exception;
    }

    /** Runs op for about {@code seconds}: units per wall-clock second, and the server's CPU ns per unit. */
    private static double[] round(Op op, BenchServer.Child server, double seconds) throws Exception {
        long budget = (long) (seconds * 1e9);
        long start = System.nanoTime();
        long cpu = server.cpuNanos();
        long units = 0;
        long elapsed;
        do {
            units += op.run();
            elapsed = System.nanoTime() - start;
        } while (elapsed < budget);
        return new double[] {units / (elapsed / 1e9), (double) (server.cpuNanos() - cpu) / units};
    }

    private SSLContext clientContext() throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trust);
        SSLContext c = SSLContext.getInstance("TLS", "SunJSSE");
        c.init(null, tmf.getTrustManagers(), null);
        return c;
    }

    private static SSLSocket connect(SSLContext context, int port) throws Exception {
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
        s.setTcpNoDelay(true);
        s.setSoTimeout(10_000);
        SSLParameters p = s.getSSLParameters();
        p.setProtocols(new String[] {"TLSv1.2"});
        p.setCipherSuites(new String[] {SUITE});
        s.setSSLParameters(p);
        s.startHandshake();
        return s;
    }

    private byte[] fetch(int port, String path) throws Exception {
        try (SSLSocket s = connect(clientContext(), port)) {
            return HttpResponse.get(s.getInputStream(), s.getOutputStream(), path, true).body();
        }
    }

    /** Bytes of application data received: GET / again and again on one connection. */
    private Op bulk(int port) throws Exception {
        SSLContext context = clientContext();
        SSLSocket[] socket = {connect(context, port)};
        return () -> {
            HttpResponse r = HttpResponse.get(socket[0].getInputStream(), socket[0].getOutputStream(), "/", false);
            if (!r.keepAlive()) {
                socket[0].close();
                socket[0] = connect(context, port);
            }
            return r.bytes();
        };
    }

    /** Bytes on the wire of one full and one abbreviated handshake, both directions, through a counting relay. */
    private static void wireBytes(Table table, TlsBench bench, ServerIdentities.Loaded modern, ServerIdentities.Loaded legacy,
            Path legacyKey) throws Exception {
        System.out.println("bytes on the wire per handshake (TLS records both ways, up to the last Finished)");
        System.out.printf("  %-56s %8s %12s%n", "", "full", "abbreviated");
        DesktopServer modernServer = new DesktopServer(Profile.MODERN, modern.identities(), "hunter2", false, line -> { });
        DesktopServer legacyServer = new DesktopServer(Profile.LEGACY, legacy.identities(), "hunter2", false, line -> { });
        // The papers' server sent its certificate alone; ServerIdentities chains the CA too.
        ServerIdentity leafOnly = new ServerIdentity(new X509Certificate[] {legacy.leaf()},
                PrivateKeys.readPrivateKey(Files.readAllBytes(legacyKey)));
        DesktopServer legacyLeafServer = new DesktopServer(Profile.LEGACY, List.of(leafOnly), "hunter2", false, line -> { });
        ServerIdentity device = paperDeviceIdentity();
        DesktopServer deviceServer = new DesktopServer(Profile.LEGACY, List.of(device), "hunter2", false, line -> { });
        try (CountingRelay m = new CountingRelay(modernServer.start(0)); CountingRelay l = new CountingRelay(legacyServer.start(0));
             CountingRelay l1 = new CountingRelay(legacyLeafServer.start(0));
             CountingRelay l2 = new CountingRelay(deviceServer.start(0))) {
            SSLContext jsse = bench.clientContext();
            long[] a = {jsseHandshakeBytes(jsse, m, false), jsseHandshakeBytes(jsse, m, true)};
            print(table, "tls.modern.handshake_bytes_jsse_client", "modern " + SUITE + ", JSSE client", a);
            TlsConfig modernClient = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                    .setTrustStore(trustStore(modern.ca())).setVersions(ProtocolVersion.TLS12, ProtocolVersion.TLS12)
                    .setCipherSuites(new int[] {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256});
            long[] b = {ksslHandshakeBytes(modernClient, m, false), ksslHandshakeBytes(modernClient, m, true)};
            print(table, "tls.modern.handshake_bytes_kssl_client", "modern " + SUITE + ", KSSL client", b);
            TlsConfig legacyClient = TlsConfig.client(Profile.LEGACY, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                    .setTrustStore(trustStore(legacy.ca())).setVersions(ProtocolVersion.SSL30, ProtocolVersion.SSL30)
                    .setCipherSuites(new int[] {CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA});
            long[] c = {ksslHandshakeBytes(legacyClient, l, false), ksslHandshakeBytes(legacyClient, l, true)};
            print(table, "tls.legacy.handshake_bytes_kssl_client", "legacy SSLv3 ECDH-ECDSA-RC4-SHA, KSSL client", c);
            long[] d = {ksslHandshakeBytes(legacyClient, l1, false), ksslHandshakeBytes(legacyClient, l1, true)};
            print(table, "tls.legacy.handshake_bytes_kssl_client_leaf_only", "  same, the server sends its certificate alone", d);
            // The device certificate names no host: the client pins it instead, as KSSL's callback allows.
            byte[] pinned = device.getChain()[0].getEncoded();
            TlsConfig deviceClient = TlsConfig.client(Profile.LEGACY, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                    .setTrustStore(trustStore(legacy.ca())).setVersions(ProtocolVersion.SSL30, ProtocolVersion.SSL30)
                    .setCipherSuites(new int[] {CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA})
                    .setCertificateCallback((host, chain, problem) -> Arrays.equals(pinned, chain[0].getEncoded()));
            long[] e = {ksslHandshakeBytes(deviceClient, l2, false), ksslHandshakeBytes(deviceClient, l2, true)};
            print(table, "tls.legacy.handshake_bytes_kssl_client_device_certificate",
                    "  same, a device certificate like the papers' (" + pinned.length + " B)", e);
            System.out.printf("  %-56s %8d %12d%n", "papers (legacy suite)", 534, 251);
        } finally {
            modernServer.stop();
            legacyServer.stop();
            legacyLeafServer.stop();
            deviceServer.stop();
        }
    }

    /**
     * The papers' kind of server identity (their ECC certificate: 222 B): a secp160r1 key in a
     * certificate signed with ecdsa-with-SHA1 by a secp160r1 CA, no extensions, sent alone.
     */
    private static ServerIdentity paperDeviceIdentity() throws Exception {
        long now = System.currentTimeMillis();
        long year = 365L * 24 * 3600 * 1000;
        KeyPair ca = new KeyPair(KeyPair.ALG_EC_FP, (short) 160);
        ca.genKeyPair();
        KeyPair dev = new KeyPair(KeyPair.ALG_EC_FP, (short) 160);
        dev.genKeyPair();
        X509Certificate caCert = CertificateBuilder.selfSignedCa("CA", ca.getPublic(), now - year, now + year, 0)
                .setSignatureAlgorithm(Signature.ALG_ECDSA_SHA).sign(ca.getPrivate());
        X509Certificate devCert = CertificateBuilder.device(caCert, "dev1", dev.getPublic(), now - year, now + year)
                .setSerialNumber(2).setSignatureAlgorithm(Signature.ALG_ECDSA_SHA).sign(ca.getPrivate());
        return new ServerIdentity(new X509Certificate[] {devCert}, dev.getPrivate());
    }

    private static void print(Table table, String metric, String label, long[] bytes) {
        System.out.printf("  %-56s %8d %12d%n", label, bytes[0], bytes[1]);
        table.metric(metric + ".full", bytes[0], "B");
        table.metric(metric + ".abbreviated", bytes[1], "B");
    }

    private static ksecurity.cert.KeyStore trustStore(X509Certificate ca) {
        ksecurity.cert.KeyStore ks = new ksecurity.cert.KeyStore();
        ks.setCertificateEntry("ca", ca);
        return ks;
    }

    /** The first call on a fresh context makes a full handshake, the second resumes it (checked by the session's creation time). */
    private static long jsseHandshakeBytes(SSLContext context, CountingRelay relay, boolean resume) throws Exception {
        settled(relay);   // the previous connection's closing alerts are not this handshake's
        relay.reset();
        long start = System.currentTimeMillis();
        try (SSLSocket s = connect(context, relay.port())) {
            if ((s.getSession().getCreationTime() < start) != resume) {
                throw new IllegalStateException("the JSSE client " + (resume ? "did not resume" : "resumed unexpectedly"));
            }
            return settled(relay);
        }
    }

    private static long ksslHandshakeBytes(TlsConfig config, CountingRelay relay, boolean resume) throws Exception {
        settled(relay);   // the previous connection's closing alerts are not this handshake's
        relay.reset();
        TlsConnection c = Connector.openSecure("127.0.0.1", relay.port(), config, new DesktopSockets(10_000));
        try {
            c.handshake();
            if (c.isResumed() != resume) {
                throw new IllegalStateException("the KSSL client " + (resume ? "did not resume" : "resumed unexpectedly"));
            }
            return settled(relay);
        } finally {
            c.close();
        }
    }

    /** The relay's count once the last handshake flight has passed through it. */
    private static long settled(CountingRelay relay) throws InterruptedException {
        long before;
        do {
            before = relay.toServer.get() + relay.toClient.get();
            Thread.sleep(100);
        } while (relay.toServer.get() + relay.toClient.get() != before);
        return before;
    }
}
