package sizzle.gateway.radio;

/**
 * What the radio does to a frame: its air time (the frame, plus the radio's own overhead on
 * the air, at the bit rate), the delay after it, and the chances that it is lost, corrupted
 * (one bit flipped), duplicated, or delayed past later frames (reordered). The overheads are
 * modelled, not measured: CC1000, a TinyOS 1.x packet (5-byte header, 2-byte CRC) behind
 * 18 bytes of preamble and 2 of sync; CC2420, 802.15.4's 6-byte synchronisation header and
 * PHY length, and the 25 bytes of MAC header and FCS that leave 102 of 127 for the payload.
 */
public record ChannelModel(String name, int bitsPerSecond, int overheadBytes, long latencyUs,
        double loss, double corrupt, double duplicate, double reorder, long reorderDelayUs) {

    public static ChannelModel cc1000() {
        return new ChannelModel("CC1000", 19_200, 27, 500, 0, 0, 0, 0, 0);
    }

    public static ChannelModel cc2420() {
        return new ChannelModel("CC2420", 250_000, 31, 200, 0, 0, 0, 0, 0);
    }

    /** The same radio with these impairments; a reordered frame is held back up to {@code delayUs}. */
    public ChannelModel lossy(double loss, double corrupt, double duplicate, double reorder, long delayUs) {
        return new ChannelModel(name, bitsPerSecond, overheadBytes, latencyUs, loss, corrupt, duplicate, reorder, delayUs);
    }

    /** Microseconds a frame of {@code len} bytes occupies the air (rounded up). */
    public long airtimeUs(int len) {
        long bits = 8L * (len + overheadBytes);
        return (bits * 1_000_000 + bitsPerSecond - 1) / bitsPerSecond;
    }
}
