package kssl.midlet;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Hashtable;
import java.util.Vector;
import javax.microedition.io.HttpConnection;
import ksecurity.cert.CertificateException;
import ksecurity.cert.KeyStore;
import ksecurity.security.RandomData;
import kssl.Connector;
import kssl.HttpsClientConnection;
import kssl.tls.TlsConfig;

/**
 * The MIDlet's network side, apart from its screens: the gateway's device list over plain
 * HTTP (MIDP's http://), each device's pages over KSSL (https:// by name through the gateway's
 * shared port), and the thermostat's POST /config. A device is reached only with the profile
 * and the CA certificate the suite was given for it (JAD properties Sizzle-Device-N); each
 * device's config keeps its own session cache, so later requests resume the session.
 */
public final class GatewayClient {
    /** One answer: status, TLS facts, body. */
    public static final class Reply {
        public final int code;
        public final String tls;
        public final String body;

        Reply(int code, String tls, String body) {
            this.code = code;
            this.tls = tls;
            this.body = body;
        }
    }

    private final String listUrl;
    private final GatewayOpener opener;
    private final RandomData random;
    /** Device name to its TlsConfig (trust store: the CA the suite was given). */
    private final Hashtable configs = new Hashtable();
    /** Device name to its https:// URL, as the last list showed it. */
    private final Hashtable urls = new Hashtable();

    /** listUrl: the gateway's device list, http://HOST:PORT/. */
    public GatewayClient(String listUrl, RandomData random) {
        if (!listUrl.startsWith("http://")) {
            throw new IllegalArgumentException("the gateway's list is an http:// URL");
        }
        this.listUrl = listUrl;
        this.random = random;
        String rest = listUrl.substring(7);
        int end = rest.length();
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (c == '/' || (c == ':' && rest.charAt(0) != '[')) {
                end = i;
                break;
            }
        }
        String host = rest.substring(0, end);
        if (host.startsWith("[")) {
            host = host.substring(1, host.indexOf(']'));
        }
        opener = new GatewayOpener(host);
    }

    /** The device's profile (kssl.tls.Profile) and CA certificate (PEM, or base64 DER on one line). */
    public void addDevice(String name, int profile, String certificate) throws CertificateException {
        String pem = certificate.indexOf("-----BEGIN") >= 0 ? certificate
                : "-----BEGIN CERTIFICATE-----\n".concat(certificate).concat("\n-----END CERTIFICATE-----\n");
        KeyStore trust = new KeyStore();
        trust.loadCertificates(pem.getBytes());
        configs.put(name, TlsConfig.client(profile, random).setTrustStore(trust));
    }

    /** The names on the gateway's device list (its links to https://NAME:PORT/), in its order. */
    public Vector listDevices() throws IOException {
        HttpConnection c = (HttpConnection) javax.microedition.io.Connector.open(listUrl);
        try {
            if (c.getResponseCode() != HttpConnection.HTTP_OK) {
                throw new IOException("device list: HTTP ".concat(String.valueOf(c.getResponseCode())));
            }
            String page = read(c.openInputStream());
            Vector names = new Vector();
            urls.clear();
            for (int at = page.indexOf("href=\"https://"); at >= 0; at = page.indexOf("href=\"https://", at + 1)) {
                String url = page.substring(at + 6, page.indexOf('"', at + 6));
                int hostEnd = url.indexOf(':', 8);
                String name = url.substring(8, hostEnd < 0 ? url.indexOf('/', 8) : hostEnd);
                if (url.endsWith("/")) {
                    url = url.substring(0, url.length() - 1);
                }
                urls.put(name, url);
                names.addElement(name);
            }
            return names;
        } finally {
            c.close();
        }
    }

    /** GET path on the device, over KSSL. */
    public Reply get(String name, String path) throws IOException {
        return exchange(name, path, HttpConnection.GET, null);
    }

    /** POST /config: the thermostat's setpoint and mode, with its password (303 on success, 401 on a wrong password). */
    public Reply setThermostat(String name, String setpoint, String mode, String password) throws IOException {
        StringBuffer form = new StringBuffer();
        form.append("setpoint=").append(encode(setpoint)).append("&mode=").append(encode(mode))
                .append("&password=").append(encode(password));
        return exchange(name, "/config", HttpConnection.POST, form.toString().getBytes());
    }

    private Reply exchange(String name, String path, String method, byte[] body) throws IOException {
        TlsConfig config = (TlsConfig) configs.get(name);
        String base = (String) urls.get(name);
        if (config == null || base == null) {
            throw new IOException(config == null ? "no certificate given for ".concat(name)
                    : name.concat(" is not on the gateway's list"));
        }
        HttpsClientConnection c = Connector.openHttps(base.concat(path), config, opener);
        try {
            c.setRequestMethod(method);
            c.setRequestProperty("Connection", "close");
            if (body != null) {
                c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
                OutputStream out = c.openOutputStream();
                out.write(body);
                out.close();
            }
            int code = c.getResponseCode();
            StringBuffer tls = new StringBuffer();
            tls.append(c.getSecurityInfo().getProtocolVersion()).append(' ').append(c.getSecurityInfo().getCipherSuite())
                    .append(c.getTlsConnection().isResumed() ? " (resumed)" : " (full handshake)");
            return new Reply(code, tls.toString(), read(c.openInputStream()));
        } finally {
            c.close();
        }
    }

    /** The page as text: tags dropped, the entities the thermostat uses replaced, blank runs folded. */
    public static String text(String html) {
        StringBuffer s = new StringBuffer();
        boolean tag = false;
        boolean space = true;
        for (int i = 0; i < html.length(); i++) {
            char c = html.charAt(i);
            if (c == '<') {
                tag = true;
            } else if (c == '>') {
                tag = false;
            } else if (!tag) {
                if (c == '&' && html.startsWith("&deg;", i)) {
                    s.append("deg");
                    i += 4;
                    space = false;
                } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                    if (!space) {
                        s.append(c == '\n' ? '\n' : ' ');
                        space = true;
                    }
                } else {
                    s.append(c);
                    space = false;
                }
            }
        }
        return s.toString().trim();
    }

    /** The setpoint the home page shows ("Setpoint: 21.0"), or null. */
    public static String setpoint(String html) {
        int at = html.indexOf("Setpoint: ");
        return at < 0 ? null : html.substring(at + 10, html.indexOf(' ', at + 10));
    }

    private static String read(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] buf = new byte[256];
        try {
            for (int n; (n = in.read(buf, 0, buf.length)) > 0;) {
                b.write(buf, 0, n);
            }
        } finally {
            in.close();
        }
        return new String(b.toByteArray());
    }

    /** Form encoding: letters, digits and . - _ * as they are, everything else %XX. */
    static String encode(String v) {
        StringBuffer s = new StringBuffer();
        byte[] b = v.getBytes();
        for (int i = 0; i < b.length; i++) {
            int c = b[i] & 0xFF;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-'
                    || c == '_' || c == '*') {
                s.append((char) c);
            } else {
                s.append('%').append("0123456789ABCDEF".charAt(c >> 4)).append("0123456789ABCDEF".charAt(c & 15));
            }
        }
        return s.toString();
    }
}
