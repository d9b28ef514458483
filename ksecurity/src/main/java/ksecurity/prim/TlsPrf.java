package ksecurity.prim;

/**
 * The key-derivation functions of SSL 3.0 and TLS:
 * <ul>
 * <li>{@link #ssl3} — SSL 3.0's MD5/SHA-1 construction (RFC 6101 §6.1, §6.2.2), used for both
 * the master secret and the key block;</li>
 * <li>{@link #ssl3Hash} — the SSL 3.0 Finished and CertificateVerify hashes (RFC 6101 §5.6.8,
 * §5.6.9);</li>
 * <li>{@link #tls10} — the TLS 1.0/1.1 PRF, P_MD5 xor P_SHA1 over the two halves of the secret
 * (RFC 2246 §5);</li>
 * <li>{@link #tls12} — the TLS 1.2 PRF with SHA-256, P_SHA256 (RFC 5246 §5).</li>
 * </ul>
 * The seed is given as a label and up to two parts (for example client_random and
 * server_random, or a handshake hash), so callers need not concatenate. One instance reuses its
 * buffers; it is not thread-safe.
 */
public final class TlsPrf {
    private final Md5 md5 = new Md5();
    private final Sha1 sha1 = new Sha1();
    private final Hmac hmacMd5 = new Hmac(new Md5());
    private final Hmac hmacSha1 = new Hmac(new Sha1());
    private final Hmac hmacSha256 = new Hmac(new Sha256());
    private final byte[] a = new byte[32];
    private final byte[] block = new byte[32];
    private final byte[] letters = new byte[26];

    /** SSL 3.0 pad_1 and pad_2 lengths: 48 bytes for MD5, 40 for SHA-1 (RFC 6101 §5.2.3.1). */
    private static final int PAD_MD5 = 48;
    private static final int PAD_SHA = 40;
    private static final byte[] PAD1 = filled(0x36, 48);
    private static final byte[] PAD2 = filled(0x5c, 48);

    /** The sender codes of the SSL 3.0 Finished message. */
    public static final byte[] SENDER_CLIENT = {0x43, 0x4c, 0x4e, 0x54};
    public static final byte[] SENDER_SERVER = {0x53, 0x52, 0x56, 0x52};

    /** Label bytes from an ASCII string (labels such as "master secret" are ASCII). */
    public static byte[] ascii(String s) {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) s.charAt(i);
        }
        return b;
    }

    private static byte[] filled(int v, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) v;
        }
        return b;
    }

    /**
     * SSL 3.0: out = MD5(secret || SHA1("A" || secret || seed)) || MD5(secret || SHA1("BB" ||
     * secret || seed)) || ..., outLen at most 26 * 16 bytes. For the master secret the seed is
     * client_random || server_random; for the key block, server_random || client_random.
     */
    public void ssl3(byte[] secret, int sOff, int sLen, byte[] seed1, int s1Off, int s1Len,
            byte[] seed2, int s2Off, int s2Len, byte[] out, int outOff, int outLen) {
        if (outLen < 0 || outLen > 26 * 16) {
            throw new IllegalArgumentException("SSL 3.0 derivation gives at most 416 bytes");
        }
        int done = 0;
        for (int i = 0; done < outLen; i++) {
            for (int j = 0; j <= i; j++) {
                letters[j] = (byte) ('A' + i);
            }
            sha1.reset();
            sha1.update(letters, 0, i + 1);
            sha1.update(secret, sOff, sLen);
            update(sha1, seed1, s1Off, s1Len);
            update(sha1, seed2, s2Off, s2Len);
            sha1.doFinal(block, 0);
            md5.reset();
            md5.update(secret, sOff, sLen);
            md5.update(block, 0, 20);
            md5.doFinal(block, 0);
            int n = outLen - done < 16 ? outLen - done : 16;
            System.arraycopy(block, 0, out, outOff + done, n);
            done += n;
        }
    }

    /**
     * SSL 3.0 Finished / CertificateVerify hash with MD5 or SHA-1:
     * H(master || pad_2 || H(handshake_messages || sender || master || pad_1)).
     * {@code handshake} holds the running hash of the handshake messages and is consumed (pass
     * a copy); sender is SENDER_CLIENT, SENDER_SERVER, or null for CertificateVerify. Writes
     * the digest (16 or 20 bytes) at out[outOff] and returns its length.
     */
    public int ssl3Hash(Digest handshake, byte[] sender, byte[] master, int mOff, int mLen, byte[] out, int outOff) {
        int padLen = handshake.digestSize() == 16 ? PAD_MD5 : PAD_SHA;
        if (sender != null) {
            handshake.update(sender, 0, sender.length);
        }
        handshake.update(master, mOff, mLen);
        handshake.update(PAD1, 0, padLen);
        int n = handshake.doFinal(block, 0);
        handshake.update(master, mOff, mLen);
        handshake.update(PAD2, 0, padLen);
        handshake.update(block, 0, n);
        return handshake.doFinal(out, outOff);
    }

    /** TLS 1.0/1.1 PRF: P_MD5(S1, label || seed) xor P_SHA1(S2, label || seed). */
    public void tls10(byte[] secret, int sOff, int sLen, byte[] label, byte[] seed1, int s1Off, int s1Len,
            byte[] seed2, int s2Off, int s2Len, byte[] out, int outOff, int outLen) {
        int half = (sLen + 1) / 2;
        pHash(hmacMd5, secret, sOff, half, label, seed1, s1Off, s1Len, seed2, s2Off, s2Len, out, outOff, outLen,
                false);
        pHash(hmacSha1, secret, sOff + sLen - half, half, label, seed1, s1Off, s1Len, seed2, s2Off, s2Len, out,
                outOff, outLen, true);
    }

    /** TLS 1.2 PRF with SHA-256: P_SHA256(secret, label || seed). */
    public void tls12(byte[] secret, int sOff, int sLen, byte[] label, byte[] seed1, int s1Off, int s1Len,
            byte[] seed2, int s2Off, int s2Len, byte[] out, int outOff, int outLen) {
        pHash(hmacSha256, secret, sOff, sLen, label, seed1, s1Off, s1Len, seed2, s2Off, s2Len, out, outOff, outLen,
                false);
    }

    /** P_hash (RFC 2246 §5): A(0) = seed, A(i) = HMAC(A(i-1)), output HMAC(A(i) || seed)... */
    private void pHash(Hmac h, byte[] secret, int sOff, int sLen, byte[] label, byte[] seed1, int s1Off,
            int s1Len, byte[] seed2, int s2Off, int s2Len, byte[] out, int outOff, int outLen, boolean xor) {
        int hl = h.macSize();
        h.init(secret, sOff, sLen);
        seed(h, label, seed1, s1Off, s1Len, seed2, s2Off, s2Len);
        h.doFinal(a, 0);
        int done = 0;
        while (done < outLen) {
            h.update(a, 0, hl);
            seed(h, label, seed1, s1Off, s1Len, seed2, s2Off, s2Len);
            h.doFinal(block, 0);
            int n = outLen - done < hl ? outLen - done : hl;
            for (int i = 0; i < n; i++) {
                out[outOff + done + i] = xor ? (byte) (out[outOff + done + i] ^ block[i]) : block[i];
            }
            done += n;
            if (done < outLen) {
                h.update(a, 0, hl);
                h.doFinal(a, 0);
            }
        }
        h.clear();
    }

    private static void seed(Hmac h, byte[] label, byte[] s1, int o1, int l1, byte[] s2, int o2, int l2) {
        if (label != null) {
            h.update(label, 0, label.length);
        }
        if (s1 != null) {
            h.update(s1, o1, l1);
        }
        if (s2 != null) {
            h.update(s2, o2, l2);
        }
    }

    private static void update(Digest d, byte[] b, int off, int len) {
        if (b != null) {
            d.update(b, off, len);
        }
    }
}
