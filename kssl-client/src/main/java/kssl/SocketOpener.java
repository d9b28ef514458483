package kssl;

import java.io.IOException;
import javax.microedition.io.StreamConnection;

/**
 * Opens the TCP byte stream under a TLS connection. On a phone it is MIDP's
 * {@code socket://} ({@link MidpSocketOpener}, the default); a desktop or a test supplies
 * its own. GCF semantics: closing the returned connection leaves its opened streams usable,
 * and the socket goes when they are closed too.
 */
public interface SocketOpener {
    StreamConnection open(String host, int port) throws IOException;
}
