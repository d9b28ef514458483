package kssl.tls;

import ksecurity.prim.Bytes;
import ksecurity.prim.Digest;
import ksecurity.prim.Hmac;
import ksecurity.prim.Md5;
import ksecurity.prim.Rc4;
import ksecurity.prim.Sha1;
import ksecurity.prim.Ssl3Mac;

/**
 * RC4 with a MAC-then-encrypt record MAC: HMAC-MD5/HMAC-SHA1 over seq_num, type, version,
 * length and fragment for TLS (RFC 2246 §6.2.3.1), the SSL 3.0 MAC (no version field) for SSL
 * 3.0 (RFC 6101 §5.2.3.1). Legacy profile only: RC4 is prohibited by RFC 7465.
 */
final class Rc4Protection extends RecordProtection {
    private final Rc4 rc4 = new Rc4();
    private final Hmac hmac;
    private final Ssl3Mac ssl3Mac;
    private final int macLen;
    private final byte[] hdr = new byte[13];
    private final byte[] mac = new byte[20];

    /** key: the RC4 key (16 bytes, or the final 16-byte export key); macKey: macLen bytes. */
    Rc4Protection(boolean ssl3, int macAlgorithm, byte[] key, int keyOff, int keyLen, byte[] macKey, int macOff) {
        Digest d = macAlgorithm == CipherSuite.MAC_MD5 ? (Digest) new Md5() : new Sha1();
        macLen = d.digestSize();
        if (ssl3) {
            ssl3Mac = new Ssl3Mac(d);
            ssl3Mac.init(macKey, macOff, macLen);
            hmac = null;
        } else {
            hmac = new Hmac(d);
            hmac.init(macKey, macOff, macLen);
            ssl3Mac = null;
        }
        rc4.init(key, keyOff, keyLen);
    }

    int prefixLength() {
        return 0;
    }

    int expansion() {
        return macLen;
    }

    int seal(long seq, int type, int version, byte[] buf, int off, int len) {
        computeMac(seq, type, version, buf, off, len, buf, off + len);
        rc4.process(buf, off, len + macLen, buf, off);
        return len + macLen;
    }

    int open(long seq, int type, int version, byte[] buf, int off, int len) throws TlsException {
        if (len < macLen) {
            throw new TlsException(Alert.BAD_RECORD_MAC, "record shorter than its MAC");
        }
        rc4.process(buf, off, len, buf, off);
        int plain = len - macLen;
        computeMac(seq, type, version, buf, off, plain, mac, 0);
        if (!Bytes.equalsConstantTime(mac, 0, buf, off + plain, macLen)) {
            throw new TlsException(Alert.BAD_RECORD_MAC, "record MAC does not verify");
        }
        return plain;
    }

    private void computeMac(long seq, int type, int version, byte[] buf, int off, int len, byte[] out, int outOff) {
        if (hmac != null) {
            int n = header(hdr, seq, type, version, len, true);
            hmac.update(hdr, 0, n);
            hmac.update(buf, off, len);
            hmac.doFinal(out, outOff);
        } else {
            int n = header(hdr, seq, type, version, len, false);
            ssl3Mac.update(hdr, 0, n);
            ssl3Mac.update(buf, off, len);
            ssl3Mac.doFinal(out, outOff);
        }
    }

    void clear() {
        rc4.clear();
        if (hmac != null) {
            hmac.clear();
        } else {
            ssl3Mac.clear();
        }
    }
}
