package sizzle.link;

/**
 * The parameters both ends of a link agree on (frame size, timers) and one end's own
 * (addresses, capacity, and a device's duty cycle). LINK.md §7 gives the defaults' reasons.
 */
public final class LinkConfig {
    /** The radio's payload: 29 for the CC1000 (TinyOS), up to 102 for IEEE 802.15.4. */
    public int frameSize;
    /** Air time of one full frame, as the gateway counts it against a device's listen window. */
    public int airtimeMs;
    /** How long a sender waits for the ACK (or NACK) of a frame that asked for one. */
    public int ackTimeoutMs;
    /** Timeouts in a row on one frame before its message (or control packet) fails. */
    public int maxRetries = 16;
    /** NACK rounds one message may take before it fails (bounds a hopeless channel). */
    public int maxRounds = 32;
    /** An open connection closes when nothing is heard from the peer for this long. */
    public int silenceMs = 65000;
    /** This end's address and its peer's. */
    public int address, peer;
    /** The longest message this end accepts (its receive buffer). */
    public int capacity;
    /** A device's duty cycle: listen window after READY-SLEEP, and the period between polls. */
    public int listenMs;
    public int pollPeriodMs = 1000;
    /** What READY-SLEEP announces: the device's kind and name (discovery, LINK.md §6). */
    public int kind;
    public byte[] name = new byte[0];
    /** A device's capabilities, announced after its name (LINK.md §9.1: template edition and certificate ID); empty: none. */
    public byte[] capabilities = new byte[0];
    /**
     * A device that grants by READY only (LINK.md §6.1): announced in READY-SLEEP (kind, bit 7);
     * it refuses a message's first frame unless its READY granted it, and sends no READY of its
     * own after opening. For a device whose message buffer is its TLS record buffer.
     */
    public boolean readyOnly;

    public LinkConfig(int frameSize, int airtimeMs, int ackTimeoutMs, int listenMs) {
        if (frameSize < Frame.MIN_SIZE || frameSize > Frame.MAX_SIZE) {
            throw new IllegalArgumentException("frame size out of range");
        }
        this.frameSize = frameSize;
        this.airtimeMs = airtimeMs;
        this.ackTimeoutMs = ackTimeoutMs;
        this.listenMs = listenMs;
        this.capacity = Frame.maxMessage(frameSize);
    }

    /** The Mica2's CC1000 at 19.2 kbit/s, TinyOS's 29-byte payload (LINK.md §7). */
    public static LinkConfig cc1000() {
        return new LinkConfig(29, 24, 100, 60);
    }

    /** The CC2420 (IEEE 802.15.4, 250 kbit/s) with 102-byte frames. */
    public static LinkConfig cc2420() {
        return new LinkConfig(102, 5, 25, 20);
    }

    /**
     * How many of {@link #name}'s bytes READY-SLEEP carries (LINK.md §6): the whole name if it
     * fits the frame beside the fixed part and, with capabilities, their 0 byte and themselves
     * (§9.1); else its first label, which the gateway completes with its domain (a Mica2's
     * 29-byte frames hold 10 bytes of name beside the capabilities: mica2.sizzle.test announces
     * "mica2"). Never a cut name, which would name another device: a first label that does not
     * fit either is refused. The C firmware makes the same choice at build time
     * (native/sizzle/port/sz_port_link.c).
     *
     * @throws IllegalArgumentException if neither the name nor its first label fits
     */
    public int announcedNameLength() {
        int room = frameSize - Frame.OVERHEAD - Frame.READY_SLEEP_FIXED;
        if (capabilities.length > 0) room -= 1 + capabilities.length;
        int n = name.length;
        if (n <= room) return n;
        n = 0;
        while (n < name.length && name[n] != '.') n++;
        if (n == 0 || n > room) {
            // StringBuffer: CLDC 1.1 has no StringBuilder, which javac's '+' would use
            throw new IllegalArgumentException(new StringBuffer("READY-SLEEP has room for ").append(room)
                    .append(" bytes of name at frame size ").append(frameSize).append(": neither the name (").append(name.length)
                    .append(" bytes) nor its first label (").append(n).append(") fits").toString());
        }
        return n;
    }

    public LinkConfig at(int address, int peer) {
        this.address = address;
        this.peer = peer;
        return this;
    }

    public LinkConfig copy() {
        LinkConfig c = new LinkConfig(frameSize, airtimeMs, ackTimeoutMs, listenMs);
        c.maxRetries = maxRetries;
        c.maxRounds = maxRounds;
        c.silenceMs = silenceMs;
        c.address = address;
        c.peer = peer;
        c.capacity = capacity;
        c.pollPeriodMs = pollPeriodMs;
        c.kind = kind;
        c.name = name;
        c.capabilities = capabilities;
        c.readyOnly = readyOnly;
        return c;
    }
}
