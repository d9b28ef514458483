package sizzle.interop;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kssl.tls.CipherSuite;
import kssl.tls.ProtocolVersion;

/**
 * A Sizzle server's log, one line per ended connection, read as the server's view of each
 * handshake (version, suite, full or resumed, or the failure), so that a test can check both
 * ends. The Java server (TlsServerConnection) and the C firmware (its connection log) write the
 * same line: "PEER VERSION SUITE full|resumed, N responses", the suite by name or as 0xXXXX.
 */
final class ServerLog {
    /** What the server logged for one connection. */
    static final class Handshake {
        final String line;
        final int version;
        final int suite;
        final boolean resumed;
        final boolean failed;

        Handshake(String line, int version, int suite, boolean resumed, boolean failed) {
            this.line = line;
            this.version = version;
            this.suite = suite;
            this.resumed = resumed;
            this.failed = failed;
        }

        @Override
        public String toString() {
            return line;
        }
    }

    private static final Pattern ESTABLISHED = Pattern.compile("^\\S+ (SSLv3|TLSv1|TLSv1\\.2) (\\S+) (full|resumed), \\d+ responses");
    private final long waitMs;
    private final List<Handshake> handshakes = new ArrayList<>();
    private final List<String> lines = new ArrayList<>();

    /** waitMs: how long awaitHandshakes waits (a simulated mote needs longer than the JVM). */
    ServerLog(long waitMs) {
        this.waitMs = waitMs;
    }

    /** Called for each line the server logs: connection lines become handshake records. */
    synchronized void logged(String line) {
        lines.add(line);
        Matcher m = ESTABLISHED.matcher(line);
        if (m.find()) {
            handshakes.add(new Handshake(line, version(m.group(1)), suite(m.group(2)), m.group(3).equals("resumed"), false));
        } else if (line.contains("failed") || line.contains("closed before the handshake")) {
            handshakes.add(new Handshake(line, -1, -1, false, true));
        }
        notifyAll();
    }

    private static int version(String name) {
        for (int v : new int[] {ProtocolVersion.SSL30, ProtocolVersion.TLS10, ProtocolVersion.TLS12}) {
            if (ProtocolVersion.name(v).equals(name)) {
                return v;
            }
        }
        throw new IllegalStateException("unknown version in the server's log: " + name);
    }

    private static int suite(String name) {
        if (name.startsWith("0x")) {
            return Integer.parseInt(name.substring(2), 16);
        }
        for (int s = 0; s < 0x10000; s++) {
            if (CipherSuite.isKnown(s) && CipherSuite.name(s).equals(name)) {
                return s;
            }
        }
        throw new IllegalStateException("unknown suite in the server's log: " + name);
    }

    /** Every line logged so far. */
    synchronized List<String> lines() {
        return new ArrayList<>(lines);
    }

    /** The server's view of the connections ended so far, oldest first. */
    synchronized List<Handshake> handshakes() {
        return new ArrayList<>(handshakes);
    }

    /** Waits until at least n connections have ended, and returns them. */
    List<Handshake> awaitHandshakes(int n) throws InterruptedException {
        long end = System.nanoTime() + waitMs * 1_000_000L;
        synchronized (this) {
            while (handshakes.size() < n && System.nanoTime() < end) {
                wait(100);
            }
            if (handshakes.size() < n) {
                throw new AssertionError("the server logged " + handshakes.size() + " connections, not " + n + ": " + lines);
            }
            return new ArrayList<>(handshakes);
        }
    }

    /**
     * The two connections after the first `before`, the full handshake first: the server logs a
     * connection when it ends, and a client's first connection may end after its second (which
     * resumed) has, so the log's order is not the order they were made in.
     */
    List<Handshake> fullThenResumed(int before) throws InterruptedException {
        List<Handshake> two = new ArrayList<>(awaitHandshakes(before + 2).subList(before, before + 2));
        two.sort((a, b) -> Boolean.compare(a.resumed, b.resumed));
        return two;
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
            for (String line : lines()) {
                Matcher m = RAM.matcher(line);
                if (m.find()) {
                    seen.add(new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))});
                }
            }
            if (seen.size() >= n) {
                return seen.get(n - 1);
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("no RAM line after connection " + n + ": " + lines());
            }
            Thread.sleep(100);
        }
    }
}
