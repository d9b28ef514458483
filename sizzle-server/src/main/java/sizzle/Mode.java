package sizzle;

/** A connection mode ({@link OneConnectionServer}, {@link MultiConnectionServer}) as SizzleServer runs it. */
interface Mode extends Runnable {
    /** Stops accepting; idle connections close now, busy ones after their request. */
    void stop();

    /** How many connections have ended so far. */
    int served();

    /** Closes the connections whose deadline has passed (the watchdog calls this). */
    void checkDeadlines();

    /** True once stopped with no connection left: the watchdog may end. */
    boolean finished();
}
