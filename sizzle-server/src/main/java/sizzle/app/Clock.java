package sizzle.app;

/** Milliseconds from some fixed origin; injectable so that back-off tests are deterministic. */
public interface Clock {
    long millis();
}
