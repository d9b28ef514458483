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
import sizzle.template.Suppressor;
import sizzle.template.TemplateBook;

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
    private final TemplateBook book;

    /**
     * A mote at {@code cfg.address} on {@code medium}, serving {@code identities} with
     * {@code password}; its duty cycle starts at {@code startMs}. Call on the radio's thread
     * (or before it runs): the medium is the radio's.
     */
    public JavaMoteServer(RadioMedium medium, LinkConfig cfg, Executor radio, int profile, List<ServerIdentity> identities,
            String password, Log log, long startMs) {
        this(medium, cfg, radio, profile, identities, password, log, startMs, false);
    }

    /**
     * As above; with {@code templates} the mote holds edition 1 of the protocol templates and
     * its certificate messages, announces them in READY-SLEEP, and takes and sends compressed
     * messages when the gateway agrees (LINK.md §9).
     */
    public JavaMoteServer(RadioMedium medium, LinkConfig cfg, Executor radio, int profile, List<ServerIdentity> identities,
            String password, Log log, long startMs, boolean templates) {
        connections = new MoteConnections(radio);
        book = templates ? book(identities) : null;
        if (book != null) {
            cfg.capabilities = Suppressor.capabilities(book, profile == kssl.tls.Profile.MODERN); // TLS 1.2 only: it takes a HELLO_DIGEST (LINK.md §15.2)
            connections.templates(book);
        }
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

    /** The templates of a device serving {@code identities}: edition 1 and its Certificate messages. */
    public static TemplateBook book(List<ServerIdentity> identities) {
        return book(1, identities);
    }

    /** The same in {@code edition} (2: a C mote's legacy image, LINK.md §9.7). */
    public static TemplateBook book(int edition, List<ServerIdentity> identities) {
        byte[][] certs = new byte[identities.size()][];
        for (int i = 0; i < certs.length; i++) {
            ksecurity.cert.X509Certificate[] chain = identities.get(i).getChain();
            byte[][] der = new byte[chain.length][];
            for (int k = 0; k < chain.length; k++) der[k] = chain[k].getEncoded();
            certs[i] = TemplateBook.certificateMessage(der);
        }
        return new TemplateBook(edition, certs);
    }

    /** The mote's templates (null without): what the gateway must hold to compress for it. */
    public TemplateBook templates() {
        return book;
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
