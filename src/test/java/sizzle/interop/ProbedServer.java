package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.workflow.action.ResetConnectionAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import de.rub.nds.tlsattacker.transport.socket.SocketState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A Sizzle server under TLS-Attacker's probes: the Java server (SizzleFixture: what ./sizzle
 * server runs) or the C firmware's host build (FirmwareFixture: the same engine in C, which
 * must answer every probe as the Java does). Runs a trace against it and checks both ends of
 * what happened, what TLS-Attacker received and what the server logged for the connections of
 * that trace.
 */
final class ProbedServer implements AutoCloseable {
    private final int port;
    private final ServerLog log;
    private final AutoCloseable server;
    /** The server's log entries before the last run, and the connections that run made. */
    private int before;
    private int connections;

    ProbedServer(int profile, InteropPki.Entry... identities) throws Exception {
        SizzleFixture sizzle = new SizzleFixture(profile, identities);
        port = sizzle.port();
        log = sizzle.log();
        server = sizzle;
    }

    private ProbedServer(FirmwareFixture firmware) {
        port = firmware.port();
        log = firmware.log();
        server = () -> { }; // shared (FirmwareFixture.shared): ended with the JVM
    }

    /** The host firmware per build, probed by several test classes: one each, sharing its count of connections. */
    private static final java.util.Map<String, ProbedServer> FIRMWARE = new java.util.HashMap<>();

    /** The C firmware's host build of {@code build} (modern, legacy-ecc or legacy-rsa), with its DEMO identity. */
    static synchronized ProbedServer firmware(String build) throws Exception {
        ProbedServer p = FIRMWARE.get(build);
        if (p == null) {
            p = new ProbedServer(FirmwareFixture.shared("host", build));
            FIRMWARE.put(build, p);
        }
        return p;
    }

    int port() {
        return port;
    }

    /**
     * Runs the actions; first waits until the server has logged every connection of the runs
     * before (it logs a connection when it ends, maybe after the client has moved on), so that
     * serverSaw() sees this run's connections only.
     */
    AttackerOutcome run(Config c, List<? extends TlsAction> actions) throws InterruptedException {
        before = log.awaitHandshakes(before + connections).size();
        connections = 1;
        for (TlsAction a : actions) {
            if (a instanceof ResetConnectionAction) {
                connections++;
            }
        }
        return AttackerOutcome.run(c, actions);
    }

    AttackerOutcome run(Config c, TlsAction... actions) throws InterruptedException {
        return run(c, Arrays.asList(actions));
    }

    /** The server's log of the last run's connections (in the order they ended). */
    List<ServerLog.Handshake> serverSaw() throws InterruptedException {
        return log.awaitHandshakes(before + connections).subList(before, before + connections);
    }

    /** The server's log of the last run's last connection to end. */
    ServerLog.Handshake lastConnection() throws InterruptedException {
        List<ServerLog.Handshake> saw = serverSaw();
        return saw.get(saw.size() - 1);
    }

    /**
     * The last run received what each receiving action lists in {@code flights}, then exactly
     * one fatal alert of that description (as TLS-Attacker names it: "DECODE_ERROR"); the
     * server closed the connection and logged the failure with that alert.
     */
    @SafeVarargs
    final void assertRefused(AttackerOutcome o, String alert, List<String>... flights) throws InterruptedException {
        List<List<String>> expected = new ArrayList<>(Arrays.asList(flights));
        expected.add(Attacker.fatal(alert));
        assertEquals(expected, o.received, "what TLS-Attacker received");
        assertEquals(SocketState.CLOSED, o.socket, "the server closed the connection: " + o);
        ServerLog.Handshake failed = null;
        for (ServerLog.Handshake h : serverSaw()) {
            if (h.failed) {
                failed = h;
            }
        }
        // The Java names the alert, the firmware gives its number (no names in a mote's flash)
        String code = "sent alert " + (de.rub.nds.tlsattacker.core.constants.AlertDescription.valueOf(alert).getValue() & 0xFF);
        assertTrue(failed != null && (failed.line.contains("fatal alert " + alert.toLowerCase()) || (failed.line + " ").contains(code + " ")),
                "the server logged a failure with " + alert + ": " + serverSaw());
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
