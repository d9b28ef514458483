package kssl;

import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Vector;
import javax.microedition.io.HttpsConnection;
import javax.microedition.io.SecurityInfo;

/**
 * MIDP 2.0's HttpsConnection on the KSSL engine, with a small HTTP/1.1 client: one request per
 * connection, as MIDP defines it. Setup (method, request properties, the body written to
 * {@link #openOutputStream()}, buffered) → Connected (request sent, response head read) →
 * Closed. The request goes out when anything about the response is asked for; the TLS
 * handshake runs then, or earlier for {@link #getSecurityInfo()}. The request says
 * "Connection: close" unless the application set a Connection property. Responses may be
 * Content-Length, chunked or close-delimited ({@link HttpBodyInputStream}).
 *
 * <p>The socket is released when the connection and the streams opened from it are all
 * closed (GCF semantics).
 */
public final class HttpsClientConnection implements HttpsConnection {
    private static final int SETUP = 0;
    private static final int CONNECTED = 1;

    private final HttpsUrl url;
    private final TlsConfig config;
    private final SocketOpener opener;
    private int state = SETUP;
    private boolean closed;
    /** This connection plus each stream opened from it: the socket goes when all are closed. */
    private int handles = 1;
    private String method = GET;
    private final Vector propertyNames = new Vector();
    private final Vector propertyValues = new Vector();
    private ByteArrayOutputStream body;
    private boolean inputOpened;
    private boolean outputOpened;
    private TlsConnection tls;
    private HttpResponseHead head;
    private HttpBodyInputStream responseBody;
    private IOException failure;

    HttpsClientConnection(HttpsUrl url, TlsConfig config, SocketOpener opener) {
        this.url = url;
        this.config = config;
        this.opener = opener;
    }

    // ---- the URL

    public String getURL() {
        return url.getUrl();
    }

    public String getProtocol() {
        return "https";
    }

    public String getHost() {
        return url.getHost();
    }

    public int getPort() {
        return url.getPort();
    }

    public String getFile() {
        return url.getFile();
    }

    public String getRef() {
        return url.getRef();
    }

    public String getQuery() {
        return url.getQuery();
    }

    // ---- the request (Setup state)

    public synchronized String getRequestMethod() {
        return method;
    }

    public synchronized void setRequestMethod(String m) throws IOException {
        checkSetup();
        if (!GET.equals(m) && !POST.equals(m) && !HEAD.equals(m)) {
            throw new IllegalArgumentException("request method must be GET, POST or HEAD");
        }
        method = m;
    }

    public synchronized String getRequestProperty(String key) {
        int i = indexOf(propertyNames, key);
        return i < 0 ? null : (String) propertyValues.elementAt(i);
    }

    /** Sets a request header field (replacing one of the same name); Host and Content-Length are set here. */
    public synchronized void setRequestProperty(String key, String value) throws IOException {
        checkSetup();
        if (!isToken(key) || value == null || !isFieldValue(value)) {
            throw new IllegalArgumentException("malformed request property ".concat(String.valueOf(key)));
        }
        if (key.equalsIgnoreCase("Host") || key.equalsIgnoreCase("Content-Length")
                || key.equalsIgnoreCase("Transfer-Encoding")) {
            throw new IllegalArgumentException(key.concat(" is set by the connection"));
        }
        int i = indexOf(propertyNames, key);
        if (i < 0) {
            propertyNames.addElement(key);
            propertyValues.addElement(value);
        } else {
            propertyValues.setElementAt(value, i);
        }
    }

    private static int indexOf(Vector names, String key) {
        for (int i = 0; i < names.size(); i++) {
            if (((String) names.elementAt(i)).equalsIgnoreCase(key)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isToken(String s) {
        if (s == null || s.length() == 0) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= ' ' || c >= 0x7F || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }

    /** No CR, LF or other control characters: a value cannot smuggle in another header field. */
    private static boolean isFieldValue(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c < ' ' && c != '\t') || c == 0x7F || c > 0xFF) {
                return false;
            }
        }
        return true;
    }

    private void checkSetup() throws IOException {
        checkOpen();
        if (state != SETUP) {
            throw new IOException("request already sent");
        }
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException("connection closed");
        }
    }

    public synchronized OutputStream openOutputStream() throws IOException {
        checkSetup();
        if (outputOpened) {
            throw new IOException("output stream already opened");
        }
        outputOpened = true;
        body = new ByteArrayOutputStream();
        handles++;
        return new RequestBody();
    }

    public DataOutputStream openDataOutputStream() throws IOException {
        return new DataOutputStream(openOutputStream());
    }

    /** The request body, buffered until the request is sent (its length goes in Content-Length). */
    private final class RequestBody extends OutputStream {
        private boolean streamClosed;

        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (HttpsClientConnection.this) {
                if (streamClosed || state != SETUP) {
                    throw new IOException(streamClosed ? "stream closed" : "request already sent");
                }
                body.write(b, off, len);
            }
        }

        public void close() throws IOException {
            synchronized (HttpsClientConnection.this) {
                if (!streamClosed) {
                    streamClosed = true;
                    release();
                }
            }
        }
    }

    // ---- the exchange

    /** Setup → the TLS handshake (if not run yet). */
    private void handshake() throws IOException {
        checkOpen();
        if (tls == null) {
            tls = Connector.openSecure(url.getHost(), url.getPort(), config, opener);
        }
        tls.handshake();
    }

    /**
     * Setup → Connected: sends the request and reads the response head. A failed exchange is
     * not retried (the request may have been acted on): its error is thrown again.
     */
    private void connect() throws IOException {
        checkOpen();
        if (failure != null) {
            throw failure;
        }
        if (state == CONNECTED) {
            return;
        }
        try {
            handshake();
            OutputStream out = tls.getOutputStream();
            out.write(requestHead());
            if (body != null && body.size() > 0) {
                out.write(body.toByteArray());
            }
            out.flush();
            state = CONNECTED;
            head = HttpResponseHead.read(tls.getInputStream());
            responseBody = bodyStream();
        } catch (IOException e) {
            failure = e;
            if (tls != null) {
                tls.close();
            }
            throw e;
        }
    }

    private byte[] requestHead() {
        StringBuffer b = new StringBuffer();
        b.append(method).append(' ').append(url.requestTarget()).append(" HTTP/1.1\r\n");
        b.append("Host: ").append(url.hostHeader()).append("\r\n");
        for (int i = 0; i < propertyNames.size(); i++) {
            b.append(propertyNames.elementAt(i)).append(": ").append(propertyValues.elementAt(i)).append("\r\n");
        }
        if (indexOf(propertyNames, "Connection") < 0) {
            b.append("Connection: close\r\n");
        }
        if (POST.equals(method) || (body != null && body.size() > 0)) {
            b.append("Content-Length: ").append(body == null ? 0 : body.size()).append("\r\n");
        }
        b.append("\r\n");
        return latin1(b.toString());
    }

    private static byte[] latin1(String s) {
        byte[] out = new byte[s.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) s.charAt(i);
        }
        return out;
    }

    /** RFC 9112 §6.3: how this response's body is delimited. */
    private HttpBodyInputStream bodyStream() throws IOException {
        InputStream in = tls.getInputStream();
        int status = head.getStatus();
        if (HEAD.equals(method) || status == HTTP_NO_CONTENT || status == HTTP_NOT_MODIFIED) {
            return new HttpBodyInputStream(in, HttpBodyInputStream.LENGTH, 0, tls);
        }
        String te = head.get("Transfer-Encoding");
        if (te != null) {
            if (!te.toLowerCase().trim().endsWith("chunked")) {
                throw new IOException("unsupported Transfer-Encoding: ".concat(te));
            }
            return new HttpBodyInputStream(in, HttpBodyInputStream.CHUNKED, 0, tls);
        }
        if (head.get("Content-Length") != null) {
            return new HttpBodyInputStream(in, HttpBodyInputStream.LENGTH, contentLength(), tls);
        }
        return new HttpBodyInputStream(in, HttpBodyInputStream.UNTIL_CLOSE, 0, tls);
    }

    /** One Content-Length of digits only (several fields, or a list, are refused: RFC 9112 §6.3). */
    private long contentLength() throws IOException {
        String v = head.get("Content-Length");
        if (head.count("Content-Length") != 1 || v.length() == 0 || v.length() > 18) {
            throw new IOException("malformed Content-Length: ".concat(v));
        }
        long n = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                throw new IOException("malformed Content-Length: ".concat(v));
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    public synchronized SecurityInfo getSecurityInfo() throws IOException {
        handshake();
        return new TlsSecurityInfo(tls);
    }

    public synchronized int getResponseCode() throws IOException {
        connect();
        return head.getStatus();
    }

    public synchronized String getResponseMessage() throws IOException {
        connect();
        return head.getReason();
    }

    public synchronized String getHeaderField(String name) throws IOException {
        connect();
        return head.get(name);
    }

    public synchronized String getHeaderField(int n) throws IOException {
        connect();
        return head.getValue(n);
    }

    public synchronized String getHeaderFieldKey(int n) throws IOException {
        connect();
        return head.getName(n);
    }

    public int getHeaderFieldInt(String name, int def) throws IOException {
        String v = getHeaderField(name);
        try {
            return v == null ? def : Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return def;
        }
    }

    public long getHeaderFieldDate(String name, long def) throws IOException {
        String v = getHeaderField(name);
        long t = v == null ? -1 : HttpDate.parse(v);
        return t < 0 ? def : t;
    }

    public long getExpiration() throws IOException {
        return getHeaderFieldDate("Expires", 0);
    }

    public long getDate() throws IOException {
        return getHeaderFieldDate("Date", 0);
    }

    public long getLastModified() throws IOException {
        return getHeaderFieldDate("Last-Modified", 0);
    }

    public String getType() {
        return headerOrNull("Content-Type");
    }

    public String getEncoding() {
        return headerOrNull("Content-Encoding");
    }

    /** The Content-Length, or -1 if unknown (chunked, close-delimited) or the exchange failed. */
    public long getLength() {
        try {
            synchronized (this) {
                connect();
                return head.get("Content-Length") == null || head.get("Transfer-Encoding") != null ? -1 : contentLength();
            }
        } catch (IOException e) {
            return -1;
        }
    }

    /** ContentConnection's getters cannot throw: a failed exchange reads as "no such header". */
    private String headerOrNull(String name) {
        try {
            return getHeaderField(name);
        } catch (IOException e) {
            return null;
        }
    }

    public synchronized InputStream openInputStream() throws IOException {
        connect();
        if (inputOpened) {
            throw new IOException("input stream already opened");
        }
        inputOpened = true;
        handles++;
        return new ResponseBody();
    }

    public DataInputStream openDataInputStream() throws IOException {
        return new DataInputStream(openInputStream());
    }

    /** The response body; closing it (and the connection) releases the socket. */
    private final class ResponseBody extends InputStream {
        private boolean streamClosed;

        public int read() throws IOException {
            check();
            return responseBody.read();
        }

        public int read(byte[] b, int off, int len) throws IOException {
            check();
            return responseBody.read(b, off, len);
        }

        public int available() throws IOException {
            check();
            return responseBody.available();
        }

        private void check() throws IOException {
            if (streamClosed) {
                throw new IOException("stream closed");
            }
        }

        public void close() {
            synchronized (HttpsClientConnection.this) {
                if (!streamClosed) {
                    streamClosed = true;
                    release();
                }
            }
        }
    }

    public synchronized void close() {
        if (!closed) {
            closed = true;
            release();
        }
    }

    private void release() {
        if (--handles == 0 && tls != null) {
            tls.close(); // close_notify; closes the socket's streams
        }
    }

    /** The engine's connection once the handshake has run (else null): session, resumption. */
    public synchronized TlsConnection getTlsConnection() {
        return tls;
    }
}
