package sizzle.gateway.bridge;

import java.util.function.Consumer;
import sizzle.gateway.front.AccessRule;
import sizzle.gateway.front.Device;
import sizzle.gateway.front.GatewayFront;

/**
 * Devices added to the gateway by their announcement alone (LINK.md §6, discovery): when a
 * device's first READY-SLEEP is heard, a {@link Device} named as it announced itself (its
 * READY-SLEEP's name, or "radio-ADDRESS" if that is empty or no DNS name; a single label, a
 * host name, completed with the gateway's domain as a DHCP server completes one) goes on the shared
 * port, reached through the bridge, so that the device list shows it (name, kind, link state,
 * its https link) and clients reach it by name. It leaves the list when it falls silent (two
 * poll periods and a window: {@link RadioBridge#describe}) and shows again when heard. An
 * announcement never takes over a name the gateway already serves (a device configured by name,
 * or one announced first): a radio neighbour cannot capture another device's connections.
 */
public final class AnnouncedDevices implements RadioBridge.Discovery {
    private final RadioBridge bridge;
    private final GatewayFront front;
    private final AccessRule access;
    private final int maxConnections;
    private final String domain;
    private final Consumer<String> log;

    /**
     * Puts every device {@code bridge} discovers on {@code front}, each with {@code access} and
     * {@code maxConnections}; a device that announces a single label (a Mica2's frames have no
     * room for more beside its capabilities: LINK.md §6) is named LABEL.{@code domain};
     * {@code log} hears what was added or refused.
     */
    public AnnouncedDevices(RadioBridge bridge, GatewayFront front, AccessRule access, int maxConnections, String domain,
            Consumer<String> log) {
        if (!dnsName(domain)) throw new IllegalArgumentException("not a domain name: " + domain);
        this.bridge = bridge;
        this.front = front;
        this.access = access;
        this.maxConnections = maxConnections;
        this.domain = domain;
        this.log = log;
        bridge.onDiscovery(this);
    }

    public void announced(int device, String announced, int kind) {
        String name = dnsName(announced) ? announced : "radio-" + device;
        if (name.indexOf('.') < 0) name += "." + domain; // a host name: the gateway's domain completes it
        Device d = new Device(name, "radio device, kind " + kind + " (announced, radio address " + device + ")",
                bridge.backend(device), access, maxConnections);
        log.accept(front.addIfAbsent(d) ? "discovered " + d.name + " at radio address " + device
                : "radio address " + device + " announced " + d.name + ", a name already served: not added");
    }

    /** A DNS name (RFC 1035 §2.3.1, letters, digits, hyphens; labels of 1–63), at most 253 characters. */
    static boolean dnsName(String s) {
        return s.length() <= 253 && s.matches("(?i)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*");
    }
}
