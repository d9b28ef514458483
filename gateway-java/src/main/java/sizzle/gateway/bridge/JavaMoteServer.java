package sizzle.gateway.bridge;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executor;
import ksecurity.security.RandomData;
import kssl.tls.ServerIdentity;
import sizzle.Deadlines;
import sizzle.Log;
import sizzle.SizzleServer;
import sizzle.app.ThermostatServer;
import sizzle.gateway.radio.JavaMote;
import sizzle.gateway.radio.RadioMedium;
import sizzle.link.LinkConfig;

/**
 * A Java mote running the Java Sizzle server: the thermostat, assembled as a mote assembles it
 * (sizzle.app.ThermostatServer's defaults: one connection, the mote's deadlines, 8 sessions,
 * 256-byte writes), its TLS byte stream carried by the mote's link ({@link MoteConnections})
 * instead of a socket. The server runs on threads of its own; the mote's link on the radio's.
 */
public final class JavaMoteServer implements AutoCloseable {
    /** The page's device name and kind, as the thermostat reports them. */
    public static final String DEVICE = "thermostat-1", KIND = "Java mote";

    private final JavaMote mote;
    private final MoteConnections connections;
    private final SizzleServer server;

    /**
     * A mote at {@code cfg.address} on {@code medium}, serving {@code identities} with
     * {@code password}; its duty cycle starts at {@code startMs}. Call on the radio's thread
     * (or before it runs): the medium is the radio's.
     */
    public JavaMoteServer(RadioMedium medium, LinkConfig cfg, Executor radio, int profile, List<ServerIdentity> identities,
            String password, Log log, long startMs) {
        connections = new MoteConnections(radio);
        ThermostatServer assembly = new ThermostatServer(profile, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .password(password.getBytes(StandardCharsets.UTF_8)).device(DEVICE, KIND, () -> 215)
                .deadlines(Deadlines.MOTE).log(log);
        for (ServerIdentity id : identities) {
            assembly.identity(id);
        }
        server = assembly.build(connections);
        mote = new JavaMote(medium, cfg, connections);
        connections.attach(mote);
        mote.start(startMs);
        Thread t = new Thread(server, "java mote " + cfg.address);
        t.setDaemon(true);
        t.start();
    }

    public JavaMote mote() {
        return mote;
    }

    /** Connections the server has ended. */
    public int served() {
        return server.served();
    }

    /** Stops the server (its link stays on the air until the radio stops). */
    public void close() {
        server.stop();
        connections.close();
    }
}
