package sizzle.interop;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import sizzle.desktop.ProcessOutput;

/**
 * An external peer (openssl, curl, python) started by a test: output (stdout and stderr
 * merged) collected in the background, bounded waits, and close() kills the process this
 * handle started (and its children) — never anything by name.
 */
final class PeerProcess implements AutoCloseable {
    private final List<String> command;
    private final Process process;
    private final ProcessOutput output;

    private PeerProcess(List<String> command, Path dir) throws IOException {
        this.command = command;
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new IOException("cannot start the peer '" + command.get(0) + "' (is it installed? ./sizzle test "
                    + "installs the interop peers): " + e.getMessage(), e);
        }
        output = new ProcessOutput(process, "peer " + command.get(0), null);
    }

    static PeerProcess start(List<String> command) throws IOException {
        return new PeerProcess(command, null);
    }

    static PeerProcess start(List<String> command, Path dir) throws IOException {
        return new PeerProcess(command, dir);
    }

    /** Everything the peer printed so far. */
    String output() {
        return output.text();
    }

    OutputStream stdin() {
        return process.getOutputStream();
    }

    /** Writes text to the peer's standard input and closes it. */
    PeerProcess input(String text) throws IOException {
        try (OutputStream in = process.getOutputStream()) {
            in.write(text.getBytes(StandardCharsets.ISO_8859_1));
        }
        return this;
    }

    /** Waits until the output matches the pattern; returns the match, or fails with the output. */
    Matcher await(Pattern p, long seconds) throws InterruptedException {
        Matcher m = output.await(p, seconds);
        if (m == null) {
            throw new AssertionError("peer " + command + " did not print /" + p + "/ within " + seconds
                    + " s (alive: " + process.isAlive() + "); its output:\n" + output());
        }
        return m;
    }

    /** Waits for the peer to exit; returns its exit code, or fails (and kills it) after the timeout. */
    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            close();
            throw new AssertionError("peer " + command + " did not finish within " + seconds + " s; its output:\n" + output());
        }
        output.join(2000);
        return process.exitValue();
    }

    /** Kills the process this handle started (children first) if it still runs. */
    @Override
    public void close() {
        output.stop();
    }

    @Override
    public String toString() {
        return String.join(" ", command);
    }
}
