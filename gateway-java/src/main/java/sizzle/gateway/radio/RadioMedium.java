package sizzle.gateway.radio;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * One shared radio channel. Transmissions take turns (an ideal carrier sense: no collisions),
 * each holding the air for the channel model's air time; the sender hears sendDone when its
 * frame has left. Then the channel decides, from its seeded generator, whether the frame is
 * lost, corrupted, duplicated or held back, and every other station whose receiver is on
 * hears it after the latency. Every transmission can be recorded (time, bytes) for tests.
 */
public final class RadioMedium {
    /** One frame put on the air. */
    public record Transmission(long startUs, long endUs, int from, byte[] frame) {
        public String toString() {
            return startUs + "us " + from + ": " + HexFormat.of().formatHex(frame);
        }
    }

    private final Simulator sim;
    private final ChannelModel channel;
    private final Random random;
    private final List<RadioStation> stations = new ArrayList<>();
    private final List<Transmission> trace = new ArrayList<>();
    private boolean tracing;
    private long freeAt;
    public long frames, bytes, lost, corrupted, duplicated, reordered, missedAsleep;

    public RadioMedium(Simulator sim, ChannelModel channel, long seed) {
        this.sim = sim;
        this.channel = channel;
        this.random = new Random(seed);
    }

    public Simulator simulator() {
        return sim;
    }

    public void join(RadioStation s) {
        stations.add(s);
    }

    public void leave(RadioStation s) {
        stations.remove(s);
    }

    public void trace(boolean on) {
        tracing = on;
    }

    public List<Transmission> transmissions() {
        return trace;
    }

    /** Puts {@code len} bytes of {@code frame} on the air from {@code from}; {@code sendDone} when gone. */
    public void transmit(RadioStation from, byte[] frame, int len, Runnable sendDone) {
        byte[] copy = java.util.Arrays.copyOf(frame, len);
        long start = Math.max(sim.nowUs(), freeAt);
        long air = channel.airtimeUs(len);
        long end = start + air;
        freeAt = end;
        frames++;
        bytes += len;
        if (tracing) trace.add(new Transmission(start, end, from.address(), copy));
        sim.at(end, sendDone);
        // Five draws per frame (six with a reorder delay), always, whatever the frame's fate,
        // so one impairment's setting does not shift the others'.
        boolean lose = random.nextDouble() < channel.loss();
        boolean flip = random.nextDouble() < channel.corrupt();
        boolean twice = random.nextDouble() < channel.duplicate();
        boolean late = random.nextDouble() < channel.reorder();
        int bit = random.nextInt(len * 8);
        long hold = channel.reorderDelayUs() > 0 ? 1 + (long) (random.nextDouble() * channel.reorderDelayUs()) : 0;
        if (lose) {
            lost++;
            return;
        }
        byte[] heard = copy;
        if (flip) {
            corrupted++;
            heard = copy.clone();
            heard[bit >> 3] ^= (byte) (0x80 >> (bit & 7));
        }
        long at = end + channel.latencyUs();
        if (late) {
            reordered++;
            at += hold;
        }
        deliver(from, heard, at);
        if (twice) {
            duplicated++;
            deliver(from, heard, at + air + hold);
        }
    }

    private void deliver(RadioStation from, byte[] frame, long at) {
        sim.at(at, () -> {
            for (RadioStation s : List.copyOf(stations)) {
                if (s == from) continue;
                if (s.radioOn()) {
                    s.hear(frame.clone());
                } else {
                    missedAsleep++;
                }
            }
        });
    }
}
