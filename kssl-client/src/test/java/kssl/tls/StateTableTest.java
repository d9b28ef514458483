package kssl.tls;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The server against its written state machine (kssl-client/STATES.md): every row is read
 * from the file, the server is driven into the row's state by a scripted client, the row's
 * event is sent, and the outcome checked: the alert on the wire (or none), or the state it
 * went to. A row the test cannot drive fails, so the table and the engine cannot drift apart.
 */
class StateTableTest {
    static final Path TABLE = Path.of("STATES.md");
    static final String[] HANDSHAKE_STATES = {"WAIT_CLIENT_HELLO", "WAIT_CLIENT_KEY_EXCHANGE", "WAIT_CHANGE_CIPHER_SPEC",
        "WAIT_FINISHED", "RESUME_WAIT_CHANGE_CIPHER_SPEC", "RESUME_WAIT_FINISHED"};

    record Row(String state, String event, String next, String alert) {
        @Override
        public String toString() {
            return state + " + " + event;
        }
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(TABLE, StandardCharsets.UTF_8)) {
            if (!line.startsWith("| ") || line.startsWith("| state ")) {
                continue;
            }
            String[] c = line.split("\\|");
            String state = c[1].trim();
            String event = c[2].trim();
            String next = c[4].trim();
            String alert = c[5].trim();
            if (state.equals("any handshake state")) {
                for (String s : HANDSHAKE_STATES) {
                    rows.add(new Row(s, event, next.equals("(same)") ? s : next, alert));
                }
            } else {
                rows.add(new Row(state, event, next, alert));
            }
        }
        return rows;
    }

    static Stream<Row> table() throws IOException {
        return rows().stream();
    }

    @Test
    void theTableIsThere() throws IOException {
        assertTrue(rows().size() > 60, "rows: " + rows().size());
    }

    /** The echo server of the rows: the handshake, then every byte read is written back. */
    static void echo(TlsConnection s) throws IOException {
        InputStream in = s.getInputStream();
        byte[] b = new byte[1024];
        int n;
        while ((n = in.read(b)) >= 0) {
            s.getOutputStream().write(b, 0, n);
            s.getOutputStream().flush();
        }
    }

    /** A session to resume: a full handshake on {@code config}, for thermostat.test. */
    static final class Resumable {
        byte[] id;
        byte[] master;
    }

    static Resumable fullHandshake(TlsConfig config) throws Exception {
        Resumable r = new Resumable();
        try (ScriptedClient c = new ScriptedClient(config, "first", 1, 10)) {
            c.hello(new TestHello().serverName(TestPki.HOST)).readFlight().keyExchange().finish().requests(1, 10);
            r.id = c.serverHello.sessionId;
            r.master = c.keys.master.clone();
        }
        return r;
    }

    static TestHello resuming(Resumable r) {
        TestHello h = new TestHello().serverName(TestPki.HOST);
        h.sessionId = r.id;
        return h;
    }

    static TlsConfig modern() {
        return TlsConfig.server(Profile.MODERN, new SeededRandom("state table")).allowWeakRandom(SeededRandom.WHY).addIdentity(TestPki.P256);
    }

    static TlsConfig legacy() {
        return TlsConfig.server(Profile.LEGACY, new SeededRandom("state table legacy")).allowWeakRandom(SeededRandom.WHY).addIdentity(TestPki.P160)
                .addIdentity(TestPki.rsa1024());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void row(Row row) throws Exception {
        TlsConfig config = row.event().contains("legacy profile") || row.event().contains("TLS_FALLBACK_SCSV")
                ? legacy() : modern();
        Resumable session = row.state().startsWith("RESUME") || row.event().contains("resuming") ? fullHandshake(config)
                : null;
        try (ScriptedClient c = new ScriptedClient(config, "row", StateTableTest::echo)) {
            reach(c, row.state(), session);
            int sentBefore = c.s2c.written().length;
            inject(c, row, session);
            check(c, row, sentBefore);
        }
    }

    /** Drives the server into {@code state}. */
    static void reach(ScriptedClient c, String state, Resumable session) throws IOException {
        switch (state) {
            case "WAIT_CLIENT_HELLO":
                return;
            case "WAIT_CLIENT_KEY_EXCHANGE":
                c.hello(new TestHello().serverName(TestPki.HOST)).readFlight();
                return;
            case "WAIT_CHANGE_CIPHER_SPEC":
                c.hello(new TestHello().serverName(TestPki.HOST)).readFlight().keyExchange();
                c.records.flush();
                return;
            case "WAIT_FINISHED":
                c.hello(new TestHello().serverName(TestPki.HOST)).readFlight().keyExchange();
                c.changeCipherSpec();
                c.records.flush();
                return;
            case "RESUME_WAIT_CHANGE_CIPHER_SPEC":
                c.hello(resuming(session)).readFlight().readServerFinish(session.master);
                return;
            case "RESUME_WAIT_FINISHED":
                c.hello(resuming(session)).readFlight().readServerFinish(session.master);
                c.changeCipherSpec();
                c.records.flush();
                return;
            case "DONE":
                c.hello(new TestHello().serverName(TestPki.HOST)).readFlight().keyExchange().finish();
                return;
            default:
                fail("no way to reach state " + state);
        }
    }

    static byte[] handshakeMessage(int type, byte[] body) {
        byte[] m = new byte[4 + body.length];
        m[0] = (byte) type;
        Bytes.put24(m, 1, body.length);
        System.arraycopy(body, 0, m, 4, body.length);
        return m;
    }

    static void send(ScriptedClient c, int type, byte[] body) throws IOException {
        c.records.write(type, body, 0, body.length);
        c.records.flush();
    }

    static byte[] point() {
        return EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("state point")).getPoint();
    }

    static void clientKeyExchange(ScriptedClient c, byte[] point) throws IOException {
        byte[] body = new byte[1 + point.length];
        body[0] = (byte) point.length;
        System.arraycopy(point, 0, body, 1, point.length);
        send(c, RecordLayer.HANDSHAKE, handshakeMessage(HandshakeType.CLIENT_KEY_EXCHANGE, body));
    }

    /** Sends the row's event. */
    static void inject(ScriptedClient c, Row row, Resumable session) throws IOException {
        String e = row.event();
        switch (e) {
            case "ClientHello":
                if (row.state().equals("DONE")) {
                    send(c, RecordLayer.HANDSHAKE, new TestHello().message());
                } else {
                    c.hello(new TestHello().serverName(TestPki.HOST));
                }
                return;
            case "ClientHello resuming":
                c.hello(resuming(session));
                return;
            case "ClientHello resuming under another server_name":
                c.hello(resuming(session).serverName("other.test"));
                return;
            case "ClientHello resuming an EMS session without EMS":
                c.hello(resuming(session).without(Extensions.EXTENDED_MASTER_SECRET));
                return;
            case "ClientHello resuming without the session's suite": {
                TestHello h = resuming(session);
                h.suites = new int[] {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8};
                c.hello(h);
                return;
            }
            case "ClientHello that does not decode": {
                TestHello h = new TestHello();
                h.message();
                send(c, RecordLayer.HANDSHAKE, h.messageWithLength(h.lengthFields().get(4), 2));
                return;
            }
            case "ClientHello without null compression": {
                TestHello h = new TestHello();
                h.compression = new byte[] {1};
                c.hello(h);
                return;
            }
            case "ClientHello below the server's versions": {
                TestHello h = new TestHello();
                h.version = ProtocolVersion.TLS10;
                c.hello(h);
                return;
            }
            case "ClientHello with client_version 4.0": {
                TestHello h = new TestHello();
                h.version = 0x0400;
                c.hello(h);
                return;
            }
            case "ClientHello with no suite in common": {
                TestHello h = new TestHello();
                h.suites = new int[] {0x0001};
                c.hello(h);
                return;
            }
            case "ClientHello listing no signature pair of the server's chain":
                c.hello(new TestHello().without(Extensions.SIGNATURE_ALGORITHMS).ext(Extensions.SIGNATURE_ALGORITHMS, 0, 2,
                        3, 3));
                return;
            case "ClientHello with TLS_FALLBACK_SCSV below the best version": {
                TestHello h = new TestHello();
                h.version = ProtocolVersion.SSL30;
                h.extensions = null;
                h.suites = new int[] {CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, CipherSuite.TLS_FALLBACK_SCSV};
                c.hello(h);
                return;
            }
            case "ClientHello with a non-empty renegotiation_info":
                c.hello(new TestHello().without(Extensions.RENEGOTIATION_INFO).ext(Extensions.RENEGOTIATION_INFO, 2, 7, 7));
                return;
            case "ClientHello with point formats lacking uncompressed":
                c.hello(new TestHello().without(Extensions.EC_POINT_FORMATS).ext(Extensions.EC_POINT_FORMATS, 1, 1));
                return;
            case "SSLv2-compatible ClientHello in the legacy profile":
            case "SSLv2-compatible ClientHello in the modern profile":
                c.ssl2Hello(ProtocolVersion.TLS10, new int[] {CipherSuite.TLS_RSA_WITH_RC4_128_SHA}, new byte[16]);
                return;
            case "a handshake message longer than 64 KiB": {
                byte[] body = new byte[1000];
                body[0] = HandshakeType.CLIENT_HELLO;
                Bytes.put24(body, 1, 100_000);
                send(c, RecordLayer.HANDSHAKE, body);
                return;
            }
            case "ClientKeyExchange":
                if (row.state().equals("WAIT_CLIENT_KEY_EXCHANGE")) {
                    c.keyExchange();
                    c.records.flush();
                } else {
                    clientKeyExchange(c, point());
                }
                return;
            case "ClientKeyExchange with a point not on the curve": {
                byte[] p = point();
                p[64] ^= 1;
                clientKeyExchange(c, p);
                return;
            }
            case "ClientKeyExchange with a compressed point": {
                byte[] p = point();
                byte[] compressed = java.util.Arrays.copyOf(p, 33);
                compressed[0] = (byte) (2 + (p[64] & 1));
                clientKeyExchange(c, compressed);
                return;
            }
            case "ClientKeyExchange of the wrong length":
                send(c, RecordLayer.HANDSHAKE, handshakeMessage(HandshakeType.CLIENT_KEY_EXCHANGE, new byte[] {65, 4, 1}));
                return;
            case "Certificate":
                send(c, RecordLayer.HANDSHAKE, handshakeMessage(HandshakeType.CERTIFICATE, new byte[3]));
                return;
            case "ChangeCipherSpec":
                c.changeCipherSpec();
                c.records.flush();
                return;
            case "ChangeCipherSpec that is not the single byte 1":
                send(c, RecordLayer.CHANGE_CIPHER_SPEC, new byte[] {1, 1});
                return;
            case "Finished":
                if (row.state().endsWith("WAIT_FINISHED")) {
                    c.finished();
                    c.records.flush();
                } else {
                    send(c, RecordLayer.HANDSHAKE, handshakeMessage(HandshakeType.FINISHED, new byte[12]));
                }
                return;
            case "Finished with wrong verify_data": {
                byte[] v = new byte[36];
                int n = c.keys.finished(true, c.hash, v);
                v[0] ^= 1;
                send(c, RecordLayer.HANDSHAKE, handshakeMessage(HandshakeType.FINISHED, java.util.Arrays.copyOf(v, n)));
                return;
            }
            case "Finished of the wrong length":
                send(c, RecordLayer.HANDSHAKE, handshakeMessage(HandshakeType.FINISHED, new byte[11]));
                return;
            case "a record that fails its MAC or tag": {
                byte[] r = BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS12, new byte[40]);
                c.c2s.out.write(r);
                return;
            }
            case "application_data":
                send(c, RecordLayer.APPLICATION_DATA, "ping".getBytes(StandardCharsets.US_ASCII));
                return;
            case "a record of unknown content type":
                send(c, 0x63, new byte[] {1, 2});
                return;
            case "a warning alert":
                c.records.sendAlert(Alert.WARNING, Alert.USER_CANCELED);
                return;
            case "the fifth warning alert in a row":
                for (int i = 0; i < 5; i++) {
                    c.records.sendAlert(Alert.WARNING, Alert.USER_CANCELED);
                }
                return;
            case "a fatal alert":
                c.records.sendAlert(Alert.FATAL, Alert.HANDSHAKE_FAILURE);
                return;
            case "close_notify":
                c.records.sendAlert(Alert.WARNING, Alert.CLOSE_NOTIFY);
                return;
            case "end of stream":
                c.c2s.out.close();
                return;
            case "the 33rd empty record in a row":
                for (int i = 0; i <= RecordLayer.MAX_EMPTY_RECORDS; i++) {
                    c.records.write(RecordLayer.APPLICATION_DATA, new byte[0], 0, 0);
                }
                c.records.flush();
                return;
            default:
                fail("no way to send the event '" + e + "'");
        }
    }

    /** The description of the last alert the server sent in the clear after {@code from}, or -1. */
    static int plainAlertAfter(byte[] wire, int from) {
        int alert = -1;
        for (int p = from; p + 5 <= wire.length; p += 5 + Bytes.u16(wire, p + 3)) {
            alert = wire[p] == RecordLayer.ALERT && Bytes.u16(wire, p + 3) == 2 ? wire[p + 6] : -1;
        }
        return alert;
    }

    static int lastRecordType(byte[] wire, int from) {
        int type = -1;
        for (int p = from; p + 5 <= wire.length; p += 5 + Bytes.u16(wire, p + 3)) {
            type = wire[p];
        }
        return type;
    }

    static void check(ScriptedClient c, Row row, int sentBefore) throws Exception {
        String alert = row.alert();
        if (row.next().equals("CLOSED")) {
            if (alert.equals("close_notify (warning)")) {
                assertEquals(RecordLayer.CLOSE_NOTIFY, c.records.next(), "close_notify back");
                assertTrue(c.serverEnds(10_000));
                assertNull(c.serverError, "a clean close");
                return;
            }
            if (!row.event().equals("end of stream") && !row.event().equals("close_notify")) {
                assertTrue(c.serverEnds(10_000), "the server closed by itself");
            }
            c.close();
            Throwable err = c.serverError;
            assertTrue(err instanceof TlsException, "server ended with " + err);
            TlsException t = (TlsException) err;
            byte[] wire = c.s2c.written();
            if (alert.equals("–")) {
                assertTrue(t.isRemote(), t.getMessage());
                assertEquals(sentBefore, wire.length, "nothing sent back for a fatal alert");
                return;
            }
            assertFalse(t.isRemote(), t.getMessage());
            assertEquals(alert, Alert.name(t.getAlert()), t.getMessage());
            if (row.state().equals("DONE") || row.state().startsWith("RESUME")) {
                // after the server's ChangeCipherSpec its alerts are protected: an alert record last
                assertEquals(RecordLayer.ALERT, lastRecordType(wire, sentBefore), "an alert record last");
            } else {
                assertEquals(alert, Alert.name(plainAlertAfter(wire, sentBefore)), "the alert on the wire");
            }
            return;
        }
        if (row.state().equals("DONE") && row.next().equals("DONE")) {
            // the connection stays up: what is sent next comes back
            send(c, RecordLayer.APPLICATION_DATA, "echo".getBytes(StandardCharsets.US_ASCII));
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            while (got.size() < (row.event().equals("application_data") ? 8 : 4)) {
                assertEquals(RecordLayer.APPLICATION_DATA, c.records.next());
                got.write(c.records.buffer(), c.records.position(), c.records.available());
                c.records.consume(c.records.available());
            }
            assertArrayEquals((row.event().equals("application_data") ? "pingecho" : "echo")
                    .getBytes(StandardCharsets.US_ASCII), got.toByteArray());
            if (alert.equals("no_renegotiation (warning)")) {
                assertEquals(Alert.NO_RENEGOTIATION, c.records.lastWarning());
            }
            assertNull(c.serverError);
            return;
        }
        if (row.next().equals("DONE")) {
            // the handshake is over: the server's Finished checks out (a full handshake's comes now)
            if (row.state().equals("WAIT_FINISHED")) {
                c.readServerFinish(c.keys.master.clone());
            }
            c.close();
            assertNull(c.serverError, "a clean end after the handshake");
            assertEquals("DONE", c.server.getHandshakeState());
            return;
        }
        // Still in the handshake: the end of the stream shows where the server waits.
        c.close();
        assertTrue(c.serverError instanceof TlsException, "server ended with " + c.serverError);
        assertEquals(Alert.HANDSHAKE_FAILURE, ((TlsException) c.serverError).getAlert(), c.serverError.getMessage());
        assertEquals(row.next(), c.server.getHandshakeState(), c.serverError.getMessage());
    }
}
