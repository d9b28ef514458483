package sizzle.http;

import java.io.IOException;

/**
 * A page made of constant parts with a value between each two: the parts stay constant (on
 * a mote they live in flash), only the few values are produced per request. Defining a page
 * once as a Template fixes its exact bytes for every server that serves it.
 */
public final class Template {
    private final byte[][] parts;

    /** {@code parts}: ASCII text; a page with n values has n + 1 parts. */
    public Template(String[] parts) {
        this.parts = new byte[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            this.parts[i] = Ascii.bytes(parts[i]);
        }
    }

    /** How many values the page takes. */
    public int holes() {
        return parts.length - 1;
    }

    /** The length of the page with these values. */
    public int length(byte[][] values) {
        check(values);
        int n = 0;
        for (int i = 0; i < parts.length; i++) {
            n += parts[i].length;
        }
        for (int i = 0; i < values.length; i++) {
            n += values[i].length;
        }
        return n;
    }

    /** Writes a whole response: {@code code}, {@code type} and the page with these values. */
    public void send(ResponseWriter w, int code, byte[] type, byte[][] values) throws IOException {
        w.status(code);
        w.body(type, length(values));
        for (int i = 0; i < values.length; i++) {
            w.write(parts[i]);
            w.write(values[i]);
        }
        w.write(parts[values.length]);
    }

    private void check(byte[][] values) {
        if (values.length != parts.length - 1) {
            throw new IllegalArgumentException("wrong number of values");
        }
    }
}
