package sizzle.bench;

import sizzle.testkit.JdkKeys;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import ksecurity.cert.PrivateKeys;
import ksecurity.cert.X509Certificate;
import ksecurity.security.RandomData;
import kssl.CipherSuite;
import kssl.Connector;
import kssl.Profile;
import kssl.ProtocolVersion;
import kssl.ServerIdentity;
import kssl.TlsConfig;
import kssl.TlsConnection;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.jsse.provider.BouncyCastleJsseProvider;
import sizzle.tools.DesktopServer;
import sizzle.tools.DesktopSockets;
import sizzle.tools.ServerIdentities;

/**
 * `./sizzle bench tls`: the Sizzle server (sizzle.tools.DesktopServer, modern profile) against a
 * JSSE server (SunJSSE) and a bctls server (Bouncy Castle's JSSE provider over the BC crypto
 * provider), all in this JVM on loopback, same suite TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, same
 * P-256 certificate and key, all driven by the same JSSE client (TLS 1.2, that suite only).
 * DESIGN.md §6: TCP_NODELAY everywhere, a warm-up round, the median of several rounds.
 *
 * <ul>
 * <li>full handshakes/s: a new connection, handshake, GET /status.json, close; the client's
 *     session is invalidated after each, so the next handshake is full;
 * <li>abbreviated handshakes/s: the same, resuming one session (session ids; tickets are off on
 *     both ends, as Sizzle issues none), checked on every connection;
 * <li>bulk MB/s: application bytes received per second by repeated GET / on one keep-alive
 *     connection (the thermostat serves nothing big), a resumed reconnection when the server
 *     closes it;
 * <li>server CPU per operation: the JVM's process CPU time minus the client thread's CPU time,
 *     over the same rounds (so it includes the JIT and GC, small once warmed up);
 * <li>handshake bytes: counted through a relay for one full and one abbreviated handshake,
 *     modern with this client and with the KSSL client, legacy (SSL 3.0,
 *     TLS_ECDH_ECDSA_WITH_RC4_128_SHA, secp160r1 certificate) with the KSSL client, beside the
 *     papers' 534 B and 251 B.
 * </ul>
 * Options: --json FILE, --quick (shorter rounds).
 */
public final class TlsBench {
    static final String SUITE = "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256";
    private static final String[] SERVERS = {"sizzle", "jsse", "bctls"};
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** Held so the level sticks: BCJSSE logs every connection at INFO, which would cost its server CPU time. */
    private static final java.util.logging.Logger BC_LOG = java.util.logging.Logger.getLogger("org.bouncycastle.jsse");

    private final double seconds;
    private final int rounds;
    private final KeyStore trust;

    private TlsBench(double seconds, int rounds, KeyStore trust) {
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
        BC_LOG.setLevel(java.util.logging.Level.WARNING);
        // Session ids for every server: Sizzle issues no tickets, so neither may the peers.
        System.setProperty("jdk.tls.client.enableSessionTicketExtension", "false");
        System.setProperty("jdk.tls.server.enableSessionTicketExtension", "false");
        System.setProperty("org.bouncycastle.jsse.client.enableSessionTicketExtension", "false");
        System.setProperty("org.bouncycastle.jsse.server.enableSessionTicketExtension", "false");

        Path dir = Files.createTempDirectory("sizzle-bench-tls");
        ServerIdentities.Loaded modern = ServerIdentities.generate(Profile.MODERN, dir.resolve("modern"));
        ServerIdentities.Loaded legacy = ServerIdentities.generate(Profile.LEGACY, dir.resolve("legacy"));
        KeyStore keys = jdkKeyStore(modern, dir.resolve("modern/server-key.pem"));
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", JdkKeys.certificate(modern.ca()));
        TlsBench bench = new TlsBench(quick ? 1.0 : 2.0, quick ? 3 : 5, trust);

        DesktopServer sizzle = new DesktopServer(Profile.MODERN, modern.identities(), "hunter2", false, line -> { });
        int sizzlePort = sizzle.start(0);
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        for (String path : new String[] {"/", "/status.json"}) {
            bodies.put(path, bench.fetch(sizzlePort, path));
        }
        Provider bc = new BouncyCastleProvider();
        SSLContext jsseContext = serverContext(keys, null);
        SSLContext bcContext = serverContext(keys, new BouncyCastleJsseProvider(bc));
        Table table = new Table(List.of(SERVERS));
        System.out.printf("TLS benchmark, loopback, %s, %s rounds of %.0f s (median), bodies: / %d B, /status.json %d B;"
                + " Sizzle's EC kernel: %s%n", SUITE, bench.rounds, bench.seconds, bodies.get("/").length,
                bodies.get("/status.json").length, ksecurity.math.Kernels.ec().getClass().getName());
        try (JdkTlsServer jsse = new JdkTlsServer(jsseContext, SUITE, bodies);
             JdkTlsServer bctls = new JdkTlsServer(bcContext, SUITE, bodies)) {
            int[] ports = {sizzlePort, jsse.port(), bctls.port()};
            for (int i = 0; i < SERVERS.length; i++) {
                Measured full = bench.measure(bench.fullHandshakes(ports[i]));
                Measured abbreviated = bench.measure(bench.abbreviatedHandshakes(ports[i]));
                Measured bulk = bench.measure(bench.bulk(ports[i]));
                table.put("tls.modern.full_handshakes_per_s", SERVERS[i], full.rate, "1/s");
                table.put("tls.modern.abbreviated_handshakes_per_s", SERVERS[i], abbreviated.rate, "1/s");
                table.put("tls.modern.bulk_kb_per_s", SERVERS[i], bulk.rate / 1e3, "kB/s");
                table.put("tls.modern.server_cpu_us_per_full", SERVERS[i], full.serverCpuNs / 1e3, "us");
                table.put("tls.modern.server_cpu_us_per_abbreviated", SERVERS[i], abbreviated.serverCpuNs / 1e3, "us");
                table.metric("tls.modern.bulk_mb_per_s." + SERVERS[i], bulk.rate / 1e6, "MB/s");
            }
        } finally {
            sizzle.stop();
        }
        table.print("end-to-end rates (one client thread) and the server's CPU time per operation; bulk in kB/s of application data");
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
        for (String row : new String[] {"tls.modern.full_handshakes_per_s", "tls.modern.abbreviated_handshakes_per_s",
                "tls.modern.bulk_kb_per_s"}) {
            double s = table.get(row, "sizzle");
            double j = table.get(row, "jsse");
            double b = table.get(row, "bctls");
            System.out.printf("  %-42s sizzle/jsse %.2f  sizzle/bctls %.2f%n", row, s / j, s / b);
            table.metric(row.replace("_per_s", "") + "_ratio.sizzle_over_jsse", Math.round(s / j * 100) / 100.0, "x");
            table.metric(row.replace("_per_s", "") + "_ratio.sizzle_over_bctls", Math.round(s / b * 100) / 100.0, "x");
        }
        for (String row : new String[] {"tls.modern.server_cpu_us_per_full", "tls.modern.server_cpu_us_per_abbreviated"}) {
            double s = table.get(row, "sizzle");
            System.out.printf("  %-42s jsse/sizzle %.2f  bctls/sizzle %.2f (server CPU: >1 means Sizzle uses less)%n",
                    row, table.get(row, "jsse") / s, table.get(row, "bctls") / s);
        }
        double full = table.get("tls.modern.full_handshakes_per_s", "sizzle");
        System.out.printf("  goal (full handshakes/s): sizzle >= jsse: %s; sizzle >= 2x bctls: %s%n",
                full >= table.get("tls.modern.full_handshakes_per_s", "jsse") ? "met" : "NOT met",
                full >= 2 * table.get("tls.modern.full_handshakes_per_s", "bctls") ? "met" : "NOT met");
    }

    /** One timed operation: returns how many units it did (handshakes, or bytes). */
    private interface Op {
        long run() throws Exception;
    }

    private record Measured(double rate, double serverCpuNs) {
    }

    /** Warm-up, then the median round: units per wall-clock second, and server CPU ns per unit. */
    private Measured measure(Op op) throws Exception {
        round(op, seconds / 2);
        Measured[] r = new Measured[rounds];
        for (int i = 0; i < rounds; i++) {
            r[i] = round(op, seconds);
        }
        Arrays.sort(r, (a, b) -> Double.compare(a.rate, b.rate));
        return r[rounds / 2];
    }

    private static Measured round(Op op, double seconds) throws Exception {
        long budget = (long) (seconds * 1e9);
        long start = System.nanoTime();
        long process = OS.getProcessCpuTime();
        long client = THREADS.getCurrentThreadCpuTime();
        long units = 0;
        long ops = 0;
        long elapsed;
        do {
            units += op.run();
            ops++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < budget);
        long server = OS.getProcessCpuTime() - process - (THREADS.getCurrentThreadCpuTime() - client);
        return new Measured(units / (elapsed / 1e9), (double) server / ops);
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

    private Op fullHandshakes(int port) throws Exception {
        SSLContext context = clientContext();
        return () -> {
            try (SSLSocket s = connect(context, port)) {
                HttpResponse.get(s.getInputStream(), s.getOutputStream(), "/status.json", true);
                s.getSession().invalidate();   // the next connection cannot resume: a full handshake
            }
            return 1;
        };
    }

    private Op abbreviatedHandshakes(int port) throws Exception {
        SSLContext context = clientContext();
        byte[] id;
        try (SSLSocket s = connect(context, port)) {
            HttpResponse.get(s.getInputStream(), s.getOutputStream(), "/status.json", true);
            id = s.getSession().getId();
        }
        return () -> {
            try (SSLSocket s = connect(context, port)) {
                if (!Arrays.equals(id, s.getSession().getId())) {
                    throw new IllegalStateException("the server on port " + port + " did not resume the session");
                }
                HttpResponse.get(s.getInputStream(), s.getOutputStream(), "/status.json", true);
            }
            return 1;
        };
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

    private static SSLContext serverContext(KeyStore keys, Provider jsse) throws Exception {
        KeyManagerFactory kmf = jsse == null ? KeyManagerFactory.getInstance("PKIX") : KeyManagerFactory.getInstance("PKIX", jsse);
        kmf.init(keys, "bench".toCharArray());
        SSLContext c = jsse == null ? SSLContext.getInstance("TLS", "SunJSSE") : SSLContext.getInstance("TLS", jsse);
        c.init(kmf.getKeyManagers(), null, null);
        return c;
    }

    /** The Sizzle server's P-256 key and chain as a JDK key store, for the JSSE and bctls servers. */
    private static KeyStore jdkKeyStore(ServerIdentities.Loaded ids, Path keyPem) throws Exception {
        byte[] pkcs8 = PrivateKeys.encodePkcs8(PrivateKeys.readPrivateKey(Files.readAllBytes(keyPem)), null);
        return JdkKeys.keyStore(pkcs8, "EC", ids.identities().get(0).getChain(), "bench".toCharArray(), null);
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
        try (CountingRelay m = new CountingRelay(modernServer.start(0)); CountingRelay l = new CountingRelay(legacyServer.start(0));
             CountingRelay l1 = new CountingRelay(legacyLeafServer.start(0))) {
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
            System.out.printf("  %-56s %8d %12d%n", "papers (legacy suite)", 534, 251);
        } finally {
            modernServer.stop();
            legacyServer.stop();
            legacyLeafServer.stop();
        }
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
