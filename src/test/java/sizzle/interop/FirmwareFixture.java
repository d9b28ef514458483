package sizzle.interop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import ksecurity.cert.CertificateException;
import ksecurity.cert.CertificateFactory;
import sizzle.desktop.SimulatedMote;

/**
 * The C Sizzle firmware (native/sizzle) serving the thermostat on a loopback port: the host
 * build as a plain process, or a mote image in its simulator, started by SimulatedMote (as the
 * demo and the gateway start theirs) with a fresh DEMO identity for its build, named
 * "localhost", the test password compiled in, and a fresh seed. The firmware logs one line per ended
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
    private final SimulatedMote mote;

    /** platform: host, avr or msp430; build: modern, legacy-ecc or legacy-rsa. */
    FirmwareFixture(String platform, String build) throws IOException, CertificateException, InterruptedException {
        this(platform, build, platform + "-" + build);
    }

    /** A fixture of its own directory (under target/sizzle/firmware-tests/), beside another of the same platform and build. */
    FirmwareFixture(String platform, String build, String dirName) throws IOException, CertificateException, InterruptedException {
        this.platform = platform;
        this.build = build;
        dir = freshDir(dirName);
        log = new ServerLog(platform.equals("host") ? 10_000 : 300_000);
        mote = new SimulatedMote(platform, build, dir, HOST, PASSWORD, log::logged);
        caPem = mote.caPem();
        mote.awaitReady(60);
    }

    /**
     * The probing tests' firmware per platform and build: started once, ended with the JVM (its
     * build is most of their time). Its users are test classes, which run one after another, and
     * one that counts connections starts from the log as it finds it (ProbedServer.run).
     */
    private static final java.util.Map<String, FirmwareFixture> SHARED = new java.util.HashMap<>();

    static synchronized FirmwareFixture shared(String platform, String build) throws IOException, CertificateException, InterruptedException {
        FirmwareFixture f = SHARED.get(platform + " " + build);
        if (f == null) {
            f = new FirmwareFixture(platform, build, "shared-" + platform + "-" + build);
            SHARED.put(platform + " " + build, f);
            Runtime.getRuntime().addShutdownHook(new Thread(f::close));
        }
        return f;
    }

    int port() {
        return mote.port();
    }

    /** The image it runs (ELF; the host binary on the host). */
    Path image() {
        return mote.image();
    }

    /**
     * The image of a platform and build as a fixture's, built but not started (for a build
     * that does not run on that mote, e.g. legacy-rsa on the ATmega128).
     */
    static Path buildOnly(String platform, String build) throws IOException, CertificateException, InterruptedException {
        return SimulatedMote.build(platform, build, freshDir(platform + "-" + build), HOST, PASSWORD);
    }

    /** The image the gateway reaches over the radio link (SZ_FW_LINK=1), named as the gateway names
     *  the platform's first mote (LocalGateway.nameOf: telosb.sizzle.test, its READY-SLEEP name and
     *  its certificate's), built only. */
    static Path buildOverLink(String platform, String build) throws IOException, CertificateException, InterruptedException {
        return SimulatedMote.build(platform, build, freshDir(platform + "-" + build + "-link"),
                sizzle.desktop.LocalGateway.nameOf(platform), PASSWORD, true);
    }

    private static Path freshDir(String name) throws IOException {
        Path dir = ProjectVenv.projectRoot().resolve("target/sizzle/firmware-tests/" + name);
        Files.deleteIfExists(dir.resolve("sz_identity.h")); // a fresh DEMO identity for every fixture
        return dir;
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

    /** A mote's RAM after its n-th connection since boot: {@link ServerLog#awaitRam}. */
    int[] awaitRam(int n) throws InterruptedException {
        return log.awaitRam(n);
    }

    /** Everything the firmware (and its simulator) printed. */
    String output() {
        return mote.output();
    }

    @Override
    public void close() {
        mote.close();
    }
}
