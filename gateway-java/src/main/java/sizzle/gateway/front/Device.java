package sizzle.gateway.front;

import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A device behind the gateway as its front door sees it: the name clients ask for (the
 * ClientHello's server_name), its kind, where its byte stream goes (today a loopback TCP port:
 * a simulated mote's harness or a Java server; later a link connection), who may reach it and
 * how many connections it takes at once (a mote serves one).
 */
public final class Device {
    public final String name;
    public final String kind;
    final InetSocketAddress backend;
    final AccessRule access;
    final int maxConnections;
    final AtomicInteger open = new AtomicInteger();

    /** name: a DNS name (compared in lower case); access: who may connect; maxConnections: at once, at least 1. */
    public Device(String name, String kind, InetSocketAddress backend, AccessRule access, int maxConnections) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1");
        }
        this.name = name.toLowerCase(java.util.Locale.ROOT);
        this.kind = kind;
        this.backend = backend;
        this.access = access;
        this.maxConnections = maxConnections;
    }

    /** Connections open now. */
    public int openConnections() {
        return open.get();
    }
}
