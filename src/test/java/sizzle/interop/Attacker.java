package sizzle.interop;

import de.rub.nds.modifiablevariable.util.Modifiable;
import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.connection.OutboundConnection;
import de.rub.nds.tlsattacker.core.constants.AlgorithmResolver;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.ECPointFormat;
import de.rub.nds.tlsattacker.core.constants.HandshakeByteLength;
import de.rub.nds.tlsattacker.core.constants.NamedGroup;
import de.rub.nds.tlsattacker.core.constants.ProtocolMessageType;
import de.rub.nds.tlsattacker.core.constants.ProtocolVersion;
import de.rub.nds.tlsattacker.core.constants.SignatureAndHashAlgorithm;
import de.rub.nds.tlsattacker.core.crypto.MessageDigestCollector;
import de.rub.nds.tlsattacker.core.crypto.PseudoRandomFunction;
import de.rub.nds.tlsattacker.core.crypto.SSLUtils;
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
import de.rub.nds.tlsattacker.core.layer.context.TlsContext;
import de.rub.nds.tlsattacker.core.workflow.DefaultWorkflowExecutor;
import de.rub.nds.tlsattacker.core.workflow.WorkflowTrace;
import de.rub.nds.tlsattacker.core.workflow.action.GenericReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.ReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.ReceivingAction;
import de.rub.nds.tlsattacker.core.workflow.action.ResetConnectionAction;
import de.rub.nds.tlsattacker.core.workflow.action.SendAction;
import de.rub.nds.tlsattacker.core.workflow.action.SendingAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import de.rub.nds.tlsattacker.transport.ConnectionEndType;
import de.rub.nds.tlsattacker.transport.socket.SocketState;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * TLS-Attacker (RUB NDS, tls-core) as a client of the Sizzle server: configurations shaped like
 * an ordinary client of each profile, the usual actions of a handshake, a run of one trace on
 * loopback, and what came back written compactly ("SERVER_HELLO", "Alert(FATAL,DECODE_ERROR)"
 * as TLS-Attacker names them), so that a test asserts the exact sequence the server sent.
 * TLS-Attacker computes keys and Finished messages but checks nothing the server sends: the
 * checks it leaves out (the server's Finished, the ServerKeyExchange signature) are here.
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

    static {
        // TLS-Attacker refuses to run without Bouncy Castle's provider registered. Appended last,
        // so that the JDK's providers still answer every lookup that names none (the JSSE
        // tests in this JVM see the JDK they expect).
        if (Security.getProvider(BouncyCastleProvider.PROVIDER_NAME) == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
    }

    private Attacker() {}

    /** What one run of a trace gave: the messages of each receiving action, the socket at the end. */
    static final class Outcome {
        final State state;
        final List<List<String>> received;
        final SocketState socket;

        Outcome(State state, List<List<String>> received, SocketState socket) {
            this.state = state;
            this.received = received;
            this.socket = socket;
        }

        /** The last receiving action's messages. */
        List<String> last() {
            return received.get(received.size() - 1);
        }

        @Override
        public String toString() {
            return received + ", socket " + socket;
        }
    }

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

    // ---------------------------------------------------------------- running and reading

    /** Runs the actions over one new connection (more after a reconnect()); returns what came back. */
    static Outcome run(Config c, List<? extends TlsAction> actions) {
        WorkflowTrace trace = new WorkflowTrace();
        for (TlsAction a : actions) {
            trace.addTlsAction(a);
        }
        State state = new State(c, trace);
        new DefaultWorkflowExecutor(state).executeWorkflow();
        List<List<String>> received = new ArrayList<>();
        for (TlsAction a : trace.getTlsActions()) {
            if (a instanceof ReceivingAction) {
                List<String> one = new ArrayList<>();
                List<ProtocolMessage> got = ((ReceivingAction) a).getReceivedMessages();
                if (got != null) {
                    for (ProtocolMessage m : got) {
                        one.add(m.toCompactString());
                    }
                }
                received.add(one);
            }
        }
        return new Outcome(state, received, state.getTcpContext().getFinalSocketState());
    }

    static Outcome run(Config c, TlsAction... actions) {
        return run(c, Arrays.asList(actions));
    }

    /** The bytes of every application_data record received, in order (what the HTTP layer sent). */
    static String applicationData(Outcome o) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (TlsAction a : o.state.getWorkflowTrace().getTlsActions()) {
            if (a instanceof ReceivingAction && ((ReceivingAction) a).getReceivedMessages() != null) {
                for (ProtocolMessage m : ((ReceivingAction) a).getReceivedMessages()) {
                    if (m instanceof ApplicationMessage) {
                        out.writeBytes(((ApplicationMessage) m).getData().getValue());
                    }
                }
            }
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /** The session ids of the ServerHellos received, in order. */
    static List<byte[]> serverSessionIds(Outcome o) {
        List<byte[]> ids = new ArrayList<>();
        for (TlsAction a : o.state.getWorkflowTrace().getTlsActions()) {
            if (a instanceof ReceivingAction && ((ReceivingAction) a).getReceivedMessages() != null) {
                for (ProtocolMessage m : ((ReceivingAction) a).getReceivedMessages()) {
                    if (m instanceof ServerHelloMessage) {
                        ids.add(((ServerHelloMessage) m).getSessionId().getValue());
                    }
                }
            }
        }
        return ids;
    }

    static <T extends ProtocolMessage> T firstReceived(Outcome o, Class<T> type) {
        for (TlsAction a : o.state.getWorkflowTrace().getTlsActions()) {
            if (a instanceof ReceivingAction && ((ReceivingAction) a).getReceivedMessages() != null) {
                for (ProtocolMessage m : ((ReceivingAction) a).getReceivedMessages()) {
                    if (type.isInstance(m)) {
                        return type.cast(m);
                    }
                }
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " received: " + o);
    }

    /**
     * The verify_data the server's last Finished must carry (RFC 5246 §7.4.9; SSL 3.0's for
     * SSL 3.0), from the handshake messages of the last connection that came before it, in the
     * order they went over the wire, and the master secret TLS-Attacker derived.
     */
    static byte[] expectedServerFinished(Outcome o) {
        MessageDigestCollector transcript = new MessageDigestCollector();
        byte[] expected = null;
        TlsContext ctx = o.state.getTlsContext();
        for (TlsAction a : o.state.getWorkflowTrace().getTlsActions()) {
            if (a instanceof ResetConnectionAction) {
                transcript.reset();
                expected = null;
            }
            List<ProtocolMessage> messages = a instanceof SendingAction ? ((SendingAction) a).getSentMessages()
                    : a instanceof ReceivingAction ? ((ReceivingAction) a).getReceivedMessages() : null;
            if (messages == null) {
                continue;
            }
            for (ProtocolMessage m : messages) {
                if (!(m instanceof HandshakeMessage)) {
                    continue;
                }
                if (m instanceof FinishedMessage && a instanceof ReceivingAction) {
                    expected = serverVerifyData(transcript, ctx);
                }
                transcript.append(m.getCompleteResultingMessage().getValue());
            }
        }
        if (expected == null) {
            throw new AssertionError("the last connection received no Finished: " + o);
        }
        return expected;
    }

    private static byte[] serverVerifyData(MessageDigestCollector transcript, TlsContext ctx) {
        ProtocolVersion version = ctx.getChooser().getSelectedProtocolVersion();
        CipherSuite suite = ctx.getChooser().getSelectedCipherSuite();
        byte[] master = ctx.getChooser().getMasterSecret();
        try {
            if (version.isSSL()) {
                return SSLUtils.calculateFinishedData(transcript.getRawBytes(), master, ConnectionEndType.SERVER);
            }
            return PseudoRandomFunction.compute(AlgorithmResolver.getPRFAlgorithm(version, suite), master,
                    PseudoRandomFunction.SERVER_FINISHED_LABEL, transcript.digest(version, suite), HandshakeByteLength.VERIFY_DATA);
        } catch (Exception e) {
            throw new IllegalStateException("cannot compute the server's Finished", e);
        }
    }

    /** The verify_data of the last Finished the server sent. */
    static byte[] lastServerFinished(Outcome o) {
        byte[] last = null;
        for (TlsAction a : o.state.getWorkflowTrace().getTlsActions()) {
            if (a instanceof ReceivingAction && ((ReceivingAction) a).getReceivedMessages() != null) {
                for (ProtocolMessage m : ((ReceivingAction) a).getReceivedMessages()) {
                    if (m instanceof FinishedMessage) {
                        last = ((FinishedMessage) m).getVerifyData().getValue();
                    }
                }
            }
        }
        if (last == null) {
            throw new AssertionError("no Finished received: " + o);
        }
        return last;
    }

    /**
     * Whether the ServerKeyExchange's signature (RFC 8422 §5.4: over client_random,
     * server_random and the ECParameters and point as sent) verifies with key, by the JDK's
     * ECDSA with the hash the message names. Its signature_algorithm must be ECDSA with SHA-256.
     */
    static boolean serverKeyExchangeVerifies(Outcome o, java.security.PublicKey key) throws Exception {
        ECDHEServerKeyExchangeMessage ske = firstReceived(o, ECDHEServerKeyExchangeMessage.class);
        if (!Arrays.equals(new byte[] {4, 3}, ske.getSignatureAndHashAlgorithm().getValue())) {
            throw new AssertionError("ServerKeyExchange signed with 0x" + hex(ske.getSignatureAndHashAlgorithm().getValue())
                    + ", not ecdsa_secp256r1_sha256 (0x0403), the only scheme offered");
        }
        TlsContext ctx = o.state.getTlsContext();
        java.security.Signature verifier = java.security.Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(key);
        verifier.update(ctx.getClientRandom());
        verifier.update(ctx.getServerRandom());
        verifier.update(ske.getGroupType().getValue());
        verifier.update(ske.getNamedGroup().getValue());
        verifier.update((byte) (int) ske.getPublicKeyLength().getValue());
        verifier.update(ske.getPublicKey().getValue());
        return verifier.verify(ske.getSignature().getValue());
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(String.format("%02x", x & 0xff));
        }
        return sb.toString();
    }
}
