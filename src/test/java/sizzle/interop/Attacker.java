package sizzle.interop;

import de.rub.nds.modifiablevariable.util.Modifiable;
import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.connection.OutboundConnection;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.ECPointFormat;
import de.rub.nds.tlsattacker.core.constants.NamedGroup;
import de.rub.nds.tlsattacker.core.constants.ProtocolMessageType;
import de.rub.nds.tlsattacker.core.constants.ProtocolVersion;
import de.rub.nds.tlsattacker.core.constants.SignatureAndHashAlgorithm;
import de.rub.nds.tlsattacker.core.protocol.ProtocolMessage;
import de.rub.nds.tlsattacker.core.protocol.message.AlertMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ApplicationMessage;
import de.rub.nds.tlsattacker.core.protocol.message.CertificateMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ChangeCipherSpecMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ClientHelloMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ECDHClientKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ECDHEServerKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.FinishedMessage;
import de.rub.nds.tlsattacker.core.protocol.message.HandshakeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloDoneMessage;
import de.rub.nds.tlsattacker.core.protocol.message.SSL2ClientHelloMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.ExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.sni.ServerNamePair;
import de.rub.nds.tlsattacker.core.record.Record;
import de.rub.nds.tlsattacker.core.state.Context;
import de.rub.nds.tlsattacker.core.state.State;
import de.rub.nds.tlsattacker.core.workflow.action.GenericReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.ReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.ResetConnectionAction;
import de.rub.nds.tlsattacker.core.workflow.action.SendAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * TLS-Attacker (RUB NDS, tls-core 6.3.4) as a client of the Sizzle server: configurations shaped
 * like an ordinary client of each profile, and the actions the tests put together (what to
 * send, what to expect), with what the server sends as TLS-Attacker names it ("SERVER_HELLO",
 * "Alert(FATAL,DECODE_ERROR)"). AttackerOutcome runs them; ServerChecks checks what
 * TLS-Attacker computes but leaves unchecked.
 */
final class Attacker {
    /**
     * How long a receive waits for bytes that do not come. The server answers at once, so this
     * is only spent where a test expects silence or the connection to stay up.
     */
    static final int TIMEOUT_MS = 1500;

    /** The first flight of a full ECDHE handshake, as TLS-Attacker names its messages. */
    static final List<String> FLIGHT = List.of("SERVER_HELLO", "CERTIFICATE", "ECDHE_SERVER_KEY_EXCHANGE", "SERVER_HELLO_DONE");
    /** The same for static ECDH and RSA suites (no ServerKeyExchange). */
    static final List<String> FLIGHT_NO_SKE = List.of("SERVER_HELLO", "CERTIFICATE", "SERVER_HELLO_DONE");
    static final List<String> FINISH = List.of("CHANGE_CIPHER_SPEC", "FINISHED");
    static final List<String> RESUMED = List.of("SERVER_HELLO", "CHANGE_CIPHER_SPEC", "FINISHED");
    static final List<String> CLOSE_NOTIFY = List.of("Alert(WARNING,CLOSE_NOTIFY)");

    /** One fatal alert, as TLS-Attacker writes it: fatal("DECODE_ERROR"). */
    static List<String> fatal(String description) {
        return List.of("Alert(FATAL," + description + ")");
    }

    private Attacker() {}

    /** A client to 127.0.0.1:port with the server name "localhost"; everything else from TLS-Attacker's defaults. */
    private static Config base(int port) {
        Config c = Config.createConfig();
        OutboundConnection conn = new OutboundConnection("client", port, "127.0.0.1");
        conn.setTimeout(TIMEOUT_MS);
        c.setDefaultClientConnection(conn);
        c.setDefaultSniHostnames(new ArrayList<>(List.of(serverName(InteropPki.HOST))));
        // At the end of a run, wait (up to the timeout) to see whether the server closed.
        c.setReceiveFinalTcpSocketStateWithTimeout(true);
        return c;
    }

    static ServerNamePair serverName(String host) {
        return new ServerNamePair((byte) 0, host.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * A TLS 1.2 client of the modern profile: one suite, P-256, ECDSA with SHA-256, uncompressed
     * points, extended_master_secret, renegotiation_info and server_name, as browsers send them.
     */
    static Config modern(int port, CipherSuite suite) {
        Config c = base(port);
        c.setHighestProtocolVersion(ProtocolVersion.TLS12);
        c.setDefaultSelectedProtocolVersion(ProtocolVersion.TLS12);
        c.setDefaultClientSupportedCipherSuites(suite);
        c.setDefaultSelectedCipherSuite(suite);
        c.setDefaultClientNamedGroups(NamedGroup.SECP256R1);
        c.setDefaultSelectedNamedGroup(NamedGroup.SECP256R1);
        c.setDefaultClientSupportedPointFormats(ECPointFormat.UNCOMPRESSED);
        c.setDefaultClientSupportedSignatureAndHashAlgorithms(SignatureAndHashAlgorithm.ECDSA_SHA256);
        c.setDefaultSelectedSignatureAndHashAlgorithm(SignatureAndHashAlgorithm.ECDSA_SHA256);
        c.setAddEllipticCurveExtension(true);
        c.setAddECPointFormatExtension(true);
        c.setAddSignatureAndHashAlgorithmsExtension(true);
        c.setAddExtendedMasterSecretExtension(true);
        c.setAddRenegotiationInfoExtension(true);
        c.setAddServerNameIndicationExtension(true);
        return c;
    }

    static Config modernGcm(int port) {
        return modern(port, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256);
    }

    /**
     * A client of the legacy profile (INSECURE: SSL 3.0 / TLS 1.0, RC4): one version, one
     * suite; TLS 1.0 hellos carry supported_groups and ec_point_formats for the ECDH suite
     * (naming the server certificate's curve), SSL 3.0 hellos carry no extensions at all.
     */
    static Config legacy(int port, ProtocolVersion version, CipherSuite suite, NamedGroup curve) {
        Config c = base(port);
        c.setHighestProtocolVersion(version);
        c.setDefaultSelectedProtocolVersion(version);
        c.setDefaultClientSupportedCipherSuites(suite);
        c.setDefaultSelectedCipherSuite(suite);
        c.setDefaultClientNamedGroups(curve);
        c.setDefaultSelectedNamedGroup(curve);
        c.setDefaultClientSupportedPointFormats(ECPointFormat.UNCOMPRESSED);
        c.setAddSignatureAndHashAlgorithmsExtension(false);
        c.setAddRenegotiationInfoExtension(false);
        c.setAddServerNameIndicationExtension(false);
        c.setAddExtendedMasterSecretExtension(false);
        boolean ecc = suite.name().contains("_EC");
        c.setAddEllipticCurveExtension(ecc);
        c.setAddECPointFormatExtension(ecc);
        return c;
    }

    // ---------------------------------------------------------------- the usual actions

    static SendAction send(ProtocolMessage... messages) {
        return new SendAction(messages);
    }

    static SendAction hello(Config c) {
        return send(new ClientHelloMessage(c));
    }

    /**
     * TLS-Attacker's SSLv2-compatible ClientHello (its SSL2ClientHelloMessage, prepared and
     * serialized for this config), written as raw bytes on the TLS layer stack so that the
     * server's TLS answer can be read: TLS-Attacker's SSLv2 stack would parse it as SSLv2.
     */
    static SendAction sslv2Hello(Config c) {
        Context ctx = new State(c).getContext();
        SSL2ClientHelloMessage m = new SSL2ClientHelloMessage();
        m.getPreparator(ctx).prepare();
        Record raw = new Record();
        raw.setContentMessageType(ProtocolMessageType.HANDSHAKE);
        raw.setCompleteRecordBytes(Modifiable.explicit(m.getSerializer(ctx).serialize()));
        SendAction send = new SendAction();
        send.setConfiguredRecords(List.of(raw));
        return send;
    }

    /** Expects ServerHello, Certificate, ServerKeyExchange, ServerHelloDone. */
    static ReceiveAction serverFlight() {
        return new ReceiveAction(new ServerHelloMessage(), new CertificateMessage(), new ECDHEServerKeyExchangeMessage(),
                new ServerHelloDoneMessage());
    }

    static SendAction clientFinish() {
        return send(new ECDHClientKeyExchangeMessage(), new ChangeCipherSpecMessage(), new FinishedMessage());
    }

    static ReceiveAction serverFinish() {
        return new ReceiveAction(new ChangeCipherSpecMessage(), new FinishedMessage());
    }

    /** The four actions of a whole full ECDHE handshake. */
    static List<TlsAction> fullHandshake(Config c) {
        return List.of(hello(c), serverFlight(), clientFinish(), serverFinish());
    }

    /** The extension of that type in a hello TLS-Attacker built from its config. */
    static <T extends ExtensionMessage> T extension(ClientHelloMessage ch, Class<T> type) {
        for (ExtensionMessage e : ch.getExtensions()) {
            if (type.isInstance(e)) {
                return type.cast(e);
            }
        }
        throw new IllegalStateException("the ClientHello has no " + type.getSimpleName());
    }

    /**
     * close_notify, and whatever comes back: on an established connection the server's
     * close_notify, then its close (so a test ends without waiting out the timeout).
     */
    static List<TlsAction> closeNotify() {
        return List.of(send(alert(1, 0)), anything());
    }

    /** The extension types of a hello as they came, in order (e.g. "RENEGOTIATION_INFO"). */
    static List<String> extensionTypes(HandshakeMessage hello) {
        List<String> types = new ArrayList<>();
        if (hello.getExtensions() != null) {
            for (ExtensionMessage e : hello.getExtensions()) {
                types.add(e.getExtensionTypeConstant().name());
            }
        }
        return types;
    }

    /** Whatever the server sends until it closes the connection or falls silent. */
    static GenericReceiveAction anything() {
        return new GenericReceiveAction();
    }

    static ResetConnectionAction reconnect() {
        return new ResetConnectionAction();
    }

    static AlertMessage alert(int level, int description) {
        AlertMessage a = new AlertMessage();
        a.setConfig(new byte[] {(byte) level, (byte) description});
        return a;
    }

    /** An HTTP/1.1 GET of path that asks the server to close after answering. */
    static ApplicationMessage get(String path) {
        return new ApplicationMessage(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    }
}
