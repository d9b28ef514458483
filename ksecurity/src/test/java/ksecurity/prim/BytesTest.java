package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The shared byte helpers: the constant-time comparison sees every bit, the fields are big-endian. */
class BytesTest {
    @Test
    void constantTimeEqualsSeesEveryBitAndOnlyTheRange() {
        byte[] a = "abcdefgh".getBytes(StandardCharsets.US_ASCII);
        assertTrue(Bytes.equalsConstantTime(a, 0, "abcdefgh".getBytes(StandardCharsets.US_ASCII), 0, 8));
        assertTrue(Bytes.equalsConstantTime(a, 0, "abcdXXXX".getBytes(StandardCharsets.US_ASCII), 0, 4));
        assertTrue(Bytes.equalsConstantTime(a, 4, "XXefgh".getBytes(StandardCharsets.US_ASCII), 2, 4));
        for (int i = 0; i < 8; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] b = a.clone();
                b[i] ^= (byte) (1 << bit);
                assertFalse(Bytes.equalsConstantTime(a, 0, b, 0, 8), "byte " + i + " bit " + bit);
            }
        }
        assertTrue(Bytes.equalsConstantTime(a, 0, a, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> Bytes.equalsConstantTime(a, 0, new byte[4], 0, 8));
        assertThrows(IllegalArgumentException.class, () -> Bytes.equalsConstantTime(a, 6, a, 0, 4));
    }

    @Test
    void plainEqualsComparesLengthAndBytes() {
        assertTrue(Bytes.equals(new byte[] {1, 2}, new byte[] {1, 2}));
        assertFalse(Bytes.equals(new byte[] {1, 2}, new byte[] {1, 2, 3}));
        assertFalse(Bytes.equals(new byte[] {1, 2}, new byte[] {1, 3}));
    }

    @Test
    void fieldsAreBigEndian() {
        byte[] b = new byte[8];
        Bytes.put24(b, 0, 0x123456);
        Bytes.put16(b, 3, 0xABCD);
        assertEquals(0x123456, Bytes.u24(b, 0));
        assertEquals(0xABCD, Bytes.u16(b, 3));
        Bytes.put64(b, 0, 0x0102030405060708L);
        assertEquals("0102030405060708", Bytes.hex(b, 0, 8));
        Bytes.wipe(b);
        assertEquals("0000", Bytes.hex(b, 6, 2));
    }
}
