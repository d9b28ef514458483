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
 * the simulated motes over their simulators' byte link (the harness's TCP port; with
 * addMote(..., overLink) the firmware speaks the link protocol on it, relayed onto a simulated
 * radio), and Java motes
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
    /** The simulated radios, one per channel model (CC2420, CC1000), each made with its first device. */
    private final java.util.Map<String, Radio> radios = new java.util.HashMap<>();
    /** The radio addresses of the devices started here (their announcements add nothing). */
    private final java.util.Set<Integer> ownAddresses = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Template compression on the radio (gateway-java/LINK.md §9, §15.2): on unless switched off before the first mote. */
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
     * Template compression (and HELLO-DIGEST) on every radio, for the Java motes and the C motes
     * whose images carry templates: on by default; call before the first mote. Off, every link
     * message is plain DATA both ways (LINK.md §9.1: a device compresses only after the gateway did).
     */
    public LocalGateway compression(boolean on) {
        compression = on;
        for (Radio r : radios.values()) r.bridge.compression(on);
        return this;
    }

    /** ClientHellos the bridge sent to Java motes as HELLO_DIGEST (gateway-java/LINK.md §15.2). */
    public int hellosDigested() {
        int n = 0;
        for (Radio r : radios.values()) n += r.bridge.hellosDigested();
        return n;
    }

    /** The device name a platform's first mote takes (mica2, telosb, host, then the domain): the one mapping. */
    public static String nameOf(String platform) {
        return (platform.equals("avr") ? "mica2" : platform.equals("msp430") ? "telosb" : "host") + DOMAIN;
    }

    /** The name the next mote of {@code platform} gets here: nameOf's, then -2, -3, ... */
    private String moteName(String platform) {
        String first = nameOf(platform);
        return nameFor(first.substring(0, first.length() - DOMAIN.length()));
    }

    /** The name a device gets: base (mica2, telosb, host, java, javamote), then -2, -3, ..., and the domain. */
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
        String name = moteName(platform);
        String password = ServerCommand.randomPassword();
        SimulatedMote mote = new SimulatedMote(platform, build, state.resolve(name + "-" + build), name, password, realtime,
                firmwareLog);
        running.add(mote);
        mote.awaitReady(120);
        return add(name, SimulatedMote.describe(platform), build, build.equals("modern") ? Profile.MODERN : Profile.LEGACY,
                mote.caPem(), tcp(mote.port()), MOTE_CONNECTIONS, password, mote.image());
    }

    /**
     * The same, over the link protocol (overLink): the firmware built with SZ_FW_LINK=1 speaks
     * LINK.md's frames over its byte link, relayed onto a simulated radio run in real time (the
     * Mica2's CC1000 at 19.2 kbit/s with 29-byte frames for avr, else the CC2420's 250 kbit/s),
     * and the gateway reaches it through the bridge (GatewayPeer, one TLS record per message),
     * as it reaches a Java mote. The simulators then run paced at the mote's clock whatever
     * {@code realtime} says (the radio's timers and the mote's must agree). Without overLink,
     * {@link #addMote(String, String, boolean, Consumer)}.
     */
    public Member addMote(String platform, String build, boolean realtime, boolean overLink, Consumer<String> firmwareLog)
            throws IOException, InterruptedException, CertificateException {
        if (!overLink) {
            return addMote(platform, build, realtime, firmwareLog);
        }
        String name = moteName(platform);
        String password = ServerCommand.randomPassword();
        // its radio address, compiled into the image (the gateway's addresses are one series
        // over its radios: a Java mote may have taken 1)
        int address = nextAddress++;
        // the radio runs in real time: the mote's clock must too, or their timers disagree
        SimulatedMote mote = new SimulatedMote(platform, build, state.resolve(name + "-" + build + "-link"), name, password,
                true, address, firmwareLog);
        running.add(mote);
        mote.awaitReady(120);
        boolean mica2 = platform.equals("avr");
        ChannelModel channel = mica2 ? ChannelModel.cc1000() : ChannelModel.cc2420();
        Radio r = radio(channel, mica2 ? LinkConfig.cc1000() : LinkConfig.cc2420(),
                firmwareLog);
        ownAddresses.add(address);
        r.bridge.oneFlightPerMessage(address);
        // the operator gives the gateway the device's certificate (LINK.md §9.1): used if its image
        // announces them (the legacy images, edition 2: §9.7)
        r.bridge.knowTemplates(mote.templates());
        sizzle.gateway.radio.FrameSocketStation station = new sizzle.gateway.radio.FrameSocketStation(r.medium, r.clock,
                address, new InetSocketAddress(InetAddress.getLoopbackAddress(), mote.port()), 30_000, firmwareLog);
        running.add(station);
        awaitHeard(r.bridge, address, 30_000);
        return add(name, SimulatedMote.describe(platform) + " over the link protocol (" + channel.name()
                + ", radio address " + address + ")", build, build.equals("modern") ? Profile.MODERN : Profile.LEGACY,
                mote.caPem(), r.bridge.backend(address), MOTE_CONNECTIONS, password, mote.image());
    }

    /** The medium of the simulated radio named {@code channel} (ChannelModel's name), or null: its counters, for tests. */
    public RadioMedium medium(String channel) {
        Radio r = radios.get(channel);
        return r == null ? null : r.medium;
    }

    /** The gateway's bridge on the simulated radio named {@code channel}, or null: its counters, for tests. */
    public RadioBridge bridge(String channel) {
        Radio r = radios.get(channel);
        return r == null ? null : r.bridge;
    }

    /** One simulated radio: its real-time clock, the medium, and the gateway's bridge on it. */
    private record Radio(RealTimeRadio clock, RadioMedium medium, RadioBridge bridge) {
    }

    /** The radio of {@code channel}, made (and started) with its first device. */
    private Radio radio(ChannelModel channel, LinkConfig template, Consumer<String> log) {
        Radio r = radios.get(channel.name());
        if (r == null) {
            Simulator sim = new Simulator();
            RadioMedium medium = new RadioMedium(sim, channel, System.nanoTime());
            RealTimeRadio clock = new RealTimeRadio(sim, log);
            RadioBridge bridge = new RadioBridge(medium, template, 1 + (int) (System.nanoTime() & 0xFE), clock);
            bridge.compression(compression); // a device that announces no templates is served plain
            // a radio device nobody configured goes on the list by its announcement (a single
            // label, as a Mica2 announces, completed with our domain); the devices started here
            // are configured by their names, with their ports and certificates
            AnnouncedDevices announced = new AnnouncedDevices(bridge, shared, access, MOTE_CONNECTIONS, DOMAIN.substring(1),
                    accessLog);
            bridge.onDiscovery((device, name, kind) -> {
                if (!ownAddresses.contains(device)) announced.announced(device, name, kind);
            });
            running.add(clock.start());
            r = new Radio(clock, medium, bridge);
            radios.put(channel.name(), r);
        }
        return r;
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
        Radio r = radio(ChannelModel.cc2420(), LinkConfig.cc2420(), serverLog);
        RealTimeRadio radio = r.clock;
        RadioMedium medium = r.medium;
        int address = nextAddress++;
        ownAddresses.add(address);
        LinkConfig cfg = LinkConfig.cc2420().at(address, 0);
        cfg.name = name.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        String password = ServerCommand.randomPassword();
        CompletableFuture<JavaMoteServer> made = new CompletableFuture<>();
        radio.execute(() -> {
            try {
                JavaMoteServer jm = new JavaMoteServer(medium, cfg, radio, profile, ids.identities(), password,
                        serverLog::accept, medium.simulator().nowMs(), true);
                r.bridge.knowTemplates(jm.templates()); // the operator gives the gateway the device's certificates
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
        awaitHeard(r.bridge, address, 10_000);
        return add(name, "a Java mote on the simulated radio (CC2420, 250 kbit/s, radio address " + address
                + "; the Java Sizzle server in one-connection mode)", Profile.name(profile), profile, dir.resolve("ca.pem"),
                r.bridge.backend(address), MOTE_CONNECTIONS, password, null);
    }

    /** Waits (at most timeoutMs) until the gateway has heard the mote's first READY-SLEEP: it is on the list then. */
    private static void awaitHeard(RadioBridge bridge, int address, int timeoutMs) throws InterruptedException {
        for (int i = 0; i < timeoutMs / 50 && bridge.backend(address).state() == null; i++) {
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
