package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static sizzle.interop.Attacker.CLOSE_NOTIFY;
import static sizzle.interop.Attacker.FINISH;
import static sizzle.interop.Attacker.FLIGHT;
import static sizzle.interop.Attacker.RESUMED;

import de.rub.nds.modifiablevariable.util.Modifiable;
import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.constants.ECPointFormat;
import de.rub.nds.tlsattacker.core.constants.ProtocolMessageType;
import de.rub.nds.tlsattacker.core.protocol.message.AlertMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ApplicationMessage;
import de.rub.nds.tlsattacker.core.protocol.message.CertificateMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ChangeCipherSpecMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ClientHelloMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ECDHClientKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.FinishedMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloMessage;
import de.rub.nds.tlsattacker.core.record.Record;
import de.rub.nds.tlsattacker.core.workflow.action.ReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.SendAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import de.rub.nds.tlsattacker.transport.socket.SocketState;
import java.util.ArrayList;
import java.util.List;
import kssl.tls.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * TLS-Attacker drives the Sizzle server (modern profile, GCM) into each state of
 * kssl-client/STATES.md past the hello and sends the row's event: messages modified, out of
 * order, repeated or in the wrong record. The method names say the state and the event; each
 * checks what TLS-Attacker received (the fatal alert, protected or not), that the server
 * closed, and the server's log.
 */
@Timeout(60)
class TlsAttackerStateTest {
    static ProbedServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new ProbedServer(Profile.MODERN, InteropPki.get().p256);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static Config gcm() {
        return Attacker.modernGcm(server.port());
    }

    /** ClientHello, the server's first flight (now WAIT_CLIENT_KEY_EXCHANGE), then actions, then whatever comes. */
    private static AttackerOutcome afterFlight(Config c, TlsAction... then) throws InterruptedException {
        List<TlsAction> actions = new ArrayList<>(List.of(Attacker.hello(c), Attacker.serverFlight()));
        actions.addAll(List.of(then));
        actions.add(Attacker.anything());
        return server.run(c, actions);
    }

    /** A whole full handshake (now DONE), then actions, then whatever comes. */
    private static AttackerOutcome afterHandshake(Config c, TlsAction... then) throws InterruptedException {
        List<TlsAction> actions = new ArrayList<>(Attacker.fullHandshake(c));
        actions.addAll(List.of(then));
        actions.add(Attacker.anything());
        return server.run(c, actions);
    }

    /** A full handshake, a new connection resuming it, the server's ServerHello/CCS/Finished, then actions. */
    private static AttackerOutcome afterResumedFlight(Config c, TlsAction... then) throws InterruptedException {
        List<TlsAction> actions = new ArrayList<>(Attacker.fullHandshake(c));
        actions.add(Attacker.reconnect());
        actions.add(Attacker.hello(c));
        actions.add(new ReceiveAction(new ServerHelloMessage(), new ChangeCipherSpecMessage(), new FinishedMessage()));
        actions.addAll(List.of(then));
        actions.add(Attacker.anything());
        return server.run(c, actions);
    }

    private static SendAction warnings(int n) {
        AlertMessage[] alerts = new AlertMessage[n];
        for (int i = 0; i < n; i++) {
            alerts[i] = Attacker.alert(1, 90); // user_canceled, as a warning
        }
        return Attacker.send(alerts);
    }

    /**
     * A record made by hand: its content type and plaintext as explicit modifications (plain
     * values of a configured record are cleared when TLS-Attacker resets the trace before running it).
     */
    private static Record record(int contentType, byte[] plaintext) {
        Record r = new Record();
        r.setContentType(Modifiable.explicit((byte) contentType));
        r.setCleanProtocolMessageBytes(Modifiable.explicit(plaintext));
        return r;
    }

    /** n records of that content type carrying nothing. */
    private static SendAction emptyRecords(int n, ProtocolMessageType type) {
        List<Record> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            records.add(record(type.getValue(), new byte[0]));
        }
        SendAction send = new SendAction();
        send.setConfiguredRecords(records);
        return send;
    }

    // ---------------------------------------------------------------- WAIT_CLIENT_KEY_EXCHANGE

    /**
     * Row "ClientKeyExchange with a compressed point": TLS-Attacker's own key, compressed, after
     * only uncompressed was negotiated (RFC 8422 §5.1.2).
     */
    @Test
    void waitClientKeyExchange_compressedPoint() throws Exception {
        Config c = gcm();
        c.setDefaultSelectedPointFormat(ECPointFormat.ANSIX962_COMPRESSED_PRIME);
        server.assertRefused(afterFlight(c, Attacker.clientFinish()), "ILLEGAL_PARAMETER", FLIGHT);
    }

    /** Row "ClientKeyExchange with a point not on the curve": the last byte of y flipped (RFC 8422 §5.6.1: MUST validate). */
    @Test
    void waitClientKeyExchange_pointNotOnCurve() throws Exception {
        ECDHClientKeyExchangeMessage cke = new ECDHClientKeyExchangeMessage();
        cke.setPublicKey(Modifiable.xor(new byte[] {1}, 64));
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(cke, new ChangeCipherSpecMessage(), new FinishedMessage()));
        server.assertRefused(o, "ILLEGAL_PARAMETER", FLIGHT);
    }

    /** Row "ClientKeyExchange of the wrong length": the point's length byte says 64 for 65 bytes. */
    @Test
    void waitClientKeyExchange_wrongLength() throws Exception {
        ECDHClientKeyExchangeMessage cke = new ECDHClientKeyExchangeMessage();
        cke.setPublicKeyLength(Modifiable.sub(1));
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(cke, new ChangeCipherSpecMessage(), new FinishedMessage()));
        server.assertRefused(o, "DECODE_ERROR", FLIGHT);
    }

    /** Row "WAIT_CLIENT_KEY_EXCHANGE | Certificate": the server asked for none (RFC 5246 §7.4.6). */
    @Test
    void waitClientKeyExchange_certificate() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(new CertificateMessage()));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    /** ChangeCipherSpec before ClientKeyExchange: no keys to change to (RFC 5246 §7.1, §7.4 message order). */
    @Test
    void waitClientKeyExchange_changeCipherSpec() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(new ChangeCipherSpecMessage()));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    /** A second ClientHello in the middle of the handshake (RFC 5246 §7.4: out of order). */
    @Test
    void waitClientKeyExchange_secondClientHello() throws Exception {
        Config c = gcm();
        AttackerOutcome o = afterFlight(c, Attacker.send(new ClientHelloMessage(c)));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    /** Row "any handshake state | application_data": a request before the handshake is done. */
    @Test
    void waitClientKeyExchange_applicationData() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(Attacker.get("/status.json")));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    /** Row "any handshake state | a record of unknown content type" (RFC 5246 §6: MUST send unexpected_message). */
    @Test
    void waitClientKeyExchange_unknownContentType() throws Exception {
        SendAction send = new SendAction();
        send.setConfiguredRecords(List.of(record(99, new byte[] {1, 2, 3})));
        server.assertRefused(afterFlight(gcm(), send), "UNEXPECTED_MESSAGE", FLIGHT);
    }

    /** Row "any handshake state | a warning alert": four in a row are ignored, the handshake goes on. */
    @Test
    void waitClientKeyExchange_fourWarningAlertsIgnored() throws Exception {
        Config c = gcm();
        AttackerOutcome o = afterFlight(c, warnings(4), Attacker.clientFinish(), Attacker.serverFinish(),
                Attacker.send(Attacker.alert(1, 0)));
        assertEquals(List.of(FLIGHT, FINISH, CLOSE_NOTIFY), o.received, o + "; the server: " + server.serverSaw());
        assertFalse(server.lastConnection().failed, server.serverSaw().toString());
    }

    /** Row "any handshake state | the fifth warning alert in a row". */
    @Test
    void waitClientKeyExchange_fiveWarningAlerts() throws Exception {
        server.assertRefused(afterFlight(gcm(), warnings(5)), "UNEXPECTED_MESSAGE", FLIGHT);
    }

    /** Row "any handshake state | a fatal alert": the server closes and sends nothing (RFC 5246 §7.2.2). */
    @Test
    void waitClientKeyExchange_fatalAlert() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(Attacker.alert(2, 40)));
        assertEquals(List.of(FLIGHT, List.of()), o.received, o.toString());
        assertEquals(SocketState.CLOSED, o.socket, o.toString());
        assertTrue(server.lastConnection().failed, server.serverSaw().toString());
    }

    /** Row "any handshake state | close_notify". */
    @Test
    void waitClientKeyExchange_closeNotify() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(Attacker.alert(1, 0)));
        server.assertRefused(o, "HANDSHAKE_FAILURE", FLIGHT);
    }

    /**
     * Row "any handshake state | the 33rd empty record in a row": only application data may be
     * empty (RFC 5246 §6.2.1), and such records carry nothing, so they are skipped, even here;
     * 32 in a row are borne and the handshake goes on.
     */
    @Test
    void waitClientKeyExchange_32EmptyRecordsBorne() throws Exception {
        Config c = gcm();
        AttackerOutcome o = afterFlight(c, emptyRecords(32, ProtocolMessageType.APPLICATION_DATA), Attacker.clientFinish(),
                Attacker.serverFinish(), Attacker.send(Attacker.alert(1, 0)));
        assertEquals(List.of(FLIGHT, FINISH, CLOSE_NOTIFY), o.received, o + "; the server: " + server.serverSaw());
        assertFalse(server.lastConnection().failed, server.serverSaw().toString());
    }

    @Test
    void waitClientKeyExchange_33EmptyRecords() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), emptyRecords(33, ProtocolMessageType.APPLICATION_DATA));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    /** An empty handshake record (RFC 5246 §6.2.1: implementations MUST NOT send one): refused at once. */
    @Test
    void waitClientKeyExchange_emptyHandshakeRecord() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), emptyRecords(1, ProtocolMessageType.HANDSHAKE));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    // ---------------------------------------------------------------- WAIT_CHANGE_CIPHER_SPEC

    /** Row "ChangeCipherSpec that is not the single byte 1" (RFC 5246 §7.1: one byte of value 1). */
    @Test
    void waitChangeCipherSpec_twoByteChangeCipherSpec() throws Exception {
        ChangeCipherSpecMessage ccs = new ChangeCipherSpecMessage();
        ccs.setCcsProtocolType(Modifiable.explicit(new byte[] {1, 1}));
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(new ECDHClientKeyExchangeMessage(), ccs, new FinishedMessage()));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    /** Row "WAIT_CHANGE_CIPHER_SPEC | Finished": Finished before ChangeCipherSpec (RFC 5246 §7.4.9). */
    @Test
    void waitChangeCipherSpec_finished() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(new ECDHClientKeyExchangeMessage(), new FinishedMessage()));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    // ---------------------------------------------------------------- WAIT_FINISHED

    /** Row "Finished with wrong verify_data" (RFC 5246 §7.4.9: MUST be checked; decrypt_error, §7.2.2). */
    @Test
    void waitFinished_wrongVerifyData() throws Exception {
        FinishedMessage fin = new FinishedMessage();
        fin.setVerifyData(Modifiable.xor(new byte[] {1}, 0));
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(new ECDHClientKeyExchangeMessage(), new ChangeCipherSpecMessage(), fin));
        server.assertRefused(o, "DECRYPT_ERROR", FLIGHT);
    }

    /** Row "Finished of the wrong length": 11 bytes of verify_data instead of 12. */
    @Test
    void waitFinished_wrongLength() throws Exception {
        FinishedMessage fin = new FinishedMessage();
        fin.setVerifyData(Modifiable.explicit(new byte[11]));
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(new ECDHClientKeyExchangeMessage(), new ChangeCipherSpecMessage(), fin));
        server.assertRefused(o, "DECODE_ERROR", FLIGHT);
    }

    /** Row "a record that fails its MAC or tag": the Finished's record with one bit of its GCM tag flipped. */
    @Test
    void waitFinished_badRecordTag() throws Exception {
        Record r = new Record();
        r.prepareComputations();
        r.getComputations().setAuthenticationTag(Modifiable.xor(new byte[] {1}, 0));
        SendAction fin = Attacker.send(new FinishedMessage());
        fin.setConfiguredRecords(List.of(r));
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(new ECDHClientKeyExchangeMessage(), new ChangeCipherSpecMessage()), fin);
        server.assertRefused(o, "BAD_RECORD_MAC", FLIGHT);
    }

    /** Row "WAIT_FINISHED | ClientKeyExchange": a second one, protected, where Finished must come. */
    @Test
    void waitFinished_clientKeyExchange() throws Exception {
        AttackerOutcome o = afterFlight(gcm(), Attacker.send(new ECDHClientKeyExchangeMessage(), new ChangeCipherSpecMessage(),
                new ECDHClientKeyExchangeMessage()));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT);
    }

    // ---------------------------------------------------------------- the abbreviated handshake

    /** Row "RESUME_WAIT_CHANGE_CIPHER_SPEC | ClientKeyExchange": the alert goes protected, after the server's ChangeCipherSpec. */
    @Test
    void resumeWaitChangeCipherSpec_clientKeyExchange() throws Exception {
        AttackerOutcome o = afterResumedFlight(gcm(), Attacker.send(new ECDHClientKeyExchangeMessage()));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT, FINISH, RESUMED);
    }

    /** Row "RESUME_WAIT_FINISHED | Finished with wrong verify_data". */
    @Test
    void resumeWaitFinished_wrongVerifyData() throws Exception {
        FinishedMessage fin = new FinishedMessage();
        fin.setVerifyData(Modifiable.xor(new byte[] {1}, 0));
        AttackerOutcome o = afterResumedFlight(gcm(), Attacker.send(new ChangeCipherSpecMessage(), fin));
        server.assertRefused(o, "DECRYPT_ERROR", FLIGHT, FINISH, RESUMED);
    }

    // ---------------------------------------------------------------- DONE

    /**
     * Row "DONE | ClientHello": renegotiation refused with a warning no_renegotiation (RFC 5246
     * §7.2.2, RFC 5746 §4.4), the connection stays up: a page is served on it afterwards.
     */
    @Test
    void done_clientHelloGetsNoRenegotiation() throws Exception {
        Config c = gcm();
        AttackerOutcome o = afterHandshake(c, Attacker.send(new ClientHelloMessage(c)), new ReceiveAction(new AlertMessage()),
                Attacker.send(Attacker.get("/status.json")));
        assertEquals(List.of(FLIGHT, FINISH, List.of("Alert(WARNING,NO_RENEGOTIATION)")), o.received.subList(0, 3), o.toString());
        List<String> page = o.last();
        assertEquals(List.of("APPLICATION", "Alert(WARNING,CLOSE_NOTIFY)"), page, o.toString());
        String response = o.applicationData();
        assertTrue(response.startsWith("HTTP/1.1 200 OK\r\n") && response.endsWith(SizzleFixture.expectedBody("/status.json")), response);
        assertEquals(SocketState.CLOSED, o.socket, o.toString());
        assertFalse(server.lastConnection().failed, server.serverSaw().toString());
    }

    /**
     * A protected record whose plaintext is 2^14 + 1 bytes (RFC 5246 §6.2.1: at most 2^14;
     * RFC 8446 §5.1 and RFC 8449 §4 make it record_overflow).
     */
    @Test
    void done_recordOver16KiB() throws Exception {
        Config c = gcm();
        c.setRespectPeerRecordSizeLimitations(false);
        c.setDefaultMaxRecordData(16_385);
        AttackerOutcome o = afterHandshake(c, Attacker.send(new ApplicationMessage(new byte[16_385])));
        server.assertRefused(o, "RECORD_OVERFLOW", FLIGHT, FINISH);
    }

    /** Row "DONE | Finished". */
    @Test
    void done_finished() throws Exception {
        AttackerOutcome o = afterHandshake(gcm(), Attacker.send(new FinishedMessage()));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT, FINISH);
    }

    /** Row "DONE | ChangeCipherSpec". */
    @Test
    void done_changeCipherSpec() throws Exception {
        AttackerOutcome o = afterHandshake(gcm(), Attacker.send(new ChangeCipherSpecMessage()));
        server.assertRefused(o, "UNEXPECTED_MESSAGE", FLIGHT, FINISH);
    }

    /** Row "DONE | close_notify": close_notify back (RFC 5246 §7.2.1), then the server closes. */
    @Test
    void done_closeNotify() throws Exception {
        AttackerOutcome o = afterHandshake(gcm(), Attacker.send(Attacker.alert(1, 0)));
        assertEquals(List.of(FLIGHT, FINISH, CLOSE_NOTIFY), o.received, o.toString());
        assertEquals(SocketState.CLOSED, o.socket, o.toString());
        assertFalse(server.lastConnection().failed, server.serverSaw().toString());
    }
}
