package sizzle.http;

/** The device's clock (System.currentTimeMillis, which CLDC 1.1 has). */
public final class SystemClock implements Clock {
    public long millis() {
        return System.currentTimeMillis();
    }
}
