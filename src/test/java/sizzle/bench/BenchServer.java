package sizzle.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import ksecurity.cert.PrivateKeys;
import kssl.tls.Profile;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.jsse.provider.BouncyCastleJsseProvider;
import sizzle.testkit.JdkKeys;
import sizzle.desktop.DesktopServer;
import sizzle.desktop.ServerIdentities;

/**
 * One server of the TLS benchmark in a JVM of its own, so that its CPU time can be read apart
 * from the client's: {@code BenchServer sizzle|jsse|bctls KEY.pem CERT.pem [PATH=FILE]...}.
 * sizzle: the Sizzle server (sizzle.desktop.DesktopServer, modern profile, multi-connection mode,
 * no log); jsse and bctls: {@link JdkTlsServer} over SunJSSE or Bouncy Castle's JSSE provider,
 * serving the files given for each path (the bodies Sizzle serves). Prints "port N" once
 * listening on loopback, serves until its standard input ends (the benchmark closing it, or
 * dying), then exits.
 */
public final class BenchServer {
    static final List<String> KINDS = List.of("sizzle", "jsse", "bctls");

    /**
     * Held so the level sticks: BCJSSE logs every connection at INFO, which would cost its server
     * CPU time, and warns about each JDK disabled-algorithm entry it does not know.
     */
    private static final java.util.logging.Logger BC_LOG = java.util.logging.Logger.getLogger("org.bouncycastle.jsse");

    private BenchServer() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3 || !KINDS.contains(args[0])) {
            System.err.println("usage: BenchServer sizzle|jsse|bctls KEY.pem CERT.pem [PATH=FILE]...");
            System.exit(2);
        }
        // Session ids for every server: Sizzle issues no tickets, so neither may the peers.
        System.setProperty("jdk.tls.server.enableSessionTicketExtension", "false");
        System.setProperty("org.bouncycastle.jsse.server.enableSessionTicketExtension", "false");
        BC_LOG.setLevel(java.util.logging.Level.SEVERE);
        Path key = Path.of(args[1]);
        ServerIdentities.Loaded ids = ServerIdentities.load(key, Path.of(args[2]));
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        for (int i = 3; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            bodies.put(args[i].substring(0, eq), Files.readAllBytes(Path.of(args[i].substring(eq + 1))));
        }
        AutoCloseable server;
        int port;
        if (args[0].equals("sizzle")) {
            DesktopServer s = new DesktopServer(Profile.MODERN, ids.identities(), "hunter2", false, line -> { });
            port = s.start(0);
            server = s::stop;
        } else {
            KeyStore keys = JdkKeys.keyStore(PrivateKeys.encodePkcs8(PrivateKeys.readPrivateKey(Files.readAllBytes(key)), null),
                    "EC", ids.identities().get(0).getChain(), "bench".toCharArray(), null);
            Provider jsse = args[0].equals("bctls") ? new BouncyCastleJsseProvider(new BouncyCastleProvider()) : null;
            JdkTlsServer s = new JdkTlsServer(context(keys, jsse), TlsBench.SUITE, bodies);
            port = s.port();
            server = s;
        }
        System.out.println("port " + port);
        System.out.flush();
        while (System.in.read() >= 0) {
            // serve until the benchmark closes our input
        }
        server.close();
        System.exit(0);
    }

    private static SSLContext context(KeyStore keys, Provider jsse) throws Exception {
        KeyManagerFactory kmf = jsse == null ? KeyManagerFactory.getInstance("PKIX") : KeyManagerFactory.getInstance("PKIX", jsse);
        kmf.init(keys, "bench".toCharArray());
        SSLContext c = jsse == null ? SSLContext.getInstance("TLS", "SunJSSE") : SSLContext.getInstance("TLS", jsse);
        c.init(kmf.getKeyManagers(), null, null);
        return c;
    }

    /** The parent's side: a BenchServer child JVM, its port and its CPU time. */
    static final class Child implements AutoCloseable {
        final String kind;
        private final Process process;
        private int port;

        /** Starts {@code java FLAGS -cp CLASSPATH sizzle.bench.BenchServer KIND ARGS}; {@link #port()} waits for it. */
        Child(List<String> jvmFlags, String classpath, String kind, List<String> args) throws IOException {
            this.kind = kind;
            List<String> cmd = new java.util.ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(jvmFlags);
            cmd.addAll(List.of("-cp", classpath, BenchServer.class.getName(), kind));
            cmd.addAll(args);
            process = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        }

        /** The port it listens on, once it says so. */
        int port() throws IOException {
            if (port == 0) {
                String line = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream())).readLine();
                if (line == null || !line.startsWith("port ")) {
                    process.destroyForcibly();
                    throw new IOException("the " + kind + " server did not start (it said: " + line + ")");
                }
                port = Integer.parseInt(line.substring(5));
            }
            return port;
        }

        /** The child's CPU time so far (user + system, all threads), in ns; clock-tick resolution on Linux. */
        long cpuNanos() {
            return process.toHandle().info().totalCpuDuration()
                    .orElseThrow(() -> new IllegalStateException("no CPU time for the " + kind + " server")).toNanos();
        }

        @Override
        public void close() throws Exception {
            process.getOutputStream().close();
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
