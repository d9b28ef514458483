package sizzle.interop;

import de.rub.nds.tlsattacker.core.constants.AlgorithmResolver;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.HandshakeByteLength;
import de.rub.nds.tlsattacker.core.constants.ProtocolVersion;
import de.rub.nds.tlsattacker.core.constants.SignatureAndHashAlgorithm;
import de.rub.nds.tlsattacker.core.crypto.MessageDigestCollector;
import de.rub.nds.tlsattacker.core.crypto.PseudoRandomFunction;
import de.rub.nds.tlsattacker.core.crypto.SSLUtils;
import de.rub.nds.tlsattacker.core.layer.context.TlsContext;
import de.rub.nds.tlsattacker.core.protocol.ProtocolMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ECDHEServerKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.FinishedMessage;
import de.rub.nds.tlsattacker.core.protocol.message.HandshakeMessage;
import de.rub.nds.tlsattacker.core.workflow.action.ReceivingAction;
import de.rub.nds.tlsattacker.core.workflow.action.ResetConnectionAction;
import de.rub.nds.tlsattacker.core.workflow.action.SendingAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import de.rub.nds.tlsattacker.transport.ConnectionEndType;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Arrays;
import java.util.List;

/**
 * What TLS-Attacker computes but does not check in what the server sends: the server's
 * Finished (from TLS-Attacker's transcript, master secret and PRF) and the ServerKeyExchange's
 * signature (with the JDK's ECDSA).
 */
final class ServerChecks {
    private ServerChecks() {}

    /**
     * The verify_data the server's last Finished must carry (RFC 5246 §7.4.9; SSL 3.0's for
     * SSL 3.0), from the handshake messages of the last connection that came before it, in the
     * order they went over the wire, and the master secret TLS-Attacker derived.
     */
    static byte[] expectedServerFinished(AttackerOutcome o) {
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
    static byte[] lastServerFinished(AttackerOutcome o) {
        return o.lastOf(FinishedMessage.class).getVerifyData().getValue();
    }

    /**
     * Whether the ServerKeyExchange is signed with {@code scheme} and its signature (RFC 8422
     * §5.4: over client_random, server_random and the ECParameters and point as sent) verifies
     * with key, by the JDK's ECDSA.
     */
    static boolean serverKeyExchangeVerifies(AttackerOutcome o, PublicKey key, SignatureAndHashAlgorithm scheme)
            throws Exception {
        ECDHEServerKeyExchangeMessage ske = o.first(ECDHEServerKeyExchangeMessage.class);
        if (!Arrays.equals(scheme.getByteValue(), ske.getSignatureAndHashAlgorithm().getValue())) {
            throw new AssertionError("ServerKeyExchange signed with 0x" + hex(ske.getSignatureAndHashAlgorithm().getValue())
                    + ", not " + scheme + " (0x" + hex(scheme.getByteValue()) + ")");
        }
        TlsContext ctx = o.state.getTlsContext();
        Signature verifier = Signature.getInstance(scheme.getHashAlgorithm().name() + "withECDSA");
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
