package kssl;

import java.io.IOException;
import java.io.OutputStream;
import javax.microedition.io.StreamConnection;

/**
 * A socket's output stream that also closes the socket's connection when closed (the TLS
 * engine closes its input, then this). GCF would keep a socket open until its streams are
 * closed, but not every platform does (MicroEmulator's socket:// closes the socket at once), so
 * the connection is closed last, here, rather than right after opening the streams.
 */
final class ReleasingOutputStream extends ForwardingOutputStream {
    private final StreamConnection connection;

    ReleasingOutputStream(OutputStream out, StreamConnection connection) {
        super(out);
        this.connection = connection;
    }

    public void close() throws IOException {
        try {
            out.close();
        } finally {
            connection.close();
        }
    }
}
