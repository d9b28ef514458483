package sizzle.desktop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import ksecurity.cert.CertificateException;
import sizzle.gateway.bridge.JavaMoteServer;
import sizzle.template.TemplateBook;

/**
 * The C Sizzle firmware (native/sizzle) serving the thermostat on a loopback port: a mote image
 * in its simulator (the ATmega128 of a Mica2 in simavr through {@code native/build/avr_harness
 * -L}, the MSP430F1611 of a TelosB in mspdebug's simulator through {@code
 * native/msp430/mspsim_run.py --serve}) or the host build as a plain process. It does what
 * {@code ./sizzle mote} does, for the demo and the tests: a DEMO identity for the build
 * (FirmwareIdentity, made once per directory), the password written beside it only while make
 * compiles it in, {@code make -C native sizzle-firmware}, then the simulator with a fresh seed
 * from the host's entropy. Every line the firmware logs (one per ended connection, as the Java
 * server's) goes to the caller. Close it to stop the simulator.
 */
public final class SimulatedMote implements AutoCloseable {
    /** The platforms and what each simulates. */
    public static String describe(String platform) {
        switch (platform) {
            case "avr":
                return "Mica2 (ATmega128 at 7.3728 MHz, simavr)";
            case "msp430":
                return "TelosB (MSP430F1611 at 8 MHz, mspdebug's simulator)";
            case "host":
                return "the host build (x86-64)";
            default:
                throw new IllegalArgumentException("platform: avr, msp430 or host, not " + platform);
        }
    }

    private final String platform;
    private final String build;
    private final Path dir;
    private final int port;
    private final Process process;
    private final ProcessOutput output;

    /**
     * Builds and starts one firmware. platform: avr, msp430 or host; build: modern, legacy-ecc
     * or legacy-rsa; dir: where the identity, the image and its build files go; name: the name
     * the device certificate carries (CN, and the modern build's subjectAltName); password: the
     * thermostat's, compiled into the image; log: each line the firmware prints.
     */
    public SimulatedMote(String platform, String build, Path dir, String name, String password, Consumer<String> log)
            throws IOException, InterruptedException, ksecurity.cert.CertificateException {
        this(platform, build, dir, name, password, false, log);
    }

    /**
     * The same, with realtime: the simulator paced at the mote's clock (7.3728 MHz, 8 MHz), as a
     * real mote answers, instead of as fast as this machine runs it (the host build ignores it).
     */
    public SimulatedMote(String platform, String build, Path dir, String name, String password, boolean realtime,
            Consumer<String> log) throws IOException, InterruptedException, ksecurity.cert.CertificateException {
        this(platform, build, dir, name, password, realtime, 0, log);
    }

    /**
     * The same, over the link as radio address {@code linkAddress} (1-254, compiled into the
     * image as a mote's node id is; 0: not over the link): the firmware built with SZ_FW_LINK=1,
     * whose port carries the radio link's frames (gateway-java/LINK.md §13; READY-SLEEP
     * announcing {@code name}) instead of the raw TLS stream; the gateway reaches it through a
     * sizzle.gateway.radio.FrameSocketStation on its simulated radio, not as a TCP backend.
     */
    public SimulatedMote(String platform, String build, Path dir, String name, String password, boolean realtime,
            int linkAddress, Consumer<String> log)
            throws IOException, InterruptedException, ksecurity.cert.CertificateException {
        this.platform = platform;
        this.build = build;
        this.dir = dir;
        Path root = projectRoot();
        Path image = build(platform, build, dir, name, password, linkAddress);
        port = freePort();
        String seed = HexFormat.of().formatHex(new SecureRandom().generateSeed(32));
        List<String> cmd = new ArrayList<>();
        switch (platform) {
            case "host":
                cmd.addAll(List.of("env", "SZ_PORT=" + port, "SZ_SEED=" + seed, image.toString()));
                break;
            case "avr":
                cmd.addAll(List.of(root.resolve("native/build/avr_harness").toString(), "-L", Integer.toString(port),
                        "-s", seed));
                if (realtime) {
                    cmd.add("-r");
                }
                cmd.add(image.toString());
                break;
            default:
                cmd.addAll(List.of("python3", root.resolve("native/msp430/mspsim_run.py").toString(), "--timeout", "0",
                        "--serve", Integer.toString(port), "--seed", seed));
                if (realtime) {
                    cmd.add("--realtime=8e6"); // its HZ is optional: bare, it would take the image's path
                }
                cmd.add(image.toString());
                break;
        }
        process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        output = new ProcessOutput(process, "firmware " + platform + " " + build, log);
    }

    /** The directory with {@code ./sizzle} and {@code native/Makefile}: the working directory or one above it. */
    public static Path projectRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("sizzle")) && Files.isRegularFile(p.resolve("native/Makefile"))) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the project (the directory with ./sizzle and native/) above "
                + Path.of("").toAbsolutePath());
    }

    /**
     * Builds one firmware image without starting it (as the constructor does first): the DEMO
     * identity made once per directory, then make sizzle-firmware with it and the password
     * (the password file lives only while make runs). Returns the image (see image()).
     */
    public static Path build(String platform, String build, Path dir, String name, String password)
            throws IOException, InterruptedException, ksecurity.cert.CertificateException {
        return build(platform, build, dir, name, password, false);
    }

    /** The same; overLink: SZ_FW_LINK=1, the port over the radio link, READY-SLEEP announcing {@code name}. */
    public static Path build(String platform, String build, Path dir, String name, String password, boolean overLink)
            throws IOException, InterruptedException, ksecurity.cert.CertificateException {
        return build(platform, build, dir, name, password, overLink ? 1 : 0);
    }

    /** The same, over the link as radio address {@code linkAddress} (0: not over the link). */
    public static Path build(String platform, String build, Path dir, String name, String password, int linkAddress)
            throws IOException, InterruptedException, ksecurity.cert.CertificateException {
        if (linkAddress < 0 || linkAddress > 254) {
            throw new IllegalArgumentException("a radio address is 1-254, not " + linkAddress);
        }
        describe(platform);
        Files.createDirectories(dir);
        FirmwareIdentity.deviceOrKept(build, name, dir);
        Path pw = dir.resolve("password");
        Files.deleteIfExists(pw);
        Files.createFile(pw, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(pw, password + "\n", StandardCharsets.US_ASCII);
        try {
            List<String> cmd = new ArrayList<>(List.of("make", "-s", "-C", projectRoot().resolve("native").toString(),
                    "sizzle-firmware", "SZ_FW_PLATFORM=" + platform, "SZ_FW_BUILD=" + build, "SZ_FW_DIR=" + dir));
            if (linkAddress > 0) {
                cmd.addAll(List.of("SZ_FW_LINK=1", "SZ_FW_NAME=" + name, "SZ_FW_ADDRESS=" + linkAddress));
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            if (p.waitFor() != 0) {
                throw new IOException("the " + build + " firmware for " + platform + " did not build:\n" + out);
            }
        } finally {
            Files.deleteIfExists(pw);
        }
        return imageIn(dir, platform);
    }

    private static Path imageIn(Path dir, String platform) {
        return dir.resolve(platform).resolve(platform.equals("host") ? "sizzle" : "sizzle.elf");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Waits until the firmware says it is ready ("sizzle BUILD ready"); fails with its output otherwise. */
    public SimulatedMote awaitReady(long seconds) throws IOException, InterruptedException {
        if (output.await(Pattern.compile("sizzle " + Pattern.quote(build) + " ready"), seconds) == null) {
            throw new IOException("the " + build + " firmware on " + platform + " did not start within " + seconds
                    + " s (running: " + process.isAlive() + "); it printed:\n" + output.text());
        }
        return this;
    }

    /** Everything the simulator and the firmware printed so far. */
    public String output() {
        return output.text();
    }

    public int port() {
        return port;
    }

    public String platform() {
        return platform;
    }

    public String build() {
        return build;
    }

    /** The DEMO CA that signed the device certificate: what a client trusts. */
    public Path caPem() {
        return dir.resolve("ca.pem");
    }

    /**
     * The templates a C image over the link announces when it carries them (gateway-java/LINK.md
     * §9.7: edition 2 in the legacy builds, 3 in the modern one, its certificate as template 0):
     * what the gateway must hold to compress for it.
     */
    public TemplateBook templates() throws IOException, CertificateException {
        return JavaMoteServer.book(build.equals("modern") ? 3 : 2,
                ServerIdentities.load(dir.resolve("device-key.pem"), deviceChainPem()).identities());
    }

    /** The device's certificate chain (PEM). */
    public Path deviceChainPem() {
        return dir.resolve("device-chain.pem");
    }

    /** The flashable image (ELF; the Intel hex is beside it) or the host binary. */
    public Path image() {
        return imageIn(dir, platform);
    }

    /** Stops the simulator (and its children). */
    @Override
    public void close() {
        output.stop();
    }
}
