package sizzle.template;

/**
 * A compressed message the recreator cannot turn back into bytes (LINK.md §9.4). Each reason
 * is its own code, so the connection's end says exactly what was wrong; the link connection is
 * then reset and the link goes on serving other connections.
 */
public final class TemplateException extends Exception {
    /** The message ends inside an op, or before the length it announced was produced. */
    public static final int TRUNCATED = 1;
    /** A SEEK names a template this end does not hold. */
    public static final int UNKNOWN_TEMPLATE = 2;
    /**
     * The ops do not fit together: a copy beyond its template's end or before any SEEK, more
     * bytes than announced, bytes after the last op, an announced length over the limit.
     */
    public static final int INCONSISTENT = 3;
    /** A POINT whose x is no curve point's (or names no curve this end knows). */
    public static final int BAD_POINT = 4;
    /** A reserved op byte. */
    public static final int BAD_OP = 5;

    public final int reason;

    public TemplateException(int reason, String detail) {
        super(new StringBuffer(name(reason)).append(": ").append(detail).toString());
        this.reason = reason;
    }

    /** "a" + n + "b", without StringBuilder (CLDC). */
    static String say(String a, int n, String b) {
        return new StringBuffer(a).append(n).append(b).toString();
    }

    public static String name(int reason) {
        switch (reason) {
            case TRUNCATED: return "truncated compressed message";
            case UNKNOWN_TEMPLATE: return "unknown template";
            case INCONSISTENT: return "inconsistent compressed message";
            case BAD_POINT: return "compressed point not on its curve";
            case BAD_OP: return "reserved template op";
            default: return "template error";
        }
    }
}
