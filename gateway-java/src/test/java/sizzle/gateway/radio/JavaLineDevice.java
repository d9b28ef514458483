package sizzle.gateway.radio;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import sizzle.link.DeviceLink;
import sizzle.link.FrameSink;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;

/**
 * The Java reference device ({@link DeviceLink}) behind the line protocol of {@link
 * LineDevice}, its replies formatted exactly as native/link/tests/sz_link_line.c formats the
 * C end's: what the C end must say, line for line. Its name and kind are those the C host
 * build announces ("thermostat", 1; address 1).
 */
final class JavaLineDevice implements LineDevice, FrameSink, LinkListener {
    private static final HexFormat HEX = HexFormat.of();
    private final LinkConfig radio;
    private DeviceLink link;
    private final List<String> out = new ArrayList<>();
    private byte[] rx;

    JavaLineDevice(LinkConfig radio) {
        this.radio = radio;
    }

    public List<String> call(String command) {
        out.clear();
        String[] w = command.split(" ");
        long now = w.length > 1 ? Long.parseLong(w[1]) : 0;
        switch (w[0]) {
            case "init" -> {
                LinkConfig c = radio.copy().at(1, 0);
                c.name = "thermostat".getBytes();
                c.kind = 1;
                c.capacity = (int) Math.min(now, c.capacity);
                link = new DeviceLink(c);
                link.attach(this, this);
                now = 0;
            }
            case "start" -> link.start(now);
            case "rx" -> {
                byte[] f = HEX.parseHex(w[2]);
                link.receive(f, f.length, now);
            }
            case "done" -> link.transmitted(now);
            case "tick" -> link.tick(now);
            case "send" -> {
                if (!link.canSend()) {
                    out.add("send 0");
                } else {
                    byte[] m = HEX.parseHex(w[2]);
                    out.add("send " + (link.send(m, 0, m.length, now) ? 1 : 0));
                }
            }
            case "ready" -> link.ready(now);
            case "close" -> link.close(now);
            case "stats" -> {
                String s = link.stats.toString();
                out.add(s.isEmpty() ? "stats" : "stats " + s);
                now = 0;
            }
            default -> throw new IllegalArgumentException(command);
        }
        long d = link.nextDeadline();
        out.add("end " + (link.radioOn() ? 1 : 0) + " " + (d == Long.MAX_VALUE ? "-" : Long.toString(d)));
        return new ArrayList<>(out);
    }

    public void transmit(byte[] frame, int length) {
        out.add("tx " + HEX.formatHex(frame, 0, length));
    }

    public void opened(int conn) {
        out.add("opened " + conn);
    }

    public void received(int conn, byte[] b, int off, int len) {
        out.add("received " + conn + " " + HEX.formatHex(b, off, off + len));
    }

    public void sent(int conn) {
        out.add("sent " + conn);
    }

    public void closed(int conn, int reason) {
        out.add("closed " + conn + " " + reason);
    }
}
