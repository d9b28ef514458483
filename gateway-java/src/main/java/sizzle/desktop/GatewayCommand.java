package sizzle.desktop;

import java.util.ArrayList;
import java.util.List;
import kssl.tls.Profile;
import sizzle.gateway.front.AccessRule;

/**
 * {@code ./sizzle gateway [--port N] [--allow CIDR]... [--device PLATFORM[:BUILD][:link]]... [--realtime]}: devices
 * on this machine behind the gateway (LocalGateway), serving until interrupted. PLATFORM is avr
 * (a simulated Mica2), msp430 (a simulated TelosB), host (the firmware built for this machine)
 * java (the Java Sizzle server) or javamote (it on a Java mote over the simulated radio); BUILD is modern, legacy-ecc or legacy-rsa (the motes'
 * default: the demo's); :link reaches a C firmware device over the radio link protocol (LINK.md:
 * the Mica2 on the simulated CC1000, the others on the CC2420, in real time; the demo's Mica2 is
 * so). The shared port (default 8443) routes TLS by server_name and answers
 * plain HTTP with the device list; each device also has a port of its own. --allow limits who
 * may connect (default: this machine only). --realtime paces the simulated motes at their clocks
 * (7.3728 MHz, 8 MHz), so that a browser meets a mote's real speed. Every connection is logged on stdout.
 */
public final class GatewayCommand {
    static final int DEFAULT_PORT = 8443;

    private GatewayCommand() {
    }

    public static void main(String[] args) throws Exception {
        int port = DEFAULT_PORT;
        List<String> allow = new ArrayList<>();
        List<String[]> devices = new ArrayList<>();
        boolean realtime = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--port" -> port = Options.port(Options.value(args, i++));
                    case "--allow" -> allow.add(Options.value(args, i++));
                    case "--device" -> devices.add(device(Options.value(args, i++)));
                    case "--realtime" -> realtime = true;
                    default -> throw new Options.Usage("unknown argument '" + args[i] + "' (./sizzle help)");
                }
            }
            if (devices.isEmpty()) {
                devices.addAll(List.of(DemoCommand.MOTES));
                devices.add(new String[] {"java", "modern"});
            }
            AccessRule rule;
            try {
                rule = allow.isEmpty() ? AccessRule.allow("127.0.0.0/8", "::1/128") : AccessRule.allow(allow.toArray(new String[0]));
            } catch (IllegalArgumentException e) {
                throw new Options.Usage("--allow: " + e.getMessage());
            }
            serve(port, rule, devices, realtime);
        } catch (Options.Usage e) {
            Options.exit("gateway", e.getMessage());
        } catch (java.io.IOException | IllegalStateException | ksecurity.cert.CertificateException e) {
            Options.fail("gateway", String.valueOf(e.getMessage()), 1);
        }
    }

    /** PLATFORM[:BUILD][:link], checked. */
    static String[] device(String spec) {
        String[] p = spec.split(":", -1);
        if (p.length > 3 || !List.of("avr", "msp430", "host", "java", "javamote").contains(p[0])) {
            throw new Options.Usage("--device must be avr, msp430, host, java or javamote, with :BUILD if you like, not '" + spec + "'");
        }
        if (p.length == 3 && (!p[2].equals("link") || p[0].startsWith("java"))) {
            throw new Options.Usage("--device " + spec + ": the third part is 'link' (a C firmware device over the radio link protocol)");
        }
        boolean java = p[0].startsWith("java");
        String build = p.length >= 2 ? p[1] : java || p[0].equals("host") ? "modern" : DemoCommand.MOTES[0][1];
        if (!List.of("modern", "legacy-ecc", "legacy-rsa").contains(build) || (java && build.equals("legacy-rsa"))) {
            throw new Options.Usage("--device " + p[0] + ": the build is modern, legacy-ecc or legacy-rsa (java: modern or legacy-ecc), not '" + build + "'");
        }
        return p.length == 3 ? new String[] {p[0], build, "link"} : new String[] {p[0], build};
    }

    private static void serve(int port, AccessRule rule, List<String[]> devices, boolean realtime) throws Exception {
        LocalGateway g = new LocalGateway(SimulatedMote.projectRoot().resolve("target/sizzle/gateway"), port, rule,
                line -> System.out.println("access: " + line));
        Runtime.getRuntime().addShutdownHook(new Thread(g::close));
        for (String[] d : devices) {
            if (d[0].equals("java")) {
                g.addJavaServer(d[1].equals("modern") ? Profile.MODERN : Profile.LEGACY, line -> System.out.println("java: " + line));
            } else if (d[0].equals("javamote")) {
                g.addJavaMote(d[1].equals("modern") ? Profile.MODERN : Profile.LEGACY, line -> System.out.println("javamote: " + line));
            } else {
                System.out.println("building the " + d[1] + " firmware for " + SimulatedMote.describe(d[0]) + " and starting it"
                        + (DemoCommand.overLink(d) ? " over the radio link protocol, in real time"
                                : realtime && !d[0].equals("host") ? " at its real speed" : "") + " ...");
                g.addMote(d[0], d[1], realtime, DemoCommand.overLink(d), line -> System.out.println(d[0] + ": " + line));
            }
        }
        System.out.println("gateway: device list http://localhost:" + g.sharedPort() + "/ (clients allowed: " + rule + ")");
        for (LocalGateway.Member m : g.members()) {
            System.out.println(DemoCommand.describe(m, g.sharedPort()));
        }
        System.out.println("serving until interrupted (Ctrl-C)");
        Thread.currentThread().join();
    }
}
