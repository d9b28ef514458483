package kssl.tls;

import java.util.Hashtable;
import ksecurity.cert.X509Certificate;

/**
 * Server certificates already verified for a host, by SHA-256 fingerprint: on a repeat visit
 * the chain's signatures need not be checked again (the KSSL report's shortcut; the leaf's
 * validity period is still checked). Bounded: cleared when full.
 */
public final class VerifiedCertificates {
    private final int capacity;
    private final Hashtable entries = new Hashtable();

    public VerifiedCertificates(int capacity) {
        this.capacity = capacity;
    }

    private static String key(String host, X509Certificate leaf) {
        byte[] fp = leaf.getFingerprintSha256();
        return (host == null ? "" : host).concat(" ").concat(Bytes.hex(fp, 0, fp.length));
    }

    public synchronized boolean contains(String host, X509Certificate leaf) {
        return entries.containsKey(key(host, leaf));
    }

    public synchronized void add(String host, X509Certificate leaf) {
        if (entries.size() >= capacity) {
            entries.clear();
        }
        entries.put(key(host, leaf), Boolean.TRUE);
    }

    public synchronized int size() {
        return entries.size();
    }
}
