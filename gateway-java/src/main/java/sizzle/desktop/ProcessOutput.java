package sizzle.desktop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a child process prints (stdout and stderr merged by its builder), read by a daemon
 * thread: kept whole, handed line by line to a listener as each line completes (a server's log),
 * and awaited with a bound; and the process stopped. Shared by the simulated motes and the tests' peer processes.
 */
public final class ProcessOutput {
    private final Process process;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final Consumer<String> lines;
    private final Thread reader;

    /** Starts reading {@code process}'s output; {@code lines} (or null) gets each line. */
    public ProcessOutput(Process process, String name, Consumer<String> lines) {
        this.process = process;
        this.lines = lines;
        reader = new Thread(this::drain, "output of " + name);
        reader.setDaemon(true);
        reader.start();
    }

    private void drain() {
        StringBuilder line = new StringBuilder();
        byte[] b = new byte[4096];
        try (InputStream in = process.getInputStream()) {
            for (int n; (n = in.read(b)) > 0; ) {
                synchronized (output) {
                    output.write(b, 0, n);
                    output.notifyAll();
                }
                for (int i = 0; lines != null && i < n; i++) {
                    char c = (char) (b[i] & 0xFF);
                    if (c == '\n') {
                        lines.accept(line.toString());
                        line.setLength(0);
                    } else if (c != '\r') {
                        line.append(c);
                    }
                }
            }
        } catch (IOException e) {
            // the process ended or was killed
        }
        synchronized (output) {
            output.notifyAll();
        }
    }

    /** Everything printed so far. */
    public String text() {
        synchronized (output) {
            return output.toString(StandardCharsets.ISO_8859_1);
        }
    }

    /** Waits until the output matches {@code p}: the match, or null once the time is up or the process has ended without it. */
    public Matcher await(Pattern p, long seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        synchronized (output) {
            while (true) {
                Matcher m = p.matcher(text());
                if (m.find()) {
                    return m;
                }
                long left = end - System.nanoTime();
                if (left <= 0 || (!process.isAlive() && !reader.isAlive())) {
                    return null;
                }
                output.wait(Math.max(1, Math.min(100, TimeUnit.NANOSECONDS.toMillis(left))));
            }
        }
    }

    /** Kills the process (its children first) if it still runs, and waits a little for it to go. */
    public void stop() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits up to {@code ms} for the reader to reach the end of the output. */
    public void join(long ms) throws InterruptedException {
        reader.join(ms);
    }
}
