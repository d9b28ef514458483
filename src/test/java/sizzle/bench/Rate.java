package sizzle.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Operations per second of one operation, measured as DESIGN.md §6 asks: warm the JIT up first,
 * then the median of several timed rounds. Time is the measuring thread's CPU time, as
 * `openssl speed` divides by its user CPU time: rates that other load on the machine does not
 * bend (JIT compilation and GC in other threads are not counted).
 */
final class Rate {
    interface Op {
        void run() throws Exception;
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Rate() {
    }

    static double of(Op op, double seconds, int rounds) throws Exception {
        round(op, seconds / 2);                 // warm-up, not counted
        double[] r = new double[rounds];
        for (int i = 0; i < rounds; i++) r[i] = round(op, seconds);
        Arrays.sort(r);
        return r[rounds / 2];
    }

    private static double round(Op op, double seconds) throws Exception {
        long budget = (long) (seconds * 1e9);
        long start = THREADS.getCurrentThreadCpuTime();
        long n = 0;
        long elapsed;
        do {
            op.run();
            n++;
            elapsed = THREADS.getCurrentThreadCpuTime() - start;
        } while (elapsed < budget);
        return n / (elapsed / 1e9);
    }
}
