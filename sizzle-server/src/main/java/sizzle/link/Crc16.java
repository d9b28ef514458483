package sizzle.link;

/**
 * The frame check sequence: CRC-16/KERMIT, the ITU-T polynomial x^16 + x^12 + x^5 + 1 in its
 * reflected form (0x8408), initial value 0, no final XOR: the FCS IEEE 802.15.4 puts on every
 * frame, so a CC2420 could compute it in hardware. Check value: "123456789" gives 0x2189.
 * Bitwise rather than a 512-byte table: a mote has the cycles to spare and not the flash.
 */
public final class Crc16 {
    private Crc16() {
    }

    public static int compute(byte[] b, int off, int len) {
        int crc = 0;
        for (int i = off; i < off + len; i++) {
            crc ^= b[i] & 0xFF;
            for (int k = 0; k < 8; k++) {
                crc = (crc & 1) != 0 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
            }
        }
        return crc;
    }
}
