package sizzle.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OpenSSL's own TLS client as the benchmark's handshake driver: one `openssl s_time` process
 * per round, TLS 1.2, ECDHE-ECDSA-AES128-GCM-SHA256, each connection a handshake, one
 * "GET /status.json HTTP/1.0" and the server's close. {@code -new}: every connection a full
 * handshake; {@code -reuse}: every connection after the first resumes the first's session (by
 * session id: the benchmark's servers issue no tickets). s_time prints one character per
 * connection, 'r' if the session was resumed and '*' if not, which is how each round checks
 * what it measured; it prints elapsed time only in whole seconds, so the round is timed here,
 * from starting the process to its end (start-up and, with -reuse, the first full handshake
 * included: a few ms in a round of seconds).
 */
final class STime {
    private static final Pattern COUNT = Pattern.compile("(\\d+) connections in [0-9.]+s;");
    private static final Pattern PROGRESS = Pattern.compile("^[r*]+$", Pattern.MULTILINE);

    /** One round: connections made, how many resumed a session, and its wall-clock seconds. */
    record Round(long connections, long resumed, double seconds) {
    }

    private STime() {
    }

    static String version() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("openssl", "version").redirectErrorStream(true).start();
        String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        p.waitFor();
        return v;
    }

    /** Connections to 127.0.0.1:port for {@code seconds} (whole seconds, s_time's unit), full or resumed. */
    static Round run(int port, boolean reuse, int seconds) throws IOException, InterruptedException {
        List<String> cmd = List.of("openssl", "s_time", "-connect", "127.0.0.1:" + port, "-tls1_2",
                "-cipher", "ECDHE-ECDSA-AES128-GCM-SHA256", reuse ? "-reuse" : "-new", "-time", String.valueOf(seconds),
                "-www", "/status.json");
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        if (!p.waitFor(seconds + 30L, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + " did not end");
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        Matcher m = COUNT.matcher(out);
        if (p.exitValue() != 0 || !m.find()) {
            throw new IOException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "): "
                    + out.substring(Math.max(0, out.length() - 500)));
        }
        long connections = Long.parseLong(m.group(1));
        long resumed = 0;
        long marks = 0;
        Matcher progress = PROGRESS.matcher(out);
        while (progress.find()) {
            String line = progress.group();
            marks += line.length();
            resumed += line.chars().filter(c -> c == 'r').count();
        }
        if (marks != connections) {
            throw new IOException("s_time counted " + connections + " connections but marked " + marks);
        }
        return new Round(connections, resumed, elapsed);
    }
}
