package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Test certificates and TEST KEYS made by the real openssl at test time
 * (src/test/resources/cert/make-test-certs.sh), once per JVM, in a temporary directory.
 */
final class TestCerts {
    private static Path dir;
    private static long madeAt;

    private TestCerts() {
    }

    static synchronized Path dir() {
        if (dir == null) {
            try {
                Path d = Files.createTempDirectory("ksecurity-x509-");
                Path script = d.resolve("make-test-certs.sh");
                try (InputStream in = TestCerts.class.getResourceAsStream("/cert/make-test-certs.sh")) {
                    Files.copy(in, script);
                }
                Result r = run(d, "bash", script.toString(), d.toString());
                assertEquals(0, r.exit, "make-test-certs.sh failed: " + r.output);
                dir = d;
                madeAt = System.currentTimeMillis();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(d)));
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }
        return dir;
    }

    private static void delete(Path d) {
        try (java.util.stream.Stream<Path> files = Files.walk(d)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is no failure
        }
    }

    /** When the certificates were made (ms), making them first if need be. */
    static long madeAt() {
        dir();
        return madeAt;
    }

    static byte[] bytes(String file) {
        try {
            return Files.readAllBytes(dir().resolve(file));
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    /** Our parse of NAME.pem. */
    static X509Certificate cert(String name) throws CertificateException {
        return CertificateFactory.generateCertificate(bytes(name + ".pem"));
    }

    /** The JDK's parse of NAME.der. */
    static java.security.cert.X509Certificate jdk(String name) throws Exception {
        return jdk(bytes(name + ".der"));
    }

    static java.security.cert.X509Certificate jdk(byte[] der) throws Exception {
        java.security.cert.CertificateFactory cf = java.security.cert.CertificateFactory.getInstance("X.509");
        return (java.security.cert.X509Certificate) cf.generateCertificate(new ByteArrayInputStream(der));
    }

    static Path write(String file, byte[] content) {
        try {
            return Files.write(dir().resolve(file), content);
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    static final class Result {
        final int exit;
        final String output;

        Result(int exit, String output) {
            this.exit = exit;
            this.output = output;
        }
    }

    /** Runs openssl in the test directory. */
    static Result openssl(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add("openssl");
        cmd.addAll(Arrays.asList(args));
        return run(dir(), cmd.toArray(new String[0]));
    }

    private static Result run(Path cwd, String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(p.waitFor(), out);
        } catch (IOException | InterruptedException e) {
            throw new RuntimeException(e);
        }
    }
}
