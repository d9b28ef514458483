package sizzle.desktop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import ksecurity.cert.CertificateException;
import kssl.tls.Profile;
import sizzle.gateway.front.AccessRule;
import sizzle.gateway.front.Device;
import sizzle.gateway.front.GatewayFront;

/**
 * Devices on this machine behind the gateway's front door: simulated motes running the C
 * firmware (SimulatedMote) and the Java Sizzle server, each reachable on a port of its own and
 * by name on the shared port (https://NAME:SHARED/, the ClientHello's server_name routing it),
 * whose plain HTTP answer is the device list. Names are NAME.sizzle.test (the .test domain is
 * reserved for testing: clients pin it to 127.0.0.1, as curl's --resolve). Today the gateway
 * reaches each mote over its simulator's byte link (the harness's TCP port); the radio link
 * protocol takes that place with issue 9. Close it to stop everything.
 */
public final class LocalGateway implements AutoCloseable {
    /** The domain of the devices' names. */
    public static final String DOMAIN = ".sizzle.test";
    /** Connections a mote takes at once through the gateway (its one-connection mode closes an idle one for a newer). */
    static final int MOTE_CONNECTIONS = 4;

    /** One device as a user reaches it. */
    public static final class Member {
        public final String name;
        public final String kind;
        public final String build;
        public final int profile;
        public final Path ca;
        public final int devicePort;
        final Path image;

        Member(String name, String kind, String build, int profile, Path ca, int devicePort, Path image) {
            this.name = name;
            this.kind = kind;
            this.build = build;
            this.profile = profile;
            this.ca = ca;
            this.devicePort = devicePort;
            this.image = image;
        }

        /** The flashable image (ELF, Intel hex beside it), or null for the Java server. */
        public Path image() {
            return image;
        }
    }

    private final Path state;
    private final AccessRule access;
    private final Consumer<String> accessLog;
    private final GatewayFront shared;
    private final List<AutoCloseable> running = new ArrayList<>();
    private final List<Member> members = new ArrayList<>();

    /** state: where the devices' identities and images live; sharedPort: 0 for any free one. */
    public LocalGateway(Path state, int sharedPort, AccessRule access, Consumer<String> accessLog) throws IOException {
        this.state = state;
        this.access = access;
        this.accessLog = accessLog;
        shared = GatewayFront.shared(List.of(), sharedPort, accessLog);
        running.add(shared);
    }

    /** The name a platform's n-th device gets: mica2, telosb, host, java (then -2, -3, ...). */
    private String nameFor(String base) {
        String name = base + DOMAIN;
        for (int n = 2; taken(name); n++) {
            name = base + "-" + n + DOMAIN;
        }
        return name;
    }

    private boolean taken(String name) {
        for (Member m : members) {
            if (m.name.equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Builds and starts the firmware of {@code build} on a simulated mote (avr, msp430) or the host build. */
    public Member addMote(String platform, String build, Consumer<String> firmwareLog)
            throws IOException, InterruptedException, CertificateException {
        String name = nameFor(platform.equals("avr") ? "mica2" : platform.equals("msp430") ? "telosb" : "host");
        SimulatedMote mote = new SimulatedMote(platform, build, state.resolve(name + "-" + build), name,
                ServerCommand.randomPassword(), firmwareLog);
        running.add(mote);
        mote.awaitReady(120);
        return add(name, SimulatedMote.describe(platform), build, build.equals("modern") ? Profile.MODERN : Profile.LEGACY,
                mote.caPem(), mote.port(), MOTE_CONNECTIONS, mote.image());
    }

    /** Starts the Java Sizzle server (the thermostat, fresh DEMO keys naming it) as a device. */
    public Member addJavaServer(int profile, Consumer<String> serverLog) throws IOException, CertificateException {
        String name = nameFor("java");
        Path dir = state.resolve(name);
        Files.createDirectories(dir);
        ServerIdentities.Loaded ids = ServerIdentities.generate(profile, dir, name);
        DesktopServer server = new DesktopServer(profile, ids.identities(), ServerCommand.randomPassword(), false, serverLog::accept);
        int port = server.start(0);
        running.add(() -> server.stop());
        return add(name, "the Java Sizzle server (desktop JVM, " + server.describe() + ")", Profile.name(profile), profile,
                dir.resolve("ca.pem"), port, DesktopServer.MAX_CONNECTIONS, null);
    }

    private Member add(String name, String kind, String build, int profile, Path ca, int backendPort, int connections, Path image)
            throws IOException {
        Device d = new Device(name, kind, new InetSocketAddress(InetAddress.getLoopbackAddress(), backendPort), access, connections);
        GatewayFront own = GatewayFront.forDevice(d, 0, accessLog);
        running.add(own);
        shared.add(d);
        Member m = new Member(name, kind, build, profile, ca, own.port(), image);
        members.add(m);
        return m;
    }

    public int sharedPort() {
        return shared.port();
    }

    public List<Member> members() {
        return Collections.unmodifiableList(members);
    }

    /** Stops the devices and the gateway, the last started first. */
    @Override
    public void close() {
        for (int i = running.size() - 1; i >= 0; i--) {
            try {
                running.get(i).close();
            } catch (Exception e) {
                // stopping: go on with the rest
            }
        }
    }
}
