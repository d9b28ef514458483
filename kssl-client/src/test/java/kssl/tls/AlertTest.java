package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The names and the SSL 3.0 mapping, as native/sizzle/sz_alert.c mirrors them (test_hello_shapes.c checks the C). */
class AlertTest {
    @Test
    void tlsOnlyDescriptionsBecomeTheNearestSsl3One() {
        assertEquals(Alert.ILLEGAL_PARAMETER, Alert.forVersion(Alert.DECODE_ERROR, ProtocolVersion.SSL30));
        assertEquals(Alert.HANDSHAKE_FAILURE, Alert.forVersion(Alert.PROTOCOL_VERSION, ProtocolVersion.SSL30));
        // RFC 6066's unrecognized_name has no SSL 3.0 counterpart (RFC 6101 5.4.2)
        assertEquals(Alert.HANDSHAKE_FAILURE, Alert.forVersion(Alert.UNRECOGNIZED_NAME, ProtocolVersion.SSL30));
        assertEquals(Alert.UNRECOGNIZED_NAME, Alert.forVersion(Alert.UNRECOGNIZED_NAME, ProtocolVersion.TLS10));
        assertEquals(Alert.UNEXPECTED_MESSAGE, Alert.forVersion(Alert.UNEXPECTED_MESSAGE, ProtocolVersion.SSL30));
    }

    @Test
    void namesAsTheRfcsGiveThem() {
        assertEquals("unrecognized_name", Alert.name(Alert.UNRECOGNIZED_NAME));
        assertEquals("decode_error", Alert.name(Alert.DECODE_ERROR));
        assertEquals("alert_1", Alert.name(1));
    }
}
