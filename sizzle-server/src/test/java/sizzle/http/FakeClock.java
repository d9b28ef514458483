package sizzle.http;

/** A clock the test moves by hand. */
public final class FakeClock implements Clock {
    public volatile long now = 1_000_000L;

    @Override
    public long millis() {
        return now;
    }

    /** Moves the time on by {@code ms}. */
    public void advance(long ms) {
        now += ms;
    }
}
