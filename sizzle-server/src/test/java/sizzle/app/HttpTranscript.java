package sizzle.app;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import sizzle.http.FakeClock;
import sizzle.http.HttpConnectionLoop;
import sizzle.http.Wire;

/**
 * One stored HTTP conversation with the thermostat application (test vectors for the motes'
 * C HTTP layer, native/sizzle/): a device, then connections, each with its client's bytes and
 * every write the Java server made in answer. The format is in
 * src/test/resources/http-transcripts/README.md; {@link #format} writes it and {@link #parse}
 * reads it back, and {@link #run} serves the connections through the Java server
 * (HttpConnectionLoop, ThermostatApp, PasswordGate) with no Date header: the device knows no
 * wall clock, as a mote does not.
 */
final class HttpTranscript {
    /** How a connection's input ends: the peer closes (end of stream), or a read times out. */
    static final String EOF = "eof";
    static final String TIMEOUT = "timeout";

    /** One connection: who, when, the room temperature, the client's bytes; and what the server did. */
    static final class Connection {
        String peer;
        long time;
        int temperature;
        String end;
        byte[] input;
        /** How many input bytes the server read before it stopped (the rest stays unread). */
        int consumed;
        final List<byte[]> writes = new ArrayList<>();
    }

    final String name;
    final List<String> comments = new ArrayList<>();
    String deviceName = "thermostat-1";
    String kind = "Java";
    String password = Device.PASSWORD;
    int clients = PasswordGate.DEFAULT_CLIENTS;
    int chunk = 64;
    final List<Connection> connections = new ArrayList<>();

    HttpTranscript(String name, String... comments) {
        this.name = name;
        this.comments.addAll(List.of(comments));
    }

    HttpTranscript device(String deviceName, String deviceKind) {
        this.deviceName = deviceName;
        this.kind = deviceKind;
        return this;
    }

    HttpTranscript password(String p) {
        password = p;
        return this;
    }

    HttpTranscript clients(int n) {
        clients = n;
        return this;
    }

    HttpTranscript chunk(int n) {
        chunk = n;
        return this;
    }

    /** Adds a connection whose input is {@code input} (ISO-8859-1), ended by {@code end}. */
    HttpTranscript connection(String peer, long time, int temperature, String end, String input) {
        Connection c = new Connection();
        c.peer = peer;
        c.time = time;
        c.temperature = temperature;
        c.end = end;
        c.input = input.getBytes(ISO_8859_1);
        connections.add(c);
        return this;
    }

    /**
     * Serves every connection in order on one device (its setpoint and password back-off
     * carry over), the input handed to the server in reads of at most {@code split} bytes
     * (0: whole), recording each write; returns this.
     */
    HttpTranscript run(int split) throws IOException {
        AtomicInteger temperature = new AtomicInteger();
        FakeClock clock = new FakeClock();
        Thermostat t = new Thermostat(deviceName, kind, temperature::get);
        PasswordGate gate = new PasswordGate(password.getBytes(ISO_8859_1), clock, clients);
        HttpConnectionLoop loop = new HttpConnectionLoop(new ThermostatApp(t, gate), chunk);
        for (Connection c : connections) {
            clock.now = c.time;
            temperature.set(c.temperature);
            Input in = new Input(c.input, split, TIMEOUT.equals(c.end));
            Wire.RecordingOutput out = new Wire.RecordingOutput();
            try {
                loop.serve(in, out, new Wire.OpenPolicy(), c.peer);
            } catch (InterruptedIOException idle) {
                // A timeout between requests: the connection ends without a response.
            }
            c.consumed = c.input.length - in.available();
            c.writes.clear();
            byte[] all = out.bytes.toByteArray();
            int at = 0;
            for (int n : out.writes) {
                byte[] w = new byte[n];
                System.arraycopy(all, at, w, 0, n);
                c.writes.add(w);
                at += n;
            }
        }
        return this;
    }

    /** The client's bytes, in reads of at most {@code split}; at the end -1, or a timeout. */
    private static final class Input extends InputStream {
        private final ByteArrayInputStream bytes;
        private final int split;
        private final boolean timeout;

        Input(byte[] b, int split, boolean timeout) {
            this.bytes = new ByteArrayInputStream(b);
            this.split = split;
            this.timeout = timeout;
        }

        @Override
        public int read() throws IOException {
            int b = bytes.read();
            if (b < 0 && timeout) {
                throw new InterruptedIOException("read timed out");
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int n = bytes.read(b, off, split > 0 && len > split ? split : len);
            if (n < 0 && timeout) {
                throw new InterruptedIOException("read timed out");
            }
            return n;
        }

        @Override
        public int available() {
            return bytes.available();
        }
    }

    private static final int HEX_PER_LINE = 32;

    /** The file's text (see the README). */
    String format() {
        HexFormat hex = HexFormat.of();
        StringBuilder s = new StringBuilder();
        s.append("# sizzle http transcript v1: ").append(name).append('\n');
        for (String c : comments) {
            s.append("# ").append(c).append('\n');
        }
        s.append("device ").append(word(deviceName)).append(' ').append(word(kind)).append(" password ")
                .append(hex.formatHex(password.getBytes(ISO_8859_1))).append(" clients ").append(clients).append(" chunk ").append(chunk).append('\n');
        int i = 1;
        for (Connection c : connections) {
            s.append("connection ").append(i++).append(" peer ").append(word(c.peer)).append(" time ").append(c.time)
                    .append(" temperature ").append(c.temperature).append(" end ").append(c.end)
                    .append(" consumed ").append(c.consumed).append('\n');
            for (int at = 0; at < c.input.length; at += HEX_PER_LINE) {
                s.append("C ").append(hex.formatHex(c.input, at, Math.min(c.input.length, at + HEX_PER_LINE))).append('\n');
            }
            for (byte[] w : c.writes) {
                s.append("S ").append(hex.formatHex(w)).append('\n');
            }
        }
        return s.toString();
    }

    private static String word(String w) {
        if (w.isEmpty() || w.chars().anyMatch(ch -> ch <= ' ' || ch >= 0x7f)) {
            throw new IllegalArgumentException("not one printable word: " + w);
        }
        return w;
    }

    /** Reads a file written by {@link #format}. */
    static HttpTranscript parse(String text) {
        HexFormat hex = HexFormat.of();
        HttpTranscript t = null;
        Connection c = null;
        java.io.ByteArrayOutputStream input = new java.io.ByteArrayOutputStream();
        for (String line : text.split("\n")) {
            String[] f = line.split(" ");
            if (line.startsWith("# sizzle http transcript v1: ")) {
                t = new HttpTranscript(line.substring("# sizzle http transcript v1: ".length()));
            } else if (line.startsWith("# ")) {
                t.comments.add(line.substring(2));
            } else if (f[0].equals("device")) {
                t.deviceName = f[1];
                t.kind = f[2];
                t.password = new String(hex.parseHex(f[4]), ISO_8859_1);
                t.clients = Integer.parseInt(f[6]);
                t.chunk = Integer.parseInt(f[8]);
            } else if (f[0].equals("connection")) {
                if (c != null) {
                    c.input = input.toByteArray();
                }
                input.reset();
                c = new Connection();
                c.peer = f[3];
                c.time = Long.parseLong(f[5]);
                c.temperature = Integer.parseInt(f[7]);
                c.end = f[9];
                c.consumed = Integer.parseInt(f[11]);
                t.connections.add(c);
            } else if (f[0].equals("C")) {
                input.writeBytes(hex.parseHex(f[1]));
            } else if (f[0].equals("S")) {
                c.writes.add(hex.parseHex(f[1]));
            } else {
                throw new IllegalArgumentException("bad line: " + line);
            }
        }
        if (c != null) {
            c.input = input.toByteArray();
        }
        return t;
    }
}
