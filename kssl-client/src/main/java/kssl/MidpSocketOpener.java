package kssl;

import java.io.IOException;
import javax.microedition.io.StreamConnection;

/** MIDP 2.0 sockets: javax.microedition.io.Connector.open("socket://host:port"). */
public final class MidpSocketOpener implements SocketOpener {
    public StreamConnection open(String host, int port) throws IOException {
        String h = host.indexOf(':') >= 0 ? "[".concat(host).concat("]") : host;
        return (StreamConnection) javax.microedition.io.Connector.open(
                "socket://".concat(h).concat(":").concat(Integer.toString(port)), javax.microedition.io.Connector.READ_WRITE);
    }
}
