package kssl;

import java.io.IOException;
import java.io.InputStream;
import java.util.Vector;

/**
 * The status line and header fields of an HTTP/1.x response (RFC 9112 §4–5), read from a
 * stream with bounded lines and a bounded number of fields, so a hostile server cannot make a
 * phone buffer without end. Interim 1xx responses are skipped. Field names keep their case;
 * lookups ignore it.
 */
public final class HttpResponseHead {
    /** Longest status line or field line accepted. */
    public static final int MAX_LINE = 8192;
    /** Most header fields accepted. */
    public static final int MAX_FIELDS = 100;

    private int status;
    private String reason;
    private int minorVersion;
    private final Vector names = new Vector();
    private final Vector values = new Vector();

    private HttpResponseHead() {
    }

    /** Reads a response head (skipping 1xx responses); IOException if the stream ends or it is malformed. */
    public static HttpResponseHead read(InputStream in) throws IOException {
        HttpResponseHead h = new HttpResponseHead();
        do {
            h.names.removeAllElements();
            h.values.removeAllElements();
            h.statusLine(line(in));
            h.fields(in);
        } while (h.status >= 100 && h.status < 200);
        return h;
    }

    private void statusLine(String line) throws IOException {
        // HTTP-version SP status-code SP [reason-phrase]
        if (line.length() < 12 || !line.startsWith("HTTP/1.") || line.charAt(8) != ' '
                || (line.length() > 12 && line.charAt(12) != ' ')) {
            throw new IOException("malformed status line: ".concat(printable(line)));
        }
        char minor = line.charAt(7);
        if (minor < '0' || minor > '9') {
            throw new IOException("malformed status line: ".concat(printable(line)));
        }
        minorVersion = minor - '0';
        status = 0;
        for (int i = 9; i < 12; i++) {
            char c = line.charAt(i);
            if (c < '0' || c > '9') {
                throw new IOException("malformed status code: ".concat(printable(line)));
            }
            status = status * 10 + (c - '0');
        }
        if (status < 100) {
            throw new IOException("status code below 100: ".concat(printable(line)));
        }
        reason = line.length() > 13 ? line.substring(13) : "";
    }

    private void fields(InputStream in) throws IOException {
        while (true) {
            String line = line(in);
            if (line.length() == 0) {
                return;
            }
            if (names.size() == MAX_FIELDS) {
                throw new IOException("more than 100 header fields");
            }
            int colon = line.indexOf(':');
            if (colon <= 0 || line.charAt(0) == ' ' || line.charAt(0) == '\t' || line.charAt(colon - 1) == ' ') {
                throw new IOException("malformed header field: ".concat(printable(line)));
            }
            names.addElement(line.substring(0, colon));
            values.addElement(line.substring(colon + 1).trim());
        }
    }

    /** One line without its CRLF (a bare LF is accepted too, RFC 9112 §2.2); bytes as ISO-8859-1. */
    static String line(InputStream in) throws IOException {
        StringBuffer b = new StringBuffer();
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new IOException(b.length() == 0 ? "connection closed before the response"
                        : "connection closed inside the response head");
            }
            if (c == '\n') {
                int n = b.length();
                if (n > 0 && b.charAt(n - 1) == '\r') {
                    b.setLength(n - 1);
                }
                return b.toString();
            }
            if (b.length() == MAX_LINE) {
                throw new IOException("response line longer than 8192 bytes");
            }
            b.append((char) c);
        }
    }

    private static String printable(String s) {
        return s.length() > 80 ? s.substring(0, 80).concat("...") : s;
    }

    public int getStatus() {
        return status;
    }

    public String getReason() {
        return reason;
    }

    /** 0 for HTTP/1.0, 1 for HTTP/1.1. */
    public int getMinorVersion() {
        return minorVersion;
    }

    public int size() {
        return names.size();
    }

    public String getName(int i) {
        return i >= 0 && i < names.size() ? (String) names.elementAt(i) : null;
    }

    public String getValue(int i) {
        return i >= 0 && i < values.size() ? (String) values.elementAt(i) : null;
    }

    /** The first field of that name (case-insensitive), or null. */
    public String get(String name) {
        for (int i = 0; i < names.size(); i++) {
            if (name.equalsIgnoreCase((String) names.elementAt(i))) {
                return (String) values.elementAt(i);
            }
        }
        return null;
    }

    /** How many fields have that name. */
    public int count(String name) {
        int n = 0;
        for (int i = 0; i < names.size(); i++) {
            if (name.equalsIgnoreCase((String) names.elementAt(i))) {
                n++;
            }
        }
        return n;
    }
}
