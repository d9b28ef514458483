package sizzle;

import java.io.IOException;

/** What a server puts on each transport connection before HTTP: TLS ({@link TlsLayer}). */
public interface Layer {
    /** The connection HTTP runs on over {@code transport}; may not block (no I/O yet). */
    Connection over(Connection transport) throws IOException;
}
