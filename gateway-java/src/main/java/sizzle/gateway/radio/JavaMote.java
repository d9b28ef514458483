package sizzle.gateway.radio;

import sizzle.link.DeviceLink;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;

/**
 * A Java mote on the simulated medium: a {@link DeviceLink} whose radio is on only while the
 * link's duty cycle says so. A Sizzle server sits on its listener (sizzle.gateway.bridge's
 * JavaMoteServer), or a test's. {@link #reset}
 * stands for a power cycle (all link state lost, the duty cycle begins again); {@link
 * #vanish} for a mote carried out of range.
 */
public final class JavaMote implements RadioStation {
    private final RadioMedium medium;
    private final LinkConfig cfg;
    private final LinkListener listener;
    private EndpointDriver driver;
    private DeviceLink link;
    private boolean gone;

    public JavaMote(RadioMedium medium, LinkConfig cfg, LinkListener listener) {
        this.medium = medium;
        this.cfg = cfg;
        this.listener = listener;
        boot();
        medium.join(this);
    }

    private void boot() {
        link = new DeviceLink(cfg);
        driver = new EndpointDriver(medium, this, link);
        link.attach(driver, listener);
    }

    public Simulator simulator() {
        return medium.simulator();
    }

    public DeviceLink link() {
        return link;
    }

    /** Starts the duty cycle: first READY-SLEEP at {@code atMs}. */
    public void start(long atMs) {
        link.start(atMs);
        driver.poke();
    }

    public int address() {
        return cfg.address;
    }

    public boolean radioOn() {
        return !gone && link.radioOn();
    }

    public void hear(byte[] frame) {
        driver.hear(frame);
    }

    public void poke() {
        driver.poke();
    }

    /** Loses every bit of link state and boots again, polling from {@code atMs}. */
    public void reset(long atMs) {
        driver.detach();
        boot();
        start(atMs);
    }

    public void vanish() {
        gone = true;
        driver.detach();
        medium.leave(this);
    }
}
