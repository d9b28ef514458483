package sizzle.link;

/**
 * A link user that takes compressed messages (DATA-TEMPLATE, LINK.md §9): an endpoint whose
 * listener is one accepts type-7 frames; to any other they are a reserved type, dropped.
 */
public interface TemplateListener extends LinkListener {
    /** A whole compressed message, in order, exactly once (numbered with the DATA messages); valid only during the call. */
    void receivedTemplate(int conn, byte[] b, int off, int len);
}
