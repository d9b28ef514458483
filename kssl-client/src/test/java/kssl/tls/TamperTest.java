package kssl.tls;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Records changed on the wire: wrong MACs and tags, and a changed ClientHello caught by Finished. */
class TamperTest {
    static Stream<Arguments> suites() {
        return Stream.of(
                Arguments.of(Profile.MODERN, ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256),
                Arguments.of(Profile.MODERN, ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8),
                Arguments.of(Profile.LEGACY, ProtocolVersion.TLS10, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA),
                Arguments.of(Profile.LEGACY, ProtocolVersion.SSL30, CipherSuite.TLS_RSA_WITH_RC4_128_MD5));
    }

    static void assertLocal(int alert, Throwable t) {
        assertTrue(t instanceof TlsException, String.valueOf(t));
        assertEquals(Alert.name(alert), Alert.name(((TlsException) t).getAlert()), t.getMessage());
        assertTrue(!((TlsException) t).isRemote(), t.getMessage());
    }

    static void assertRemote(int alert, Throwable t) {
        assertTrue(t instanceof TlsException, String.valueOf(t));
        assertEquals(Alert.name(alert), Alert.name(((TlsException) t).getAlert()), t.getMessage());
        assertTrue(((TlsException) t).isRemote(), t.getMessage());
    }

    @ParameterizedTest
    @MethodSource("suites")
    void wrongMacOrTagOnApplicationData(int profile, int version, int suite) throws Exception {
        Exchange e = new Exchange();
        e.clientOut = o -> new Tamper(o, RecordLayer.APPLICATION_DATA, 0, 1);
        e.run(HandshakeTest.client(profile, version, "t"), HandshakeTest.server(profile, version, suite, "t"), 1, 10);
        assertLocal(Alert.BAD_RECORD_MAC, e.serverError);
        assertRemote(Alert.BAD_RECORD_MAC, e.clientError);
        assertTrue(e.s2c.isWriterClosed(), "server closed");
    }

    @ParameterizedTest
    @MethodSource("suites")
    void wrongMacOrTagOnFinished(int profile, int version, int suite) throws Exception {
        Exchange e = new Exchange();
        // The Finished is the client's first protected handshake record: the second handshake record with RSA/ECDH.
        e.clientOut = o -> new Tamper(o, RecordLayer.HANDSHAKE, 2, 1);
        e.run(HandshakeTest.client(profile, version, "u"), HandshakeTest.server(profile, version, suite, "u"), 1, 10);
        assertLocal(Alert.BAD_RECORD_MAC, e.serverError);
        assertRemote(Alert.BAD_RECORD_MAC, e.clientError);
    }

    @ParameterizedTest
    @MethodSource("suites")
    void explicitNonceOrCiphertextChangedAtTheStart(int profile, int version, int suite) throws Exception {
        Exchange e = new Exchange();
        e.clientOut = o -> new Tamper(o, RecordLayer.APPLICATION_DATA, 0, 30);
        e.run(HandshakeTest.client(profile, version, "v"), HandshakeTest.server(profile, version, suite, "v"), 1, 10);
        assertLocal(Alert.BAD_RECORD_MAC, e.serverError);
    }

    @ParameterizedTest
    @MethodSource("suites")
    void oversizedProtectedRecord(int profile, int version, int suite) throws Exception {
        Exchange e = new Exchange();
        e.clientOut = o -> new java.io.FilterOutputStream(o) {
            private boolean done;

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                if (!done && b[off] == RecordLayer.APPLICATION_DATA) {
                    done = true;
                    int n = RecordLayer.MAX_FRAGMENT + 100; // beyond 2^14 plus any suite's expansion
                    byte[] big = new byte[5 + n];
                    System.arraycopy(b, off, big, 0, 5);
                    Bytes.put16(big, 3, n);
                    out.write(big);
                } else {
                    out.write(b, off, len);
                }
            }
        };
        e.run(HandshakeTest.client(profile, version, "x"), HandshakeTest.server(profile, version, suite, "x"), 1, 10);
        assertLocal(Alert.RECORD_OVERFLOW, e.serverError);
    }

    @Test
    void changedClientHelloIsCaughtByFinished() throws Exception {
        // SSL 3.0 has no EMS, so the keys do not depend on the ClientHello's suite list: only
        // Finished can see that the list was changed (a downgrade attempt).
        Exchange e = new Exchange();
        // The last offered suite before the SCSV is 0x0003; its low byte is 4 bytes before the end
        // of the record minus the compression methods (01 00) -> offset 5 from the end.
        e.clientOut = o -> new Tamper(o, RecordLayer.HANDSHAKE, 0, 5);
        e.run(HandshakeTest.client(Profile.LEGACY, ProtocolVersion.SSL30, "w"),
                HandshakeTest.server(Profile.LEGACY, ProtocolVersion.SSL30, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, "w"),
                1, 10);
        assertLocal(Alert.DECRYPT_ERROR, e.serverError);
        // SSL 3.0 has no decrypt_error: the peer receives handshake_failure.
        assertRemote(Alert.HANDSHAKE_FAILURE, e.clientError);
    }
}
