package sizzle.interop;

import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.protocol.ProtocolMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ApplicationMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloMessage;
import de.rub.nds.tlsattacker.core.state.State;
import de.rub.nds.tlsattacker.core.workflow.DefaultWorkflowExecutor;
import de.rub.nds.tlsattacker.core.workflow.WorkflowTrace;
import de.rub.nds.tlsattacker.core.workflow.action.ReceivingAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import de.rub.nds.tlsattacker.transport.socket.SocketState;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * One run of TLS-Attacker actions against a server, and what came back: the messages of each
 * receiving action written compactly as TLS-Attacker names them ("SERVER_HELLO",
 * "Alert(FATAL,DECODE_ERROR)"), so that a test asserts the exact sequence, the TCP connection's
 * state at the end (CLOSED: the server closed it), and the messages themselves.
 */
final class AttackerOutcome {
    final State state;
    /** One list per receiving action, in order; empty where nothing came. */
    final List<List<String>> received;
    final SocketState socket;

    static {
        // TLS-Attacker refuses to run without Bouncy Castle's provider registered. Appended last,
        // so that the JDK's providers still answer every lookup that names none (the JSSE
        // tests in this JVM see the JDK they expect).
        if (Security.getProvider(BouncyCastleProvider.PROVIDER_NAME) == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
    }

    private AttackerOutcome(State state, List<List<String>> received, SocketState socket) {
        this.state = state;
        this.received = received;
        this.socket = socket;
    }

    /** Runs the actions over one new connection (more after each reconnect()). */
    static AttackerOutcome run(Config c, List<? extends TlsAction> actions) {
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
        return new AttackerOutcome(state, received, state.getTcpContext().getFinalSocketState());
    }

    static AttackerOutcome run(Config c, TlsAction... actions) {
        return run(c, Arrays.asList(actions));
    }

    /** The last receiving action's messages. */
    List<String> last() {
        return received.get(received.size() - 1);
    }

    /** The received messages of one type, in order, over all connections of the run. */
    <T extends ProtocolMessage> List<T> messages(Class<T> type) {
        List<T> found = new ArrayList<>();
        for (TlsAction a : state.getWorkflowTrace().getTlsActions()) {
            if (a instanceof ReceivingAction && ((ReceivingAction) a).getReceivedMessages() != null) {
                for (ProtocolMessage m : ((ReceivingAction) a).getReceivedMessages()) {
                    if (type.isInstance(m)) {
                        found.add(type.cast(m));
                    }
                }
            }
        }
        return found;
    }

    <T extends ProtocolMessage> T first(Class<T> type) {
        List<T> found = messages(type);
        if (found.isEmpty()) {
            throw new AssertionError("no " + type.getSimpleName() + " received: " + this);
        }
        return found.get(0);
    }

    <T extends ProtocolMessage> T lastOf(Class<T> type) {
        List<T> found = messages(type);
        if (found.isEmpty()) {
            throw new AssertionError("no " + type.getSimpleName() + " received: " + this);
        }
        return found.get(found.size() - 1);
    }

    /** The bytes of every application_data record received, in order (what the HTTP layer sent). */
    String applicationData() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (ApplicationMessage m : messages(ApplicationMessage.class)) {
            out.writeBytes(m.getData().getValue());
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /** The session ids of the ServerHellos received, in order. */
    List<byte[]> serverSessionIds() {
        List<byte[]> ids = new ArrayList<>();
        for (ServerHelloMessage sh : messages(ServerHelloMessage.class)) {
            ids.add(sh.getSessionId().getValue());
        }
        return ids;
    }

    @Override
    public String toString() {
        return received + ", socket " + socket;
    }
}
