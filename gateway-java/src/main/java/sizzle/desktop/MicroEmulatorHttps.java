package sizzle.desktop;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import javax.microedition.io.Connection;
import javax.microedition.io.HttpConnection;
import kssl.Connector;
import kssl.tls.TlsConfig;
import org.microemu.microedition.ImplFactory;
import org.microemu.microedition.io.ConnectorDelegate;

/**
 * Makes javax.microedition.io.Connector.open("https://...") in MicroEmulator return KSSL's
 * HttpsConnection instead of the emulator's own (which runs on JSSE and trusts every
 * certificate). MicroEmulator dispatches Connector calls by scheme through
 * ImplFactory.registerGCF; the KSSL connection then runs over the emulator's socket://, as
 * on a phone. Call {@link #install} before the MIDlet starts.
 */
public final class MicroEmulatorHttps implements ConnectorDelegate {
    private MicroEmulatorHttps() {
    }

    /** Routes https:// to KSSL with this client config (trust store, profile, session cache). */
    public static void install(TlsConfig config) {
        Connector.setDefaults(config, null); // null: MIDP's socket://, i.e. the emulator's
        ImplFactory.registerGCF("https", new MicroEmulatorHttps());
    }

    @Override
    public Connection open(String url) throws IOException {
        return Connector.open(url);
    }

    /** The access mode and timeout flag do not change an HTTP exchange. */
    @Override
    public Connection open(String url, int mode) throws IOException {
        return Connector.open(url);
    }

    @Override
    public Connection open(String url, int mode, boolean timeouts) throws IOException {
        return Connector.open(url);
    }

    @Override
    public DataInputStream openDataInputStream(String url) throws IOException {
        return new DataInputStream(openInputStream(url));
    }

    @Override
    public DataOutputStream openDataOutputStream(String url) throws IOException {
        return new DataOutputStream(openOutputStream(url));
    }

    /** GCF: the stream keeps the connection open; closing it releases everything. */
    @Override
    public InputStream openInputStream(String url) throws IOException {
        HttpConnection c = (HttpConnection) Connector.open(url);
        InputStream in = c.openInputStream();
        c.close();
        return in;
    }

    @Override
    public OutputStream openOutputStream(String url) throws IOException {
        HttpConnection c = (HttpConnection) Connector.open(url);
        OutputStream out = c.openOutputStream();
        c.close();
        return out;
    }
}
