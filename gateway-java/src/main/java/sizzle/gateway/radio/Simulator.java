package sizzle.gateway.radio;

import java.util.PriorityQueue;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;

/**
 * Simulated time: a queue of events in microseconds, run in time order (ties in the order
 * they were scheduled). Nothing here waits for the wall clock, so a run is as fast as the
 * machine and gives the same result every time. Single-threaded: {@link RealTimeRadio} runs it
 * paced to the wall clock for real TCP clients, on a thread of its own.
 */
public final class Simulator implements Executor {
    private record Event(long at, long seq, Runnable action) implements Comparable<Event> {
        public int compareTo(Event o) {
            return at != o.at ? Long.compare(at, o.at) : Long.compare(seq, o.seq);
        }
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long now, seq;

    public long nowUs() {
        return now;
    }

    /** The link's clock (milliseconds, rounded down). */
    public long nowMs() {
        return now / 1000;
    }

    public void at(long us, Runnable action) {
        queue.add(new Event(Math.max(us, now), seq++, action));
    }

    /** Runs {@code action} as an event now (after the events already due now). */
    public void execute(Runnable action) {
        at(now, action);
    }

    /** When the next event is due (Long.MAX_VALUE: none). */
    public long nextEventUs() {
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peek().at;
    }

    /** Runs every event up to {@code us}, then sets the clock to it. */
    public void runUntil(long us) {
        while (!queue.isEmpty() && queue.peek().at <= us) step();
        now = Math.max(now, us);
    }

    /** Runs events until {@code done} holds; false if it did not by {@code limitUs}. */
    public boolean runUntil(BooleanSupplier done, long limitUs) {
        while (!done.getAsBoolean()) {
            if (queue.isEmpty() || queue.peek().at > limitUs) {
                now = Math.max(now, limitUs);
                return done.getAsBoolean();
            }
            step();
        }
        return true;
    }

    private void step() {
        Event e = queue.poll();
        now = e.at;
        e.action.run();
    }
}
