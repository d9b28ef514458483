package sizzle.http;

/**
 * Milliseconds from some fixed origin: the server's deadlines, the password's back-off and
 * (when it is the wall clock of a device that knows the time) the Date header. Injected, so
 * that tests move time by hand instead of waiting for it.
 */
public interface Clock {
    long millis();
}
