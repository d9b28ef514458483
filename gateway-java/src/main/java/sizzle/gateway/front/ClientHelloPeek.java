package sizzle.gateway.front;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * Reads a TLS connection's first flight far enough to see the ClientHello's server_name (RFC
 * 6066 §3), the way nginx's ssl_preread does, so that one shared port can route each connection
 * to the device it names. The gateway holds no key and speaks no TLS: it only reads the
 * plaintext ClientHello and hands every byte it read, unchanged, to the device, which hashes
 * them into its own handshake. Its own small parser on purpose (the gateway depends on none of
 * the TLS code): record headers, the handshake header, and the hello's vectors down to the
 * extensions, each length checked against what contains it.
 */
public final class ClientHelloPeek {
    /** Why a connection's first bytes could not be routed; {@link #alert} is the TLS alert to answer with. */
    public static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;
        /** decode_error (50) for malformed bytes, unexpected_message (10) for a wrong message. */
        public final int alert;

        Refused(int alert, String why) {
            super(why);
            this.alert = alert;
        }
    }

    static final int DECODE_ERROR = 50;
    static final int UNEXPECTED_MESSAGE = 10;
    /** A ClientHello longer than this is refused: a browser's is about 2 KB, a mote takes 64 KiB at most. */
    static final int MAX_HELLO = 1 << 16;

    /** Every byte read from the client, to be sent on to the device first. */
    public final byte[] bytes;
    /** The host_name the client asked for, lower case, or null when it sent none (or an SSLv2-compatible hello). */
    public final String serverName;
    /** The hello's client_version, as major << 8 | minor (0x0300 for SSL 3.0). */
    public final int clientVersion;

    private ClientHelloPeek(byte[] bytes, String serverName, int clientVersion) {
        this.bytes = bytes;
        this.serverName = serverName;
        this.clientVersion = clientVersion;
    }

    /**
     * Reads records from {@code in} until the ClientHello is whole (it may span records) and
     * returns it with the name it carries. Throws {@link Refused} for bytes that are not a
     * well-formed ClientHello, EOFException if the client stops first.
     */
    public static ClientHelloPeek read(InputStream in) throws IOException {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        int first = readByte(in, seen);
        if ((first & 0x80) != 0) {
            // an SSLv2-compatible hello (RFC 5246 E.2): two length bytes, then the hello, no extensions
            int len = ((first & 0x7F) << 8) | readByte(in, seen);
            byte[] v2 = readFully(in, seen, len); // msg_type, then the version
            return new ClientHelloPeek(seen.toByteArray(), null, len >= 3 ? (v2[1] & 0xFF) << 8 | (v2[2] & 0xFF) : 0);
        }
        ByteArrayOutputStream hs = new ByteArrayOutputStream();
        int type = first;
        int needed = -1; // the hello's whole length with its header, once the header is in
        while (true) {
            if (type != 22) {
                throw new Refused(UNEXPECTED_MESSAGE, "not a TLS handshake record (content type " + type + ")");
            }
            int major = readByte(in, seen);
            readByte(in, seen);
            int len = (readByte(in, seen) << 8) | readByte(in, seen);
            if (major != 3) {
                throw new Refused(DECODE_ERROR, "not a TLS record (version " + major + ".x)");
            }
            if (len == 0 || len > 16384) {
                throw new Refused(DECODE_ERROR, "record length " + len + " outside 1..16384");
            }
            byte[] body = readFully(in, seen, len);
            hs.write(body, 0, body.length);
            byte[] h = hs.toByteArray();
            if (needed < 0 && h.length >= 4) {
                if (h[0] != 1) {
                    throw new Refused(UNEXPECTED_MESSAGE, "the first handshake message is type " + (h[0] & 0xFF) + ", not ClientHello");
                }
                int msg = ((h[1] & 0xFF) << 16) | ((h[2] & 0xFF) << 8) | (h[3] & 0xFF);
                if (msg > MAX_HELLO) {
                    throw new Refused(DECODE_ERROR, "ClientHello of " + msg + " bytes (at most " + MAX_HELLO + ")");
                }
                needed = 4 + msg;
            }
            if (needed >= 0 && h.length >= needed) {
                return new ClientHelloPeek(seen.toByteArray(), serverName(h, 4, needed), (h[4] & 0xFF) << 8 | (h[5] & 0xFF));
            }
            type = readByte(in, seen);
        }
    }

    /** The host_name of the hello body h[off..end), or null; every vector checked against its container. */
    static String serverName(byte[] h, int off, int end) throws Refused {
        Cursor c = new Cursor(h, off, end);
        c.skip(2 + 32, "version and random");
        c.skip(c.vector(1, "session_id"), "session_id");
        int suites = c.vector(2, "cipher_suites");
        if (suites < 2 || suites % 2 != 0) {
            throw new Refused(DECODE_ERROR, "cipher_suites of " + suites + " bytes");
        }
        c.skip(suites, "cipher_suites");
        int methods = c.vector(1, "compression_methods");
        if (methods < 1) {
            throw new Refused(DECODE_ERROR, "no compression method");
        }
        c.skip(methods, "compression_methods");
        if (c.pos == end) {
            return null;
        }
        Cursor ext = c.sub(c.vector(2, "extensions"), "extensions");
        if (c.pos != end) {
            throw new Refused(DECODE_ERROR, (end - c.pos) + " bytes after the extensions");
        }
        String name = null;
        boolean seen = false;
        while (ext.pos < ext.end) {
            int t = ext.u16("extension type");
            Cursor data = ext.sub(ext.vector(2, "extension"), "extension");
            if (t != 0) {
                continue;
            }
            if (seen) {
                throw new Refused(DECODE_ERROR, "server_name twice");
            }
            seen = true;
            if (data.pos == data.end) {
                continue; // the empty form a server sends back; tolerated from a client
            }
            Cursor list = data.sub(data.vector(2, "server_name_list"), "server_name_list");
            if (data.pos != data.end || list.pos == list.end) {
                throw new Refused(DECODE_ERROR, "server_name list does not fill its extension or is empty");
            }
            while (list.pos < list.end) {
                int nameType = list.u8("name_type");
                int len = list.vector(2, "HostName");
                byte[] host = list.take(len, "HostName");
                if (nameType == 0) {
                    if (name != null) {
                        throw new Refused(DECODE_ERROR, "two host names");
                    }
                    name = hostName(host);
                }
            }
        }
        return name;
    }

    /** A DNS host name as RFC 6066 section 3 wants it (ASCII, no empty label, so no trailing dot), lower case; anything else is refused. */
    private static String hostName(byte[] host) throws Refused {
        if (host.length == 0 || host.length > 255) {
            throw new Refused(DECODE_ERROR, "host name of " + host.length + " bytes");
        }
        StringBuilder s = new StringBuilder(host.length);
        for (byte b : host) {
            char ch = (char) (b & 0xFF);
            boolean ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '.';
            if (!ok) {
                throw new Refused(DECODE_ERROR, "host name with byte 0x" + Integer.toHexString(b & 0xFF));
            }
            s.append(ch);
        }
        String name = s.toString();
        if (name.startsWith(".") || name.endsWith(".") || name.contains("..")) {
            throw new Refused(DECODE_ERROR, "host name with an empty label (a leading or trailing dot, or two dots)");
        }
        return name.toLowerCase(Locale.ROOT);
    }

    private static int readByte(InputStream in, ByteArrayOutputStream seen) throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException("the client closed after " + seen.size() + " bytes, before its ClientHello ended");
        }
        seen.write(b);
        return b;
    }

    private static byte[] readFully(InputStream in, ByteArrayOutputStream seen, int len) throws IOException {
        byte[] b = new byte[len];
        for (int n = 0; n < len; ) {
            int r = in.read(b, n, len - n);
            if (r < 0) {
                throw new EOFException("the client closed after " + (seen.size() + n) + " bytes, before its ClientHello ended");
            }
            n += r;
        }
        seen.write(b, 0, len);
        return b;
    }

    /** Reads big-endian fields inside [pos, end); a length past end is a decode_error naming the field. */
    private static final class Cursor {
        final byte[] b;
        int pos;
        final int end;

        Cursor(byte[] b, int pos, int end) {
            this.b = b;
            this.pos = pos;
            this.end = end;
        }

        void need(int n, String what) throws Refused {
            if (n > end - pos) {
                throw new Refused(DECODE_ERROR, what + " runs past its container (" + n + " bytes, " + (end - pos) + " left)");
            }
        }

        int u8(String what) throws Refused {
            need(1, what);
            return b[pos++] & 0xFF;
        }

        int u16(String what) throws Refused {
            need(2, what);
            int v = ((b[pos] & 0xFF) << 8) | (b[pos + 1] & 0xFF);
            pos += 2;
            return v;
        }

        /** A vector's length prefix of {@code width} bytes; the vector itself must fit. */
        int vector(int width, String what) throws Refused {
            int len = width == 1 ? u8(what + " length") : u16(what + " length");
            need(len, what);
            return len;
        }

        void skip(int n, String what) throws Refused {
            need(n, what);
            pos += n;
        }

        byte[] take(int n, String what) throws Refused {
            need(n, what);
            byte[] v = java.util.Arrays.copyOfRange(b, pos, pos + n);
            pos += n;
            return v;
        }

        Cursor sub(int n, String what) throws Refused {
            need(n, what);
            Cursor c = new Cursor(b, pos, pos + n);
            pos += n;
            return c;
        }
    }
}
