package kssl.tls;

import ksecurity.prim.Bytes;
import ksecurity.prim.Aead;
import ksecurity.prim.Aes;
import ksecurity.prim.Ccm;
import ksecurity.prim.Gcm;

/**
 * AES-128-GCM (RFC 5288) and AES-128-CCM_8 (RFC 6655, RFC 7251) records: nonce = 4-byte
 * implicit salt || 8-byte explicit nonce carried at the start of the fragment; additional data
 * = seq_num || type || version || plaintext length. The explicit nonce is the record's
 * sequence number, so it never repeats under one key and costs no randomness (deterministic
 * bytes for the test vectors). Both modes run through the one engine interface (ksecurity.prim.Aead).
 */
final class AeadProtection extends RecordProtection {
    private static final int EXPLICIT = 8;
    private final Aes aes = new Aes();
    private final Aead aead;
    private final int tagLen;
    private final byte[] nonce = new byte[12];
    private final byte[] aad = new byte[13];
    private final byte[] tag = new byte[16];

    AeadProtection(boolean gcmMode, byte[] key, int keyOff, byte[] salt, int saltOff) {
        aes.init(key, keyOff, 16);
        System.arraycopy(salt, saltOff, nonce, 0, 4);
        aead = gcmMode ? (Aead) new Gcm(aes) : new Ccm(aes);
        tagLen = gcmMode ? 16 : 8;
    }

    int prefixLength() {
        return EXPLICIT;
    }

    int expansion() {
        return EXPLICIT + tagLen;
    }

    int seal(long seq, int type, int version, byte[] buf, int off, int len) {
        Bytes.put64(buf, off, seq);
        System.arraycopy(buf, off, nonce, 4, EXPLICIT);
        header(aad, seq, type, version, len, true);
        int p = off + EXPLICIT;
        start(true, len);
        aead.update(buf, p, len, buf, p);
        aead.finish(buf, p + len);
        return EXPLICIT + len + tagLen;
    }

    int open(long seq, int type, int version, byte[] buf, int off, int len) throws TlsException {
        if (len < EXPLICIT + tagLen) {
            throw new TlsException(Alert.BAD_RECORD_MAC, "record shorter than its nonce and tag");
        }
        int plain = len - EXPLICIT - tagLen;
        System.arraycopy(buf, off, nonce, 4, EXPLICIT);
        header(aad, seq, type, version, plain, true);
        int p = off + EXPLICIT;
        start(false, plain);
        aead.update(buf, p, plain, buf, p);
        aead.finish(tag, 0);
        if (!Bytes.equalsConstantTime(tag, 0, buf, p + plain, tagLen)) {
            // The plaintext of a forged record must not be used: wipe it before failing.
            for (int i = 0; i < plain; i++) {
                buf[p + i] = 0;
            }
            throw new TlsException(Alert.BAD_RECORD_MAC, "record authentication tag does not verify");
        }
        return plain;
    }

    private void start(boolean encrypt, int len) {
        aead.init(encrypt, nonce, 0, 12, 13, len, tagLen);
        aead.updateAad(aad, 0, 13);
    }

    void clear() {
        aes.clear();
        aead.clear();
    }
}
