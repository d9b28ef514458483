package sizzle.gateway.radio;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Runs a {@link Simulator} in real time, for real TCP clients: one thread advances simulated
 * time to the wall clock's (microseconds since {@link #start}), running each event when its
 * time comes, and runs the tasks other threads hand it ({@link #execute}) at the simulated
 * "now". Everything on the medium (the gateway's peers, the motes' links) is touched only from
 * this thread, as on the deterministic simulator, which the unit tests drive without a clock.
 * A loop that falls behind (a busy machine) runs the late events at once: the link's timers
 * fire late, never early.
 */
public final class RealTimeRadio implements Executor, AutoCloseable {
    /** The longest the loop sleeps without looking at its task queue (tasks also wake it). */
    private static final long MAX_PARK_US = 50_000;

    private final Simulator sim;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Consumer<String> log;
    private final Thread thread;
    private volatile boolean stopped;
    private long originNs;

    /** {@code log}: where a task's or an event's exception is told (the loop goes on). */
    public RealTimeRadio(Simulator sim, Consumer<String> log) {
        this.sim = sim;
        this.log = log;
        thread = new Thread(this::loop, "radio");
        thread.setDaemon(true);
    }

    public Simulator simulator() {
        return sim;
    }

    /** Starts the clock: simulated time goes on from where it is, at the wall clock's pace. */
    public RealTimeRadio start() {
        originNs = System.nanoTime() - sim.nowUs() * 1000;
        thread.start();
        return this;
    }

    /** Runs {@code task} on the radio's thread, at the simulated time it gets there. Any thread. */
    public void execute(Runnable task) {
        tasks.add(task);
        LockSupport.unpark(thread);
    }

    private long wallUs() {
        return (System.nanoTime() - originNs) / 1000;
    }

    private void loop() {
        while (!stopped) {
            try {
                sim.runUntil(wallUs());
                for (Runnable t; (t = tasks.poll()) != null; ) {
                    t.run();
                }
                sim.runUntil(wallUs());
            } catch (RuntimeException e) {
                log.accept("radio: " + e);
                continue;
            }
            long wait = Math.min(sim.nextEventUs() - wallUs(), MAX_PARK_US);
            if (wait > 0 && tasks.isEmpty()) {
                LockSupport.parkNanos(wait * 1000);
            }
        }
    }

    /** CPU time (ns) the radio's thread has used: the medium, the gateway's peers and bridge, and the Java motes' links. */
    public long cpuNanos() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getThreadCpuTime(thread.getId());
    }

    /** Stops the loop (pending events and tasks are dropped); waits for it to end. */
    public void close() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
