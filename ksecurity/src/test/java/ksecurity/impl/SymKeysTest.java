package ksecurity.impl;

import static ksecurity.impl.SymTestSupport.reason;
import static org.junit.jupiter.api.Assertions.*;

import ksecurity.security.AESKey;
import ksecurity.security.ARC4Key;
import ksecurity.security.CryptoException;
import ksecurity.security.HMACKey;
import ksecurity.security.KeyBuilder;
import org.junit.jupiter.api.Test;

/** AES, HMAC and RC4 key objects built through KeyBuilder. */
class SymKeysTest {
    @Test
    void aesKeyRoundTrip() {
        for (short bits : new short[] {128, 192, 256}) {
            AESKey k = (AESKey) KeyBuilder.buildKey(KeyBuilder.TYPE_AES_TRANSIENT_RESET, bits, false);
            assertFalse(k.isInitialized());
            assertEquals(bits, k.getSize());
            assertEquals(KeyBuilder.TYPE_AES_TRANSIENT_RESET, k.getType());
            byte[] data = new byte[40];
            for (int i = 0; i < 40; i++) {
                data[i] = (byte) i;
            }
            k.setKey(data, (short) 3);
            assertTrue(k.isInitialized());
            byte[] out = new byte[bits / 8 + 2];
            assertEquals(bits / 8, k.getKey(out, (short) 2));
            for (int i = 0; i < bits / 8; i++) {
                assertEquals(i + 3, out[2 + i]);
            }
            k.clearKey();
            assertFalse(k.isInitialized());
        }
    }

    @Test
    void aesKeyOfWrongSizeIsRefused() {
        for (short bits : new short[] {0, 8, 64, 160, 320}) {
            reason(CryptoException.NO_SUCH_ALGORITHM, () -> KeyBuilder.buildKey(KeyBuilder.TYPE_AES, bits, false));
        }
    }

    @Test
    void aesGetKeyBeforeSetKey() {
        AESKey k = (AESKey) KeyBuilder.buildKey(KeyBuilder.TYPE_AES, (short) 128, false);
        reason(CryptoException.UNINITIALIZED_KEY, () -> k.getKey(new byte[16], (short) 0));
    }

    @Test
    void aesSetKeyFromTooShortArray() {
        AESKey k = (AESKey) KeyBuilder.buildKey(KeyBuilder.TYPE_AES, (short) 256, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> k.setKey(new byte[20], (short) 0));
    }

    @Test
    void hmacKeyLengths() {
        HMACKey k = (HMACKey) KeyBuilder.buildKey(KeyBuilder.TYPE_HMAC, KeyBuilder.LENGTH_HMAC_SHA_256_BLOCK_64, false);
        k.setKey(new byte[131], (short) 0, (short) 131);
        assertEquals(131 * 8, k.getSize());
        assertEquals(131, k.getKey(new byte[131], (short) 0) & 0xff);
        reason(CryptoException.ILLEGAL_VALUE, () -> k.setKey(new byte[4], (short) 0, (short) 0));
        reason(CryptoException.ILLEGAL_VALUE, () -> k.setKey(new byte[300], (short) 0, (short) 256));
    }

    @Test
    void rc4KeyMustMatchItsSize() {
        ARC4Key k = (ARC4Key) KeyBuilder.buildKey(KeyBuilder.TYPE_ARC4, KeyBuilder.LENGTH_ARC4_40, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> k.setKey(new byte[16], (short) 0, (short) 16));
        k.setKey(new byte[] {1, 2, 3, 4, 5}, (short) 0, (short) 5);
        assertTrue(k.isInitialized());
        assertEquals(40, k.getSize());
    }

    @Test
    void rc4KeyOfImpossibleSize() {
        reason(CryptoException.NO_SUCH_ALGORITHM, () -> KeyBuilder.buildKey(KeyBuilder.TYPE_ARC4, (short) 44, false));
        reason(CryptoException.NO_SUCH_ALGORITHM, () -> KeyBuilder.buildKey(KeyBuilder.TYPE_ARC4, (short) 2056, false));
    }
}
