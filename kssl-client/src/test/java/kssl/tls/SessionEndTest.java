package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a server connection's end does to its session: a transport that breaks after the
 * handshake (a TCP reset, as `openssl s_time` and browsers leave connections) keeps the session
 * resumable; a fatal alert ends it (RFC 5246 §7.2.2).
 */
class SessionEndTest {
    static Stream<Arguments> suites() {
        return Stream.of(
                Arguments.of(Profile.MODERN, ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256),
                Arguments.of(Profile.LEGACY, ProtocolVersion.SSL30, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA));
    }

    /** A full handshake, then {@code after} on the server's side; returns the server's failure. */
    private static Throwable handshakeThen(TlsConfig c, TlsConfig s, ServerAction after) throws Exception {
        Pipe c2s = new Pipe();
        Pipe s2c = new Pipe();
        TlsConnection client = TlsConnection.client(s2c.in, c2s.out, c, TestPki.HOST, 443);
        TlsConnection server = TlsConnection.server(c2s.in, s2c.out, s);
        CompletableFuture<Throwable> served = CompletableFuture.supplyAsync(() -> {
            try {
                server.handshake();
                return after.run(server, c2s);
            } catch (Throwable t) {
                return t;
            }
        });
        client.handshake();
        assertFalse(client.isResumed());
        return served.get(30, TimeUnit.SECONDS);
    }

    private interface ServerAction {
        Throwable run(TlsConnection server, Pipe c2s) throws Exception;
    }

    @ParameterizedTest
    @MethodSource("suites")
    void brokenTransportAfterTheHandshakeKeepsTheSession(int profile, int version, int suite) throws Exception {
        TlsConfig s = HandshakeTest.server(profile, version, suite, "reset");
        TlsConfig c = HandshakeTest.client(profile, version, "reset");
        Throwable failure = handshakeThen(c, s, (server, c2s) -> {
            c2s.in.close();   // the server's next read fails as a reset socket's does
            return assertThrows(IOException.class, () -> server.getInputStream().read());
        });
        assertFalse(failure instanceof TlsException, "a transport error, not a protocol one: " + failure);

        Exchange again = new Exchange().run(c, s, 1, 10);
        again.assertOk();
        assertTrue(again.server.isResumed(), "the session survived the broken connection");
    }

    @ParameterizedTest
    @MethodSource("suites")
    void fatalAlertAfterTheHandshakeEndsTheSession(int profile, int version, int suite) throws Exception {
        TlsConfig s = HandshakeTest.server(profile, version, suite, "alert");
        TlsConfig c = HandshakeTest.client(profile, version, "alert");
        Throwable failure = handshakeThen(c, s, (server, c2s) -> {
            // An application data record that cannot authenticate: bad_record_mac.
            byte[] forged = new byte[5 + 40];
            forged[0] = 23;
            forged[1] = 3;
            forged[2] = (byte) (version & 0xFF);
            forged[4] = 40;
            c2s.out.write(forged);
            return assertThrows(IOException.class, () -> server.getInputStream().read());
        });
        assertInstanceOf(TlsException.class, failure);
        assertEquals(Alert.BAD_RECORD_MAC, ((TlsException) failure).getAlert());

        Exchange again = new Exchange().run(c, s, 1, 10);
        again.assertOk();
        assertFalse(again.server.isResumed(), "the session ended with the fatal alert");
    }
}
