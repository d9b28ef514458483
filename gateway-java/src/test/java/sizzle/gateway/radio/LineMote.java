package sizzle.gateway.radio;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import sizzle.link.LinkListener;

/**
 * A mote on the simulated medium whose link end is a {@link LineDevice} (the Java reference
 * or the C end), driven as {@code EndpointDriver} drives a Java one: heard frames, sendDone
 * and ticks at its deadline become commands, its {@code tx} lines go on the air, its events
 * go to a {@link LinkListener} once the reply is in (so the listener may act at once: the
 * events are not re-entrant). Every command and reply can be kept as a transcript: the same
 * run with the Java and the C end must give the same one.
 */
final class LineMote implements RadioStation {
    private static final HexFormat HEX = HexFormat.of();
    private final RadioMedium medium;
    private final Simulator sim;
    private final LineDevice device;
    private final LinkListener listener;
    final List<String> transcript = new ArrayList<>();
    private boolean radioOn, gone;
    private long scheduledUs = -1;
    /** Bumped by reset: the events the old boot left scheduled do nothing. */
    private int boot;

    LineMote(RadioMedium medium, LineDevice device, LinkListener listener, int capacity) {
        this.medium = medium;
        this.sim = medium.simulator();
        this.device = device;
        this.listener = listener;
        call("init " + capacity);
        medium.join(this);
    }

    public int address() {
        return 1;
    }

    public boolean radioOn() {
        return !gone && radioOn;
    }

    public void hear(byte[] frame) {
        call("rx " + sim.nowMs() + " " + HEX.formatHex(frame));
    }

    void start(long atMs) {
        call("start " + atMs);
    }

    boolean send(byte[] m) {
        return call("send " + sim.nowMs() + " " + HEX.formatHex(m)).contains("send 1");
    }

    void ready() {
        call("ready " + sim.nowMs());
    }

    void close() {
        call("close " + sim.nowMs());
    }

    String stats() {
        return call("stats").get(0);
    }

    /** A power cycle: every bit of link state lost, polling again from {@code atMs}. */
    void reset(int capacity, long atMs) {
        boot++;
        scheduledUs = -1;
        call("init " + capacity);
        call("start " + atMs);
    }

    /** Runs one command: its frames go on the air, its deadline is scheduled, then its events are told. */
    List<String> call(String command) {
        List<String> reply = device.call(command);
        transcript.add("> " + command);
        transcript.addAll(reply);
        List<String> events = new ArrayList<>();
        int b = boot;
        for (String line : reply) {
            if (line.startsWith("tx ")) {
                byte[] f = HEX.parseHex(line.substring(3));
                medium.transmit(this, f, f.length, () -> {
                    if (b == boot && !gone) call("done " + sim.nowMs());
                });
            } else if (line.startsWith("end ")) {
                String[] w = line.split(" ");
                radioOn = w[1].equals("1");
                if (!w[2].equals("-")) schedule(Long.parseLong(w[2]));
            } else {
                events.add(line);
            }
        }
        for (String e : events) tell(e);
        return reply;
    }

    private void schedule(long deadlineMs) {
        long us = Math.max(deadlineMs * 1000, sim.nowUs());
        if (us == scheduledUs) return;
        scheduledUs = us;
        int b = boot;
        sim.at(us, () -> {
            if (b != boot || gone) return;
            if (scheduledUs == us) scheduledUs = -1;
            call("tick " + sim.nowMs());
        });
    }

    private void tell(String event) {
        String[] w = event.split(" ");
        switch (w[0]) {
            case "opened" -> listener.opened(Integer.parseInt(w[1]));
            case "received" -> {
                byte[] m = HEX.parseHex(w[2]);
                listener.received(Integer.parseInt(w[1]), m, 0, m.length);
            }
            case "sent" -> listener.sent(Integer.parseInt(w[1]));
            case "closed" -> listener.closed(Integer.parseInt(w[1]), Integer.parseInt(w[2]));
            default -> { } // send 1|0, stats: the caller reads them from the reply
        }
    }

    void vanish() {
        gone = true;
        medium.leave(this);
    }
}
