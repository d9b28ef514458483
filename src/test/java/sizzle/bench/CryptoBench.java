package sizzle.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import ksecurity.math.EcKernel;
import ksecurity.math.Kernels;
import ksecurity.math.ModExpKernel;

/**
 * `./sizzle bench crypto`: ECDH and ECDSA per curve and RSA private operations for KSecurity on
 * its pure-Java and native kernels, Bouncy Castle, the JDK and OpenSSL, all in one run on this
 * machine, with the ratios the goals are stated in; then the motes' cycle counts from the
 * simulators beside the papers' and micro-ecc's. Options: --json FILE, --quick (short rounds,
 * for a smoke run), --no-mote.
 */
public final class CryptoBench {
    private static final String[] CURVES = {"secp160r1", "secp192r1", "secp224r1", "secp256r1"};
    private static final int[] RSA_BITS = {1024, 2048};

    private CryptoBench() {
    }

    /** The metric name of a curve: crypto.p256..., crypto.secp160r1... */
    static String shortName(String curve) {
        return curve.equals("secp160r1") ? "secp160r1" : "p" + curve.substring(4, 7);
    }

    public static void main(String[] args) throws Exception {
        Path json = null;
        boolean quick = false, mote = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--json" -> {
                    if (i + 1 >= args.length) fail("--json needs a file name");
                    json = Path.of(args[++i]);
                }
                case "--quick" -> quick = true;
                case "--no-mote" -> mote = false;
                default -> fail("unknown option " + args[i] + " (--json FILE, --quick, --no-mote)");
            }
        }
        double seconds = quick ? 0.2 : 1.0;
        int rounds = quick ? 1 : 3;

        List<Contender> contenders = new ArrayList<>();
        contenders.add(new KSecurityContender("java", Kernels.javaEc(), Kernels.javaModExp()));
        Object nat = Class.forName("ksecurity.jni.NativeKernels").getDeclaredConstructor().newInstance();
        contenders.add(new KSecurityContender("native", (EcKernel) nat, (ModExpKernel) nat));
        contenders.add(new BouncyCastleContender());
        contenders.add(new JdkContender());

        Table t = new Table(List.of("java", "native", "bc", "jdk", "openssl"));
        for (String curve : CURVES) {
            String p = "crypto." + shortName(curve);
            for (Contender c : contenders) {
                measure(t, p + ".ecdh_per_s", c.column(), c.ecdh(curve), seconds, rounds);
                measure(t, p + ".ecdsa_sign_per_s", c.column(), c.ecdsaSign(curve), seconds, rounds);
                measure(t, p + ".ecdsa_verify_per_s", c.column(), c.ecdsaVerify(curve), seconds, rounds);
                measure(t, p + ".ecdsa_verify_one_shot_per_s", c.column(), c.ecdsaVerifyOneShot(curve), seconds, rounds);
            }
        }
        for (int bits : RSA_BITS) {
            for (Contender c : contenders) {
                measure(t, "crypto.rsa" + bits + ".private_per_s", c.column(), c.rsaPrivate(bits), seconds, rounds);
            }
        }

        List<String> algs = new ArrayList<>();
        for (String curve : CURVES) {
            algs.add("ecdhp" + curve.substring(4, 7));
            algs.add("ecdsap" + curve.substring(4, 7));
        }
        for (int bits : RSA_BITS) algs.add("rsa" + bits);
        OpenSsl ossl = OpenSsl.speed(quick ? 1 : 3, algs);
        for (String curve : CURVES) {
            String p = "crypto." + shortName(curve), b = curve.substring(4, 7);
            putIf(t, p + ".ecdh_per_s", ossl.get("ecdh" + b));
            putIf(t, p + ".ecdsa_sign_per_s", ossl.get("ecdsa" + b + ".sign"));
            putIf(t, p + ".ecdsa_verify_per_s", ossl.get("ecdsa" + b + ".verify"));
        }
        for (int bits : RSA_BITS) putIf(t, "crypto.rsa" + bits + ".private_per_s", ossl.get("rsa" + bits + ".sign"));

        t.print(String.format("KSecurity crypto benchmark (median of %d rounds of %.1f s of thread CPU time; %s; %s %s; %d cores)", rounds,
                seconds, ossl.version, System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors()));
        System.out.println();
        printRatios(t);
        if (mote) MoteCycles.report(t);
        if (json != null) {
            t.writeJson(json);
            System.out.println("wrote " + json);
        }
    }

    private static void measure(Table t, String row, String column, Rate.Op op, double seconds, int rounds)
            throws Exception {
        if (op != null) t.put(row, column, Rate.of(op, seconds, rounds), "ops/s");
    }

    private static void putIf(Table t, String row, Double v) {
        if (v != null) t.put(row, "openssl", v, "ops/s");
    }

    private static void printRatios(Table t) {
        System.out.println("ratios                            native/openssl  native/bc  java/bc");
        for (String curve : CURVES) {
            for (String op : new String[] {"ecdh", "ecdsa_sign", "ecdsa_verify", "ecdsa_verify_one_shot"}) {
                String row = "crypto." + shortName(curve) + "." + op + "_per_s";
                System.out.printf("%-34s%14s%11s%9s%n", shortName(curve) + " " + op, ratio(t, row, "native", "openssl"),
                        ratio(t, row, "native", "bc"), ratio(t, row, "java", "bc"));
            }
        }
        for (int bits : RSA_BITS) {
            String row = "crypto.rsa" + bits + ".private_per_s";
            System.out.printf("%-34s%14s%11s%9s%n", "rsa" + bits + " private", ratio(t, row, "native", "openssl"),
                    ratio(t, row, "native", "bc"), ratio(t, row, "java", "bc"));
        }
        System.out.println();
        System.out.println("goals");
        goal(t, "crypto.p256.ecdh_per_s", "native", "openssl", 0.5);
        goal(t, "crypto.p256.ecdh_per_s", "native", "bc", 2.0);
        goal(t, "crypto.p256.ecdh_per_s", "java", "bc", 1.0);
        goal(t, "crypto.secp160r1.ecdh_per_s", "native", "openssl", 2.0);
        // issue 7: verification of one key again and again (both keep tables for such a key)
        for (String curve : CURVES) {
            String row = "crypto." + shortName(curve) + ".ecdsa_verify_per_s";
            goal(t, row, "java", "bc", 1.0);
            goal(t, row, "native", "bc", 1.0);
        }
        goal(t, "crypto.p256.ecdsa_verify_per_s", "native", "openssl", 0.8);
        System.out.println();
    }

    private static String ratio(Table t, String row, String a, String b) {
        Double x = t.get(row, a), y = t.get(row, b);
        return x == null || y == null ? "-" : String.format("%.2f", x / y);
    }

    private static void goal(Table t, String row, String a, String b, double want) {
        Double x = t.get(row, a), y = t.get(row, b);
        if (x == null || y == null) return;
        double r = x / y;
        System.out.printf("  %-34s %s/%s = %.2f (goal >= %.1f): %s%n", row, a, b, r, want, r >= want ? "met" : "NOT met");
    }

    static void fail(String why) {
        System.err.println("bench crypto: " + why);
        System.exit(2);
    }

    /** Cycle counts from the simulators, by `make -C native mote-bench` (lines "metric value unit"). */
    static final class MoteCycles {
        static void report(Table t) throws Exception {
            Process p = new ProcessBuilder("make", "-s", "-C", "native", "mote-bench").redirectErrorStream(true).start();
            List<String> lines = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
                String line;
                while ((line = r.readLine()) != null) lines.add(line);
            }
            if (p.waitFor() != 0) {
                System.out.println("mote cycles: make -C native mote-bench failed:");
                lines.forEach(l -> System.out.println("  " + l));
                fail("mote benchmark failed");
            }
            System.out.println("mote cycle counts (simavr ATmega128, mspdebug sim MSP430F1611: mspdebug 0.22 over-counts"
                    + " constant-generator operands, so its cycles read ~10% high)");
            for (String line : lines) {
                int hash = line.indexOf('#');
                String note = hash > 0 ? "  " + line.substring(hash) : "";
                String[] f = (hash > 0 ? line.substring(0, hash) : line).trim().split("\\s+");
                if (f.length == 3 && f[0].contains(".")) {
                    try {
                        double v = Double.parseDouble(f[1]);
                        t.metric(f[0], v, f[2]);
                        String shown = Math.abs(v) < 100 ? String.format("%.2f", v) : String.format("%,.0f", v);
                        System.out.printf("  %-52s %14s %s%s%n", f[0], shown, f[2], note);
                        continue;
                    } catch (NumberFormatException e) {
                        // a line of prose: shown as it is
                    }
                }
                System.out.println("  " + line);
            }
            System.out.println("  anchors: Gura et al. CHES 2004 secp160r1 on ATmega128 ~6.5 M cycles;"
                    + " micro-ecc measured here ~7.8 M (secp160r1), ~37.3 M (P-256)");
        }
    }
}
