package sizzle.gateway.front;

import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A device behind the gateway as its front door sees it: the name clients ask for (the
 * ClientHello's server_name), its kind, how its byte stream is opened ({@link Backend}: a
 * loopback TCP port, a simulated mote's harness or a Java server; or a link connection over the
 * radio), who may reach it and how many connections it takes at once (a mote serves one at a
 * time: a radio device's further connections wait their turn in the bridge).
 */
public final class Device {
    public final String name;
    public final String kind;
    final Backend backend;
    final AccessRule access;
    final int maxConnections;
    final AtomicInteger open = new AtomicInteger();

    /** name: a DNS name (compared in lower case); access: who may connect; maxConnections: at once, at least 1. */
    public Device(String name, String kind, InetSocketAddress backend, AccessRule access, int maxConnections) {
        this(name, kind, Backend.tcp(backend), access, maxConnections);
    }

    /** ... reached through {@code backend}. */
    public Device(String name, String kind, Backend backend, AccessRule access, int maxConnections) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1");
        }
        this.name = name.toLowerCase(Locale.ROOT);
        this.kind = kind;
        this.backend = backend;
        this.access = access;
        this.maxConnections = maxConnections;
    }

    /** The path's state for the device list (a radio device's link state), "" if none, null if the device is silent. */
    public String linkState() {
        return backend.state();
    }

    /** Connections open now. */
    public int openConnections() {
        return open.get();
    }
}
