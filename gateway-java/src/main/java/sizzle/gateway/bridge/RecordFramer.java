package sizzle.gateway.bridge;

import java.util.ArrayDeque;
import kssl.tls.HandshakeType;
import kssl.tls.RecordLayer;
import sizzle.template.Suppressor;
import sizzle.template.TemplateBook;
import sizzle.template.TemplateCursor;

/**
 * Cuts a TLS byte stream into link messages at record boundaries (LINK.md §6): bytes are held
 * until a whole record is there; {@link #next} hands out whole records from the front, as many
 * as fit a message and {@link Joining} allows (the gateway: all it holds, up to the device's
 * capacity, or one flight to a C mote; a C mote: one record per message, one per write of its
 * engine). A record longer than a message (a 16 KB record over the CC1000, whose messages stop
 * at 5,374 bytes) goes as several messages of the largest size. A header that is no TLS
 * record's (content type outside 20–24, a version other than 3.x, a length over 2^14 + 2048)
 * makes the stream malformed: nothing more is handed out, and the user closes the connection.
 */
public final class RecordFramer {
    static final int HEADER = 5;
    /** The longest TLSCiphertext fragment (RFC 5246 §6.2.3): 2^14 + 2048. */
    static final int MAX_FRAGMENT = 16384 + 2048;

    private byte[] buf = new byte[2048];
    private int len;
    /** Lengths of the whole units at the front (records, or the rest of a record already partly sent). */
    private final ArrayDeque<Integer> units = new ArrayDeque<>();
    /** Bytes held in whole units. */
    private int whole;
    /** Bytes after the whole units that continue a record whose start was already sent (no header). */
    private int cont;
    /** Whether the unit at the front is the rest of a record whose start was already sent. */
    private boolean restAtFront;
    private String malformed;
    /** Whether a ChangeCipherSpec was handed out: the stream's records after it are sealed. */
    private boolean sealed;

    /** Takes the stream's next bytes. */
    public void add(byte[] b, int off, int n) {
        if (malformed != null) return;
        if (len + n > buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
        System.arraycopy(b, off, buf, len, n);
        len += n;
        scan();
    }

    private void scan() {
        while (malformed == null) {
            int at = whole;
            if (cont > 0) {
                if (len - at < cont) return;
                if (units.isEmpty()) restAtFront = true;
                units.add(cont);
                whole += cont;
                cont = 0;
                continue;
            }
            if (len - at < HEADER) return;
            int type = buf[at] & 0xFF, major = buf[at + 1] & 0xFF;
            int length = (buf[at + 3] & 0xFF) << 8 | (buf[at + 4] & 0xFF);
            if (type < 20 || type > 24 || major != 3 || length > MAX_FRAGMENT) {
                malformed = String.format("a malformed TLS record header: %02x %02x %02x %02x %02x",
                        type, major, buf[at + 2] & 0xFF, buf[at + 3] & 0xFF, buf[at + 4] & 0xFF);
                return;
            }
            if (len - at < HEADER + length) return;
            units.add(HEADER + length);
            whole += HEADER + length;
        }
    }

    /**
     * Whether the device's server answers nothing to the whole record of {@code size} bytes at
     * {@code at} until a later one: a ChangeCipherSpec, or a handshake record before the
     * stream's ChangeCipherSpec (readable) that begins with a message of the client's second
     * flight (Certificate, ClientKeyExchange, CertificateVerify): the server reads its
     * flight to the Finished before it answers (SSL 3.0 to TLS 1.2). A ClientHello is answered;
     * a sealed handshake record may be a Finished or a renegotiating hello, both answered;
     * application data and alerts may be answered.
     */
    private boolean unanswered(int at, int size) {
        if (buf[at] == RecordLayer.CHANGE_CIPHER_SPEC) return true;
        if (buf[at] != RecordLayer.HANDSHAKE || sealed || size == HEADER) return false;
        int message = buf[at + HEADER];
        return message == HandshakeType.CERTIFICATE || message == HandshakeType.CERTIFICATE_VERIFY
                || message == HandshakeType.CLIENT_KEY_EXCHANGE;
    }

    /** Why the stream is malformed, or null. */
    public String malformed() {
        return malformed;
    }

    /** Bytes held, whole records or not. */
    public int held() {
        return len;
    }

    /**
     * The record at the front as HELLO_DIGEST, taken: the client's first record, a ClientHello
     * longer than the device's messages ({@code limit} bytes), sent whole when its digested form
     * fits the device (LINK.md §15.2), since a record so long would otherwise go in pieces and a
     * piece cannot be digested. Null, and nothing taken, otherwise: not a whole record at the
     * front (the rest of one whose start went is not), not longer than {@code limit}, or no form
     * that fits. The bridge ({@code BridgedConnection}) and the gateway benchmark both take it so.
     */
    public byte[] takeDigested(TemplateBook book, TemplateCursor cursor, int limit) {
        if (malformed != null || units.isEmpty() || restAtFront || units.peek() <= limit) return null;
        byte[] r = java.util.Arrays.copyOf(buf, units.peek());
        // (a form that fits a device recreating in place is a HELLO_DIGEST: the whole record does not fit)
        byte[] z = Suppressor.suppress(r, 0, r.length, book, cursor, true, true, limit);
        if (z == null) return null;
        int n = units.poll();
        whole -= n;
        System.arraycopy(buf, n, buf, 0, len - n);
        len -= n;
        scan();
        return z;
    }

    /** Which whole records {@link #next} puts in one message. */
    public enum Joining {
        /** Every whole record that fits: the gateway to a Java mote. */
        ALL,
        /**
         * One flight: a record is followed in the same message only if the device's server
         * answers nothing to it ({@link #unanswered}), so that nothing the server writes lands on
         * a byte of the message it has not read: the gateway to a device that puts its messages
         * together in its record buffer and reads them there (a C mote, LINK.md §6.1 and §13).
         */
        FLIGHT,
        /** One record a message: a C mote's answers, one per write of its engine. */
        ONE
    }

    /**
     * The next message, at most {@code limit} bytes: whole records from the front as {@code
     * joining} allows, or {@code limit} bytes of a record longer than that; null if there is none
     * yet.
     */
    public byte[] next(int limit, Joining joining) {
        if (malformed != null) return null;
        int n = 0;
        if (!units.isEmpty()) {
            int first = units.peek();
            if (first > limit) {
                units.poll();
                units.addFirst(first - limit);
                restAtFront = true;
                n = limit;
            } else {
                while (!units.isEmpty() && n + units.peek() <= limit) {
                    boolean record = !restAtFront;
                    boolean more = joining == Joining.ALL || joining == Joining.FLIGHT && record && unanswered(n, units.peek());
                    if (record && buf[n] == RecordLayer.CHANGE_CIPHER_SPEC) sealed = true;
                    n += units.poll();
                    restAtFront = false;
                    if (!more) break;
                }
            }
            whole -= n;
        } else if (cont == 0 && len >= HEADER && len >= limit) {
            // A record longer than a message, not yet whole: its first part goes now.
            int length = (buf[3] & 0xFF) << 8 | (buf[4] & 0xFF);
            if (HEADER + length <= limit) return null;
            cont = HEADER + length - limit;
            n = limit;
        } else if (cont > 0 && len >= limit) {
            cont -= limit;
            n = limit;
        } else {
            return null;
        }
        byte[] m = java.util.Arrays.copyOf(buf, n);
        System.arraycopy(buf, n, buf, 0, len - n);
        len -= n;
        scan();
        return m;
    }
}
