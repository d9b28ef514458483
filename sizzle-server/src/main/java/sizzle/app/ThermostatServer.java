package sizzle.app;

import ksecurity.security.RandomData;
import kssl.tls.ServerIdentity;
import kssl.tls.SessionCache;
import kssl.tls.TlsConfig;
import sizzle.ConnectionSource;
import sizzle.Deadlines;
import sizzle.Log;
import sizzle.SizzleServer;
import sizzle.http.Clock;
import sizzle.http.HttpConnectionLoop;
import sizzle.http.SystemClock;

/**
 * The server's assembly, the same on every device (the desktop, the SPOT, the tests): the
 * thermostat and its password gate behind the HTTP loop, over TLS with the device's identity,
 * in one of the two connection modes, within deadlines. Defaults are a mote's (one connection,
 * {@link Deadlines#MOTE}, 8 sessions, 256-byte writes, no Date header: a device that has not
 * been told the time); the desktop says otherwise.
 * <pre>
 *   SizzleServer s = new ThermostatServer(Profile.MODERN, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
 *       .identity(id).password(secret).device("thermostat-1", "SPOT", sensor).log(log)
 *       .build(transports);   // refuses a weak random source, saying why
 *   new Thread(s).start();
 * </pre>
 */
public final class ThermostatServer {
    /** Bytes per write of the HTTP layer by default: a small device's record payload. */
    public static final int DEFAULT_CHUNK = 256;

    private final TlsConfig config;
    private int identities;
    private byte[] password;
    private int passwordClients = PasswordGate.DEFAULT_CLIENTS;
    private String name;
    private String kind;
    private TemperatureSensor sensor;
    private int maxConnections = 1;
    private boolean oneConnection = true;
    private Deadlines deadlines = Deadlines.MOTE;
    private Clock clock = new SystemClock();
    private Clock dates;
    private int chunk = DEFAULT_CHUNK;
    private Log log;
    private Thermostat thermostat;

    /** A server of {@code profile} whose keys and session ids come from {@code random}. */
    public ThermostatServer(int profile, RandomData random) {
        config = TlsConfig.server(profile, random);
    }

    /** A certificate chain and its key (at least one). */
    public ThermostatServer identity(ServerIdentity id) {
        config.addIdentity(id);
        identities++;
        return this;
    }

    /** Sessions kept for abbreviated handshakes (8 unless told). */
    public ThermostatServer sessions(int n) {
        config.setSessionCache(new SessionCache(n));
        return this;
    }

    /** Runs on a weak random source anyway: tests and demos only (TlsConfig.allowWeakRandom). */
    public ThermostatServer allowWeakRandom(String why) {
        config.allowWeakRandom(why);
        return this;
    }

    /** The TLS configuration being assembled, for what the builder does not cover (suites, versions). */
    public TlsConfig config() {
        return config;
    }

    /** The password of POST /config, 1 to {@link PasswordGate#MAX_LENGTH} bytes (copied at build). */
    public ThermostatServer password(byte[] p) {
        password = p;
        return this;
    }

    /** How many clients the password's back-off tracks apart ({@link PasswordGate#DEFAULT_CLIENTS}). */
    public ThermostatServer passwordClients(int n) {
        passwordClients = n;
        return this;
    }

    /** The device: its name and kind as the pages show them (Thermostat's rules), its sensor. */
    public ThermostatServer device(String deviceName, String deviceKind, TemperatureSensor s) {
        name = deviceName;
        kind = deviceKind;
        sensor = s;
        return this;
    }

    /** The mote's mode (the default): one connection at a time. */
    public ThermostatServer oneConnection() {
        oneConnection = true;
        maxConnections = 1;
        return this;
    }

    /** Up to {@code max} connections at once, a thread each. */
    public ThermostatServer multiConnection(int max) {
        oneConnection = false;
        maxConnections = max;
        return this;
    }

    public ThermostatServer deadlines(Deadlines d) {
        deadlines = d;
        return this;
    }

    /** The clock of the deadlines and the password's back-off (the system's unless told). */
    public ThermostatServer clock(Clock c) {
        clock = c;
        return this;
    }

    /** The wall clock for the Date header, on a device that knows the time (none unless told). */
    public ThermostatServer dates(Clock wall) {
        dates = wall;
        return this;
    }

    /** The most bytes per write of the HTTP layer (a TLS record's payload). */
    public ThermostatServer chunk(int bytes) {
        chunk = bytes;
        return this;
    }

    /** Where the server's one-line reports go. */
    public ThermostatServer log(Log l) {
        log = l;
        return this;
    }

    /**
     * The server on the connections of {@code transports}. Fails (IllegalArgumentException)
     * without an identity, a password or a device, and (IllegalStateException, saying why) on
     * a weak random source that was not allowed.
     */
    public SizzleServer build(ConnectionSource transports) {
        if (identities == 0 || password == null || sensor == null || log == null) {
            throw new IllegalArgumentException("a server needs an identity, a password, a device and a log");
        }
        thermostat = new Thermostat(name, kind, sensor);
        PasswordGate gate = new PasswordGate(password, clock, passwordClients);
        HttpConnectionLoop http = new HttpConnectionLoop(new ThermostatApp(thermostat, gate), chunk, dates);
        return oneConnection ? SizzleServer.oneConnection(transports, config, http, deadlines, clock, log)
                : SizzleServer.multiConnection(transports, config, http, maxConnections, deadlines, clock, log);
    }

    /** The device of the last server built (its setpoint and mode), or null before {@link #build}. */
    public Thermostat thermostat() {
        return thermostat;
    }
}
