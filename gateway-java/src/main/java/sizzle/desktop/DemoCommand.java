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
 * {@code ./sizzle demo}: the most complete path that runs today. The Java Sizzle server (the
 * thermostat over TLS 1.2, modern profile, fresh DEMO keys) starts on a free loopback port,
 * and the KSSL client fetches each of its pages: {@code /} with a full handshake, then
 * {@code /status.json} resuming the session (an abbreviated handshake). Prints the URL, the
 * TLS facts and the pages; exit status 0 only if every fetch answered 2xx. The simulated motes
 * and the gateway join this path as their issues land.
 */
public final class DemoCommand {
    static final String[] PAGES = {"/", "/status.json"};

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
        Path dir = Files.createTempDirectory("sizzle-demo-");
        ServerIdentities.Loaded ids = ServerIdentities.generate(Profile.MODERN, dir);
        DesktopServer server = new DesktopServer(Profile.MODERN, ids.identities(), ServerCommand.randomPassword(), false,
                line -> out.println("  server: " + line));
        int port = server.start(0);
        int failures = 0;
        try {
            String base = "https://localhost:" + port;
            out.println("Sizzle (Java) on the desktop JVM, " + server.describe() + ": " + base + "/");
            out.println("  DEMO/TEST keys in " + dir + " (trust ca.pem); certificate SHA-256 "
                    + ServerIdentities.fingerprint(ids.leaf()));
            KeyStore trust = new KeyStore();
            trust.loadCertificates(Files.readAllBytes(dir.resolve("ca.pem")));
            TlsConfig client = TlsConfig.client(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                    .setTrustStore(trust);
            for (String page : PAGES) {
                out.println();
                out.println("KSSL client: GET " + base + page);
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                ByteArrayOutputStream facts = new ByteArrayOutputStream();
                PrintStream err = new PrintStream(facts, true, StandardCharsets.UTF_8);
                int rc = GetCommand.get(base + page, client, List.of(), body, err);
                indent(out, facts.toString(StandardCharsets.UTF_8));
                indent(out, body.toString(StandardCharsets.UTF_8));
                if (rc != 0) {
                    failures++;
                }
            }
        } finally {
            server.stop();
        }
        out.println();
        out.println(failures == 0 ? "demo: every page fetched over TLS (full handshake, then resumed)"
                : "demo: " + failures + " of " + PAGES.length + " fetches failed");
        return failures == 0 ? 0 : 1;
    }

    private static void indent(PrintStream out, String text) {
        for (String line : text.split("\r?\n")) {
            if (!line.isEmpty()) {
                out.println("    " + line);
            }
        }
    }
}
