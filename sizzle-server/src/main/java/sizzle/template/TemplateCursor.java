package sizzle.template;

/**
 * Where the next COPY reads (LINK.md §9.2): a template and an offset, kept per connection and
 * per direction at both ends, so a message goes on where the last one in its direction left
 * off (a flight's next message needs no SEEK). A SEEK into a certificate template (ids 0–3)
 * from a protocol template remembers where it was: when a copy reaches the certificate's end
 * the cursor returns there (the protocol templates have the certificate cut out at that place).
 * Both ends move it only through {@link TemplateCodec}; a new connection starts with a new one.
 */
public final class TemplateCursor {
    /** The template (−1: none yet) and the offset in it; the place to return to after a certificate (−1: none). */
    int t = -1, pos, retT = -1, retPos;

    void set(TemplateCursor c) {
        t = c.t;
        pos = c.pos;
        retT = c.retT;
        retPos = c.retPos;
    }

    /** SEEK: to template {@code to} at {@code at}. */
    void seek(int to, int at) {
        if (to < TemplateBook.CERTIFICATES && t >= TemplateBook.CERTIFICATES) {
            retT = t;
            retPos = pos;
        } else {
            retT = -1;
        }
        t = to;
        pos = at;
    }

    /** The cursor moves over {@code k} bytes of template {@code tpl} (its current one); true if it went back from a certificate. */
    boolean advance(int k, byte[] tpl) {
        pos += k;
        if (retT >= 0 && tpl != null && pos == tpl.length) {
            t = retT;
            pos = retPos;
            retT = -1;
            return true;
        }
        return false;
    }
}
