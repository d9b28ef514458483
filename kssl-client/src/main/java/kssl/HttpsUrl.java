package kssl;

/**
 * An https URL split as MIDP's HttpConnection reports it: {@code https://host[:port][file][?query][#ref]}
 * (RFC 3986; the host may be a bracketed IPv6 literal). Malformed URLs are refused with an
 * IllegalArgumentException saying why, as javax.microedition.io.Connector.open does.
 */
public final class HttpsUrl {
    public static final int DEFAULT_PORT = 443;
    private static final String SCHEME = "https://";

    private final String url;
    private final String host;
    private final int port;
    private final String file;
    private final String query;
    private final String ref;

    public HttpsUrl(String url) {
        if (url == null || !url.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            throw new IllegalArgumentException("not an https:// URL: ".concat(String.valueOf(url)));
        }
        this.url = url;
        int start = SCHEME.length();
        int end = end(url, start, "/?#");
        String authority = url.substring(start, end);
        if (authority.indexOf('@') >= 0) {
            throw new IllegalArgumentException("user information in the URL is not supported");
        }
        int colon;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("unclosed IPv6 literal in ".concat(url));
            }
            host = authority.substring(1, close);
            colon = close + 1 < authority.length() ? close + 1 : -1;
            if (colon > 0 && authority.charAt(colon) != ':') {
                throw new IllegalArgumentException("bad authority in ".concat(url));
            }
        } else {
            colon = authority.indexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
        }
        if (host.length() == 0) {
            throw new IllegalArgumentException("no host in ".concat(url));
        }
        port = colon < 0 ? DEFAULT_PORT : port(authority.substring(colon + 1), url);
        int hash = url.indexOf('#', end);
        int limit = hash < 0 ? url.length() : hash;
        int question = url.indexOf('?', end);
        if (question > limit) {
            question = -1;
        }
        int fileEnd = question < 0 ? limit : question;
        file = fileEnd > end ? url.substring(end, fileEnd) : null;
        query = question < 0 ? null : url.substring(question + 1, limit);
        ref = hash < 0 ? null : url.substring(hash + 1);
        checkTarget(file == null ? "" : file);
        checkTarget(query == null ? "" : query);
    }

    private static int end(String s, int from, String stops) {
        for (int i = from; i < s.length(); i++) {
            if (stops.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return s.length();
    }

    private static int port(String digits, String url) {
        if (digits.length() == 0 || digits.length() > 5) {
            throw new IllegalArgumentException("bad port in ".concat(url));
        }
        int p = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("bad port in ".concat(url));
            }
            p = p * 10 + (c - '0');
        }
        if (p < 1 || p > 65535) {
            throw new IllegalArgumentException("port out of range in ".concat(url));
        }
        return p;
    }

    /** The request target goes on the request line: no spaces or control characters. */
    private static void checkTarget(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= ' ' || c >= 0x7F) {
                throw new IllegalArgumentException("URL needs percent-encoding (space or control character)");
            }
        }
    }

    public String getUrl() {
        return url;
    }

    public String getHost() {
        return host;
    }

    public int getPort() {
        return port;
    }

    /** The path, or null if the URL has none. */
    public String getFile() {
        return file;
    }

    public String getQuery() {
        return query;
    }

    public String getRef() {
        return ref;
    }

    /** The request target (RFC 9112 3.2.1 origin-form): path ("/" if none) and query. */
    public String requestTarget() {
        String path = file == null ? "/" : file;
        return query == null ? path : path.concat("?").concat(query);
    }

    /** The Host header's value: the port only when it is not 443 (RFC 9110 7.2). */
    public String hostHeader() {
        String h = host.indexOf(':') >= 0 ? "[".concat(host).concat("]") : host;
        return port == DEFAULT_PORT ? h : h.concat(":").concat(Integer.toString(port));
    }
}
