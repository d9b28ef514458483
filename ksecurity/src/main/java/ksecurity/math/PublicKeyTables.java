package ksecurity.math;

/**
 * The verification tables of one public key (EcKernel.precompute), kept with the key
 * (ksecurity.impl.EcPublicKeyImpl) so that a key that verifies again and again (a server's
 * certificate key, a CA's) pays for them once. They are built on the key's second
 * verification, so a key used once never pays (its verification makes a small table on the
 * spot), and rebuilt if the kernel in use changes. Public data only; thread-safe.
 */
public final class PublicKeyTables {
    private EcKernel kernel;
    private Object table;
    private int uses;

    /**
     * The table for q (x||y on the curve) by this kernel, or null for this verification to do
     * without (the key's first use).
     */
    synchronized Object tableFor(EcKernel k, int curve, byte[] q) {
        if (kernel != k) {
            kernel = k;
            table = null;
            uses = 0;
        }
        if (table == null && ++uses >= 2) {
            table = k.precompute(curve, q);
        }
        return table;
    }

    /** Forgets the tables (the key changed). */
    public synchronized void clear() {
        kernel = null;
        table = null;
        uses = 0;
    }
}
