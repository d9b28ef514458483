package sizzle.tools;

/** A test group needs what KSecurity does not offer (another curve or hash): skipped and reported. */
final class Unsupported extends RuntimeException {
    Unsupported(String what) {
        super(what);
    }
}
