package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The record layer (RFC 5246 §6.2, RFC 6101 §5.2) over a pair of streams: reads records into
 * one reused buffer and opens them in place, writes records from another. Its buffers are
 * sized by the receive and send limits the caller gives (max_fragment_length /
 * record_size_limit), so a small device bounds its memory:
 * <ul>
 * <li>protected records must fit whole (the MAC or tag covers the whole record);</li>
 * <li>unprotected records (the first ClientHello, up to 2^14 bytes) are delivered in pieces
 * that fit, so a ~2 KB browser ClientHello can be parsed as a stream with a small buffer;</li>
 * <li>alerts are handled here: a fatal one ends the connection with a remote TlsException,
 * close_notify is reported, warnings are skipped.</li>
 * </ul>
 * Every malformed header, oversized record or failed MAC/tag is a TlsException carrying the
 * alert to send (RFC 5246 §7.2.2).
 */
public final class RecordLayer {
    public static final int CHANGE_CIPHER_SPEC = 20;
    public static final int ALERT = 21;
    public static final int HANDSHAKE = 22;
    public static final int APPLICATION_DATA = 23;
    /** Pseudo content type of an SSLv2-compatible ClientHello (RFC 5246 Appendix E.2). */
    public static final int SSL2_CLIENT_HELLO = 0x80;
    /** next(): the peer closed the stream at a record boundary. */
    public static final int EOF = -1;
    /** next(): the peer sent close_notify. */
    public static final int CLOSE_NOTIFY = -2;

    /**
     * Empty records in a row that are tolerated (OpenSSL's MAX_EMPTY_RECORDS): only application
     * data may be empty, and a peer sending nothing but empty records is wasting our time.
     */
    public static final int MAX_EMPTY_RECORDS = 32;
    /**
     * Warning alerts in a row that end the connection (OpenSSL's MAX_WARN_ALERT_COUNT): a
     * warning changes nothing here, so a peer that sends five has nothing to say.
     */
    public static final int MAX_WARNING_ALERTS = 5;
    /** The largest plaintext fragment TLS allows (2^14). */
    public static final int MAX_FRAGMENT = 16384;
    static final int HEADER = 5;
    /** The largest expansion of a suite here: GCM's 8-byte explicit nonce and 16-byte tag. */
    static final int MAX_EXPANSION = 24;

    private final InputStream in;
    private final OutputStream out;
    private final byte[] rbuf;
    private final byte[] wbuf;
    private final int receiveLimit;
    private int sendLimit;
    /** The negotiated version; 0 while any 3.x record version is accepted. */
    private int version;
    private int writeVersion;
    private RecordProtection reader;
    private RecordProtection writer;
    private long readSeq;
    private long writeSeq;
    private boolean ssl2HelloAllowed;

    private int type;
    private int pos;
    private int end;
    /** Bytes of the current unprotected record still in the stream. */
    private int wireRemaining;
    /** Bytes waiting in wbuf to go out as one record of pendingType (on flush, or when it is full). */
    private int pending;
    private int pendingType;
    /** Empty records and warning alerts received in a row (capped: see next()). */
    private int emptyRun;
    private int warningRun;
    /** The description of the last warning alert received (close_notify aside), or -1. */
    private int lastWarning = -1;
    private boolean closeNotifyReceived;
    /** A record's first byte has been read and the rest not yet: the stream is mid-record. */
    private boolean midRecord;

    /**
     * @param receiveLimit largest plaintext fragment accepted (64..2^14); records are read into
     *        a buffer of this size plus the largest expansion
     * @param sendLimit largest plaintext fragment sent (64..2^14); lowered by negotiation
     * @param initialVersion the record version written until a version is negotiated
     */
    public RecordLayer(InputStream in, OutputStream out, int receiveLimit, int sendLimit, int initialVersion) {
        if (receiveLimit < 64 || receiveLimit > MAX_FRAGMENT || sendLimit < 64 || sendLimit > MAX_FRAGMENT) {
            throw new IllegalArgumentException("record limits must be 64..16384");
        }
        this.in = in;
        this.out = out;
        this.receiveLimit = receiveLimit;
        this.sendLimit = sendLimit;
        this.writeVersion = initialVersion;
        rbuf = new byte[HEADER + receiveLimit + MAX_EXPANSION];
        wbuf = new byte[HEADER + sendLimit + MAX_EXPANSION];
    }

    /** Lets the next record be an SSLv2-compatible ClientHello (server, first record only). */
    void allowSsl2Hello(boolean allow) {
        ssl2HelloAllowed = allow;
    }

    /** Fixes the version: records must then carry exactly it, and are written with it. */
    void setVersion(int v) {
        version = v;
        writeVersion = v;
    }

    int getVersion() {
        return version;
    }

    /** The record version being written (the negotiated one, or the initial one before). */
    int getWriteVersion() {
        return writeVersion;
    }

    /** Lowers the plaintext size of records sent (max_fragment_length / record_size_limit). */
    void limitSend(int limit) throws IOException {
        flushPending();
        if (limit < sendLimit) {
            sendLimit = limit;
        }
    }

    int getSendLimit() {
        return sendLimit;
    }

    int getReceiveLimit() {
        return receiveLimit;
    }

    /** Installs the read protection after a ChangeCipherSpec; the sequence number restarts. */
    void setReader(RecordProtection p) {
        if (reader != null) {
            reader.clear();
        }
        reader = p;
        readSeq = 0;
    }

    /** Installs the write protection when sending ChangeCipherSpec; the sequence number restarts. */
    void setWriter(RecordProtection p) throws IOException {
        flushPending();
        if (writer != null) {
            writer.clear();
        }
        writer = p;
        writeSeq = 0;
    }

    boolean isReadProtected() {
        return reader != null;
    }

    // ---- reading

    /** The buffer holding the current fragment's plaintext at [position(), position() + available()). */
    byte[] buffer() {
        return rbuf;
    }

    int position() {
        return pos;
    }

    int available() {
        return end - pos;
    }

    void consume(int n) {
        pos += n;
    }

    /** True when no part of a record is buffered or left unread in the stream. */
    boolean atRecordBoundary() {
        return pos == end && wireRemaining == 0;
    }

    /** True if the current record was read whole (no part of it is left in the stream). */
    boolean isWholeRecordBuffered() {
        return wireRemaining == 0;
    }

    /** The last warning alert received (no_renegotiation, user_canceled...), or -1. */
    int lastWarning() {
        return lastWarning;
    }

    boolean closeNotifyReceived() {
        return closeNotifyReceived;
    }

    /**
     * Makes plaintext available and returns its content type (with available() > 0, except for
     * an empty application data record, which is skipped), or EOF / CLOSE_NOTIFY. Alerts are
     * processed here and never returned.
     */
    int next() throws IOException {
        while (true) {
            if (pos < end) {
                return type;
            }
            if (wireRemaining > 0) {
                int n = wireRemaining < rbuf.length - HEADER ? wireRemaining : rbuf.length - HEADER;
                readFully(rbuf, HEADER, n, "truncated record");
                wireRemaining -= n;
                pos = HEADER;
                end = HEADER + n;
                if (type == ALERT) {
                    handleAlerts();
                }
                continue;
            }
            if (closeNotifyReceived) {
                return CLOSE_NOTIFY;
            }
            if (!readRecord()) {
                return EOF;
            }
            if (type == ALERT) {
                handleAlerts();
            }
        }
    }

    private boolean readRecord() throws IOException {
        int first = in.read();
        if (first < 0) {
            pos = end = 0;
            return false;
        }
        midRecord = true;
        rbuf[0] = (byte) first;
        readFully(rbuf, 1, HEADER - 1, "truncated record header");
        if (ssl2HelloAllowed && (first & 0x80) != 0 && rbuf[2] == 1) {
            ssl2HelloAllowed = false;
            return readSsl2Hello();
        }
        ssl2HelloAllowed = false;
        type = first;
        if (type < CHANGE_CIPHER_SPEC || type > APPLICATION_DATA) {
            throw new TlsException(Alert.UNEXPECTED_MESSAGE, "unknown record content type ".concat(Integer.toString(type)));
        }
        int v = Bytes.u16(rbuf, 1);
        if ((v >>> 8) != 3 || (version != 0 && v != version)) {
            throw new TlsException(Alert.PROTOCOL_VERSION, "record version ".concat(ProtocolVersion.name(v)));
        }
        int len = Bytes.u16(rbuf, 3);
        if (reader == null) {
            if (len > MAX_FRAGMENT) {
                throw new TlsException(Alert.RECORD_OVERFLOW, "plaintext record longer than 2^14");
            }
            if (len == 0 && type != APPLICATION_DATA) {
                throw new TlsException(Alert.UNEXPECTED_MESSAGE, "empty record of a non-application type");
            }
            countEmpty(len);
            // Delivered by next() in pieces that fit the buffer.
            wireRemaining = len;
            pos = end = HEADER;
            midRecord = false; // the rest is counted by wireRemaining
            return true;
        }
        if (len > receiveLimit + reader.expansion()) {
            throw new TlsException(Alert.RECORD_OVERFLOW, "record longer than the negotiated limit");
        }
        readFully(rbuf, HEADER, len, "truncated record");
        int plain = reader.open(readSeq, type, v, rbuf, HEADER, len);
        readSeq++;
        if (plain > receiveLimit) {
            throw new TlsException(Alert.RECORD_OVERFLOW, "plaintext longer than the negotiated limit");
        }
        if (plain == 0 && type != APPLICATION_DATA) {
            throw new TlsException(Alert.UNEXPECTED_MESSAGE, "empty record of a non-application type");
        }
        countEmpty(plain);
        pos = HEADER + reader.prefixLength();
        end = pos + plain;
        midRecord = false;
        return true;
    }

    /**
     * Counts empty records in a row, and ends a run of warnings only at a record with content
     * that is not an alert (as OpenSSL does): empty records interleaved with warnings end
     * neither run.
     */
    private void countEmpty(int len) throws TlsException {
        if (len > 0) {
            emptyRun = 0;
            if (type != ALERT) {
                warningRun = 0;
            }
        } else if (++emptyRun > MAX_EMPTY_RECORDS) {
            throw new TlsException(Alert.UNEXPECTED_MESSAGE, "more than 32 empty records in a row");
        }
    }

    /**
     * Drops what is left of the current record, in the buffer and in the stream, so that an
     * alert about its contents goes out after the whole record was read (the peer is not cut
     * off mid-record, and sees the alert instead of a reset).
     */
    void discardRecord() throws IOException {
        pos = end;
        while (wireRemaining > 0) {
            int n = wireRemaining < rbuf.length - HEADER ? wireRemaining : rbuf.length - HEADER;
            readFully(rbuf, HEADER, n, "truncated record");
            wireRemaining -= n;
        }
        pos = end = HEADER;
    }

    /**
     * True if no record has been partly read: a read timeout (InterruptedIOException) that
     * struck here left the stream in step, and reading may go on later.
     */
    boolean betweenRecords() {
        return !midRecord && wireRemaining == 0;
    }

    /** Two-byte header (high bit set) and the message from msg_type on: RFC 5246 E.2. */
    private boolean readSsl2Hello() throws IOException {
        int len = ((rbuf[0] & 0x7F) << 8) | (rbuf[1] & 0xFF);
        if (len < 9 || len > rbuf.length) {
            throw new TlsException(Alert.DECODE_ERROR, "SSLv2-compatible ClientHello length");
        }
        // msg_type and version (3 bytes) are already read; the rest follows them.
        System.arraycopy(rbuf, 2, rbuf, 0, 3);
        readFully(rbuf, 3, len - 3, "truncated SSLv2-compatible ClientHello");
        type = SSL2_CLIENT_HELLO;
        pos = 0;
        end = len;
        midRecord = false;
        return true;
    }

    private void handleAlerts() throws IOException {
        while (pos < end) {
            if (end - pos < 2) {
                throw new TlsException(Alert.DECODE_ERROR, "alert split across records");
            }
            int level = rbuf[pos] & 0xFF;
            int desc = rbuf[pos + 1] & 0xFF;
            pos += 2;
            if (level == Alert.FATAL) {
                throw new TlsException(desc, true, "from the peer");
            }
            if (level != Alert.WARNING) {
                throw new TlsException(Alert.ILLEGAL_PARAMETER, "alert level ".concat(Integer.toString(level)));
            }
            if (desc != Alert.CLOSE_NOTIFY) {
                lastWarning = desc;
                if (++warningRun >= MAX_WARNING_ALERTS) {
                    throw new TlsException(Alert.UNEXPECTED_MESSAGE, "5 warning alerts in a row");
                }
            }
            if (desc == Alert.CLOSE_NOTIFY) {
                // Anything after close_notify is ignored (RFC 5246 §7.2.1).
                closeNotifyReceived = true;
                pos = end;
                wireRemaining = 0;
            }
            // Other warnings (no_renegotiation, user_canceled, SSL 3.0 no_certificate) change nothing here.
        }
    }

    private void readFully(byte[] b, int off, int len, String what) throws IOException {
        while (len > 0) {
            int n;
            try {
                n = in.read(b, off, len);
            } catch (EOFException e) {
                n = -1;
            }
            if (n < 0) {
                throw new TlsException(Alert.DECODE_ERROR, what);
            }
            off += n;
            len -= n;
        }
    }

    // ---- writing

    /** Writes data of one content type as records of its own, of at most the send limit (not flushed). */
    void write(int contentType, byte[] b, int off, int len) throws IOException {
        flushPending();
        int prefix = writer == null ? 0 : writer.prefixLength();
        do {
            int n = len < sendLimit ? len : sendLimit;
            System.arraycopy(b, off, wbuf, HEADER + prefix, n);
            sendRecord(contentType, n);
            off += n;
            len -= n;
        } while (len > 0);
    }

    /**
     * Appends data to the record being filled in the write buffer: a record goes out when it is
     * full (the send limit), when data of another type follows, or on flush. The handshake
     * writer streams a whole flight through here, so no message is ever built apart.
     */
    void append(int contentType, byte[] b, int off, int len) throws IOException {
        if (pending > 0 && pendingType != contentType) {
            flushPending();
        }
        pendingType = contentType;
        int prefix = writer == null ? 0 : writer.prefixLength();
        while (len > 0) {
            int n = sendLimit - pending;
            if (n > len) {
                n = len;
            }
            System.arraycopy(b, off, wbuf, HEADER + prefix + pending, n);
            pending += n;
            off += n;
            len -= n;
            if (pending == sendLimit) {
                flushPending();
            }
        }
    }

    /** Queues application data; full records go out as they fill. */
    void writeApplicationData(byte[] b, int off, int len) throws IOException {
        append(APPLICATION_DATA, b, off, len);
    }

    /** Sends the record being filled, if any. */
    void flushPending() throws IOException {
        if (pending > 0) {
            int n = pending;
            pending = 0;
            sendRecord(pendingType, n);
        }
    }

    private void sendRecord(int contentType, int len) throws IOException {
        int n = len;
        if (writer != null) {
            n = writer.seal(writeSeq++, contentType, writeVersion, wbuf, HEADER, len);
        }
        wbuf[0] = (byte) contentType;
        Bytes.put16(wbuf, 1, writeVersion);
        Bytes.put16(wbuf, 3, n);
        out.write(wbuf, 0, HEADER + n);
    }

    /** Sends one alert and flushes. */
    void sendAlert(int level, int description) throws IOException {
        byte[] a = {(byte) level, (byte) Alert.forVersion(description, writeVersion)};
        write(ALERT, a, 0, 2);
        out.flush();
    }

    void flush() throws IOException {
        flushPending();
        out.flush();
    }

    /** Closes both streams, ignoring errors (the connection is over either way). */
    void close() {
        if (reader != null) {
            reader.clear();
        }
        if (writer != null) {
            writer.clear();
        }
        try {
            in.close();
        } catch (IOException e) {
            // already closed or broken: nothing more to release
        }
        try {
            out.close();
        } catch (IOException e) {
            // idem
        }
    }
}
