package sizzle.desktop;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import ksecurity.cert.KeyStore;
import ksecurity.security.RandomData;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;

/**
 * {@code ./sizzle demo}: the most complete path that runs today. First the Java Sizzle server
 * (the thermostat over TLS 1.2, modern profile, fresh DEMO keys) on a free loopback port; then
 * the C Sizzle firmware on each simulated mote (a Mica2's ATmega128 in simavr, a TelosB's
 * MSP430F1611 in mspdebug's simulator), each image built with a fresh DEMO identity. The KSSL
 * client fetches each server's pages: {@code /} with a full handshake, then {@code
 * /status.json} resuming the session (an abbreviated handshake). Prints each URL, the
 * certificate to trust, the TLS facts and the pages, with progress while the images build and
 * the simulators boot; exit status 0 only if every fetch answered 2xx. The gateway joins this
 * path with its issue.
 */
public final class DemoCommand {
    static final String[] PAGES = {"/", "/status.json"};
    /**
     * The motes and the build each runs: the builds that fit each mote today (the modern
     * images do not fit the ATmega128's 4 KB of RAM nor the MSP430F1611's 48 KB of flash yet).
     */
    static final String[][] MOTES = {{"avr", "legacy-ecc"}, {"msp430", "legacy-ecc"}};
    /** A read's wait for a simulated mote (a simulation runs slower than the mote on a loaded machine). */
    static final int MOTE_TIMEOUT_MS = 120_000;

    private DemoCommand() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 0) {
            Options.exit("demo", "takes no arguments");
        }
        try {
            System.exit(run(System.out));
        } catch (IllegalStateException | java.io.IOException e) {
            // e.g. a desktop whose random source is weak: one line, as every command; a
            // failure to run, not a usage error, so status 1
            Options.fail("demo", String.valueOf(e.getMessage()), 1);
        }
    }

    static int run(PrintStream out) throws Exception {
        int failures = javaServer(out);
        Path root = SimulatedMote.projectRoot();
        for (String[] mote : MOTES) {
            failures += mote(out, root.resolve("target/sizzle/demo/" + mote[0] + "-" + mote[1]), mote[0], mote[1]);
        }
        int fetches = PAGES.length * (1 + MOTES.length);
        out.println();
        out.println(failures == 0 ? "demo: every page fetched over TLS from every server (full handshake, then resumed)"
                : "demo: " + failures + " of " + fetches + " fetches failed");
        return failures == 0 ? 0 : 1;
    }

    /** The Java server with fresh DEMO keys; returns the failed fetches. */
    private static int javaServer(PrintStream out) throws Exception {
        Path dir = Files.createTempDirectory("sizzle-demo-");
        ServerIdentities.Loaded ids = ServerIdentities.generate(Profile.MODERN, dir);
        DesktopServer server = new DesktopServer(Profile.MODERN, ids.identities(), ServerCommand.randomPassword(), false,
                line -> out.println("  server: " + line));
        int port = server.start(0);
        try {
            String base = "https://localhost:" + port;
            out.println("Sizzle (Java) on the desktop JVM, " + server.describe() + ": " + base + "/");
            out.println("  DEMO/TEST keys in " + dir + " (trust ca.pem); certificate SHA-256 "
                    + ServerIdentities.fingerprint(ids.leaf()));
            return fetchPages(out, base, Profile.MODERN, dir.resolve("ca.pem"), GetCommand.TIMEOUT_MS);
        } finally {
            server.stop();
        }
    }

    /** One simulated mote running the C firmware of this build; returns the failed fetches. */
    private static int mote(PrintStream out, Path dir, String platform, String build) throws Exception {
        boolean legacy = !build.equals("modern");
        out.println();
        out.println("Sizzle (C firmware, " + build + ") on a simulated " + SimulatedMote.describe(platform) + ":");
        if (legacy) {
            out.println("  WARNING: the legacy profile is INSECURE (SSL 3.0/TLS 1.0, RC4, secp160r1): the papers' suites,"
                    + " for old peers and their figures only");
        }
        out.println("  building the image with a fresh DEMO identity ...");
        // the password of POST /config: the demo only reads pages, so a fresh one nobody sees
        try (SimulatedMote m = new SimulatedMote(platform, build, dir, "localhost", ServerCommand.randomPassword(),
                line -> out.println("  firmware: " + line))) {
            out.println("  starting the simulator ...");
            m.awaitReady(120);
            String base = "https://localhost:" + m.port();
            out.println("  serving " + base + "/  image " + m.image() + " (Intel hex beside it)");
            out.println("  trust " + m.caPem() + "; device certificate SHA-256 " + ServerIdentities.fingerprint(
                    ksecurity.cert.CertificateFactory.generateCertificate(Files.readAllBytes(m.deviceChainPem()))));
            return fetchPages(out, base, legacy ? Profile.LEGACY : Profile.MODERN, m.caPem(), MOTE_TIMEOUT_MS);
        } catch (java.io.IOException e) {
            out.println("  " + e.getMessage());
            return PAGES.length;
        }
    }

    /** GETs each page with the KSSL client (one session: the second fetch resumes); returns the failures. */
    private static int fetchPages(PrintStream out, String base, int profile, Path ca, int timeoutMs) throws Exception {
        KeyStore trust = new KeyStore();
        trust.loadCertificates(Files.readAllBytes(ca));
        TlsConfig client = TlsConfig.client(profile, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)).setTrustStore(trust);
        int failures = 0;
        for (String page : PAGES) {
            out.println();
            out.println("KSSL client: GET " + base + page);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            ByteArrayOutputStream facts = new ByteArrayOutputStream();
            PrintStream err = new PrintStream(facts, true, StandardCharsets.UTF_8);
            int rc = GetCommand.get(base + page, client, List.of(), body, err, timeoutMs);
            indent(out, facts.toString(StandardCharsets.UTF_8));
            indent(out, body.toString(StandardCharsets.UTF_8));
            if (rc != 0) {
                failures++;
            }
        }
        return failures;
    }

    private static void indent(PrintStream out, String text) {
        for (String line : text.split("\r?\n")) {
            if (!line.isEmpty()) {
                out.println("    " + line);
            }
        }
    }
}
