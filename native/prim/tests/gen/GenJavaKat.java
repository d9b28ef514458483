/*
 * Writes native/prim/tests/java_kat.h: signatures and DRBG streams made by the Java
 * (ksecurity.math.Ecdsa.sign with a fixed k', ksecurity.prim.HmacDrbg), which the C must
 * reproduce byte for byte (prim/tests/test_ecdsa.c, test_drbg.c, sim/prim_test.c). Run once,
 * from the repository root, after a change to either side's algorithm:
 *
 *   javac -cp midpapi20.jar:cldcapi11.jar -d /tmp/ks ksecurity/src/main/java/ksecurity/**.java
 *   java -cp /tmp/ks native/prim/tests/gen/GenJavaKat.java > native/prim/tests/java_kat.h
 *
 * (the two jars are org.microemu's midpapi20 and cldcapi11 2.0.4, in ~/.m2). Everything is
 * derived from java.util.Random with fixed seeds: the same header every run.
 */
import java.math.BigInteger;
import java.util.Random;
import ksecurity.math.Curves;
import ksecurity.math.Ecdsa;
import ksecurity.prim.Digest;
import ksecurity.prim.Hmac;
import ksecurity.prim.HmacDrbg;
import ksecurity.prim.Md5;
import ksecurity.prim.Sha1;
import ksecurity.prim.Sha224;
import ksecurity.prim.Sha256;
import ksecurity.prim.Sha384;
import ksecurity.prim.Sha512;
import ksecurity.security.RandomData;

public class GenJavaKat {
    /** The C ids (prim/ks_hash.h): MD5 0, SHA-1 1, SHA-224 2, SHA-256 3, SHA-384 4, SHA-512 5. */
    static Digest digest(int id) {
        switch (id) {
            case 0: return new Md5();
            case 1: return new Sha1();
            case 2: return new Sha224();
            case 3: return new Sha256();
            case 4: return new Sha384();
            default: return new Sha512();
        }
    }

    /** A RandomData that hands out fixed bytes and records how it was asked. */
    static final class Fixed extends RandomData {
        final byte[] bytes;
        int calls;
        int asked;

        Fixed(byte[] bytes) {
            this.bytes = bytes;
        }

        public void generateData(byte[] buf, short off, short len) {
            calls++;
            asked += len;
            System.arraycopy(bytes, 0, buf, off, len);
        }

        public short nextBytes(byte[] buf, short off, short len) {
            generateData(buf, off, len);
            return (short) (off + len);
        }

        public void setSeed(byte[] buf, short off, short len) {
        }

        public byte getAlgorithm() {
            return ALG_PSEUDO_RANDOM;
        }
    }

    /** K = HMAC_K(V || sep [|| x || h1 [|| k']]); V = HMAC_K(V), RFC 6979 3.2 d-g and h.3. */
    static void step(Hmac mac, byte[] k, byte[] v, int sep, byte[] x, byte[] h1, byte[] extra) {
        mac.init(k, 0, k.length);
        mac.update(v, 0, v.length);
        mac.update(new byte[] {(byte) sep}, 0, 1);
        if (x != null) {
            mac.update(x, 0, x.length);
            mac.update(h1, 0, h1.length);
            if (extra != null) {
                mac.update(extra, 0, extra.length);
            }
        }
        mac.doFinal(k, 0);
        mac.init(k, 0, k.length);
        mac.update(v, 0, v.length);
        mac.doFinal(v, 0);
    }

    /**
     * How many RFC 6979 candidates the signature rejected before its nonce (k outside
     * [1, n-1]: on secp160r1, whose order has 161 bits and is close to 2^160, about every
     * second one). Written beside each signature so that the motes compare the cycles of
     * signatures that made the same number of candidates: each rejected one costs the same
     * public work (HMACs), and the count says nothing about the accepted nonce.
     */
    static int rejections(int curve, byte[] d, byte[] h, int hashId, byte[] extra) {
        int qlen = Curves.orderBits(curve), ob = Curves.orderBytes(curve);
        BigInteger n = new BigInteger(1, Curves.n(curve));
        BigInteger e = new BigInteger(1, h);
        if (h.length * 8 > qlen) {
            e = e.shiftRight(h.length * 8 - qlen);
        }
        byte[] h1 = fixed(e.mod(n), ob);
        Digest dg = digest(hashId);
        Hmac mac = new Hmac(dg);
        byte[] k = new byte[dg.digestSize()], v = new byte[dg.digestSize()];
        java.util.Arrays.fill(v, (byte) 1);
        step(mac, k, v, 0, d, h1, extra);
        step(mac, k, v, 1, d, h1, extra);
        for (int rejected = 0;; rejected++) {
            byte[] t = new byte[0];
            while (t.length < ob) {
                mac.init(k, 0, k.length);
                mac.update(v, 0, v.length);
                mac.doFinal(v, 0);
                byte[] u = new byte[t.length + v.length];
                System.arraycopy(t, 0, u, 0, t.length);
                System.arraycopy(v, 0, u, t.length, v.length);
                t = u;
            }
            BigInteger c = new BigInteger(1, t).shiftRight(t.length * 8 - qlen);
            if (c.signum() > 0 && c.compareTo(n) < 0) {
                return rejected;
            }
            step(mac, k, v, 0, null, null, null);
        }
    }

    static byte[] fixed(BigInteger x, int len) {
        byte[] b = x.toByteArray(), out = new byte[len];
        int n = Math.min(b.length, len);
        System.arraycopy(b, b.length - n, out, len - n, n);
        return out;
    }

    static String hex(byte[] b, int len) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < len; i++) {
            if (i % 16 == 0) {
                s.append(i == 0 ? "" : "\n        ");
            }
            s.append(String.format("0x%02x,", b[i] & 0xff));
        }
        return s.toString();
    }

    static String arr(byte[] b, int len) {
        return "{" + (len == 0 ? "0" : hex(b, len)) + "}";
    }

    public static void main(String[] args) {
        StringBuilder o = new StringBuilder();
        o.append("/* Generated by native/prim/tests/gen/GenJavaKat.java (see there to regenerate): values the\n"
                + "   Java computed, which the C must match byte for byte. Do not edit. */\n"
                + "#ifndef JAVA_KAT_H\n#define JAVA_KAT_H\n#include <stdint.h>\n"
                + "#ifndef KAT_FLASH\n#define KAT_FLASH\n#endif\n\n");
        // ECDSA: Ecdsa.sign(curve, d, hash, nonce digest, k' or none), raw r||s and DER.
        o.append("typedef struct {\n    uint8_t curve, nonce_hash, has_extra, hlen, der_len, rejections;\n"
                + "    uint8_t d[32], h[64], extra[32], sig[64], der[72];\n} java_ecdsa_kat;\n\n");
        o.append("static const java_ecdsa_kat java_ecdsa[] KAT_FLASH = {\n");
        // The motes time the first groups (curve, hash, hedged or not): every signature of a
        // group must take the same cycles (sim/prim_test.c).
        int[][] cases = {
            // curve, message hash (= nonce hash), with k'
            {Curves.SECP256R1, 3, 1}, {Curves.SECP256R1, 3, 1}, {Curves.SECP256R1, 3, 1}, {Curves.SECP256R1, 3, 1},
            {Curves.SECP256R1, 3, 0},
            {Curves.SECP160R1, 1, 1}, {Curves.SECP160R1, 1, 1}, {Curves.SECP160R1, 1, 1}, {Curves.SECP160R1, 1, 1},
            {Curves.SECP160R1, 1, 1}, {Curves.SECP160R1, 1, 1}, {Curves.SECP160R1, 1, 1}, {Curves.SECP160R1, 1, 0}, {Curves.SECP160R1, 3, 1}, {Curves.SECP256R1, 1, 1},
            {Curves.SECP192R1, 3, 1}, {Curves.SECP224R1, 2, 1},
            {Curves.SECP256R1, 4, 1}, {Curves.SECP256R1, 5, 1}, {Curves.SECP160R1, 5, 1}, {Curves.SECP224R1, 5, 0},
        };
        Random r = new Random(6979);
        int count = 0;
        for (int[] c : cases) {
            int curve = c[0];
            int ob = Curves.orderBytes(curve);
            BigInteger n = new BigInteger(1, Curves.n(curve));
            byte[] d = new byte[ob];
            BigInteger dv;
            do {
                r.nextBytes(d);
                // a spread of key sizes: some with leading zero bits or bytes
                if (count % 3 == 1) {
                    d[0] = 0;
                }
                dv = new BigInteger(1, d);
            } while (dv.signum() == 0 || dv.compareTo(n) >= 0);
            byte[] msg = new byte[1 + r.nextInt(100)];
            r.nextBytes(msg);
            Digest md = digest(c[1]);
            byte[] h = new byte[md.digestSize()];
            md.update(msg, 0, msg.length);
            md.doFinal(h, 0);
            byte[] extra = new byte[ob];
            r.nextBytes(extra);
            Fixed fresh = c[2] == 1 ? new Fixed(extra) : null;
            byte[] sig = new byte[2 * ob];
            Ecdsa.sign(curve, d, 0, h, 0, h.length, digest(c[1]), fresh, sig, 0);
            if (fresh != null && (fresh.calls != 1 || fresh.asked != ob)) {
                throw new IllegalStateException("the Java drew k' differently");
            }
            byte[] der = new byte[Ecdsa.maxDerLength(curve)];
            int derLen = Ecdsa.derEncode(curve, sig, 0, der, 0);
            int rejected = rejections(curve, d, h, c[1], fresh != null ? extra : null);
            o.append("    {").append(curve).append(", ").append(c[1]).append(", ").append(c[2]).append(", ")
                    .append(h.length).append(", ").append(derLen).append(", ").append(rejected).append(",\n        ")
                    .append(arr(d, ob)).append(",\n        ").append(arr(h, h.length)).append(",\n        ")
                    .append(arr(extra, c[2] == 1 ? ob : 0)).append(",\n        ").append(arr(sig, 2 * ob))
                    .append(",\n        ").append(arr(der, derLen)).append("},\n");
            count++;
        }
        o.append("};\n#define JAVA_ECDSA_COUNT ").append(count).append("\n\n");

        // HMAC_DRBG: instantiate(entropy[0..32), nonce = entropy[32..48), pers), then
        // generate 1, 31, 32, 33, 100 bytes (no additional input), reseed(entropy2, add),
        // generate 64 with add2: the outputs concatenated (261 bytes).
        o.append("typedef struct {\n    uint8_t entropy[48], pers[12], entropy2[32], add_len, add[40], add2_len, add2[40];\n"
                + "    uint8_t out[261];\n} java_drbg_kat;\n\n");
        o.append("static const uint16_t java_drbg_lengths[5] = {1, 31, 32, 33, 100};\n");
        o.append("static const java_drbg_kat java_drbg[] KAT_FLASH = {\n");
        Random q = new Random(9001);
        for (int i = 0; i < 3; i++) {
            byte[] e = new byte[48], e2 = new byte[32], pers = {'K', 'S', 'e', 'c', ' ', 'R', 'a', 'n', 'd', 'o', 'm', (byte) (i + 2)};
            byte[] add = new byte[i == 0 ? 0 : 7 + 13 * i], add2 = new byte[i == 2 ? 0 : 40 - 9 * i];
            q.nextBytes(e);
            q.nextBytes(e2);
            q.nextBytes(add);
            q.nextBytes(add2);
            HmacDrbg drbg = new HmacDrbg(1L << 16);
            drbg.instantiate(e, 0, 32, e, 32, 16, pers, 0, pers.length);
            byte[] out = new byte[261];
            int off = 0;
            for (int len : new int[] {1, 31, 32, 33, 100}) {
                drbg.generate(out, off, len, null, 0, 0);
                off += len;
            }
            drbg.reseed(e2, 0, 32, add, 0, add.length);
            drbg.generate(out, off, 64, add2, 0, add2.length);
            o.append("    {").append(arr(e, 48)).append(",\n        ").append(arr(pers, 12)).append(",\n        ")
                    .append(arr(e2, 32)).append(",\n        ").append(add.length).append(", ").append(arr(add, add.length))
                    .append(",\n        ").append(add2.length).append(", ").append(arr(add2, add2.length))
                    .append(",\n        ").append(arr(out, 261)).append("},\n");
        }
        o.append("};\n#define JAVA_DRBG_COUNT 3\n\n#endif\n");
        System.out.print(o);
    }
}
