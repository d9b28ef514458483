package sizzle.bench;

import java.util.Arrays;

/**
 * Operations per second of one operation, measured as DESIGN.md §6 asks: warm the JIT up first,
 * then the median of several timed rounds.
 */
final class Rate {
    interface Op {
        void run() throws Exception;
    }

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
        long start = System.nanoTime();
        long n = 0;
        long elapsed;
        do {
            op.run();
            n++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < budget);
        return n / (elapsed / 1e9);
    }
}
