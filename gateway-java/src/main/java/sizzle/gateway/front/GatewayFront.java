package sizzle.gateway.front;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The gateway's TCP front door. Either one port per device (every connection goes to that
 * device, its bytes untouched) or one shared port that routes each TLS connection by the
 * ClientHello's server_name (ClientHelloPeek) and answers plain HTTP with the device list, so
 * that one public address reaches every device by name. Before a byte is forwarded the client's
 * address is checked against the device's access rule and its connection limit; then bytes go
 * both ways unchanged (TLS stays end to end: the gateway sees ciphertext only) through the
 * device's {@link Backend}: a TCP port, or the radio bridge (sizzle.gateway.bridge). Every
 * connection ends with one access-log line: client, device, outcome, bytes each way, duration.
 */
public final class GatewayFront implements AutoCloseable {
    /** How long a client has, in all, to send its ClientHello or request head before the gateway hangs up (DeadlineInput). */
    static final int HELLO_TIMEOUT_MS = 10_000;
    /** The largest plain HTTP request head the device list answers. */
    static final int MAX_REQUEST_HEAD = 8192;

    private final Map<String, Device> devices = new ConcurrentHashMap<>();
    private final Device only;
    /** Who may have the device list (the shared port) or reach the one device (a device's own port). */
    private final AccessRule access;
    private final Consumer<String> accessLog;
    private final ServerSocket listener;
    private final Thread acceptor;
    private final AtomicLong connections = new AtomicLong();
    private volatile int helloTimeoutMs = HELLO_TIMEOUT_MS;
    /** CPU time of this door's connection threads, and bytes forwarded both ways (the gateway benchmark's CPU per kilobyte). */
    private final AtomicLong cpuNanos = new AtomicLong(), forwarded = new AtomicLong();

    private GatewayFront(Device only, Collection<Device> all, int port, AccessRule access, Consumer<String> accessLog)
            throws IOException {
        this.only = only;
        this.access = access;
        for (Device d : all) {
            devices.put(d.name, d);
        }
        this.accessLog = accessLog;
        listener = new ServerSocket();
        listener.setReuseAddress(true);
        // loopback only unless the rule admits someone else: then every interface, the rule deciding
        listener.bind(access.onlyLoopback() ? new InetSocketAddress(InetAddress.getLoopbackAddress(), port) : new InetSocketAddress(port));
        acceptor = new Thread(this::accept, "gateway front :" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** One port for one device (0: any free port). */
    public static GatewayFront forDevice(Device device, int port, Consumer<String> accessLog) throws IOException {
        return new GatewayFront(device, java.util.List.of(device), port, device.access, accessLog);
    }

    /**
     * The shared port: TLS routed by server_name to these devices (each checked against its own
     * rule), plain HTTP answered with their list to the clients {@code access} admits.
     */
    public static GatewayFront shared(Collection<Device> devices, int port, AccessRule access, Consumer<String> accessLog)
            throws IOException {
        return new GatewayFront(null, devices, port, access, accessLog);
    }

    /** ... for loopback clients only. */
    public static GatewayFront shared(Collection<Device> devices, int port, Consumer<String> accessLog) throws IOException {
        return shared(devices, port, AccessRule.LOOPBACK, accessLog);
    }

    /** The address the port listens on: loopback, or the wildcard when the rule admits other clients. */
    InetAddress boundAddress() {
        return listener.getInetAddress();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Adds (or replaces) a device reachable by name on the shared port. */
    public void add(Device d) {
        devices.put(d.name, d);
    }

    /** The device list page as plain HTTP on this port answers it. */
    String deviceListHtml() {
        return DeviceListPage.html(devices.values(), port());
    }

    /** Adds a device reachable by name unless one has that name already (a device's announcement takes no name over); true if added. */
    /** The first message's deadline for the connections accepted from now on (tests shorten it). */
    void helloTimeout(int ms) {
        helloTimeoutMs = ms;
    }

    public boolean addIfAbsent(Device d) {
        return devices.putIfAbsent(d.name, d) == null;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                Thread t = new Thread(() -> serve(s), "gateway connection " + connections.incrementAndGet());
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** What one connection did, for its access-log line. */
    private static final class Entry {
        final String client;
        final long start = System.nanoTime();
        String device = "-";
        String outcome = "closed";
        final AtomicLong in = new AtomicLong();
        final AtomicLong out = new AtomicLong();

        Entry(Socket s) {
            client = s.getInetAddress().getHostAddress() + ":" + s.getPort();
        }

        String line() {
            return client + " -> " + device + ": " + outcome + ", " + in.get() + " bytes in, " + out.get() + " bytes out, "
                    + (System.nanoTime() - start) / 1_000_000 + " ms";
        }
    }

    private void serve(Socket client) {
        Entry e = new Entry(client);
        try (Socket c = client) {
            c.setTcpNoDelay(true);
            DeadlineInput deadline = new DeadlineInput(c, helloTimeoutMs);
            InputStream in = new BufferedInputStream(deadline);
            if (only != null) {
                forward(c, deadline, in, new byte[0], only, e);
                return;
            }
            in.mark(1);
            int first = in.read();
            in.reset();
            if (first < 0) {
                e.outcome = "closed before a byte";
            } else if (first == 22 || (first & 0x80) != 0) {
                routeTls(c, deadline, in, e);
            } else if (first >= 'A' && first <= 'Z') {
                deviceList(c, in, e);
            } else {
                e.outcome = "refused: neither TLS nor HTTP (first byte 0x" + Integer.toHexString(first) + ")";
            }
        } catch (SocketTimeoutException x) {
            e.outcome = "timed out before the client's first message ended";
        } catch (IOException x) {
            e.outcome = "failed: " + x.getMessage();
        } finally {
            accessLog.accept(e.line());
            forwarded.addAndGet(e.in.get() + e.out.get());
            addCpu();
        }
    }

    private void addCpu() {
        cpuNanos.addAndGet(java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
    }

    /** CPU time (ns) the connection threads that have ended spent, and the bytes they forwarded both ways. */
    public long[] cpuAndBytes() {
        return new long[] {cpuNanos.get(), forwarded.get()};
    }

    private void routeTls(Socket c, DeadlineInput deadline, InputStream in, Entry e) throws IOException {
        ClientHelloPeek hello;
        try {
            hello = ClientHelloPeek.read(in);
        } catch (ClientHelloPeek.Refused r) {
            e.outcome = "refused: " + r.getMessage();
            alert(c, r.alert, e);
            return;
        } catch (EOFException x) {
            e.outcome = "closed: " + x.getMessage();
            return;
        }
        e.in.addAndGet(hello.bytes.length);
        Device d = hello.serverName == null ? null : devices.get(hello.serverName);
        if (d == null) {
            e.device = hello.serverName == null ? "(no server_name)" : hello.serverName;
            e.outcome = "refused: no such device";
            alert(c, kssl.tls.Alert.UNRECOGNIZED_NAME, hello.clientVersion, e);
            return;
        }
        forward(c, deadline, in, hello.bytes, d, e);
    }

    /** A fatal alert in the clear, as a server would send it before its ServerHello (in a TLS 1.0 record). */
    private static void alert(Socket c, int description, Entry e) throws IOException {
        alert(c, description, kssl.tls.ProtocolVersion.TLS10, e);
    }

    /**
     * The same to a client whose hello said {@code clientVersion}: to an SSL 3.0 client in an
     * SSL 3.0 record and with a description SSL 3.0 defines (RFC 6101 5.4.2; kssl's
     * Alert.forVersion, unrecognized_name becoming handshake_failure).
     */
    private static void alert(Socket c, int description, int clientVersion, Entry e) throws IOException {
        boolean ssl3 = clientVersion == kssl.tls.ProtocolVersion.SSL30;
        int d = kssl.tls.Alert.forVersion(description, clientVersion);
        byte[] alert = {21, 3, (byte) (ssl3 ? 0 : 1), 0, 2, 2, (byte) d};
        c.getOutputStream().write(alert);
        c.getOutputStream().flush();
        e.out.addAndGet(alert.length);
    }

    /**
     * The access rule, the limit, then the device's stream: {@code first} (already read) and the
     * rest, both ways, with the client's first-message deadline lifted.
     */
    private void forward(Socket c, DeadlineInput deadline, InputStream in, byte[] first, Device d, Entry e) throws IOException {
        e.device = d.name;
        if (!d.access.allows(c.getInetAddress())) {
            e.outcome = "refused by the access rule (" + d.access + ")";
            return;
        }
        if (d.open.incrementAndGet() > d.maxConnections) {
            d.open.decrementAndGet();
            e.outcome = "refused: " + d.maxConnections + " connection" + (d.maxConnections == 1 ? "" : "s") + " already open";
            return;
        }
        Backend.Stream opened;
        try {
            opened = d.backend.open(HELLO_TIMEOUT_MS);
        } catch (SocketTimeoutException x) { // a radio device busy with another client, or not answering
            d.open.decrementAndGet();
            e.outcome = "timed out waiting for the device: " + x.getMessage();
            return;
        } catch (IOException | RuntimeException x) {
            d.open.decrementAndGet();
            throw x;
        }
        try (Backend.Stream dev = opened) {
            deadline.disarm();
            OutputStream toDevice = dev.output();
            toDevice.write(first);
            toDevice.flush();
            Thread up = new Thread(() -> {
                pump(in, toDevice, dev::shutdownOutput, e.in);
                addCpu();
            }, "to " + d.name);
            up.setDaemon(true);
            up.start();
            String failure = pump(dev.input(), c.getOutputStream(), c::shutdownOutput, e.out);
            if (failure != null) {
                c.close(); // the device's path failed (a link closed, a malformed record): the client must not wait
            }
            up.join(HELLO_TIMEOUT_MS);
            e.outcome = failure == null ? "forwarded" : "forwarded, then ended: " + failure;
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            e.outcome = "interrupted";
        } finally {
            d.open.decrementAndGet();
        }
    }

    /** The end of one direction: half-closes what the bytes went to. */
    private interface End {
        void run() throws IOException;
    }

    /**
     * Copies until the end of {@code from}, then ends {@code to} (a half-close, so the other
     * side sees it); returns null at a clean end, else why reading or writing failed.
     */
    private static String pump(InputStream from, OutputStream to, End end, AtomicLong count) {
        byte[] b = new byte[4096];
        String failure = null;
        try {
            for (int n; (n = from.read(b)) > 0; ) {
                to.write(b, 0, n);
                to.flush();
                count.addAndGet(n);
            }
        } catch (IOException x) {
            failure = String.valueOf(x.getMessage()); // a reset on either side ends this direction
        }
        try {
            end.run();
        } catch (IOException x) {
            // already closed
        }
        return failure;
    }

    /** Plain HTTP on the shared port: the device list, whatever the path (it is the only page). */
    private void deviceList(Socket c, InputStream in, Entry e) throws IOException {
        e.device = "(device list)";
        if (!access.allows(c.getInetAddress())) {
            e.outcome = "refused by the access rule (" + access + ")";
            return;
        }
        int head = readHead(in);
        e.in.addAndGet(head);
        byte[] body = deviceListHtml().getBytes(StandardCharsets.UTF_8);
        String status = head < 0 ? "431 Request Header Fields Too Large" : "200 OK";
        byte[] reply = ("HTTP/1.1 " + status + "\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: "
                + (head < 0 ? 0 : body.length) + "\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        OutputStream out = c.getOutputStream();
        out.write(reply);
        if (head >= 0) {
            out.write(body);
        }
        out.flush();
        e.out.addAndGet(reply.length + (head < 0 ? 0 : body.length));
        e.outcome = "HTTP " + status.substring(0, 3);
    }

    /** Reads a request head up to its blank line: its length, or -1 if it is longer than MAX_REQUEST_HEAD. */
    private static int readHead(InputStream in) throws IOException {
        int n = 0;
        int last4 = 0;
        while (n < MAX_REQUEST_HEAD) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("the client closed after " + n + " bytes of its request head");
            }
            n++;
            last4 = (last4 << 8) | b;
            if (last4 == 0x0D0A0D0A || (last4 & 0xFFFF) == 0x0A0A) {
                return n;
            }
        }
        return -1;
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closing
        }
    }
}
