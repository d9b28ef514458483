package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import ksecurity.prim.Digest;
import ksecurity.prim.Sha256;
import ksecurity.prim.Sha512;
import ksecurity.security.RandomData;
import org.junit.jupiter.api.Test;

/**
 * Hedged ECDSA nonces (RFC 6979 §3.6): the fresh random input k' (orderBytes long) is appended
 * to int2octets(x) || bits2octets(h1) in steps d and f. The known answers come from an
 * independent implementation (Python hashlib/hmac and integer arithmetic) with k' = 00 01 .. 1f
 * and RFC 6979 A.2.5's key; the counts of SHA-256 compressions are what the motes will pay.
 */
class EcdsaHedgedTest {
    private static final byte[] X256 = HexFormat.of().parseHex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721");

    /** Hands out 00 01 02 ... from the start on every call, and counts the bytes asked for. */
    static final class CountingBytes extends RandomData {
        int asked;
        int calls;

        public void generateData(byte[] buffer, short offset, short length) {
            for (int i = 0; i < length; i++) {
                buffer[offset + i] = (byte) i;
            }
            asked += length;
            calls++;
        }

        public short nextBytes(byte[] buffer, short offset, short length) {
            generateData(buffer, offset, length);
            return (short) (offset + length);
        }

        public void setSeed(byte[] buffer, short offset, short length) {
        }

        public byte getAlgorithm() {
            return ALG_PSEUDO_RANDOM;
        }
    }

    /** SHA-256 that counts its compressions. */
    static final class CountingSha256 extends Sha256 {
        int blocks;

        protected void processBlock(byte[] in, int off) {
            blocks++;
            super.processBlock(in, off);
        }
    }

    private static byte[] hash(Digest d, String m) {
        byte[] b = m.getBytes(StandardCharsets.US_ASCII);
        d.update(b, 0, b.length);
        byte[] h = new byte[d.digestSize()];
        d.doFinal(h, 0);
        return h;
    }

    private static String sign(Digest hash, Digest nonce, RandomData fresh) {
        byte[] h = hash(hash, "sample");
        byte[] sig = new byte[64];
        Ecdsa.sign(Curves.SECP256R1, X256, 0, h, 0, h.length, nonce, fresh, sig, 0);
        byte[] q = new byte[64];
        EcKeys.publicFromPrivate(Curves.SECP256R1, X256, 0, q, 0);
        assertTrue(Ecdsa.verify(Curves.SECP256R1, q, h, 0, h.length, sig, 0));
        return HexFormat.of().withUpperCase().formatHex(sig);
    }

    @Test
    void freshInputIsAppendedInStepsDAndF() {
        CountingBytes fresh = new CountingBytes();
        assertEquals("25404CFDB1228F680881E195DAE0665F43F988C40CBC4E23927810D7C4635D74"
                + "8F076E7B9EA4BDE92FB16B5CF25D0D3656DB01A6E19C885B53CB8754F1B819C3",
                sign(new Sha256(), new Sha256(), fresh));
        assertEquals(32, fresh.asked, "k' is orderBytes long");
        assertEquals(1, fresh.calls, "one draw per signature");
        assertEquals("740DD04DD8746D67ECD732278831BF106DCFB5BD992F8DF9660EE3BF9E1F3C5B"
                + "39318A3821E3A6C90B671DC521054EC2425C17347C6EA3F7BCBE942A74ED85F6",
                sign(new Sha512(), new Sha512(), fresh));
        assertEquals(64, fresh.asked, "orderBytes whatever the hash");
    }

    @Test
    void withoutFreshInputItIsRfc6979() {
        // A.2.5, SHA-256, "sample"
        assertEquals("EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
                + "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8",
                sign(new Sha256(), new Sha256(), null));
    }

    /**
     * The nonce's cost in SHA-256 compressions (HMAC from its precomputed pad states): steps d
     * and f key HMAC (2) and hash V || sep || x || h1 (97 bytes: 2 blocks after the pad, 1 for
     * the outer hash), steps e and g key HMAC again and hash V (1 + 1), step h one V = HMAC(V)
     * (1 + 1): 20. k' adds 32 bytes to steps d and f, one block more each: 22.
     */
    @Test
    void hedgingCostsTwoCompressionsOnP256() {
        CountingSha256 det = new CountingSha256();
        sign(new Sha256(), det, null);
        assertEquals(20, det.blocks, "RFC 6979, P-256, SHA-256");
        CountingSha256 hedged = new CountingSha256();
        sign(new Sha256(), hedged, new CountingBytes());
        assertEquals(22, hedged.blocks, "hedged");
    }
}
