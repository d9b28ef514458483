package sizzle.interop;

import java.io.FileInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.Security;
import java.util.HexFormat;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * JSSE relaxed for the legacy profile (../shared/DESIGN.md §5), run in its OWN JVM by
 * LegacyJsseTest so the weakened security properties never reach other tests: before the
 * first SSLContext, jdk.tls.disabledAlgorithms, jdk.certpath.disabledAlgorithms and
 * jdk.tls.legacyAlgorithms are emptied; Bouncy Castle goes first for secp160r1 (the JDK's
 * SunEC no longer has it), with -Djdk.tls.namedGroups=secp160r1,secp256r1 on the command line.
 *
 * <pre>
 * client PORT PROTOCOL SUITE TRUST.p12 PATH   — two connections (the second resumes), one GET each
 * server PROTOCOL SUITE KEYS.p12 CONNECTIONS  — prints "PORT n", answers each GET with what it negotiated
 * </pre>
 * Every outcome is printed as one line for the parent test to check.
 */
public final class RelaxedJsse {
    private RelaxedJsse() {
    }

    public static void main(String[] args) throws Exception {
        Security.setProperty("jdk.tls.disabledAlgorithms", "");
        Security.setProperty("jdk.certpath.disabledAlgorithms", "");
        Security.setProperty("jdk.tls.legacyAlgorithms", "");
        Security.insertProviderAt(new BouncyCastleProvider(), 1);
        if (args[0].equals("client")) {
            client(Integer.parseInt(args[1]), args[2], args[3], args[4], args[5]);
        } else {
            server(args[1], args[2], args[3], Integer.parseInt(args[4]));
        }
    }

    private static KeyStore load(String file) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (FileInputStream in = new FileInputStream(file)) {
            ks.load(in, InteropPki.PASSWORD);
        }
        return ks;
    }

    private static void client(int port, String protocol, String suite, String trust, String path) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(load(trust));
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        for (int i = 1; i <= 2; i++) {
            try (SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), port)) {
                s.setTcpNoDelay(true);
                s.setSoTimeout(10000);
                s.setEnabledProtocols(new String[] {protocol});
                s.setEnabledCipherSuites(new String[] {suite});
                s.startHandshake();
                String body = Http.get(s.getInputStream(), s.getOutputStream(), path, true);
                System.out.println("CONNECTION " + i + " " + s.getSession().getProtocol() + " " + s.getSession().getCipherSuite()
                        + " id=" + HexFormat.of().formatHex(s.getSession().getId()) + " body=" + HexFormat.of()
                        .formatHex(body.getBytes(StandardCharsets.ISO_8859_1)));
            }
        }
    }

    private static void server(String protocol, String suite, String keys, int connections) throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(load(keys), InteropPki.PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        try (SSLServerSocket listener = (SSLServerSocket) ctx.getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            listener.setEnabledProtocols(new String[] {protocol});
            listener.setEnabledCipherSuites(new String[] {suite});
            System.out.println("PORT " + listener.getLocalPort());
            System.out.flush();
            for (int i = 1; i <= connections; i++) {
                try (SSLSocket s = (SSLSocket) listener.accept()) {
                    s.setTcpNoDelay(true);
                    s.setSoTimeout(10000);
                    s.startHandshake();
                    String answer = s.getSession().getProtocol() + " " + s.getSession().getCipherSuite() + " id="
                            + HexFormat.of().formatHex(s.getSession().getId());
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    KsslClientTest.respond(in, out, answer);
                    System.out.println("SERVED " + i + " " + answer);
                } catch (Exception e) {
                    System.out.println("FAILED " + i + " " + e);
                }
                System.out.flush();
            }
        }
    }
}
