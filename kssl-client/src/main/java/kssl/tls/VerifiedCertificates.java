package kssl.tls;

import ksecurity.prim.Bytes;
import java.util.Hashtable;
import ksecurity.cert.CertificateException;
import ksecurity.cert.CertificatePolicy;
import ksecurity.cert.KeyStore;
import ksecurity.cert.X509Certificate;
import ksecurity.prim.Sha256;

/**
 * Server chains already verified (the KSSL report's shortcut: on a repeat visit the chain's
 * signatures are not checked again). An entry stands for one whole check, and is keyed by all
 * that check depended on: the host, the whole chain (each certificate's SHA-256 fingerprint),
 * the key usage and purpose asked of the leaf, the policy floor and the trust store's
 * generation ({@link KeyStore#getGeneration}, which changes with every change of its
 * contents). What a key cannot hold, time, is checked on every hit: the validity periods of
 * the chain and its trust anchor. Anything else is a miss, and a full verification. Bounded:
 * cleared when full.
 */
public final class VerifiedCertificates {
    private final int capacity;
    /** Key → long[] {latest notBefore, earliest notAfter} of the verified path. */
    private final Hashtable entries = new Hashtable();
    /** Verifications answered from the cache (for tests). */
    int hits;

    public VerifiedCertificates(int capacity) {
        this.capacity = capacity;
    }

    /**
     * {@link KeyStore#verifyChain(X509Certificate[], long, String, int, String, CertificatePolicy)},
     * answered from the cache when that very check passed before and every certificate of its
     * path is still within its validity period at {@code now}.
     */
    public void verify(KeyStore trustStore, X509Certificate[] chain, long now, String host, int usage,
            String purpose, CertificatePolicy policy) throws CertificateException {
        // The generation before the check: a store changed meanwhile leaves this entry unreachable.
        String key = key(trustStore.getGeneration(), chain, host, usage, purpose, policy);
        synchronized (this) {
            long[] validity = (long[]) entries.get(key);
            if (validity != null && validity[0] <= now && now <= validity[1]) {
                hits++;
                return;
            }
        }
        X509Certificate anchor = trustStore.verifyChain(chain, now, host, usage, purpose, policy);
        long[] validity = {anchor.getNotBefore(), anchor.getNotAfter()};
        for (int i = 0; i < chain.length; i++) {
            validity[0] = Math.max(validity[0], chain[i].getNotBefore());
            validity[1] = Math.min(validity[1], chain[i].getNotAfter());
        }
        synchronized (this) {
            if (entries.size() >= capacity) {
                entries.clear();
            }
            entries.put(key, validity);
        }
    }

    private static String key(long generation, X509Certificate[] chain, String host, int usage, String purpose,
            CertificatePolicy policy) {
        Sha256 d = new Sha256();
        for (int i = 0; i < chain.length; i++) {
            byte[] fp = chain[i].getFingerprintSha256();
            d.update(fp, 0, fp.length);
        }
        byte[] h = new byte[32];
        d.doFinal(h, 0);
        StringBuffer k = new StringBuffer(host);
        k.append(' ').append(usage).append(' ').append(purpose).append(' ').append(policy.getName());
        k.append(' ').append(generation).append(' ').append(Bytes.hex(h, 0, h.length));
        return k.toString();
    }

    public synchronized int size() {
        return entries.size();
    }
}
