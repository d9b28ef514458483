package kssl.midlet;

import java.io.IOException;
import javax.microedition.io.StreamConnection;
import kssl.MidpSocketOpener;
import kssl.SocketOpener;

/**
 * Sockets to the gateway for every device name its list shows: the names (NAME.sizzle.test)
 * are routed by the ClientHello's server_name on the gateway's shared port, not by DNS, so the
 * TCP connection goes to the gateway's address while KSSL still names (and verifies) the
 * device. Curl's --resolve does the same on the desktop.
 */
final class GatewayOpener implements SocketOpener {
    private final String gatewayHost;
    private final SocketOpener sockets = new MidpSocketOpener();

    GatewayOpener(String gatewayHost) {
        this.gatewayHost = gatewayHost;
    }

    public StreamConnection open(String host, int port) throws IOException {
        return sockets.open(gatewayHost, port);
    }
}
