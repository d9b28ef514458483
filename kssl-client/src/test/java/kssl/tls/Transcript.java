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
        /** The alert the server ends this connection with (a bad-input vector), or -1. */
        int fails = -1;
        byte[] client;
        byte[] server;
    }

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
                sb.append(" fails ").append(Alert.name(c.fails));
            }
            sb.append('\n');
            records(sb, "C", c.client);
            records(sb, "S", c.server);
        }
        return sb.toString();
    }

    private static void records(StringBuilder sb, String dir, byte[] wire) {
        int p = 0;
        while (p < wire.length) {
            if (p == 0 && (wire[0] & 0x80) != 0) {
                // An SSLv2-compatible ClientHello: a two-byte header with the high bit set (RFC 5246 E.2).
                int len = ((wire[0] & 0x7F) << 8) | (wire[1] & 0xFF);
                sb.append(dir).append(" sslv2_client_hello ").append(HexFormat.of().formatHex(wire, 0, 2 + len))
                        .append('\n');
                p = 2 + len;
                continue;
            }
            int len = Bytes.u16(wire, p + 3);
            sb.append(dir).append(' ').append(typeName(wire[p] & 0xFF)).append(' ')
                    .append(HexFormat.of().formatHex(wire, p, p + 5 + len)).append('\n');
            p += 5 + len;
        }
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
                    cur.fails = alertNamed(f[7]);
                }
                t.connections.add(cur);
                c = new ByteArrayOutputStream();
                s = new ByteArrayOutputStream();
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
