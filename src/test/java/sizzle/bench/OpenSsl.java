package sizzle.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * `openssl speed` in machine-readable mode (-mr), run in the same benchmark: +F2 lines are RSA
 * (bits, sign/s, verify/s), +F4 ECDSA (bits, sign/s, verify/s), +F5 ECDH (bits, ops/s).
 */
final class OpenSsl {
    final Map<String, Double> rates = new HashMap<>();
    final String version;

    private OpenSsl(String version) {
        this.version = version;
    }

    /** Runs the given algorithms (e.g. ecdhp256, ecdsap256, rsa2048) for `seconds` each. */
    static OpenSsl speed(int seconds, List<String> algorithms) throws Exception {
        OpenSsl o = new OpenSsl(run(List.of("openssl", "version"), 10).trim());
        List<String> cmd = new java.util.ArrayList<>(List.of("openssl", "speed", "-mr", "-seconds", String.valueOf(seconds)));
        cmd.addAll(algorithms);
        for (String line : run(cmd, 60L + 2L * seconds * algorithms.size()).split("\n")) {
            String[] f = line.split(":");
            if (f.length < 5) continue;
            switch (f[0]) {
                case "+F2" -> { o.rates.put("rsa" + f[2] + ".sign", d(f[3])); }
                case "+F4" -> { o.rates.put("ecdsa" + f[2] + ".sign", d(f[3])); o.rates.put("ecdsa" + f[2] + ".verify", d(f[4])); }
                case "+F5" -> o.rates.put("ecdh" + f[2], d(f[3]));
                default -> { }
            }
        }
        return o;
    }

    Double get(String key) {
        return rates.get(key);
    }

    private static double d(String s) {
        return Double.parseDouble(s);
    }

    private static String run(List<String> cmd, long timeoutSeconds) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        StringBuilder out = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            String line;
            while ((line = r.readLine()) != null) out.append(line).append('\n');
        }
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " timed out");
        }
        return out.toString();
    }
}
