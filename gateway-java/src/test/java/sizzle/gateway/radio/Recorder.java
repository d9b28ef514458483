package sizzle.gateway.radio;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import sizzle.link.TemplateListener;

/** A link user that records what it is told, and each connection's received bytes in order (compressed messages apart). */
final class Recorder implements TemplateListener {
    final List<String> events = new ArrayList<>();
    final List<byte[]> messages = new ArrayList<>(), templates = new ArrayList<>();
    final ByteArrayOutputStream stream = new ByteArrayOutputStream();
    int opened, sent, closed, lastConn, lastReason = -1;
    /** What a test does next, after the event is recorded. */
    Runnable afterReceived = () -> { }, afterSent = () -> { };

    public void opened(int conn) {
        opened++;
        lastConn = conn;
        events.add("opened " + conn);
    }

    public void received(int conn, byte[] b, int off, int len) {
        byte[] m = java.util.Arrays.copyOfRange(b, off, off + len);
        messages.add(m);
        stream.write(m, 0, len);
        events.add("received " + conn + " " + len);
        afterReceived.run();
    }

    public void receivedTemplate(int conn, byte[] b, int off, int len) {
        templates.add(java.util.Arrays.copyOfRange(b, off, off + len));
        events.add("template " + conn + " " + len);
    }

    public void sent(int conn) {
        sent++;
        events.add("sent " + conn);
        afterSent.run();
    }

    public void closed(int conn, int reason) {
        closed++;
        lastReason = reason;
        events.add("closed " + conn + " " + reason);
    }
}
