package kssl.midlet;

import java.util.Vector;
import javax.microedition.lcdui.ChoiceGroup;
import javax.microedition.lcdui.Command;
import javax.microedition.lcdui.CommandListener;
import javax.microedition.lcdui.Display;
import javax.microedition.lcdui.Displayable;
import javax.microedition.lcdui.Form;
import javax.microedition.lcdui.List;
import javax.microedition.lcdui.StringItem;
import javax.microedition.lcdui.TextField;
import javax.microedition.midlet.MIDlet;
import ksecurity.prim.Entropy;
import ksecurity.prim.EntropySource;
import ksecurity.prim.StoredSeedEntropy;
import ksecurity.security.RandomData;
import kssl.tls.Profile;

/**
 * The thermostat MIDlet: the gateway's devices in a list, a device's page over KSSL, and its
 * settings (setpoint, mode, password) sent as POST /config. Its JAD says where the gateway is
 * (Sizzle-Gateway: http://HOST:PORT/), which devices it may reach and how to trust them
 * (Sizzle-Device-N: NAME modern|legacy, and its CA certificate's DER in base64 in pieces,
 * Sizzle-Device-N-CA-1, -2, ..., since JAD lines are short) and gives the phone's random generator
 * its provisioned seed (Sizzle-Seed: 64 hex digits, credited in full: the record store keeps
 * and replaces it). With Sizzle-Auto (NAME SETPOINT MODE PASSWORD) it runs those steps itself
 * through the same screens and exits: the headless emulator's way. Every step is also
 * printed, "midlet: ..." lines. Network work runs on its own thread, as MIDP asks.
 */
public final class ThermostatMidlet extends MIDlet implements CommandListener, Runnable {
    private static final String[] MODES = {"heat", "cool", "off"};
    private final Command open = new Command("Open", Command.ITEM, 1);
    private final Command refresh = new Command("Refresh", Command.SCREEN, 2);
    private final Command set = new Command("Set", Command.OK, 1);
    private final Command back = new Command("Back", Command.BACK, 2);
    private final Command exit = new Command("Exit", Command.EXIT, 3);

    private GatewayClient gateway;
    private List devices;
    private Form device;
    private StringItem page;
    private TextField setpoint;
    private ChoiceGroup mode;
    private TextField password;
    private String current;
    /** The work for the network thread: a Command of ours. */
    private Command pending;
    private String[] auto;
    private boolean started;
    /** Sizzle-Auto: the settings went once; the next page shows their effect. */
    private boolean settingsSent;

    protected void startApp() {
        if (started) {
            return;
        }
        started = true;
        devices = new List("Devices", List.IMPLICIT);
        devices.addCommand(refresh);
        devices.addCommand(exit);
        devices.setCommandListener(this);
        page = new StringItem(null, "");
        setpoint = new TextField("Setpoint (deg C)", "", 5, TextField.DECIMAL);
        mode = new ChoiceGroup("Mode", ChoiceGroup.EXCLUSIVE, MODES, null);
        password = new TextField("Password", "", 64, TextField.PASSWORD);
        device = new Form("Thermostat");
        device.append(page);
        device.append(setpoint);
        device.append(mode);
        device.append(password);
        device.addCommand(set);
        device.addCommand(back);
        device.setCommandListener(this);
        Display.getDisplay(this).setCurrent(devices);
        try {
            gateway = configure();
        } catch (Exception e) {
            say("cannot start: ".concat(String.valueOf(e.getMessage())));
            finish();
            return;
        }
        String a = getAppProperty("Sizzle-Auto");
        if (a != null) {
            auto = words(a);
        }
        submit(refresh);
    }

    /** The gateway, the devices' trust and the seed, from the JAD. */
    private GatewayClient configure() throws Exception {
        String url = getAppProperty("Sizzle-Gateway");
        if (url == null) {
            throw new IllegalStateException("no Sizzle-Gateway in the JAD");
        }
        String seed = getAppProperty("Sizzle-Seed");
        EntropySource source = Entropy.source();
        if (seed != null && source instanceof StoredSeedEntropy) {
            byte[] b = hex(seed.trim());
            ((StoredSeedEntropy) source).addSeed(b, 0, b.length, 8 * b.length);
        }
        GatewayClient g = new GatewayClient(url.trim(), RandomData.getInstance(RandomData.ALG_SECURE_RANDOM));
        for (int n = 1;; n++) {
            String key = "Sizzle-Device-".concat(String.valueOf(n));
            String d = getAppProperty(key);
            if (d == null) {
                return g;
            }
            StringBuffer ca = new StringBuffer();
            for (int k = 1;; k++) {
                String piece = getAppProperty(key.concat("-CA-").concat(String.valueOf(k)));
                if (piece == null) {
                    break;
                }
                ca.append(piece.trim());
            }
            String[] w = words(d);
            g.addDevice(w[0], w[1].equals("legacy") ? Profile.LEGACY : Profile.MODERN, ca.toString());
        }
    }

    public void commandAction(Command c, Displayable d) {
        if (c == exit) {
            finish();
        } else if (c == back) {
            Display.getDisplay(this).setCurrent(devices);
        } else if (c == List.SELECT_COMMAND || c == open) {
            if (devices.getSelectedIndex() >= 0) {
                current = devices.getString(devices.getSelectedIndex());
                submit(open);
            }
        } else {
            submit(c);
        }
    }

    private synchronized void submit(Command c) {
        pending = c;
        new Thread(this).start();
    }

    /** The network thread: one command's work, then (Sizzle-Auto) the next step. */
    public void run() {
        Command c;
        synchronized (this) {
            c = pending;
        }
        try {
            if (c == refresh) {
                showList();
            } else if (c == open) {
                showDevice();
            } else if (c == set) {
                sendSettings();
            }
        } catch (Throwable e) {
            // an Error too (a class this phone lacks): said, and the run ends
            say("failed: ".concat(e.toString()));
            if (auto != null) {
                finish();
            }
        }
    }

    private void showList() throws Exception {
        Vector names = gateway.listDevices();
        devices.deleteAll();
        StringBuffer s = new StringBuffer("devices:");
        for (int i = 0; i < names.size(); i++) {
            String name = (String) names.elementAt(i);
            devices.append(name, null);
            s.append(' ').append(name);
        }
        say(s.toString());
        if (auto != null) {
            for (int i = 0; i < names.size(); i++) {
                if (names.elementAt(i).equals(auto[0])) {
                    devices.setSelectedIndex(i, true);
                    commandAction(List.SELECT_COMMAND, devices);
                    return;
                }
            }
            say("not on the list: ".concat(auto[0]));
            finish();
        }
    }

    private void showDevice() throws Exception {
        GatewayClient.Reply r = gateway.get(current, "/");
        say("GET https://".concat(current).concat("/ -> ").concat(String.valueOf(r.code)).concat(" over ").concat(r.tls));
        String text = GatewayClient.text(r.body);
        say("page: ".concat(text.replace('\n', ' ')));
        page.setText(text);
        String sp = GatewayClient.setpoint(r.body);
        setpoint.setString(sp == null ? "" : sp);
        device.setTitle(current);
        Display.getDisplay(this).setCurrent(device);
        if (auto != null) {
            if (auto.length == 4 && !settingsSent) {
                settingsSent = true;
                setpoint.setString(auto[1]);
                for (int i = 0; i < MODES.length; i++) {
                    mode.setSelectedIndex(i, MODES[i].equals(auto[2]));
                }
                password.setString(auto[3]);
                commandAction(set, device);
            } else {
                say(auto.length == 4 ? "setpoint now ".concat(String.valueOf(sp)) : "done");
                finish();
            }
        }
    }

    private void sendSettings() throws Exception {
        String m = MODES[mode.getSelectedIndex()];
        GatewayClient.Reply r = gateway.setThermostat(current, setpoint.getString(), m, password.getString());
        password.setString("");
        say("POST https://".concat(current).concat("/config setpoint=").concat(setpoint.getString()).concat(" mode=")
                .concat(m).concat(" -> ").concat(String.valueOf(r.code)).concat(" over ").concat(r.tls));
        if (r.code != 303) {
            page.setText("Not set: HTTP ".concat(String.valueOf(r.code)).concat(r.code == 401 ? " (wrong password)" : ""));
            if (auto != null) {
                finish();
            }
            return;
        }
        showDevice();
    }

    private void say(String line) {
        System.out.println("midlet: ".concat(line));
    }

    private void finish() {
        say("exit");
        notifyDestroyed();
    }

    protected void pauseApp() {
    }

    protected void destroyApp(boolean unconditional) {
    }

    private static String[] words(String s) {
        Vector w = new Vector();
        int start = -1;
        for (int i = 0; i <= s.length(); i++) {
            boolean blank = i == s.length() || s.charAt(i) == ' ';
            if (!blank && start < 0) {
                start = i;
            } else if (blank && start >= 0) {
                w.addElement(s.substring(start, i));
                start = -1;
            }
        }
        String[] a = new String[w.size()];
        w.copyInto(a);
        return a;
    }

    private static byte[] hex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
