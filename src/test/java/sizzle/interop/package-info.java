/**
 * Interop tests: the Sizzle server and the KSSL client against TLS implementations nobody
 * here wrote. Every test starts and stops its own peers (ephemeral ports on 127.0.0.1,
 * bounded waits, processes killed through their own handles) and checks both ends: the
 * version and suite the peer reports, the page's exact bytes (the thermostat answering the
 * same request in plaintext is the oracle), and resumption where the peer can resume. The
 * server is sizzle.desktop.DesktopServer, what ./sizzle server runs ({@link sizzle.interop.SizzleFixture});
 * its log gives the server's view of each handshake.
 *
 * <ul>
 * <li>{@link sizzle.interop.OpenSslClientTest} — OpenSSL 3 s_client (GCM, CCM_8, -sess_out/-sess_in
 * and -reconnect resumption, -maxfraglen 512) and curl, modern profile.</li>
 * <li>{@link sizzle.interop.BcTlsClientTest} — bctls' TlsClientProtocol with BcTlsCrypto (GCM, CCM_8,
 * resumption, record_size_limit 256).</li>
 * <li>{@link sizzle.interop.JsseClientTest} — JDK 17 SSLSocket and HttpsURLConnection.</li>
 * <li>{@link sizzle.interop.KsslClientTest} — the KSSL client (kssl.Connector over the desktop
 * sockets ./sizzle get uses, and its MIDP HttpsConnection) against openssl s_server -www
 * (ECDSA GCM and CCM_8, RSA-2048 ECDHE_RSA GCM), a bctls server and a JSSE server.</li>
 * <li>{@link sizzle.interop.NasslLegacyClientTest} — OpenSSL 1.0.2 from the PyPI package nassl
 * (src/test/python/nassl_legacy_client.py), legacy profile: SSL 3.0 ECDH-ECDSA-RC4-SHA on
 * secp160r1, RC4-MD5 and RC4-SHA with RSA-1024, the SSLv2-compatible ClientHello, resumption.</li>
 * <li>{@link sizzle.interop.LegacyJsseTest} — JSSE relaxed as ../shared/DESIGN.md §5 says, in a
 * forked JVM ({@link sizzle.interop.RelaxedJsse}): its client against the legacy server, its
 * server for the legacy KSSL client.</li>
 * <li>TLS-Attacker (tls-core 6.3.4, {@link sizzle.interop.Attacker}), which sends arbitrary,
 * modified and out-of-order messages: {@link sizzle.interop.TlsAttackerHandshakeTest} (full
 * handshakes with both modern suites, a page, resumption, 16-byte records; the server's Finished
 * and ServerKeyExchange signature checked), {@link sizzle.interop.TlsAttackerHelloTest} (the
 * WAIT_CLIENT_HELLO rows of kssl-client/STATES.md and the order a hello is judged in),
 * {@link sizzle.interop.TlsAttackerStateTest} (the rows past the hello, full and abbreviated),
 * {@link sizzle.interop.TlsAttackerLegacyTest} (the INSECURE legacy profile: SSL 3.0 and
 * TLS 1.0, RC4, static ECDH on secp160r1 and RSA-1024). Each refusal is checked at both ends:
 * the one alert received (level and description), the connection closed, the server's log.</li>
 * <li>{@link sizzle.interop.SslyzeScanTest} — the scanner sslyze 6.3.1 ({@link sizzle.interop.Sslyze})
 * against the modern server: the posture it reports (versions, suites, curves, renegotiation,
 * resumption, the chain); {@link sizzle.interop.SslyzeLegacyScanTest} the same for the INSECURE
 * legacy profile, ROBOT included.</li>
 * <li>{@link sizzle.interop.ChromiumGatewayTest} — headless Chromium (Debian's chromium) through
 * the gateway's shared port by name (sizzle.desktop.LocalGateway): the modern thermostat page of
 * the Java mote on the simulated CC2420 radio, the Java server and the C firmware's host build,
 * each device's key pinned; the device list; DOM text, screenshots, the access log.</li>
 * </ul>
 *
 * What the machine needs (./sizzle test installs it; a missing peer fails its test with a
 * message saying so, nothing is skipped): Debian packages openssl, curl, python3-venv, chromium; a
 * virtualenv at .cache/nassl-venv (git-ignored, {@link sizzle.interop.ProjectVenv}) with nassl 5.4.0 and
 * sslyze 6.3.1 from PyPI: {@code python3 -m venv .cache/nassl-venv && .cache/nassl-venv/bin/pip install
 * nassl==5.4.0 sslyze==6.3.1}. Bouncy Castle (bctls-jdk18on 1.84, bcprov-jdk18on 1.86) and TLS-Attacker
 * (tls-core 6.3.4, its own Bouncy Castle 1.64 excluded) come from Maven, test scope.
 */
package sizzle.interop;
