package sizzle.desktop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import ksecurity.cert.CertificateException;
import kssl.tls.Profile;
import sizzle.gateway.bridge.AnnouncedDevices;
import sizzle.gateway.bridge.JavaMoteServer;
import sizzle.gateway.bridge.RadioBridge;
import sizzle.gateway.front.AccessRule;
import sizzle.gateway.front.Backend;
import sizzle.gateway.front.Device;
import sizzle.gateway.front.GatewayFront;
import sizzle.gateway.radio.ChannelModel;
import sizzle.gateway.radio.RadioMedium;
import sizzle.gateway.radio.RealTimeRadio;
import sizzle.gateway.radio.Simulator;
import sizzle.link.LinkConfig;

/**
 * Devices on this machine behind the gateway's front door: simulated motes running the C
 * firmware (SimulatedMote) and the Java Sizzle server, each reachable on a port of its own and
 * by name on the shared port (https://NAME:SHARED/, the ClientHello's server_name routing it),
 * whose plain HTTP answer is the device list. Names are NAME.sizzle.test (the .test domain is
 * reserved for testing: clients pin it to 127.0.0.1, as curl's --resolve). The gateway reaches
 * the simulated motes over their simulators' byte link (the harness's TCP port), and Java motes
 * over a simulated CC2420 radio run in real time (the link protocol, LINK.md, through the
 * bridge: sizzle.gateway.bridge). Close it to stop everything.
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
        /** The password of its POST /config (DEMO: random, made when the device started). */
        public final String password;
        final Path image;

        Member(String name, String kind, String build, int profile, Path ca, int devicePort, String password, Path image) {
            this.name = name;
            this.kind = kind;
            this.build = build;
            this.profile = profile;
            this.ca = ca;
            this.devicePort = devicePort;
            this.password = password;
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
    /** The simulated radio, made with the first Java mote. */
    private RealTimeRadio radio;
    private RadioMedium medium;
    private RadioBridge bridge;
    /** Template compression on the radio (gateway-java/LINK.md §9, §15.2): on unless switched off before the first Java mote. */
    private boolean compression = true;
    private int nextAddress = 1;

    /** state: where the devices' identities and images live; sharedPort: 0 for any free one. */
    public LocalGateway(Path state, int sharedPort, AccessRule access, Consumer<String> accessLog) throws IOException {
        this.state = state;
        this.access = access;
        this.accessLog = accessLog;
        shared = GatewayFront.shared(List.of(), sharedPort, access, accessLog);
        running.add(shared);
    }

    /**
     * Template compression (and HELLO-DIGEST) for the Java motes on the simulated radio: on by
     * default; call before {@link #addJavaMote}. Off, every link message is plain DATA.
     */
    public LocalGateway compression(boolean on) {
        compression = on;
        if (bridge != null) bridge.compression(on);
        return this;
    }

    /** The name a platform's n-th device gets: mica2, telosb, host, java, javamote (then -2, -3, ...). */
    /** The device name a platform's mote takes (mica2, telosb, host, then the domain): the one mapping. */
    /** ClientHellos the bridge sent to Java motes as HELLO_DIGEST (gateway-java/LINK.md §15.2). */
    public int hellosDigested() {
        return bridge == null ? 0 : bridge.hellosDigested();
    }

    public static String nameOf(String platform) {
        return (platform.equals("avr") ? "mica2" : platform.equals("msp430") ? "telosb" : "host") + DOMAIN;
    }

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
        return addMote(platform, build, false, firmwareLog);
    }

    /** The same; realtime: the simulator paced at the mote's clock, as a real mote answers (SimulatedMote). */
    public Member addMote(String platform, String build, boolean realtime, Consumer<String> firmwareLog)
            throws IOException, InterruptedException, CertificateException {
        String first = nameOf(platform);
        String name = nameFor(first.substring(0, first.length() - DOMAIN.length()));
        String password = ServerCommand.randomPassword();
        SimulatedMote mote = new SimulatedMote(platform, build, state.resolve(name + "-" + build), name, password, realtime,
                firmwareLog);
        running.add(mote);
        mote.awaitReady(120);
        return add(name, SimulatedMote.describe(platform), build, build.equals("modern") ? Profile.MODERN : Profile.LEGACY,
                mote.caPem(), tcp(mote.port()), MOTE_CONNECTIONS, password, mote.image());
    }

    /** Starts the Java Sizzle server (the thermostat, fresh DEMO keys naming it) as a device. */
    public Member addJavaServer(int profile, Consumer<String> serverLog) throws IOException, CertificateException {
        String name = nameFor("java");
        Path dir = state.resolve(name);
        Files.createDirectories(dir);
        ServerIdentities.Loaded ids = ServerIdentities.generate(profile, dir, name);
        String password = ServerCommand.randomPassword();
        DesktopServer server = new DesktopServer(profile, ids.identities(), password, false, serverLog::accept);
        int port = server.start(0);
        running.add(() -> server.stop());
        return add(name, "the Java Sizzle server (desktop JVM, " + server.describe() + ")", Profile.name(profile), profile,
                dir.resolve("ca.pem"), tcp(port), DesktopServer.MAX_CONNECTIONS, password, null);
    }

    /**
     * Starts a Java mote on the simulated radio (a CC2420 at 250 kbit/s, run in real time): the
     * Java Sizzle server in a mote's one-connection mode, fresh DEMO keys naming it, its TLS
     * stream carried by the link protocol through the gateway's bridge.
     */
    public Member addJavaMote(int profile, Consumer<String> serverLog)
            throws IOException, CertificateException, InterruptedException {
        String name = nameFor("javamote");
        Path dir = state.resolve(name);
        Files.createDirectories(dir);
        ServerIdentities.Loaded ids = ServerIdentities.generate(profile, dir, name);
        if (radio == null) {
            Simulator sim = new Simulator();
            medium = new RadioMedium(sim, ChannelModel.cc2420(), System.nanoTime());
            radio = new RealTimeRadio(sim, serverLog);
            bridge = new RadioBridge(medium, LinkConfig.cc2420(), 1 + (int) (System.nanoTime() & 0xFE), radio);
            bridge.compression(compression);
            // a radio device nobody configured goes on the list by its announcement (configured ones replace theirs)
            new AnnouncedDevices(bridge, shared, access, MOTE_CONNECTIONS, accessLog);
            running.add(radio.start());
        }
        int address = nextAddress++;
        LinkConfig cfg = LinkConfig.cc2420().at(address, 0);
        cfg.name = name.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        String password = ServerCommand.randomPassword();
        CompletableFuture<JavaMoteServer> made = new CompletableFuture<>();
        radio.execute(() -> {
            try {
                JavaMoteServer jm = new JavaMoteServer(medium, cfg, radio, profile, ids.identities(), password,
                        serverLog::accept, medium.simulator().nowMs(), true);
                bridge.knowTemplates(jm.templates()); // the operator gives the gateway the device's certificates
                made.complete(jm);
            } catch (RuntimeException e) {
                made.completeExceptionally(e);
            }
        });
        JavaMoteServer mote;
        try {
            mote = made.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the Java mote did not start: " + e.getMessage(), e);
        }
        running.add(mote);
        awaitHeard(address);
        return add(name, "a Java mote on the simulated radio (CC2420, 250 kbit/s, radio address " + address
                + "; the Java Sizzle server in one-connection mode)", Profile.name(profile), profile, dir.resolve("ca.pem"),
                bridge.backend(address), MOTE_CONNECTIONS, password, null);
    }

    /** Waits (at most 10 s) until the gateway has heard the mote's first READY-SLEEP: it is on the list then. */
    private void awaitHeard(int address) throws InterruptedException {
        for (int i = 0; i < 200 && bridge.backend(address).state() == null; i++) {
            Thread.sleep(50);
        }
    }

    private static Backend tcp(int port) {
        return Backend.tcp(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    }

    private Member add(String name, String kind, String build, int profile, Path ca, Backend backend, int connections,
            String password, Path image) throws IOException {
        Device d = new Device(name, kind, backend, access, connections);
        GatewayFront own = GatewayFront.forDevice(d, 0, accessLog);
        running.add(own);
        shared.add(d);
        Member m = new Member(name, kind, build, profile, ca, own.port(), password, image);
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
