package ksecurity.math;

import ksecurity.security.RandomData;

/**
 * Probable primes for RSA keys (FIPS 186-4 appendix B.3.3 / C.3): random odd candidates with
 * the top two bits set, trial division by the odd primes below 2048, then Miller-Rabin with
 * random bases. Rounds follow FIPS 186-4 table C.2 for an error below 2^-100 (more for small
 * sizes). Key generation is not claimed constant time; the candidates that fail are discarded.
 */
public final class Primes {
    private static final int SMALL_LIMIT = 2048;
    private static final int[] SMALL = smallPrimes();

    private Primes() {
    }

    /** Miller-Rabin rounds for a random candidate of this many bits. */
    static int rounds(int bits) {
        if (bits >= 1024) {
            return 5;
        }
        if (bits >= 512) {
            return 8;
        }
        if (bits >= 256) {
            return 16;
        }
        return 40;
    }

    /**
     * A random probable prime of exactly bits bits (bits >= 16) with the two top bits set and
     * gcd(p - 1, e) = 1, as big-endian bytes of (bits + 7) / 8.
     */
    public static byte[] generate(int bits, int e, RandomData rng) {
        int len = (bits + 7) / 8;
        int extra = len * 8 - bits;
        byte[] buf = new byte[len];
        int[] cand = new int[Mp.limbsFor(len)];
        while (true) {
            rng.generateData(buf, (short) 0, (short) len);
            buf[0] &= (byte) (0xFF >>> extra);
            buf[0] |= (byte) (0xC0 >>> extra);
            if (extra == 7) {
                buf[1] |= (byte) 0x80; // the second bit falls in the next byte
            }
            buf[len - 1] |= 1;
            Mp.fromBytes(buf, 0, len, cand);
            if (!passesTrialDivision(cand)) {
                continue;
            }
            if (gcd(e, (Mp.modSmall(cand, e) + e - 1) % e) != 1) {
                continue;
            }
            if (isProbablePrime(cand, rounds(bits), rng)) {
                return buf;
            }
        }
    }

    /** Miller-Rabin (FIPS 186-4 C.3.1) with random bases in [2, w-2]; w odd and > 3. */
    public static boolean isProbablePrime(int[] w, int rounds, RandomData rng) {
        int top = w.length;
        while (top > 1 && w[top - 1] == 0) {
            top--;
        }
        Montgomery m = new Montgomery(Mp.copy(w, top));
        int n = m.n;
        int[] t = m.scratch();
        // w - 1 = 2^s d
        int[] d = Mp.copy(m.m, n);
        d[0] &= ~1;
        int s = 0;
        while (Mp.bit(d, 0) == 0) {
            Mp.divSmall(d, 2);
            s++;
        }
        byte[] db = new byte[n * 4];
        Mp.toBytes(d, db, 0, db.length);
        int[] minusOne = new int[n];
        m.sub(new int[n], m.one, minusOne);
        int[] wMinus1 = Mp.copy(m.m, n);
        wMinus1[0] &= ~1;
        byte[] ab = new byte[n * 4];
        int[] a = new int[n];
        int[] x = new int[n];
        for (int round = 0; round < rounds; round++) {
            // a uniform in [2, w-2]: random limbs reduced, retried at the two ends
            do {
                rng.generateData(ab, (short) 0, (short) ab.length);
                Mp.fromBytes(ab, 0, ab.length, a);
                m.reduce(a, a);
            } while (belowTwo(a) || Mp.equal(a, wMinus1, n) == 1);
            m.toMont(a, x, t);
            m.pow(x, db, 0, db.length, x);
            if (Mp.equal(x, m.one, n) == 1 || Mp.equal(x, minusOne, n) == 1) {
                continue;
            }
            boolean witness = true;
            for (int j = 1; j < s; j++) {
                m.mul(x, x, x, t);
                if (Mp.equal(x, minusOne, n) == 1) {
                    witness = false;
                    break;
                }
                if (Mp.equal(x, m.one, n) == 1) {
                    break;
                }
            }
            if (witness) {
                return false;
            }
        }
        return true;
    }

    private static boolean belowTwo(int[] a) {
        int high = 0;
        for (int i = 1; i < a.length; i++) {
            high |= a[i];
        }
        return high == 0 && (a[0] == 0 || a[0] == 1);
    }

    static boolean passesTrialDivision(int[] cand) {
        for (int i = 0; i < SMALL.length; i++) {
            if (Mp.modSmall(cand, SMALL[i]) == 0) {
                return false;
            }
        }
        return true;
    }

    static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    private static int[] smallPrimes() {
        boolean[] composite = new boolean[SMALL_LIMIT];
        int count = 0;
        for (int i = 3; i < SMALL_LIMIT; i += 2) {
            if (!composite[i]) {
                count++;
                for (int j = i * i; j < SMALL_LIMIT; j += 2 * i) {
                    composite[j] = true;
                }
            }
        }
        int[] r = new int[count];
        int k = 0;
        for (int i = 3; i < SMALL_LIMIT; i += 2) {
            if (!composite[i]) {
                r[k++] = i;
            }
        }
        return r;
    }
}
