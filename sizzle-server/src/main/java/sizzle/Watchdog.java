package sizzle;

/**
 * Closes connections past their deadline, every tick, until the server has stopped and its
 * last connection has ended. A thread of its own because CLDC sockets have no read timeout: a
 * silent client is only ever noticed from outside the thread blocked reading it.
 */
final class Watchdog implements Runnable {
    private final Mode mode;
    private final long tickMs;

    Watchdog(Mode mode, long tickMs) {
        this.mode = mode;
        this.tickMs = tickMs;
    }

    public void run() {
        while (!mode.finished()) {
            try {
                mode.checkDeadlines();
            } catch (RuntimeException e) {
                // a bug or a failing log must not end the enforcement of every deadline: go on
            }
            try {
                Thread.sleep(tickMs);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
