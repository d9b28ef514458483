package ksecurity.math;

import ksecurity.prim.Bytes;

/**
 * The verification tables (EcKernel.precompute) of the public keys verified lately, found by
 * the point itself, so that whatever key object stands for it (a certificate is parsed anew
 * on every handshake) a key that verifies again and again (a server's certificate key, a
 * CA's) pays for its tables once. A key gets its table on its second verification while it
 * is still remembered, so a key used once never pays (its verification makes a small table on
 * the spot). CAPACITY keys, the least recently used forgotten first (a P-256 key's table: 18
 * KB in Java, 16 KB in C); tables are rebuilt if the kernel in use changes. Public data only;
 * thread-safe.
 */
final class VerifyTables {
    static final int CAPACITY = 4;

    private static final int[] CURVE = new int[CAPACITY];
    private static final byte[][] POINT = new byte[CAPACITY][];
    private static final EcKernel[] KERNEL = new EcKernel[CAPACITY];
    private static final Object[] TABLE = new Object[CAPACITY];
    private static final int[] USES = new int[CAPACITY];
    private static final long[] LAST = new long[CAPACITY];
    private static long clock;

    private VerifyTables() {
    }

    /**
     * The table of q (x||y, on the curve) by kernel k, or null for this verification to do
     * without (the point's first use since it was last forgotten).
     */
    static Object tableFor(EcKernel k, int curve, byte[] q) {
        synchronized (CURVE) {
            clock++;
            int slot = find(curve, q);
            if (slot < 0) {
                slot = leastRecent();
                CURVE[slot] = curve;
                POINT[slot] = Bytes.copy(q, 0, q.length);
                KERNEL[slot] = k;
                TABLE[slot] = null;
                USES[slot] = 0;
            } else if (KERNEL[slot] != k) {
                KERNEL[slot] = k;
                TABLE[slot] = null;
                USES[slot] = 0;
            }
            LAST[slot] = clock;
            if (TABLE[slot] == null && ++USES[slot] >= 2) {
                TABLE[slot] = k.precompute(curve, q);
            }
            return TABLE[slot];
        }
    }

    /** Forgets every table (tests). */
    static void clear() {
        synchronized (CURVE) {
            for (int i = 0; i < CAPACITY; i++) {
                POINT[i] = null;
                KERNEL[i] = null;
                TABLE[i] = null;
                USES[i] = 0;
                LAST[i] = 0;
            }
        }
    }

    private static int find(int curve, byte[] q) {
        for (int i = 0; i < CAPACITY; i++) {
            if (POINT[i] != null && CURVE[i] == curve && Bytes.equals(POINT[i], q)) {
                return i;
            }
        }
        return -1;
    }

    private static int leastRecent() {
        int best = 0;
        for (int i = 1; i < CAPACITY; i++) {
            if (LAST[i] < LAST[best]) {
                best = i;
            }
        }
        return best;
    }
}
