package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import ksecurity.cert.CertificateFactory;
import ksecurity.security.RandomData;
import kssl.Connector;
import kssl.tls.Profile;
import kssl.tls.ProtocolVersion;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import sizzle.desktop.DesktopSockets;
import sizzle.desktop.LocalGateway;

/**
 * Clients setting a thermostat device's setpoint by name through a LocalGateway's shared port,
 * with the device's password, and reading it back: what GatewayFirmwareClientsTest (the raw byte
 * link) and GatewayLinkFirmwareTest (the link protocol) both check.
 */
final class GatewayThermostatClients {
    private GatewayThermostatClients() {
    }

    static String form(String setpoint, LocalGateway.Member m) {
        return "setpoint=" + setpoint + "&mode=heat&password=" + m.password;
    }

    static void assertSetpoint(String setpoint, String status) {
        assertTrue(status.contains("\"setpoint_c\": " + setpoint + ", \"mode\": \"heat\""), "the setpoint read back: " + status);
    }

    /**
     * The KSSL client (modern: TLS 1.2; else legacy: TLS 1.0 with server_name): the setpoint
     * POSTed on a full handshake, then /status.json read on a resumed one. Returns the first
     * connection (its suite, for the device's log).
     */
    static TlsConnection ksslSetThenReadResumed(LocalGateway.Member m, int sharedPort, boolean modern, String setpoint)
            throws Exception {
        ksecurity.cert.KeyStore trust = new ksecurity.cert.KeyStore();
        trust.setCertificateEntry("device-ca", CertificateFactory.generateCertificate(Files.readAllBytes(m.ca)));
        TlsConnection[] first = new TlsConnection[1];
        String status = ksslPostThenGetResumed(m.name, sharedPort, new DesktopSockets(300_000, Map.of(m.name, "127.0.0.1")), trust,
                modern, form(setpoint, m), first);
        assertSetpoint(setpoint, status);
        return first[0];
    }

    /**
     * The KSSL client to {@code host}:{@code port}: {@code form} POSTed to /config on a full
     * handshake (303 expected), then /status.json read on a resumed one; returns the status,
     * and the first connection in {@code first[0]}.
     */
    static String ksslPostThenGetResumed(String host, int port, kssl.SocketOpener sockets, ksecurity.cert.KeyStore trust,
            boolean modern, String form, TlsConnection[] first) throws Exception {
        TlsConfig client = TlsConfig.client(modern ? Profile.MODERN : Profile.LEGACY,
                RandomData.getInstance(RandomData.ALG_SECURE_RANDOM)).setTrustStore(trust);
        TlsConnection c = Connector.openSecure(host, port, client, sockets);
        String posted;
        try {
            c.handshake();
            posted = Http.exchange(c, "POST /config HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: " + form.length() + "\r\n\r\n" + form);
        } finally {
            c.close();
        }
        assertTrue(posted.startsWith("HTTP/1.1 303 "), "the setpoint set with the password: " + posted);
        assertFalse(c.isResumed());
        assertEquals(modern ? ProtocolVersion.TLS12 : ProtocolVersion.TLS10, c.getVersion());
        first[0] = c;

        TlsConnection r = Connector.openSecure(host, port, client, sockets);
        String status;
        try {
            r.handshake();
            status = Http.exchange(r, "GET /status.json HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
        } finally {
            r.close();
        }
        assertTrue(r.isResumed(), "the second connection resumed the session");
        return status;
    }

    /**
     * curl (OpenSSL 3, TLS 1.2): the setpoint POSTed, then /status.json read on the same
     * kept-alive connection (num_connects 0 the second time); context: told on failure.
     */
    static void curlSetThenRead(LocalGateway.Member m, int sharedPort, String setpoint, int maxSeconds,
            Supplier<String> context) throws Exception {
        String url = "https://" + m.name + ":" + sharedPort;
        String resolve = m.name + ":" + sharedPort + ":127.0.0.1";
        String max = Integer.toString(maxSeconds);
        try (PeerProcess p = PeerProcess.start(List.of("curl", "-sS", "--max-time", max, "--tlsv1.2", "--cacert",
                m.ca.toString(), "--resolve", resolve, "-o", "/dev/null", "-w", "posted %{http_code} %{num_connects}\n", "-d",
                form(setpoint, m), url + "/config", "--next", "-sS", "--max-time", max, "--tlsv1.2", "--cacert", m.ca.toString(),
                "--resolve", resolve, "-w", "\ngot %{http_code} %{num_connects}\n", url + "/status.json"))) {
            assertEquals(0, p.waitFor(maxSeconds + 30), "curl: " + p.output() + "\n" + context.get());
            String out = p.output();
            assertTrue(out.contains("posted 303 1\n"), "the setpoint POSTed with the password: " + out);
            assertTrue(out.contains("got 200 0\n"), "the status read on the same connection: " + out);
            assertSetpoint(setpoint, out);
        }
    }
}
