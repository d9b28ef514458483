package sizzle.gateway.front;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * Address-based access control for one device: the client address must fall in one of the
 * allowed prefixes (CIDR, IPv4 or IPv6); no prefix at all allows everyone. The gateway checks
 * it before it forwards a byte to the device (on the shared port after reading the ClientHello
 * that names the device), and the shared port's rule before it reads a device-list request.
 */
public final class AccessRule {
    /** Everyone. */
    public static final AccessRule ANYONE = new AccessRule(List.of());

    /** Loopback clients only (127.0.0.0/8, ::1). */
    public static final AccessRule LOOPBACK = allow("127.0.0.0/8", "::1/128");

    private final List<byte[]> networks;
    private final List<Integer> lengths;

    private AccessRule(List<String> prefixes) {
        networks = new ArrayList<>();
        lengths = new ArrayList<>();
        for (String p : prefixes) {
            int slash = p.indexOf('/');
            byte[] net;
            try {
                net = InetAddress.getByName(literal(slash < 0 ? p : p.substring(0, slash))).getAddress();
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("not an address: " + p);
            }
            int len = slash < 0 ? net.length * 8 : Integer.parseInt(p.substring(slash + 1));
            if (len < 0 || len > net.length * 8) {
                throw new IllegalArgumentException("prefix length out of range: " + p);
            }
            networks.add(net);
            lengths.add(len);
        }
    }

    /** Only literal addresses: a name here would make the rule depend on DNS. */
    private static String literal(String a) {
        if (a.isEmpty() || !(Character.digit(a.charAt(0), 16) >= 0 || a.charAt(0) == ':')) {
            throw new IllegalArgumentException("not an address literal: " + a);
        }
        return a;
    }

    /** The clients in these prefixes, e.g. "127.0.0.0/8", "::1/128", "192.0.2.7". */
    public static AccessRule allow(String... prefixes) {
        if (prefixes.length == 0) {
            throw new IllegalArgumentException("name at least one prefix (AccessRule.ANYONE allows everyone)");
        }
        return new AccessRule(List.of(prefixes));
    }

    /** True if every client it admits is a loopback address: the gateway then binds loopback only. */
    public boolean onlyLoopback() {
        if (networks.isEmpty()) {
            return false;
        }
        for (int i = 0; i < networks.size(); i++) {
            byte[] net = networks.get(i);
            boolean v4 = net.length == 4 && lengths.get(i) >= 8 && net[0] == 127;
            boolean v6 = net.length == 16 && lengths.get(i) == 128 && java.util.Arrays.equals(net, LOOPBACK6);
            if (!v4 && !v6) {
                return false;
            }
        }
        return true;
    }

    private static final byte[] LOOPBACK6 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};

    public boolean allows(InetAddress client) {
        if (networks.isEmpty()) {
            return true;
        }
        byte[] a = client.getAddress();
        for (int i = 0; i < networks.size(); i++) {
            byte[] net = networks.get(i);
            if (net.length == a.length && samePrefix(a, net, lengths.get(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean samePrefix(byte[] a, byte[] net, int bits) {
        for (int i = 0; i < bits; i++) {
            int mask = 0x80 >>> (i & 7);
            if ((a[i >> 3] & mask) != (net[i >> 3] & mask)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        if (networks.isEmpty()) {
            return "anyone";
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < networks.size(); i++) {
            try {
                s.append(i == 0 ? "" : ", ").append(InetAddress.getByAddress(networks.get(i)).getHostAddress()).append('/').append(lengths.get(i));
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e);
            }
        }
        return s.toString();
    }
}
