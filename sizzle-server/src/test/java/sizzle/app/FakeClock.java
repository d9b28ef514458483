package sizzle.app;

/** A clock the test moves by hand. */
final class FakeClock implements Clock {
    long now = 1_000_000L;

    @Override
    public long millis() {
        return now;
    }
}
