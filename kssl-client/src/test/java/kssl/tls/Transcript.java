package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A stored transcript (format in src/test/resources/transcripts/README.md): per connection,
 * the script (requests, response size) and the records each side sent.
 */
final class Transcript {
    static final class Connection {
        int requests;
        int responseSize;
        /** The alert the server ends this connection with (a bad-input vector), {@link #SILENT}, or -1. */
        int fails = -1;
        /** True if the client ended its stream before the server's last lines (a {@code C close} line). */
        boolean clientCloses;
        /** Which side sent each record, in wire order ('C' or 'S'): how the lines interleave. */
        String order;
        byte[] client;
        byte[] server;
    }

    /** {@code fails none}: the server ends the connection without sending an alert (it received a fatal one). */
    static final int SILENT = 256;

    final List<String> header = new ArrayList<>();
    final List<Connection> connections = new ArrayList<>();

    static String typeName(int t) {
        switch (t) {
            case 20: return "change_cipher_spec";
            case 21: return "alert";
            case 22: return "handshake";
            case 23: return "application_data";
            default: return "type_" + t;
        }
    }

    String format() {
        StringBuilder sb = new StringBuilder();
        for (String h : header) {
            sb.append("# ").append(h).append('\n');
        }
        int i = 1;
        for (Connection c : connections) {
            sb.append("connection ").append(i++).append(" requests ").append(c.requests).append(" response ")
                    .append(c.responseSize);
            if (c.fails >= 0) {
                sb.append(" fails ").append(c.fails == SILENT ? "none" : Alert.name(c.fails));
            }
            sb.append('\n');
            List<String> client = records("C", c.client);
            List<String> server = records("S", c.server);
            int ci = 0;
            int si = 0;
            String order = c.order != null ? c.order : "C".repeat(client.size()) + "S".repeat(server.size());
            for (int k = 0; k < order.length(); k++) {
                char side = order.charAt(k);
                sb.append(side == 'c' ? "C close" : side == 'C' ? client.get(ci++) : server.get(si++)).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * The records of one side's bytes, each as a transcript line (without its newline); bytes
     * that end before their record does (a client that stops mid-record) are one last line of
     * type {@code truncated}.
     */
    private static List<String> records(String dir, byte[] wire) {
        List<String> lines = new ArrayList<>();
        int p = 0;
        while (p < wire.length) {
            int end = recordEnd(wire, p);
            String type = p == 0 && (wire[0] & 0x80) != 0 ? "sslv2_client_hello" : typeName(wire[p] & 0xFF);
            if (end < 0) {
                end = wire.length;
                type = "truncated";
            }
            lines.add(dir + ' ' + type + ' ' + HexFormat.of().formatHex(wire, p, end));
            p = end;
        }
        return lines;
    }

    /**
     * Where the record that starts at p ends; an SSLv2-compatible ClientHello (first record,
     * high bit set, RFC 5246 E.2) has a two-byte header. Past the bytes there are: -1.
     */
    static int recordEnd(byte[] wire, int p) {
        int end;
        if (p == 0 && wire.length >= 2 && (wire[0] & 0x80) != 0) {
            end = 2 + (((wire[0] & 0x7F) << 8) | (wire[1] & 0xFF));
        } else {
            end = wire.length >= p + 5 ? p + 5 + Bytes.u16(wire, p + 3) : Integer.MAX_VALUE;
        }
        return end <= wire.length ? end : -1;
    }

    /**
     * The sides of the records in the order their last bytes were written (from a Pipe journal):
     * C and S; c where the client ended its stream (after its truncated last record, if any).
     */
    static String order(Pipe.Journal journal) {
        StringBuilder order = new StringBuilder();
        java.io.ByteArrayOutputStream c = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream s = new java.io.ByteArrayOutputStream();
        int[] done = {0, 0};
        synchronized (journal) {
            for (Object[] w : journal.writes) {
                boolean client = (Character) w[0] == 'C';
                if (w[1] == null) {
                    if (client && c.size() > done[0]) {
                        order.append('C');
                        done[0] = c.size();
                    }
                    order.append(client ? "c" : "");
                    continue;
                }
                java.io.ByteArrayOutputStream side = client ? c : s;
                side.writeBytes((byte[]) w[1]);
                byte[] bytes = side.toByteArray();
                int k = client ? 0 : 1;
                int end;
                while ((end = recordEnd(bytes, done[k])) > 0) {
                    order.append(client ? 'C' : 'S');
                    done[k] = end;
                }
            }
        }
        return order.toString();
    }

    static int alertNamed(String name) {
        for (int a = 0; a < 256; a++) {
            if (Alert.name(a).equals(name)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown alert " + name);
    }

    static Transcript parse(String text) {
        Transcript t = new Transcript();
        Connection cur = null;
        ByteArrayOutputStream c = null;
        ByteArrayOutputStream s = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("# ")) {
                t.header.add(line.substring(2));
            } else if (line.startsWith("connection ")) {
                if (cur != null) {
                    cur.client = c.toByteArray();
                    cur.server = s.toByteArray();
                }
                String[] f = line.split(" ");
                cur = new Connection();
                cur.requests = Integer.parseInt(f[3]);
                cur.responseSize = Integer.parseInt(f[5]);
                if (f.length > 7 && f[6].equals("fails")) {
                    cur.fails = f[7].equals("none") ? SILENT : alertNamed(f[7]);
                }
                t.connections.add(cur);
                c = new ByteArrayOutputStream();
                s = new ByteArrayOutputStream();
            } else if (line.equals("C close")) {
                cur.clientCloses = true;
            } else if (line.startsWith("C ") || line.startsWith("S ")) {
                byte[] rec = HexFormat.of().parseHex(line.substring(line.lastIndexOf(' ') + 1));
                (line.charAt(0) == 'C' ? c : s).writeBytes(rec);
            } else if (!line.isBlank()) {
                throw new IllegalArgumentException("bad transcript line: " + line);
            }
        }
        if (cur != null) {
            cur.client = c.toByteArray();
            cur.server = s.toByteArray();
        }
        return t;
    }
}
