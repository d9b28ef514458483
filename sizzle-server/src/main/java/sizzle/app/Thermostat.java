package sizzle.app;

import sizzle.http.Ascii;

/**
 * The reference application's device: a room temperature read from a sensor, a setpoint
 * within fixed bounds and a mode. Temperatures are integers in tenths of a degree Celsius, as
 * a mote without floating point keeps them, and print with exactly one decimal ("21.5").
 */
public final class Thermostat {
    public static final int OFF = 0;
    public static final int HEAT = 1;
    public static final int COOL = 2;
    /** Setpoint bounds in tenths of a degree: 5.0 to 30.0 C. */
    public static final int MIN_SETPOINT = 50;
    public static final int MAX_SETPOINT = 300;
    /** Setpoint and mode at power-up: 20.0 C, off. */
    public static final int INITIAL_SETPOINT = 200;
    /** Longest device name or kind. */
    public static final int MAX_LABEL = 32;

    private static final byte[][] MODE_NAMES = {Ascii.bytes("off"), Ascii.bytes("heat"), Ascii.bytes("cool")};

    private final byte[] name;
    private final byte[] kind;
    private final TemperatureSensor sensor;
    private int setpoint = INITIAL_SETPOINT;
    private int mode = OFF;

    /**
     * {@code name} ("thermostat-1") and {@code kind} ("Java", "SPOT", "AVR", "MSP430"): 1 to
     * {@link #MAX_LABEL} of the characters A-Z a-z 0-9 space . _ - so that pages show them
     * without escaping.
     */
    public Thermostat(String name, String kind, TemperatureSensor sensor) {
        this.name = label(name);
        this.kind = label(kind);
        this.sensor = sensor;
    }

    public byte[] name() {
        return name;
    }

    public byte[] kind() {
        return kind;
    }

    /** The room temperature now, in tenths of a degree Celsius. */
    public int temperature() {
        return sensor.tenthsCelsius();
    }

    public synchronized int setpoint() {
        return setpoint;
    }

    public synchronized int mode() {
        return mode;
    }

    /** Sets both; fails for a setpoint out of bounds or an unknown mode. */
    public synchronized void set(int newSetpoint, int newMode) {
        if (newSetpoint < MIN_SETPOINT || newSetpoint > MAX_SETPOINT || newMode < OFF || newMode > COOL) {
            throw new IllegalArgumentException("setpoint or mode out of range");
        }
        setpoint = newSetpoint;
        mode = newMode;
    }

    /** "off", "heat" or "cool" (shared constants: do not modify). */
    public static byte[] modeName(int mode) {
        return MODE_NAMES[mode];
    }

    /** The mode named by b[0..length), or -1. */
    public static int parseMode(byte[] b, int length) {
        for (int m = OFF; m <= COOL; m++) {
            byte[] n = MODE_NAMES[m];
            if (length == n.length && startsWith(b, n)) {
                return m;
            }
        }
        return -1;
    }

    /**
     * Tenths of a degree from "21", "21.5" (one to three digits, optionally a point and one
     * digit; no sign, no exponent), or -1 if b[0..length) is not that.
     */
    public static int parseTenths(byte[] b, int length) {
        int i = 0;
        int v = 0;
        while (i < length && i < 3 && b[i] >= '0' && b[i] <= '9') {
            v = v * 10 + (b[i++] - '0');
        }
        if (i == 0) {
            return -1;
        }
        v *= 10;
        if (i == length) {
            return v;
        }
        if (i + 2 == length && b[i] == '.' && b[i + 1] >= '0' && b[i + 1] <= '9') {
            return v + (b[i + 1] - '0');
        }
        return -1;
    }

    /** "21.5", "-0.5", "0.0": the sign if negative, the whole degrees, a point, one digit. */
    public static byte[] formatTenths(int t) {
        byte[] buf = new byte[13];
        int n = 0;
        long v = t;
        if (v < 0) {
            buf[n++] = '-';
            v = -v;
        }
        n = Ascii.decimal((int) (v / 10), buf, n);
        buf[n++] = '.';
        buf[n++] = (byte) ('0' + v % 10);
        byte[] out = new byte[n];
        System.arraycopy(buf, 0, out, 0, n);
        return out;
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (b[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] label(String s) {
        if (s.length() < 1 || s.length() > MAX_LABEL) {
            throw new IllegalArgumentException("label must be 1 to 32 characters");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == ' ' || c == '.' || c == '_' || c == '-';
            if (!ok) {
                throw new IllegalArgumentException("label characters: A-Z a-z 0-9 space . _ -");
            }
        }
        return Ascii.bytes(s);
    }
}
