package sizzle.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ksecurity.cert.CertificateException;
import ksecurity.cert.CertificateFactory;
import sizzle.desktop.FirmwareIdentity;

/**
 * The C Sizzle firmware (native/sizzle) serving the thermostat on a loopback port: the host
 * build as a plain process, or a mote image in its simulator (the ATmega128 in simavr through
 * avr_harness -L, the MSP430F1611 in mspdebug's simulator through mspsim_run.py --serve). Each
 * fixture makes a fresh DEMO identity for its build (FirmwareIdentity.device, named
 * "localhost"), writes the test password to a file, builds the firmware with both (make -C
 * native sizzle-firmware) and starts it with a fresh seed. The firmware logs one line per ended
 * connection, as the Java server does (ServerLog), and a mote after it its RAM in use
 * ("ram: static=S stack=P total=T", awaitRam). Close it to stop.
 */
final class FirmwareFixture implements AutoCloseable {
    /** The password compiled into the test firmware (TEST ONLY). */
    static final String PASSWORD = "hunter2";
    /** The name the device certificate carries (CN, and the modern build's subjectAltName). */
    static final String HOST = "localhost";

    final String platform;
    final String build;
    final Path dir;
    final Path caPem;
    private final ServerLog log;
    private final PeerProcess process;
    private final int port;

    /** platform: host, avr or msp430; build: modern, legacy-ecc or legacy-rsa. */
    FirmwareFixture(String platform, String build) throws IOException, CertificateException, InterruptedException {
        this.platform = platform;
        this.build = build;
        Path root = ProjectVenv.projectRoot();
        dir = root.resolve("target/sizzle/firmware-tests/" + platform + "-" + build);
        FirmwareIdentity.device(build, HOST, dir);
        caPem = dir.resolve("ca.pem");
        Files.writeString(dir.resolve("password"), PASSWORD + "\n", StandardCharsets.US_ASCII);
        Path image = make(root);
        log = new ServerLog(platform.equals("host") ? 10_000 : 300_000);
        port = freePort();
        String seed = HexFormat.of().formatHex(new SecureRandom().generateSeed(32));
        List<String> cmd = new ArrayList<>();
        switch (platform) {
            case "host" -> cmd.addAll(List.of("env", "SZ_PORT=" + port, "SZ_SEED=" + seed, image.toString()));
            case "avr" -> cmd.addAll(List.of(root.resolve("native/build/avr_harness").toString(), "-L",
                    Integer.toString(port), "-s", seed, image.toString()));
            case "msp430" -> cmd.addAll(List.of("python3", root.resolve("native/msp430/mspsim_run.py").toString(),
                    "--timeout", "0", "--serve", Integer.toString(port), "--seed", seed, image.toString()));
            default -> throw new IllegalArgumentException("platform: host, avr or msp430, not " + platform);
        }
        process = PeerProcess.start(cmd, log::logged);
        process.await(Pattern.compile("sizzle " + Pattern.quote(build) + " ready"), 60);
    }

    /** Builds the firmware for this identity and password; returns the image to run. */
    private Path make(Path root) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("make", "-s", "-C", root.resolve("native").toString(), "sizzle-firmware",
                "SZ_FW_PLATFORM=" + platform, "SZ_FW_BUILD=" + build, "SZ_FW_DIR=" + dir).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        if (p.waitFor() != 0) {
            throw new AssertionError("make sizzle-firmware failed for " + platform + " " + build + ":\n" + out);
        }
        return dir.resolve(platform).resolve(platform.equals("host") ? "sizzle" : "sizzle.elf");
    }

    private static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    int port() {
        return port;
    }

    /** The CA that signed the device certificate, for the KSSL client's trust store. */
    ksecurity.cert.KeyStore ksslTrustStore() throws IOException, CertificateException {
        ksecurity.cert.KeyStore ks = new ksecurity.cert.KeyStore();
        ks.setCertificateEntry("firmware-demo-ca", CertificateFactory.generateCertificate(Files.readAllBytes(caPem)));
        return ks;
    }

    ServerLog log() {
        return log;
    }

    private static final Pattern RAM = Pattern.compile("ram: static=(\\d+) stack=(\\d+) total=(\\d+)");

    /**
     * A mote's RAM after its n-th connection since boot, from the line it logs after each
     * connection's (firmware/sz_firmware.c, port/sz_port.h sz_port_ram): {static, stack, total}
     * bytes, static = .data + .bss, stack = the painted stack's high-water mark since boot.
     */
    int[] awaitRam(int n) throws InterruptedException {
        long end = System.nanoTime() + 60_000_000_000L;
        for (;;) {
            List<int[]> seen = new ArrayList<>();
            for (String line : log.lines()) {
                Matcher m = RAM.matcher(line);
                if (m.find()) {
                    seen.add(new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))});
                }
            }
            if (seen.size() >= n) {
                return seen.get(n - 1);
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("no RAM line after connection " + n + ": " + log.lines());
            }
            Thread.sleep(100);
        }
    }

    /** Everything the firmware (and its simulator) printed. */
    String output() {
        return process.output();
    }

    @Override
    public void close() {
        process.close();
    }
}
