package kssl.tls;

import ksecurity.prim.Bytes;

/**
 * The cryptographic protection of one direction of the record layer (RFC 5246 §6.2.3): seals
 * a record's plaintext in place and opens a received fragment in place. Implementations keep
 * their working buffers, so nothing is allocated per record.
 */
abstract class RecordProtection {
    /** Bytes the fragment carries before the plaintext (GCM/CCM's explicit nonce). */
    abstract int prefixLength();

    /** The most a fragment can be longer than its plaintext. */
    abstract int expansion();

    /**
     * Seals the plaintext at buf[off + prefixLength(), + len) for sequence number seq; the
     * fragment (prefix, ciphertext, MAC or tag) then starts at buf[off]. Returns its length.
     */
    abstract int seal(long seq, int type, int version, byte[] buf, int off, int len);

    /**
     * Opens the fragment buf[off, off + len) in place; the plaintext is then at
     * buf[off + prefixLength()]. Returns its length; bad_record_mac if the MAC or tag is wrong
     * or the fragment too short to hold one.
     */
    abstract int open(long seq, int type, int version, byte[] buf, int off, int len) throws TlsException;

    /** Wipes the keys. */
    abstract void clear();

    /** seq_num || type || version || length: the MAC header and the AEAD additional data. */
    static int header(byte[] out, long seq, int type, int version, int len, boolean withVersion) {
        Bytes.put64(out, 0, seq);
        out[8] = (byte) type;
        int p = 9;
        if (withVersion) {
            Bytes.put16(out, p, version);
            p += 2;
        }
        Bytes.put16(out, p, len);
        return p + 2;
    }
}
