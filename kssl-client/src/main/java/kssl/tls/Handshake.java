package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.IOException;

/**
 * What both state machines share: sending a flight, ChangeCipherSpec (RFC 5246 §7.1) and
 * Finished (§7.4.9) in both directions. Subclasses run explicit int states, one message per
 * step, so the C firmware can mirror them.
 */
abstract class Handshake {
    final TlsConnection conn;
    final TlsConfig config;
    final RecordLayer records;
    final HandshakeHash hash = new HandshakeHash();
    final HandshakeReader in;
    final HandshakeWriter out;
    KeySchedule keys;
    int version;
    int suite;
    boolean ems;
    boolean resumed;
    private final byte[] expected = new byte[36];
    private int expectedLen;
    private final byte[] tmp = new byte[36];
    private static final byte[] CHANGE_CIPHER_SPEC = {1};

    Handshake(TlsConnection conn) {
        this.conn = conn;
        this.config = conn.config;
        this.records = conn.records;
        this.in = new HandshakeReader(records, hash);
        this.out = new HandshakeWriter(records, hash);
    }

    /** Runs the state machine to the end of the handshake. */
    abstract void run() throws IOException;

    /** The current state's name (where a failed handshake stopped). */
    abstract String stateName();

    /** Wipes the key material this handshake still holds (its connection has failed). */
    void wipeSecrets() {
        if (keys != null) {
            keys.clear();
        }
    }

    /** Reads the next message header; unexpected_message unless it is of type {@code want}. */
    void expect(int want) throws IOException {
        expect(in, config.maxHandshakeMessage, want);
    }

    /** Reads the next message header from {@code in}; unexpected_message unless it is of type {@code want}. */
    static void expect(HandshakeReader in, int maxLength, int want) throws IOException {
        int t = in.begin(maxLength);
        if (t != want) {
            throw new TlsException(Alert.UNEXPECTED_MESSAGE,
                    HandshakeType.name(t).concat(" where ").concat(HandshakeType.name(want)).concat(" was expected"));
        }
    }

    byte[] random(int n) {
        byte[] b = new byte[n];
        config.random.generateData(b, (short) 0, (short) n);
        return b;
    }

    /** ChangeCipherSpec, then this side's records are protected with the new keys. */
    void sendChangeCipherSpec(boolean client) throws IOException {
        records.write(RecordLayer.CHANGE_CIPHER_SPEC, CHANGE_CIPHER_SPEC, 0, 1);
        records.setWriter(keys.protection(client));
    }

    /**
     * Reads the peer's ChangeCipherSpec: it must stand alone (no handshake bytes before it in
     * the record, exactly one byte of value 1: anything else in that record is an unexpected
     * message, as RFC 8446 §5 says for a change_cipher_spec that is not the single byte 1).
     * Then the peer's records are protected, and the Finished it must send next is computed.
     */
    void readChangeCipherSpec(boolean peerIsClient) throws IOException {
        if (!records.atRecordBoundary()) {
            throw new TlsException(Alert.UNEXPECTED_MESSAGE, "handshake data before ChangeCipherSpec");
        }
        int t = records.next();
        if (t != RecordLayer.CHANGE_CIPHER_SPEC) {
            if (t == RecordLayer.EOF || t == RecordLayer.CLOSE_NOTIFY) {
                throw new TlsException(Alert.HANDSHAKE_FAILURE, "connection closed during the handshake");
            }
            throw new TlsException(Alert.UNEXPECTED_MESSAGE, "record of type ".concat(Integer.toString(t))
                    .concat(" where ChangeCipherSpec was expected"));
        }
        if (records.available() != 1 || records.buffer()[records.position()] != 1 || !records.isWholeRecordBuffered()) {
            throw new TlsException(Alert.UNEXPECTED_MESSAGE, "ChangeCipherSpec is not the single byte 1");
        }
        records.consume(1);
        records.setReader(keys.protection(peerIsClient));
        expectedLen = keys.finished(peerIsClient, hash, expected);
    }

    /** Reads the peer's Finished and checks it in constant time. */
    void readFinished() throws IOException {
        expect(HandshakeType.FINISHED);
        if (in.remaining() != expectedLen) {
            throw new TlsException(Alert.DECODE_ERROR, "Finished length");
        }
        in.read(tmp, 0, expectedLen);
        in.end();
        if (!Bytes.equalsConstantTime(tmp, 0, expected, 0, expectedLen)) {
            throw new TlsException(Alert.DECRYPT_ERROR, "Finished verify_data does not match");
        }
    }

    /** Sends this side's Finished (to the record layer; the caller flushes). */
    void sendFinished(boolean client) throws IOException {
        int n = keys.finished(client, hash, tmp);
        out.begin(HandshakeType.FINISHED, n);
        out.bytes(tmp, 0, n);
        out.end();
    }
}
