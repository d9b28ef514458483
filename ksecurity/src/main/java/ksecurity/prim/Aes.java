package ksecurity.prim;

/**
 * AES-128/192/256 (FIPS 197), bitsliced so that it is constant time: no table is indexed by
 * key or data, every operation is an AND, XOR, NOT, shift or rotation on 32-bit words, and the
 * sequence of operations depends only on the key length.
 *
 * Layout: two blocks are processed together in eight 32-bit words q[0..7]. Word q[b] holds bit
 * b of all 32 bytes; byte (row r, column c) of block k sits at bit 8r + 2c + k. So a row is one
 * byte lane of every word: ShiftRows is a rotation inside each byte lane, and MixColumns, which
 * mixes rows, is a rotation of whole words by 8 and 16. The conversion to and from this layout
 * is an 8x8 bit transpose per byte lane ({@link #transpose}). The S-box is the Boyar–Peralta
 * 113-gate circuit (SLP_AES_113); the inverse S-box reuses it between two copies of the
 * inverse affine map (S^-1 = L o S o L, see {@link #invSubBytes}), which keeps one circuit.
 * The design follows the idea of BearSSL's aes_ct; the code is our own.
 *
 * The key schedule also uses the circuit (SubWord), so the key never indexes a table either.
 */
public final class Aes {
    /** Round keys in bitsliced form: 8 words per round key, up to 15 round keys (AES-256). */
    private final int[] rk = new int[8 * 15];
    private final int[] w = new int[60];
    private final int[] q = new int[8];
    private int rounds;

    /** Expands a 16-, 24- or 32-byte key. */
    public void init(byte[] key, int off, int len) {
        if (len != 16 && len != 24 && len != 32) {
            throw new IllegalArgumentException("AES key must be 16, 24 or 32 bytes");
        }
        int nk = len >> 2;
        rounds = nk + 6;
        int total = 4 * (rounds + 1);
        for (int i = 0; i < nk; i++) {
            w[i] = BlockDigest.readLE(key, off + 4 * i);
        }
        int rcon = 1;
        for (int i = nk; i < total; i++) {
            int t = w[i - 1];
            if (i % nk == 0) {
                t = subWord((t >>> 8) | (t << 24)) ^ rcon;
                rcon = (rcon << 1) ^ ((rcon >>> 7) * 0x11b);
            } else if (nk > 6 && i % nk == 4) {
                t = subWord(t);
            }
            w[i] = w[i - nk] ^ t;
        }
        for (int r = 0; r <= rounds; r++) {
            for (int c = 0; c < 4; c++) {
                q[2 * c] = w[4 * r + c];
                q[2 * c + 1] = w[4 * r + c];
            }
            transpose(q);
            System.arraycopy(q, 0, rk, 8 * r, 8);
        }
        for (int i = 0; i < 60; i++) {
            w[i] = 0;
        }
        for (int i = 0; i < 8; i++) {
            q[i] = 0;
        }
    }

    /** Wipes the round keys. */
    public void clear() {
        for (int i = 0; i < rk.length; i++) {
            rk[i] = 0;
        }
        rounds = 0;
    }

    /** Encrypts one 16-byte block (in and out may be the same array, even overlapping exactly). */
    public void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        load(in, inOff, in, inOff);
        encryptState();
        store(out, outOff, null, 0);
    }

    /** Encrypts two independent blocks at once (twice the throughput of two single calls). */
    public void encryptBlocks2(byte[] in0, int off0, byte[] in1, int off1, byte[] out0, int outOff0,
            byte[] out1, int outOff1) {
        load(in0, off0, in1, off1);
        encryptState();
        store(out0, outOff0, out1, outOff1);
    }

    /** Encrypts n consecutive blocks (ECB), two at a time. */
    public void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int n) {
        int i = 0;
        for (; i + 1 < n; i += 2) {
            int a = 16 * i;
            encryptBlocks2(in, inOff + a, in, inOff + a + 16, out, outOff + a, out, outOff + a + 16);
        }
        if (i < n) {
            encryptBlock(in, inOff + 16 * i, out, outOff + 16 * i);
        }
    }

    /** Decrypts n consecutive blocks (ECB), two at a time. */
    public void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int n) {
        int i = 0;
        for (; i < n; i += 2) {
            int a = inOff + 16 * i;
            int b = outOff + 16 * i;
            boolean two = i + 1 < n;
            load(in, a, in, two ? a + 16 : a);
            decryptState();
            store(out, b, two ? out : null, b + 16);
        }
    }

    /** Decrypts one 16-byte block. */
    public void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        decryptBlocks(in, inOff, out, outOff, 1);
    }

    private void checkKeyed() {
        if (rounds == 0) {
            throw new IllegalStateException("AES key not set");
        }
    }

    private void encryptState() {
        checkKeyed();
        addRoundKey(0);
        for (int r = 1; r < rounds; r++) {
            subBytes(q);
            shiftRows();
            mixColumns();
            addRoundKey(r);
        }
        subBytes(q);
        shiftRows();
        addRoundKey(rounds);
    }

    private void decryptState() {
        checkKeyed();
        addRoundKey(rounds);
        for (int r = rounds - 1; r > 0; r--) {
            invShiftRows();
            invSubBytes();
            addRoundKey(r);
            invMixColumns();
        }
        invShiftRows();
        invSubBytes();
        addRoundKey(0);
    }

    private void load(byte[] a, int offA, byte[] b, int offB) {
        for (int c = 0; c < 4; c++) {
            q[2 * c] = BlockDigest.readLE(a, offA + 4 * c);
            q[2 * c + 1] = BlockDigest.readLE(b, offB + 4 * c);
        }
        transpose(q);
    }

    /** Writes block 0 at a[offA]; block 1 at b[offB] unless b is null. */
    private void store(byte[] a, int offA, byte[] b, int offB) {
        transpose(q);
        for (int c = 0; c < 4; c++) {
            writeLE(q[2 * c], a, offA + 4 * c);
            if (b != null) {
                writeLE(q[2 * c + 1], b, offB + 4 * c);
            }
        }
    }

    private static void writeLE(int x, byte[] out, int off) {
        out[off] = (byte) x;
        out[off + 1] = (byte) (x >>> 8);
        out[off + 2] = (byte) (x >>> 16);
        out[off + 3] = (byte) (x >>> 24);
    }

    private void addRoundKey(int r) {
        int base = 8 * r;
        for (int i = 0; i < 8; i++) {
            q[i] ^= rk[base + i];
        }
    }

    /**
     * Transposes the 8x8 bit matrices formed by byte lane j of the eight words: afterwards bit
     * i of lane j of word b is what bit b of lane j of word i was. Its own inverse.
     */
    static void transpose(int[] q) {
        swap(q, 0, 1, 0x55555555, 1);
        swap(q, 2, 3, 0x55555555, 1);
        swap(q, 4, 5, 0x55555555, 1);
        swap(q, 6, 7, 0x55555555, 1);
        swap(q, 0, 2, 0x33333333, 2);
        swap(q, 1, 3, 0x33333333, 2);
        swap(q, 4, 6, 0x33333333, 2);
        swap(q, 5, 7, 0x33333333, 2);
        swap(q, 0, 4, 0x0f0f0f0f, 4);
        swap(q, 1, 5, 0x0f0f0f0f, 4);
        swap(q, 2, 6, 0x0f0f0f0f, 4);
        swap(q, 3, 7, 0x0f0f0f0f, 4);
    }

    /** Exchanges the high halves (under ~lo) of x's bit pairs with the low halves of y's. */
    private static void swap(int[] q, int a, int b, int lo, int s) {
        int x = q[a];
        int y = q[b];
        q[a] = (x & lo) | ((y & lo) << s);
        q[b] = ((x >>> s) & lo) | (y & ~lo);
    }

    /** SubWord for the key schedule, through the same constant-time circuit. */
    private int subWord(int x) {
        q[0] = x;
        for (int i = 1; i < 8; i++) {
            q[i] = 0;
        }
        transpose(q);
        subBytes(q);
        transpose(q);
        return q[0];
    }

    /** Row r (byte lane r) rotates by r columns: new column c is old column c + r. */
    private void shiftRows() {
        for (int i = 0; i < 8; i++) {
            int x = q[i];
            q[i] = (x & 0x000000ff)
                    | ((x & 0x0000fc00) >>> 2) | ((x & 0x00000300) << 6)
                    | ((x & 0x00f00000) >>> 4) | ((x & 0x000f0000) << 4)
                    | ((x & 0xc0000000) >>> 6) | ((x & 0x3f000000) << 2);
        }
    }

    /** New column c is old column c - r. */
    private void invShiftRows() {
        for (int i = 0; i < 8; i++) {
            int x = q[i];
            q[i] = (x & 0x000000ff)
                    | ((x & 0x00003f00) << 2) | ((x & 0x0000c000) >>> 6)
                    | ((x & 0x000f0000) << 4) | ((x & 0x00f00000) >>> 4)
                    | ((x & 0x03000000) << 6) | ((x & 0xfc000000) >>> 2);
        }
    }

    /**
     * out[r] = 2(a[r] ^ a[r+1]) ^ a[r+1] ^ a[r+2] ^ a[r+3] per column. Rotating a word right by 8
     * brings row r+1 to row r. Multiplying by 2 in bitsliced form moves plane i to i+1 and folds
     * plane 7 into planes 0, 1, 3 and 4 (x^8 = x^4 + x^3 + x + 1).
     */
    private void mixColumns() {
        int q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
        int r0 = rot8(q0), r1 = rot8(q1), r2 = rot8(q2), r3 = rot8(q3);
        int r4 = rot8(q4), r5 = rot8(q5), r6 = rot8(q6), r7 = rot8(q7);
        int y0 = q0 ^ r0, y1 = q1 ^ r1, y2 = q2 ^ r2, y3 = q3 ^ r3;
        int y4 = q4 ^ r4, y5 = q5 ^ r5, y6 = q6 ^ r6, y7 = q7 ^ r7;
        q[0] = y7 ^ r0 ^ rot16(y0);
        q[1] = y0 ^ y7 ^ r1 ^ rot16(y1);
        q[2] = y1 ^ r2 ^ rot16(y2);
        q[3] = y2 ^ y7 ^ r3 ^ rot16(y3);
        q[4] = y3 ^ y7 ^ r4 ^ rot16(y4);
        q[5] = y4 ^ r5 ^ rot16(y5);
        q[6] = y5 ^ r6 ^ rot16(y6);
        q[7] = y6 ^ r7 ^ rot16(y7);
    }

    /**
     * InvMixColumns = MixColumns o P, with P(a)[r] = a[r] ^ 4(a[r] ^ a[r+2]) (the matrix
     * {0e 0b 0d 09} factors as {02 03 01 01} times {05 00 04 00}).
     */
    private void invMixColumns() {
        int v0 = q[0] ^ rot16(q[0]), v1 = q[1] ^ rot16(q[1]), v2 = q[2] ^ rot16(q[2]);
        int v3 = q[3] ^ rot16(q[3]), v4 = q[4] ^ rot16(q[4]), v5 = q[5] ^ rot16(q[5]);
        int v6 = q[6] ^ rot16(q[6]), v7 = q[7] ^ rot16(q[7]);
        // 4v: bit i of 4v is v[i-2], with v6 and v7 folded back through the polynomial.
        q[0] ^= v6;
        q[1] ^= v6 ^ v7;
        q[2] ^= v0 ^ v7;
        q[3] ^= v1 ^ v6;
        q[4] ^= v2 ^ v6 ^ v7;
        q[5] ^= v3 ^ v7;
        q[6] ^= v4;
        q[7] ^= v5;
        mixColumns();
    }

    private static int rot8(int x) {
        return (x >>> 8) | (x << 24);
    }

    private static int rot16(int x) {
        return (x >>> 16) | (x << 16);
    }

    /**
     * The inverse S-box as L o S o L, where L is FIPS 197's inverse affine map
     * b'[i] = b[i+2] ^ b[i+5] ^ b[i+7] ^ {05}[i]: S = A o inv, so L o S = inv, and
     * inv o L = S^-1.
     */
    private void invSubBytes() {
        invAffine();
        subBytes(q);
        invAffine();
    }

    private void invAffine() {
        int q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
        q[0] = ~(q2 ^ q5 ^ q7);
        q[1] = q3 ^ q6 ^ q0;
        q[2] = ~(q4 ^ q7 ^ q1);
        q[3] = q5 ^ q0 ^ q2;
        q[4] = q6 ^ q1 ^ q3;
        q[5] = q7 ^ q2 ^ q4;
        q[6] = q0 ^ q3 ^ q5;
        q[7] = q1 ^ q4 ^ q6;
    }

    /**
     * The forward S-box on all 32 bytes: Boyar and Peralta's 113-gate straight-line program
     * (SLP_AES_113: 23 XORs of the top linear layer, the shared non-linear middle, and the bottom
     * linear layer with its four XNORs). The program numbers bits from the most significant:
     * U0 is bit 7 (q[7]) and S0 is written to q[7].
     */
    static void subBytes(int[] q) {
        int u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4], u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];

        int y14 = u3 ^ u5;
        int y13 = u0 ^ u6;
        int y9 = u0 ^ u3;
        int y8 = u0 ^ u5;
        int t0 = u1 ^ u2;
        int y1 = t0 ^ u7;
        int y4 = y1 ^ u3;
        int y12 = y13 ^ y14;
        int y2 = y1 ^ u0;
        int y5 = y1 ^ u6;
        int y3 = y5 ^ y8;
        int t1 = u4 ^ y12;
        int y15 = t1 ^ u5;
        int y20 = t1 ^ u1;
        int y6 = y15 ^ u7;
        int y10 = y15 ^ t0;
        int y11 = y20 ^ y9;
        int y7 = u7 ^ y11;
        int y17 = y10 ^ y11;
        int y19 = y10 ^ y8;
        int y16 = t0 ^ y11;
        int y21 = y13 ^ y16;
        int y18 = u0 ^ y16;

        int t2 = y12 & y15;
        int t3 = y3 & y6;
        int t4 = t3 ^ t2;
        int t5 = y4 & u7;
        int t6 = t5 ^ t2;
        int t7 = y13 & y16;
        int t8 = y5 & y1;
        int t9 = t8 ^ t7;
        int t10 = y2 & y7;
        int t11 = t10 ^ t7;
        int t12 = y9 & y11;
        int t13 = y14 & y17;
        int t14 = t13 ^ t12;
        int t15 = y8 & y10;
        int t16 = t15 ^ t12;
        int t17 = t4 ^ y20;
        int t18 = t6 ^ t16;
        int t19 = t9 ^ t14;
        int t20 = t11 ^ t16;
        int t21 = t17 ^ t14;
        int t22 = t18 ^ y19;
        int t23 = t19 ^ y21;
        int t24 = t20 ^ y18;
        int t25 = t21 ^ t22;
        int t26 = t21 & t23;
        int t27 = t24 ^ t26;
        int t28 = t25 & t27;
        int t29 = t28 ^ t22;
        int t30 = t23 ^ t24;
        int t31 = t22 ^ t26;
        int t32 = t31 & t30;
        int t33 = t32 ^ t24;
        int t34 = t23 ^ t33;
        int t35 = t27 ^ t33;
        int t36 = t24 & t35;
        int t37 = t36 ^ t34;
        int t38 = t27 ^ t36;
        int t39 = t29 & t38;
        int t40 = t25 ^ t39;
        int t41 = t40 ^ t37;
        int t42 = t29 ^ t33;
        int t43 = t29 ^ t40;
        int t44 = t33 ^ t37;
        int t45 = t42 ^ t41;
        int z0 = t44 & y15;
        int z1 = t37 & y6;
        int z2 = t33 & u7;
        int z3 = t43 & y16;
        int z4 = t40 & y1;
        int z5 = t29 & y7;
        int z6 = t42 & y11;
        int z7 = t45 & y17;
        int z8 = t41 & y10;
        int z9 = t44 & y12;
        int z10 = t37 & y3;
        int z11 = t33 & y4;
        int z12 = t43 & y13;
        int z13 = t40 & y5;
        int z14 = t29 & y2;
        int z15 = t42 & y9;
        int z16 = t45 & y14;
        int z17 = t41 & y8;

        int tc1 = z15 ^ z16;
        int tc2 = z10 ^ tc1;
        int tc3 = z9 ^ tc2;
        int tc4 = z0 ^ z2;
        int tc5 = z1 ^ z0;
        int tc6 = z3 ^ z4;
        int tc7 = z12 ^ tc4;
        int tc8 = z7 ^ tc6;
        int tc9 = z8 ^ tc7;
        int tc10 = tc8 ^ tc9;
        int tc11 = tc6 ^ tc5;
        int tc12 = z3 ^ z5;
        int tc13 = z13 ^ tc1;
        int tc14 = tc4 ^ tc12;
        int s3 = tc3 ^ tc11;
        int tc16 = z6 ^ tc8;
        int tc17 = z14 ^ tc10;
        int tc18 = tc13 ^ tc14;
        int s7 = ~(z12 ^ tc18);
        int tc20 = z15 ^ tc16;
        int tc21 = tc2 ^ z11;
        int s0 = tc3 ^ tc16;
        int s6 = ~(tc10 ^ tc18);
        int s4 = tc14 ^ s3;
        int s1 = ~(s3 ^ tc16);
        int tc26 = tc17 ^ tc20;
        int s2 = ~(tc26 ^ z17);
        int s5 = tc21 ^ tc17;

        q[7] = s0;
        q[6] = s1;
        q[5] = s2;
        q[4] = s3;
        q[3] = s4;
        q[2] = s5;
        q[1] = s6;
        q[0] = s7;
    }
}
