package kssl;

import kssl.tls.CertificateCallback;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import javax.microedition.io.StreamConnection;

/**
 * KSSL's entry for MIDlets, shaped like javax.microedition.io.Connector:
 * <pre>
 *   kssl.Connector.setDefaults(TlsConfig.client(Profile.MODERN, random).setTrustStore(cas), null);
 *   HttpsConnection c = (HttpsConnection) kssl.Connector.open("https://host:port/path");
 *   int code = c.getResponseCode(); InputStream body = c.openInputStream(); ...; c.close();
 * </pre>
 * The lower-level secure stream, for an application that decides itself about a certificate
 * that does not verify (a {@link CertificateCallback} in the config), is
 * {@link #openSecure}. The platform's own https:// (MicroEmulator's, a phone's) is not used:
 * KSSL runs over a plain socket:// stream. In MicroEmulator, the desktop tools'
 * sizzle.desktop.MicroEmulatorHttps.install(config) makes javax.microedition.io.Connector.open
 * itself return these connections for https://.
 */
public final class Connector {
    private static TlsConfig defaultConfig;
    private static SocketOpener defaultOpener;

    private Connector() {
    }

    /**
     * The client config (trust store, callback, profile; its session cache makes later
     * connections to a host abbreviated) and the socket opener (null: MIDP's socket://) used
     * by {@link #open(String)}.
     */
    public static synchronized void setDefaults(TlsConfig config, SocketOpener opener) {
        if (config != null && !config.isClient()) {
            throw new IllegalArgumentException("a client config");
        }
        defaultConfig = config;
        defaultOpener = opener;
    }

    private static synchronized TlsConfig config() throws IOException {
        if (defaultConfig == null) {
            throw new IOException("kssl.Connector: no client config (call Connector.setDefaults first)");
        }
        return defaultConfig;
    }

    private static synchronized SocketOpener opener() {
        return defaultOpener != null ? defaultOpener : new MidpSocketOpener();
    }

    /**
     * An https:// URL as a MIDP HttpsConnection (in Setup state: nothing is sent until the
     * response or the security information is asked for). Other schemes are refused.
     */
    public static javax.microedition.io.Connection open(String url) throws IOException {
        return new HttpsClientConnection(new HttpsUrl(url), config(), opener());
    }

    /** As {@link #open(String)} with a config and opener of the caller's. */
    public static HttpsClientConnection openHttps(String url, TlsConfig config, SocketOpener opener) {
        if (!config.isClient()) {
            throw new IllegalArgumentException("a client config");
        }
        return new HttpsClientConnection(new HttpsUrl(url), config, opener);
    }

    /**
     * The lower-level secure stream: a socket to host:port and a KSSL client connection on it,
     * handshake not yet run (handshake(), or the first read or write, runs it). Closing the
     * TlsConnection (or its failure) sends close_notify (or the alert) and closes the socket.
     */
    public static TlsConnection openSecure(String host, int port, TlsConfig config) throws IOException {
        return openSecure(host, port, config, opener());
    }

    public static TlsConnection openSecure(String host, int port, TlsConfig config, SocketOpener opener)
            throws IOException {
        StreamConnection socket = opener.open(host, port);
        try {
            InputStream in = socket.openInputStream();
            OutputStream out = new ReleasingOutputStream(socket.openOutputStream(), socket);
            return TlsConnection.client(in, out, config, host, port);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }
}
