package sizzle.tools;

/** The curves KSecurity serves, by their Wycheproof names. */
enum Curve {
    SECP160R1(160, 21), SECP192R1(192, 24), SECP224R1(224, 28), SECP256R1(256, 32);

    final short bits;
    final int orderBytes;

    Curve(int bits, int orderBytes) {
        this.bits = (short) bits;
        this.orderBytes = orderBytes;
    }

    int fieldBytes() {
        return bits / 8;
    }

    static Curve named(String name) {
        for (Curve c : values()) {
            if (c.name().equalsIgnoreCase(name)) return c;
        }
        throw new Unsupported("curve " + name);
    }
}
