package ksecurity.math;

/**
 * The field of secp192r1, p = 2^192 - 2^64 - 1, for the scalar multiplications:
 * 7 signed 29-bit limbs, Montgomery form with R = 2^203, lazily reduced (see LazyField).
 * Written out by ksecurity/gen/gen_lazy_fields.py from the terms of p.
 */
final class P192Lazy extends LazyField {
    private static final long M29 = 0x1FFFFFFFL;

    P192Lazy() {
        super(Curves.SECP192R1, 7, 6, new int[] {0x400000, 0x0, 0x10000000, 0x0, 0x0, 0x0, 0x0},
                new int[] {0x1, 0x0, 0x40, 0x0, 0x0, 0x0, 0x0});
    }

    void mul(int[] a, int[] b, int[] r) {
        final long a0 = a[0];
        final long a1 = a[1];
        final long a2 = a[2];
        final long a3 = a[3];
        final long a4 = a[4];
        final long a5 = a[5];
        final long a6 = a[6];
        final long b0 = b[0];
        final long b1 = b[1];
        final long b2 = b[2];
        final long b3 = b[3];
        final long b4 = b[4];
        final long b5 = b[5];
        final long b6 = b[6];
        long c0 = a0 * b0;
        long c1 = a0 * b1 + a1 * b0;
        long c2 = a0 * b2 + a1 * b1 + a2 * b0;
        long c3 = a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0;
        long c4 = a0 * b4 + a1 * b3 + a2 * b2 + a3 * b1 + a4 * b0;
        long c5 = a0 * b5 + a1 * b4 + a2 * b3 + a3 * b2 + a4 * b1 + a5 * b0;
        long c6 = a0 * b6 + a1 * b5 + a2 * b4 + a3 * b3 + a4 * b2 + a5 * b1 + a6 * b0;
        long c7 = a1 * b6 + a2 * b5 + a3 * b4 + a4 * b3 + a5 * b2 + a6 * b1;
        long c8 = a2 * b6 + a3 * b5 + a4 * b4 + a5 * b3 + a6 * b2;
        long c9 = a3 * b6 + a4 * b5 + a5 * b4 + a6 * b3;
        long c10 = a4 * b6 + a5 * b5 + a6 * b4;
        long c11 = a5 * b6 + a6 * b5;
        long c12 = a6 * b6;
        final long q0 = c0 & M29;
        c1 += c0 >> 29;
        c6 += q0 << 18;
        c2 -= q0 << 6;
        final long q1 = c1 & M29;
        c2 += c1 >> 29;
        c7 += q1 << 18;
        c3 -= q1 << 6;
        final long q2 = c2 & M29;
        c3 += c2 >> 29;
        c8 += q2 << 18;
        c4 -= q2 << 6;
        final long q3 = c3 & M29;
        c4 += c3 >> 29;
        c9 += q3 << 18;
        c5 -= q3 << 6;
        final long q4 = c4 & M29;
        c5 += c4 >> 29;
        c10 += q4 << 18;
        c6 -= q4 << 6;
        final long q5 = c5 & M29;
        c6 += c5 >> 29;
        c11 += q5 << 18;
        c7 -= q5 << 6;
        final long q6 = c6 & M29;
        c7 += c6 >> 29;
        c12 += q6 << 18;
        c8 -= q6 << 6;
        c8 += c7 >> 29;
        r[0] = (int) (c7 & M29);
        c9 += c8 >> 29;
        r[1] = (int) (c8 & M29);
        c10 += c9 >> 29;
        r[2] = (int) (c9 & M29);
        c11 += c10 >> 29;
        r[3] = (int) (c10 & M29);
        c12 += c11 >> 29;
        r[4] = (int) (c11 & M29);
        r[5] = (int) (c12 & M29);
        r[6] = (int) (c12 >> 29);
    }

    void sqr(int[] a, int[] r) {
        final long a0 = a[0];
        final long a1 = a[1];
        final long a2 = a[2];
        final long a3 = a[3];
        final long a4 = a[4];
        final long a5 = a[5];
        final long a6 = a[6];
        final long d1 = a1 << 1;
        final long d2 = a2 << 1;
        final long d3 = a3 << 1;
        final long d4 = a4 << 1;
        final long d5 = a5 << 1;
        final long d6 = a6 << 1;
        long c0 = a0 * a0;
        long c1 = a0 * d1;
        long c2 = a0 * d2 + a1 * a1;
        long c3 = a0 * d3 + a1 * d2;
        long c4 = a0 * d4 + a1 * d3 + a2 * a2;
        long c5 = a0 * d5 + a1 * d4 + a2 * d3;
        long c6 = a0 * d6 + a1 * d5 + a2 * d4 + a3 * a3;
        long c7 = a1 * d6 + a2 * d5 + a3 * d4;
        long c8 = a2 * d6 + a3 * d5 + a4 * a4;
        long c9 = a3 * d6 + a4 * d5;
        long c10 = a4 * d6 + a5 * a5;
        long c11 = a5 * d6;
        long c12 = a6 * a6;
        final long q0 = c0 & M29;
        c1 += c0 >> 29;
        c6 += q0 << 18;
        c2 -= q0 << 6;
        final long q1 = c1 & M29;
        c2 += c1 >> 29;
        c7 += q1 << 18;
        c3 -= q1 << 6;
        final long q2 = c2 & M29;
        c3 += c2 >> 29;
        c8 += q2 << 18;
        c4 -= q2 << 6;
        final long q3 = c3 & M29;
        c4 += c3 >> 29;
        c9 += q3 << 18;
        c5 -= q3 << 6;
        final long q4 = c4 & M29;
        c5 += c4 >> 29;
        c10 += q4 << 18;
        c6 -= q4 << 6;
        final long q5 = c5 & M29;
        c6 += c5 >> 29;
        c11 += q5 << 18;
        c7 -= q5 << 6;
        final long q6 = c6 & M29;
        c7 += c6 >> 29;
        c12 += q6 << 18;
        c8 -= q6 << 6;
        c8 += c7 >> 29;
        r[0] = (int) (c7 & M29);
        c9 += c8 >> 29;
        r[1] = (int) (c8 & M29);
        c10 += c9 >> 29;
        r[2] = (int) (c9 & M29);
        c11 += c10 >> 29;
        r[3] = (int) (c10 & M29);
        c12 += c11 >> 29;
        r[4] = (int) (c11 & M29);
        r[5] = (int) (c12 & M29);
        r[6] = (int) (c12 >> 29);
    }

    void add(int[] a, int[] b, int[] r) {
        long l0 = (long) a[0] + b[0];
        long l1 = (long) a[1] + b[1];
        long l2 = (long) a[2] + b[2];
        long l3 = (long) a[3] + b[3];
        long l4 = (long) a[4] + b[4];
        long l5 = (long) a[5] + b[5];
        long l6 = (long) a[6] + b[6];
        final long k0 = l0 >> 29;
        final long k1 = l1 >> 29;
        final long k2 = l2 >> 29;
        final long k3 = l3 >> 29;
        final long k4 = l4 >> 29;
        final long k5 = l5 >> 29;
        l0 &= M29;
        l1 = (l1 & M29) + k0;
        l2 = (l2 & M29) + k1;
        l3 = (l3 & M29) + k2;
        l4 = (l4 & M29) + k3;
        l5 = (l5 & M29) + k4;
        l6 += k5;
        final long h = l6 >> 18;
        l6 &= 0x3FFFFL;
        l2 += h << 6;
        l0 += h;
        r[0] = (int) l0;
        r[1] = (int) l1;
        r[2] = (int) l2;
        r[3] = (int) l3;
        r[4] = (int) l4;
        r[5] = (int) l5;
        r[6] = (int) l6;
    }

    void sub(int[] a, int[] b, int[] r) {
        long l0 = (long) a[0] - b[0];
        long l1 = (long) a[1] - b[1];
        long l2 = (long) a[2] - b[2];
        long l3 = (long) a[3] - b[3];
        long l4 = (long) a[4] - b[4];
        long l5 = (long) a[5] - b[5];
        long l6 = (long) a[6] - b[6];
        final long k0 = l0 >> 29;
        final long k1 = l1 >> 29;
        final long k2 = l2 >> 29;
        final long k3 = l3 >> 29;
        final long k4 = l4 >> 29;
        final long k5 = l5 >> 29;
        l0 &= M29;
        l1 = (l1 & M29) + k0;
        l2 = (l2 & M29) + k1;
        l3 = (l3 & M29) + k2;
        l4 = (l4 & M29) + k3;
        l5 = (l5 & M29) + k4;
        l6 += k5;
        final long h = l6 >> 18;
        l6 &= 0x3FFFFL;
        l2 += h << 6;
        l0 += h;
        r[0] = (int) l0;
        r[1] = (int) l1;
        r[2] = (int) l2;
        r[3] = (int) l3;
        r[4] = (int) l4;
        r[5] = (int) l5;
        r[6] = (int) l6;
    }

    void mulSmall(int[] a, int k, int[] r) {
        long l0 = (long) a[0] * k;
        long l1 = (long) a[1] * k;
        long l2 = (long) a[2] * k;
        long l3 = (long) a[3] * k;
        long l4 = (long) a[4] * k;
        long l5 = (long) a[5] * k;
        long l6 = (long) a[6] * k;
        final long k0 = l0 >> 29;
        final long k1 = l1 >> 29;
        final long k2 = l2 >> 29;
        final long k3 = l3 >> 29;
        final long k4 = l4 >> 29;
        final long k5 = l5 >> 29;
        l0 &= M29;
        l1 = (l1 & M29) + k0;
        l2 = (l2 & M29) + k1;
        l3 = (l3 & M29) + k2;
        l4 = (l4 & M29) + k3;
        l5 = (l5 & M29) + k4;
        l6 += k5;
        final long h = l6 >> 18;
        l6 &= 0x3FFFFL;
        l2 += h << 6;
        l0 += h;
        r[0] = (int) l0;
        r[1] = (int) l1;
        r[2] = (int) l2;
        r[3] = (int) l3;
        r[4] = (int) l4;
        r[5] = (int) l5;
        r[6] = (int) l6;
    }
    void combine(int[] a, int ka, int[] b, int kb, int[] r) {
        long l0 = (long) a[0] * ka + (long) b[0] * kb;
        long l1 = (long) a[1] * ka + (long) b[1] * kb;
        long l2 = (long) a[2] * ka + (long) b[2] * kb;
        long l3 = (long) a[3] * ka + (long) b[3] * kb;
        long l4 = (long) a[4] * ka + (long) b[4] * kb;
        long l5 = (long) a[5] * ka + (long) b[5] * kb;
        long l6 = (long) a[6] * ka + (long) b[6] * kb;
        final long k0 = l0 >> 29;
        final long k1 = l1 >> 29;
        final long k2 = l2 >> 29;
        final long k3 = l3 >> 29;
        final long k4 = l4 >> 29;
        final long k5 = l5 >> 29;
        l0 &= M29;
        l1 = (l1 & M29) + k0;
        l2 = (l2 & M29) + k1;
        l3 = (l3 & M29) + k2;
        l4 = (l4 & M29) + k3;
        l5 = (l5 & M29) + k4;
        l6 += k5;
        final long h = l6 >> 18;
        l6 &= 0x3FFFFL;
        l2 += h << 6;
        l0 += h;
        r[0] = (int) l0;
        r[1] = (int) l1;
        r[2] = (int) l2;
        r[3] = (int) l3;
        r[4] = (int) l4;
        r[5] = (int) l5;
        r[6] = (int) l6;
    }
}
