package sizzle.desktop;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import ksecurity.cert.CertificateException;
import ksecurity.cert.KeyStore;
import ksecurity.cert.X509Certificate;
import ksecurity.security.RandomData;
import kssl.Connector;
import kssl.HttpsClientConnection;
import kssl.HttpsUrl;
import kssl.tls.Profile;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import kssl.TlsSecurityInfo;

/**
 * {@code ./sizzle get URL [--profile modern|legacy] [--trust CERT]... [--insecure]
 * [--header 'Name: value']... [--resolve NAME:ADDRESS]...}: the KSSL client fetches one page with GET (HTTP/1.1,
 * "Connection: close" unless a --header says otherwise) and writes the body to stdout; the
 * TLS facts, status line and headers go to stderr. The server's chain and host name are
 * checked against the --trust certificates (PEM; a CA, or the server's own certificate);
 * without any, it refuses unless --insecure. --resolve connects to ADDRESS for NAME (as curl's:
 * a gateway's devices by name) while TLS still sends and checks NAME. Exit status: 0 on 2xx, 1 on any other answer or
 * failure (one line saying why), 2 on bad arguments.
 */
public final class GetCommand {
    /** Connect and read timeout. */
    static final int TIMEOUT_MS = 15_000;

    private GetCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The whole command; returns the exit status. */
    public static int run(String[] args, OutputStream out, PrintStream err) {
        try {
            return fetch(args, out, err);
        } catch (Options.Usage e) {
            err.println("sizzle: get: " + e.getMessage());
            return 2;
        }
    }

    private static int fetch(String[] args, OutputStream out, PrintStream err) {
        String url = null;
        int profile = Profile.MODERN;
        List<Path> trust = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        java.util.Map<String, String> pinned = new java.util.HashMap<>();
        boolean insecure = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--profile" -> profile = Options.profile(Options.value(args, i++));
                case "--trust" -> trust.add(Path.of(Options.value(args, i++)));
                case "--header" -> headers.add(Options.value(args, i++));
                case "--insecure" -> insecure = true;
                case "--resolve" -> {
                    String r = Options.value(args, i++);
                    int colon = r.indexOf(':');
                    if (colon <= 0 || colon == r.length() - 1) {
                        throw new Options.Usage("--resolve must be NAME:ADDRESS, not '" + r + "'");
                    }
                    pinned.put(r.substring(0, colon).toLowerCase(java.util.Locale.ROOT), r.substring(colon + 1));
                }
                default -> {
                    if (args[i].startsWith("-") || url != null) {
                        throw new Options.Usage("unknown argument '" + args[i] + "' (./sizzle help)");
                    }
                    url = args[i];
                }
            }
        }
        if (url == null) {
            throw new Options.Usage("name the URL to fetch, e.g. https://localhost:4433/");
        }
        try {
            new HttpsUrl(url); // the URL first: what is wrong with it is the first thing to say
        } catch (IllegalArgumentException e) {
            throw new Options.Usage(e.getMessage() + " (e.g. https://localhost:4433/)");
        }
        if (trust.isEmpty() && !insecure) {
            throw new Options.Usage("no --trust CERT: refusing to trust any server (give the server's CA or its "
                    + "certificate as PEM with --trust, or accept a certificate that does not verify with --insecure: "
                    + "never one below the profile's floor)");
        }
        TlsConfig config = TlsConfig.client(profile, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM));
        if (!trust.isEmpty()) {
            config.setTrustStore(trustStore(trust));
        }
        if (insecure) {
            config.setCertificateCallback((host, chain, problem) -> {
                err.println("WARNING: --insecure: accepting a certificate that does not verify ("
                        + problem.getMessage() + "), SHA-256 " + ServerIdentities.fingerprint(chain[0]));
                return true;
            });
        }
        if (profile == Profile.LEGACY) {
            err.println(Profile.LEGACY_WARNING);
        }
        try {
            config.checkRandom();
        } catch (IllegalStateException e) {
            err.println("sizzle: get: " + e.getMessage());
            return 1;
        }
        return get(url, config, headers, out, err, new DesktopSockets(TIMEOUT_MS, pinned));
    }

    /**
     * GETs {@code url} with {@code config} (whose session cache lets a second fetch resume) over
     * {@code sockets} (a timeout, names pinned to addresses): the body to {@code out}, the TLS
     * facts, status line and headers to {@code err}. Returns 0 on 2xx, else 1 after one line
     * saying why.
     */
    static int get(String url, TlsConfig config, List<String> headers, OutputStream out, PrintStream err, kssl.SocketOpener sockets) {
        HttpsClientConnection c;
        try {
            c = Connector.openHttps(url, config, sockets);
            for (String h : headers) {
                int colon = h.indexOf(':');
                if (colon <= 0) {
                    throw new Options.Usage("--header must be 'Name: value', not '" + h + "'");
                }
                c.setRequestProperty(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
            }
        } catch (IllegalArgumentException e) {
            throw new Options.Usage(e.getMessage());
        } catch (IOException e) {
            throw new IllegalStateException(e); // nothing is sent while in Setup
        }
        try {
            int status = c.getResponseCode();
            TlsSecurityInfo info = (TlsSecurityInfo) c.getSecurityInfo();
            TlsConnection tls = info.getConnection();
            X509Certificate leaf = tls.getPeerCertificates()[0];
            err.println("* " + kssl.tls.ProtocolVersion.name(tls.getVersion()) + " " + info.getCipherSuite()
                    + (tls.isResumed() ? " resumed" : " full handshake") + "; server certificate "
                    + leaf.getSubjectDN() + ", SHA-256 " + ServerIdentities.fingerprint(leaf));
            String reason = c.getResponseMessage();
            err.println("< HTTP/1.1 " + status + " " + reason);
            for (int i = 0; c.getHeaderFieldKey(i) != null; i++) {
                err.println("< " + c.getHeaderFieldKey(i) + ": " + c.getHeaderField(i));
            }
            try (InputStream body = c.openInputStream()) {
                body.transferTo(out);
            }
            out.flush();
            c.close();
            if (status / 100 != 2) {
                err.println("sizzle: get: HTTP " + status + " " + reason);
                return 1;
            }
            return 0;
        } catch (IOException e) {
            c.close();
            err.println("sizzle: get: " + e.getMessage());
            return 1;
        }
    }

    private static KeyStore trustStore(List<Path> files) {
        KeyStore ks = new KeyStore();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                throw new Options.Usage("--trust: no such file: " + f);
            }
            byte[] data;
            try {
                data = Files.readAllBytes(f);
            } catch (IOException e) {
                throw new Options.Usage("--trust " + f + ": cannot read it: " + e.getMessage());
            }
            String notCertificate = notACertificate(data);
            if (notCertificate != null) {
                throw new Options.Usage("--trust " + f + ": " + notCertificate
                        + "; give the server's CA certificate or its own, as PEM (-----BEGIN CERTIFICATE-----)");
            }
            try {
                ks.loadCertificates(data);
            } catch (CertificateException e) {
                throw new Options.Usage("--trust " + f + ": not a readable certificate (" + e.getMessage() + ")");
            }
        }
        return ks;
    }

    /** Why {@code data} is not a certificate file at all (PEM or DER), or null if it may be one. */
    static String notACertificate(byte[] data) {
        String text = new String(data, StandardCharsets.ISO_8859_1);
        if (text.contains("-----BEGIN CERTIFICATE-----")) {
            return null;
        }
        int begin = text.indexOf("-----BEGIN ");
        if (begin >= 0) {
            int end = text.indexOf("-----", begin + 11);
            return "a PEM file without a certificate (it holds " + text.substring(begin + 11, end < 0 ? begin + 11 : end) + ")";
        }
        if (data.length > 0 && data[0] == 0x30) {
            return null; // perhaps DER: the parser says if not
        }
        return "not a certificate (neither PEM nor DER)";
    }
}
