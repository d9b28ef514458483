package sizzle.desktop;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import ksecurity.cert.Pem;
import kssl.tls.Profile;
import sizzle.gateway.front.AccessRule;

/**
 * {@code ./sizzle midlet [--headless] [--device NAME:PROFILE:CA.pem]... [--password-file F] [URL]}:
 * the thermostat MIDlet suite (kssl-client's kssl.midlet, shrunk by ProGuard into
 * kssl-client/target/sizzle-midlet.jar) in MicroEmulator 2.0.4 against the gateway. Without a
 * URL it starts what {@code ./sizzle demo} starts (LocalGateway) and gives the suite every
 * device's CA and profile; with the URL of a running gateway's device list, the devices come
 * from --device. The JAD is written here, per run (it names the gateway, the devices' CAs and
 * a fresh seed for the phone's generator). The emulator runs in a JVM of its own, as a phone:
 * with its window, or --headless (org.microemu.app.Headless), where the MIDlet runs by itself
 * (Sizzle-Auto) for each device in turn: list the devices, GET its page over KSSL, POST
 * /config with a new setpoint and the password, GET the page again. Exit 0 if every device then
 * shows the new setpoint.
 */
public final class MidletCommand {
    /** What the headless MIDlet sets. */
    static final String SETPOINT = "23.5";
    static final String MODE = "cool";
    /** A headless run's limit (a simulated mote's legacy handshakes take tens of seconds on a loaded machine). */
    static final int RUN_SECONDS = 300;

    /** Base64 characters of a device's CA per JAD line. */
    static final int CA_PIECE = 200;

    /** A device as the suite is told of it. */
    record Device(String name, int profile, Path ca, String password) {
    }

    private MidletCommand() {
    }

    public static void main(String[] args) throws Exception {
        boolean headless = false;
        String url = null;
        Path passwordFile = null;
        List<Device> devices = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--headless" -> headless = true;
                    case "--device" -> devices.add(device(Options.value(args, i++)));
                    case "--password-file" -> passwordFile = Path.of(Options.value(args, i++));
                    default -> {
                        if (args[i].startsWith("-") || url != null) {
                            throw new Options.Usage("unknown argument '" + args[i] + "' (./sizzle help)");
                        }
                        url = args[i];
                    }
                }
            }
            if (!headless && java.awt.GraphicsEnvironment.isHeadless()) {
                throw new Options.Usage("no display for the emulator's window here: use --headless");
            }
            if (url == null && !devices.isEmpty()) {
                throw new Options.Usage("--device goes with the URL of a running gateway");
            }
            if (url != null && devices.isEmpty()) {
                throw new Options.Usage("say which devices the suite may reach: --device NAME:PROFILE:CA.pem");
            }
            int rc;
            if (url != null) {
                String password = passwordFile == null ? System.getenv("SIZZLE_PASSWORD")
                        : Files.readAllLines(passwordFile).get(0);
                if (headless && password == null) {
                    throw new Options.Usage("--headless sets the thermostat: give its password (--password-file F or $SIZZLE_PASSWORD)");
                }
                List<Device> given = new ArrayList<>();
                for (Device d : devices) {
                    given.add(new Device(d.name(), d.profile(), d.ca(), password));
                }
                rc = run(System.out, url, given, headless);
            } else {
                rc = withDemo(System.out, headless);
            }
            System.exit(rc);
        } catch (Options.Usage e) {
            Options.exit("midlet", e.getMessage());
        } catch (IOException | IllegalStateException | ksecurity.cert.CertificateException e) {
            Options.fail("midlet", String.valueOf(e.getMessage()), 1);
        }
    }

    /** NAME:PROFILE:CA.pem */
    static Device device(String spec) {
        String[] p = spec.split(":", 3);
        if (p.length != 3) {
            throw new Options.Usage("--device NAME:PROFILE:CA.pem, not '" + spec + "'");
        }
        return new Device(p[0], Options.profile(p[1]), Path.of(p[2]), null);
    }

    /** The demo's devices behind a LocalGateway, then the suite against them. */
    static int withDemo(PrintStream out, boolean headless) throws Exception {
        Path state = SimulatedMote.projectRoot().resolve("target/sizzle/midlet");
        try (LocalGateway g = new LocalGateway(state, 0, AccessRule.allow("127.0.0.0/8", "::1/128"),
                line -> out.println("  gateway: " + line))) {
            DemoCommand.startDevices(g, out);
            return run(out, "http://127.0.0.1:" + g.sharedPort() + "/", devices(g), headless);
        }
    }

    /** Every device of the gateway as the suite is told of it. */
    static List<Device> devices(LocalGateway g) {
        List<Device> d = new ArrayList<>();
        for (LocalGateway.Member m : g.members()) {
            d.add(new Device(m.name, m.profile, m.ca, m.password));
        }
        return d;
    }

    /** The suite against the gateway at url: headless, each device in turn (0 if each took the setpoint); else the emulator's window. */
    static int run(PrintStream out, String url, List<Device> devices, boolean headless) throws Exception {
        Path dir = Files.createTempDirectory("sizzle-midlet");
        try {
            if (!headless) {
                Path jad = writeSuite(dir, url, devices, null);
                out.println("MicroEmulator: " + jad + " (gateway " + url + ")");
                for (Device d : devices) {
                    out.println("  " + d.name() + ": password " + (d.password() == null ? "(yours)" : d.password()));
                }
                return emulator("org.microemu.app.Main", jad, line -> out.println(line), 0) == null ? 1 : 0;
            }
            int failures = 0;
            for (Device d : devices) {
                out.println();
                out.println("MIDlet in MicroEmulator (headless): " + d.name() + " through " + url);
                Path jad = writeSuite(dir, url, devices, d.name() + " " + SETPOINT + " " + MODE + " " + d.password());
                List<String> said = emulator("org.microemu.app.Headless", jad, line -> out.println("  " + line), RUN_SECONDS);
                if (said == null || !said.contains("midlet: setpoint now " + SETPOINT)) {
                    failures++;
                }
            }
            out.println();
            out.println(failures == 0 ? "midlet: every device listed, its page fetched over KSSL and its setpoint set to " + SETPOINT
                    : "midlet: " + failures + " of " + devices.size() + " devices failed");
            return failures == 0 ? 0 : 1;
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    /** The suite's JAR copied into dir, with a JAD beside it naming the gateway, the devices and a fresh seed; auto: Sizzle-Auto. */
    static Path writeSuite(Path dir, String url, List<Device> devices, String auto) throws IOException, ksecurity.cert.CertificateException {
        Path jar = dir.resolve("sizzle-midlet.jar");
        Files.copy(suiteJar(), jar, StandardCopyOption.REPLACE_EXISTING);
        byte[] seed = new byte[32];
        new SecureRandom().nextBytes(seed);
        StringBuilder jad = new StringBuilder();
        String manifest;
        try (java.util.jar.JarFile j = new java.util.jar.JarFile(jar.toFile())) {
            manifest = new String(j.getInputStream(j.getEntry("META-INF/MANIFEST.MF")).readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String line : manifest.split("\r?\n")) {
            if (line.startsWith("MIDlet-") || line.startsWith("MicroEdition-")) {
                jad.append(line).append('\n');
            }
        }
        jad.append("MIDlet-Jar-URL: ").append(jar.getFileName()).append('\n');
        jad.append("MIDlet-Jar-Size: ").append(Files.size(jar)).append('\n');
        jad.append("Sizzle-Gateway: ").append(url).append('\n');
        jad.append("Sizzle-Seed: ").append(HexFormat.of().formatHex(seed)).append('\n');
        for (int i = 0; i < devices.size(); i++) {
            Device d = devices.get(i);
            byte[] der = Pem.decodeAll(Files.readAllBytes(d.ca()))[0].getDer();
            String key = "Sizzle-Device-" + (i + 1);
            jad.append(key).append(": ").append(d.name()).append(' ').append(Profile.name(d.profile())).append('\n');
            // The CA in pieces: a JAD line must stay short (MicroEmulator reads a JAD as a
            // manifest, lines of at most 512 bytes; MIDP's JAD syntax has no continuation lines).
            String b64 = Base64.getEncoder().encodeToString(der);
            for (int at = 0, n = 1; at < b64.length(); at += CA_PIECE, n++) {
                jad.append(key).append("-CA-").append(n).append(": ")
                        .append(b64, at, Math.min(b64.length(), at + CA_PIECE)).append('\n');
            }
        }
        if (auto != null) {
            jad.append("Sizzle-Auto: ").append(auto).append('\n');
        }
        Path file = dir.resolve("sizzle-midlet.jad");
        Files.writeString(file, jad.toString(), StandardCharsets.UTF_8);
        return file;
    }

    /** kssl-client/target/sizzle-midlet.jar, made by kssl-client's build (execution midlet-suite). */
    static Path suiteJar() throws IOException {
        Path jar = SimulatedMote.projectRoot().resolve("kssl-client/target/sizzle-midlet.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IOException("no MIDlet suite at " + jar + " (mvn package builds it)");
        }
        return jar;
    }

    /**
     * MicroEmulator (its own JVM) on the JAD; each line of its output to {@code line}. Returns
     * what it said once the MIDlet said "midlet: exit" (then the emulator is stopped) or the
     * emulator ended; null if it took more than {@code seconds} (0: no limit).
     */
    static List<String> emulator(String main, Path jad, Consumer<String> line, int seconds) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", microEmulatorJar(), main, jad.toUri().toString())
                .redirectErrorStream(true).start();
        ProcessOutput o = new ProcessOutput(p, "MicroEmulator", l -> {
            if (!l.startsWith("\t")) { // the emulator's logger: where the line above was printed from
                line.accept(l);
            }
        });
        // the MIDlet's last word, or the emulator's own failure (a JAD or JAR it cannot load): the
        // emulator itself would idle on, its timers alive, so it is stopped either way
        boolean last = o.await(LAST_WORD, seconds == 0 ? NO_LIMIT_SECONDS : seconds) != null;
        boolean ended = last || !p.isAlive();
        o.stop();
        o.join(5000);
        if (!ended) {
            return null;
        }
        List<String> said = new ArrayList<>();
        for (String l : o.text().split("\r?\n")) {
            if (!l.isEmpty() && !l.startsWith("\t")) {
                said.add(l);
            }
        }
        return said;
    }

    /** "No limit": a year (a wait far longer would overflow System.nanoTime arithmetic). */
    private static final long NO_LIMIT_SECONDS = 365L * 24 * 3600;

    /** The line after which the emulator has nothing more to say. */
    private static final Pattern LAST_WORD = Pattern.compile("(?m)^(midlet: exit|error .*)\r?$");

    /** The microemulator jar on this JVM's class path. */
    static String microEmulatorJar() throws IOException {
        for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (Path.of(e).getFileName().toString().startsWith("microemulator-")) {
                return e;
            }
        }
        throw new IOException("org.microemu:microemulator is not on the class path");
    }
}
