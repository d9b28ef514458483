package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kssl.tls.CipherSuite;
import kssl.tls.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** OpenSSL 3's s_client and curl (libcurl on OpenSSL) against the Sizzle server, modern profile. */
@Timeout(60)
class OpenSslClientTest {
    private static InteropPki pki;
    private static SizzleFixture sizzle;

    @BeforeAll
    static void start() throws Exception {
        pki = InteropPki.get();
        sizzle = new SizzleFixture(Profile.MODERN, pki.p256);
    }

    @AfterAll
    static void stop() throws Exception {
        sizzle.close();
    }

    private static List<String> sClient(String cipher, String... extra) {
        List<String> cmd = new ArrayList<>(List.of("openssl", "s_client", "-connect", "127.0.0.1:" + sizzle.port(),
                "-servername", InteropPki.HOST, "-tls1_2", "-cipher", cipher, "-CAfile", pki.caPem.toString(),
                "-verify_return_error", "-verify_hostname", InteropPki.HOST));
        cmd.addAll(List.of(extra));
        return cmd;
    }

    /** Runs s_client with a GET, returns its output after checking the handshake and the page. */
    private static String fetchWithSClient(String cipher, String path, String... extra) throws Exception {
        int before = sizzle.handshakes().size();
        List<String> cmd = sClient(cipher, "-ign_eof");
        cmd.addAll(List.of(extra));
        try (PeerProcess p = PeerProcess.start(cmd)) {
            p.input("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            int exit = p.waitFor(30);
            String out = p.output();
            assertEquals(0, exit, "s_client exit status; output:\n" + out);
            assertTrue(out.contains("Verify return code: 0 (ok)"), "certificate verified against the test CA:\n" + out);
            assertTrue(out.contains("Protocol  : TLSv1.2"), out);
            assertTrue(out.contains("Cipher    : " + cipher), out);
            assertTrue(out.contains("Extended master secret: yes"), out);
            assertTrue(out.contains("HTTP/1.1 200 OK\r\n"), out);
            // With -msg, s_client prints each application-data record's header where it arrives,
            // which may be inside the page (a response larger than one small record).
            String data = out.replaceAll("<<< TLS 1\\.2, RecordHeader \\[length 0005\\]\n    17 03 03 [0-9a-f]{2} [0-9a-f]{2}\n", "");
            assertTrue(data.contains(SizzleFixture.expectedBody(path)), "the page's exact bytes:\n" + out);
            ServerLog.Handshake h = sizzle.awaitHandshakes(before + 1).get(before);
            assertFalse(h.failed, "server side: " + h);
            assertFalse(h.resumed);
            return out;
        }
    }

    @Test
    void sClientGcm() throws Exception {
        fetchWithSClient("ECDHE-ECDSA-AES128-GCM-SHA256", "/");
        assertEquals(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, last().suite);
    }

    /** CCM_8 is outside OpenSSL's DEFAULT list but needs no lower security level: naming it is enough. */
    @Test
    void sClientCcm8() throws Exception {
        fetchWithSClient("ECDHE-ECDSA-AES128-CCM8", "/status.json");
        assertEquals(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8, last().suite);
    }

    /**
     * max_fragment_length (RFC 6066), what a small device's buffers rely on: s_client asks for
     * 512-byte records, and every record the server sends, the certificate chain's included,
     * carries at most 512 bytes of plaintext (s_client -msg shows each record header).
     */
    @Test
    void sClientMaxFragmentLength() throws Exception {
        String out = fetchWithSClient("ECDHE-ECDSA-AES128-GCM-SHA256", "/", "-maxfraglen", "512", "-msg", "-tlsextdebug");
        assertTrue(out.contains("TLS server extension \"max fragment length\" (id=1), len=1"), "the server agreed:\n" + out);
        // Each record header s_client received: type, version 03 03, then the 16-bit length.
        Matcher m = Pattern.compile("<<< TLS 1.2, RecordHeader \\[length 0005\\]\\s+([0-9a-f]{2}) 03 03 ([0-9a-f]{2}) ([0-9a-f]{2})")
                .matcher(out);
        int handshakeRecords = 0;
        int largest = 0;
        while (m.find()) {
            int length = Integer.parseInt(m.group(2) + m.group(3), 16);
            largest = Math.max(largest, length);
            if (m.group(1).equals("16")) {
                handshakeRecords++;
            }
        }
        // The first flight (ServerHello, the ~750-byte chain, ServerKeyExchange) needs two
        // plaintext records at 512 bytes; protected records add 24 bytes (GCM nonce and tag).
        assertTrue(handshakeRecords >= 3, handshakeRecords + " handshake records:\n" + out);
        assertTrue(largest <= 512 + 24, "largest record " + largest + " bytes:\n" + out);
    }

    /**
     * Resumption across two s_client runs: the first saves its session (-sess_out) after a
     * whole request, the second offers it (-sess_in) and must get an abbreviated handshake.
     */
    @Test
    void sClientResumesSavedSession() throws Exception {
        Path session = pki.dir.resolve("s_client-session.pem");
        String first = fetchWithSClient("ECDHE-ECDSA-AES128-GCM-SHA256", "/", "-no_ticket", "-sess_out", session.toString());
        assertTrue(first.contains("New, TLSv1.2, Cipher is ECDHE-ECDSA-AES128-GCM-SHA256"), first);
        int before = sizzle.handshakes().size();
        try (PeerProcess p = PeerProcess.start(sClient("ECDHE-ECDSA-AES128-GCM-SHA256", "-no_ticket", "-ign_eof",
                "-sess_in", session.toString()))) {
            p.input("GET /status.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            assertEquals(0, p.waitFor(30), p.output());
            String out = p.output();
            assertTrue(out.contains("Reused, TLSv1.2, Cipher is ECDHE-ECDSA-AES128-GCM-SHA256"), out);
            assertEquals(sessionId(first), sessionId(out), "the same 4-byte session id");
            assertEquals(8, sessionId(out).length(), "Sizzle's 4-byte session ids");
            assertTrue(out.contains(SizzleFixture.expectedBody("/status.json")), out);
        }
        assertTrue(sizzle.awaitHandshakes(before + 1).get(before).resumed, "the server resumed");
    }

    /**
     * s_client -reconnect: a full handshake, then five reconnections offering the session.
     * All six must succeed and the reconnections must resume. Known engine race (reported):
     * ServerHandshake caches a new session only after flushing its Finished, and s_client
     * reconnects the moment it reads that Finished, so the first reconnection(s) can find no
     * session yet and get a full handshake. Once one is resumed, every later one must be.
     */
    @Test
    void sClientReconnectResumes() throws Exception {
        int before = sizzle.handshakes().size();
        String out;
        try (PeerProcess p = PeerProcess.start(sClient("ECDHE-ECDSA-AES128-GCM-SHA256", "-reconnect", "-no_ticket"))) {
            p.input("");
            assertEquals(0, p.waitFor(30), p.output());
            out = p.output();
        }
        List<ServerLog.Handshake> hs = sizzle.awaitHandshakes(before + 6).subList(before, before + 6);
        Matcher m = Pattern.compile("(?m)^(New|Reused), TLSv1.2, Cipher is ECDHE-ECDSA-AES128-GCM-SHA256$").matcher(out);
        List<Boolean> reused = new ArrayList<>();
        while (m.find()) {
            reused.add(m.group(1).equals("Reused"));
        }
        assertEquals(6, reused.size(), "six handshakes:\n" + out);
        assertFalse(reused.get(0));
        int firstReuse = reused.indexOf(true);
        assertTrue(firstReuse > 0, "no reconnection resumed; server saw " + hs + "\n" + out);
        for (int i = 0; i < 6; i++) {
            assertEquals(i >= firstReuse, reused.get(i), "reconnection " + i + "; server saw " + hs + "\n" + out);
            assertEquals(reused.get(i), hs.get(i).resumed, "server and s_client agree: " + hs);
            assertFalse(hs.get(i).failed, hs.get(i).toString());
        }
    }

    private static String sessionId(String sClientOutput) {
        Matcher m = Pattern.compile("Session-ID: ([0-9A-F]*)").matcher(sClientOutput);
        assertTrue(m.find(), sClientOutput);
        return m.group(1);
    }

    /** curl with the CA: two pages on one connection (persistent HTTP), then -k by IP address. */
    @Test
    void curlFetchesBothPagesOnOneConnection() throws Exception {
        int before = sizzle.handshakes().size();
        String base = "https://localhost:" + sizzle.port();
        Path home = Files.createTempFile(pki.dir, "curl", ".html");
        Path json = Files.createTempFile(pki.dir, "curl", ".json");
        try (PeerProcess p = PeerProcess.start(List.of("curl", "-sS", "-v", "--max-time", "20", "--http1.1",
                "--tlsv1.2", "--resolve", "localhost:" + sizzle.port() + ":127.0.0.1", "--cacert", pki.caPem.toString(),
                base + "/", "-o", home.toString(), base + "/status.json", "-o", json.toString()))) {
            int exit = p.waitFor(30);
            String out = p.output();
            assertEquals(0, exit, out);
            assertTrue(out.contains("SSL connection using TLSv1.2 / ECDHE-ECDSA-AES128-GCM-SHA256"), out);
            assertTrue(out.contains("SSL certificate verify ok."), out);
            assertTrue(out.contains("Re-using existing connection"), "persistent connection:\n" + out);
        }
        assertEquals(SizzleFixture.expectedBody("/"), Files.readString(home, StandardCharsets.ISO_8859_1));
        assertEquals(SizzleFixture.expectedBody("/status.json"), Files.readString(json, StandardCharsets.ISO_8859_1));
        assertEquals(before + 1, sizzle.awaitHandshakes(before + 1).size(), "one handshake for both pages");
    }

    @Test
    void curlInsecureByAddress() throws Exception {
        try (PeerProcess p = PeerProcess.start(List.of("curl", "-sS", "-k", "--max-time", "20",
                "https://127.0.0.1:" + sizzle.port() + "/status.json"))) {
            int exit = p.waitFor(30);
            assertEquals(0, exit, p.output());
            assertEquals(SizzleFixture.expectedBody("/status.json"), p.output());
        }
    }

    private static ServerLog.Handshake last() {
        List<ServerLog.Handshake> hs = sizzle.handshakes();
        return hs.get(hs.size() - 1);
    }
}
