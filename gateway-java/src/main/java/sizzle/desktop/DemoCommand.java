package sizzle.desktop;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import ksecurity.cert.KeyStore;
import ksecurity.security.RandomData;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import sizzle.gateway.front.AccessRule;

/**
 * {@code ./sizzle demo [--once]}: the most complete path that runs today. The C Sizzle firmware
 * on each simulated mote (a Mica2's ATmega128 in simavr, a TelosB's MSP430F1611 in mspdebug's
 * simulator), each image built with its DEMO identity (made once, then reused), the Java Sizzle server, and a Java
 * mote running it on the simulated radio (CC2420, the link protocol of LINK.md), all behind the
 * gateway's front door (LocalGateway): a port per device and one shared port that
 * routes by name and lists the devices for plain HTTP. The demo prints the device list's URL
 * and each device's https URL with the certificate to trust, fetches the list, then each
 * device's pages through the shared port by name with the KSSL client: {@code /} with a full
 * handshake, then {@code /status.json} resuming the session (an abbreviated handshake). Then it
 * keeps serving until interrupted, unless --once. Progress is shown while the images build and
 * the simulators boot. Exit status 0 only if every fetch answered 2xx. Both motes are reached
 * over the link protocol (LINK.md: SZ_FW_LINK=1, its frames over the simulator's byte link,
 * relayed onto the simulated radio in real time, LocalGateway.addMote overLink), as the papers'
 * gateway reached its motes: the Mica2 on the CC1000, the TelosB on the CC2420.
 */
public final class DemoCommand {
    static final String[] PAGES = {"/", "/status.json"};
    /**
     * The motes and the build each runs: the embedded default, modern (TLS 1.2, ECDHE-ECDSA P-256,
     * AES-128-GCM); "link": reached over the radio link protocol, else over the simulator's byte link.
     */
    static final String[][] MOTES = {{"avr", "modern", "link"}, {"msp430", "modern", "link"}};

    /** Whether a device spec (PLATFORM, BUILD[, "link"]) is reached over the link protocol. */
    static boolean overLink(String[] device) {
        return device.length > 2 && device[2].equals("link");
    }
    /** A read's wait for a simulated mote (a simulation runs slower than the mote on a loaded machine). */
    static final int MOTE_TIMEOUT_MS = 120_000;

    private DemoCommand() {
    }

    public static void main(String[] args) throws Exception {
        boolean once = args.length == 1 && args[0].equals("--once");
        if (args.length != 0 && !once) {
            Options.exit("demo", "takes no arguments but --once");
        }
        try {
            int rc = run(System.out, once);
            System.exit(rc);
        } catch (IllegalStateException | java.io.IOException | ksecurity.cert.CertificateException e) {
            // e.g. a desktop whose random source is weak, a firmware that does not build: one
            // line, as every command; a failure to run, not a usage error, so status 1
            Options.fail("demo", String.valueOf(e.getMessage()), 1);
        }
    }

    /** The demo; with {@code once} it returns after the first round, else it serves until the process is stopped. */
    static int run(PrintStream out, boolean once) throws Exception {
        Path state = SimulatedMote.projectRoot().resolve("target/sizzle/demo");
        try (LocalGateway g = new LocalGateway(state, 0, AccessRule.allow("127.0.0.0/8", "::1/128"),
                line -> out.println("  gateway: " + line))) {
            out.println("Sizzle demo: devices behind the gateway on this machine (DEMO/TEST keys, marked as such)");
            startDevices(g, out);
            String list = "http://localhost:" + g.sharedPort() + "/";
            out.println();
            out.println("Gateway device list: " + list + "  (only this machine may connect)");
            for (LocalGateway.Member m : g.members()) {
                out.println(describe(m, g.sharedPort()));
            }
            out.println();
            out.println("GET " + list);
            indent(out, deviceList(g.sharedPort()));
            int failures = 0;
            for (LocalGateway.Member m : g.members()) {
                failures += fetchPages(out, m, g.sharedPort());
            }
            int fetches = PAGES.length * g.members().size();
            out.println();
            out.println(failures == 0 ? "demo: every page fetched over TLS from every device through the gateway (full handshake, then resumed)"
                    : "demo: " + failures + " of " + fetches + " fetches failed");
            if (!once) {
                out.println("serving until interrupted (Ctrl-C); ./sizzle demo --once stops here");
                Thread.currentThread().join();
            }
            return failures == 0 ? 0 : 1;
        }
    }

    /** The demo's devices in the gateway: the C firmware's motes (MOTES), the Java server, the Java mote; progress to {@code out}. */
    static void startDevices(LocalGateway g, PrintStream out) throws Exception {
        for (String[] mote : MOTES) {
            out.println("  building the " + mote[1] + " firmware for a " + SimulatedMote.describe(mote[0]) + " and booting it"
                    + (overLink(mote) ? " (over the radio link protocol, in real time)" : "") + " ...");
            g.addMote(mote[0], mote[1], false, overLink(mote), line -> out.println("  " + mote[0] + ": " + line));
        }
        g.addJavaServer(Profile.MODERN, line -> out.println("  java: " + line));
        out.println("  starting a Java mote on the simulated radio ...");
        g.addJavaMote(Profile.MODERN, line -> out.println("  javamote: " + line));
    }

    /** A device's URLs and how to reach it by name from this machine. */
    static String describe(LocalGateway.Member m, int shared) {
        boolean legacy = m.profile == Profile.LEGACY;
        String url = "https://" + m.name + ":" + shared + "/";
        StringBuilder s = new StringBuilder();
        s.append("  ").append(m.name).append(": ").append(m.kind).append(", ").append(m.build)
                .append(legacy ? " (INSECURE: the papers' SSL 3.0/TLS 1.0, RC4, secp160r1)" : "").append('\n');
        s.append("    ").append(url).append(" (by name on the shared port) or https://").append(m.name).append(':')
                .append(m.devicePort).append("/ (its own port); trust ").append(m.ca).append('\n');
        if (m.image() != null) {
            s.append("    image ").append(m.image()).append(" (Intel hex beside it)\n");
        }
        s.append("    try: ./sizzle get ").append(url).append(" --resolve ").append(m.name).append(":127.0.0.1 --trust ")
                .append(m.ca).append(legacy ? " --profile legacy" : "");
        if (!legacy) {
            s.append("\n      or curl --resolve ").append(m.name).append(':').append(shared).append(":127.0.0.1 --cacert ")
                    .append(m.ca).append(' ').append(url);
        }
        return s.toString();
    }

    /** The gateway's device list, fetched as a browser would (plain HTTP on the shared port), as text. */
    static String deviceList(int port) throws java.io.IOException {
        try (java.net.Socket s = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(GetCommand.TIMEOUT_MS);
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return reply.substring(0, reply.indexOf("\r\n")) + "\n" + reply.substring(reply.indexOf("\r\n\r\n") + 4)
                    .replaceAll("<tr><td>", "").replaceAll("</td><td>", " | ").replaceAll("<[^>]+>", "");
        }
    }

    /** GETs each page of the device by name through the shared port (one session: the second fetch resumes); returns the failures. */
    private static int fetchPages(PrintStream out, LocalGateway.Member m, int shared) throws Exception {
        KeyStore trust = new KeyStore();
        trust.loadCertificates(Files.readAllBytes(m.ca));
        TlsConfig client = TlsConfig.client(m.profile, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)).setTrustStore(trust);
        DesktopSockets sockets = new DesktopSockets(MOTE_TIMEOUT_MS, Map.of(m.name, "127.0.0.1"));
        int failures = 0;
        for (String page : PAGES) {
            String url = "https://" + m.name + ":" + shared + page;
            out.println();
            out.println("KSSL client: GET " + url);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            ByteArrayOutputStream facts = new ByteArrayOutputStream();
            PrintStream err = new PrintStream(facts, true, StandardCharsets.UTF_8);
            int rc = GetCommand.get(url, client, List.of(), body, err, sockets);
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
