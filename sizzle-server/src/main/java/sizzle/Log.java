package sizzle;

/**
 * Where the server's one-line reports go: start-up (the legacy profile's warning), one line per
 * connection and one per failure. A mote sends them over its link or drops them; the desktop
 * prints them.
 */
public interface Log {
    void log(String line);
}
