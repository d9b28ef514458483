package sizzle.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The smoke run of {@code ./sizzle bench gateway}: --quick (capacity up to 2 devices) on a
 * fixed cycle file (gateway-bench/cycles.txt, written by native/bench/gateway_cycles.py from
 * the simulated motes; its flights are real, its use here is the bench's plumbing). The JSON
 * must name every metric of issue 9 with a value, and the values must hang together: a
 * handshake's time is its CPU share plus its channel share, both positive; an abbreviated
 * handshake is faster than a full one; the radio carries at least the TLS bytes; the legacy
 * radio-byte metrics (TLS 1.0's and SSL 3.0's) are the Mica2's; with template compression every handshake carries fewer
 * radio bytes and fewer message bytes than its TLS records (a 1 KB page, ciphertext, no fewer),
 * and the legacy handshakes' compressed times carry the mote's template codec (the file's codec
 * lines).
 */
@Timeout(120)
class GatewayBenchTest {
    static final Pattern METRIC = Pattern.compile("\\{\"metric\": \"([^\"]+)\", \"value\": ([^,]+), \"unit\"");

    @Test
    void quickRunHasEveryMetricAndSaneValues(@TempDir Path dir) throws Exception {
        Path cycles = dir.resolve("cycles.txt"), json = dir.resolve("gateway.json");
        try (var in = GatewayBenchTest.class.getResourceAsStream("/gateway-bench/cycles.txt")) {
            Files.copy(in, cycles);
        }
        GatewayBench.main(new String[] {"--cycles", cycles.toString(), "--quick", "--json", json.toString()});
        Map<String, Double> m = new HashMap<>();
        Matcher x = METRIC.matcher(Files.readString(json));
        while (x.find()) m.put(x.group(1), x.group(2).equals("null") ? null : Double.valueOf(x.group(2)));
        for (String device : new String[] {"mica2", "telosb"}) {
            for (String profile : new String[] {"legacy", "legacy-ssl3", "modern"}) {
                String at = "gateway." + device + "." + profile + ".";
                for (String kind : new String[] {"full_handshake", "abbreviated_handshake", "page_1k"}) {
                    double ms = value(m, at + kind + "_ms"), cpu = value(m, at + kind + ".cpu_ms");
                    double channel = value(m, at + kind + ".channel_ms");
                    assertTrue(cpu > 0 && channel > 0 && Math.abs(ms - cpu - channel) < 0.01, at + kind);
                    assertTrue(value(m, at + kind + ".radio_bytes") > value(m, at + kind + ".tls_bytes"), at + kind);
                    double z = value(m, at + kind + ".compressed.radio_bytes"), plain = value(m, at + kind + ".radio_bytes");
                    assertTrue(kind.equals("page_1k") ? z <= plain + 64 : z < plain, at + kind + ": " + z + " compressed, " + plain + " plain");
                    assertTrue(value(m, at + kind + ".compressed_ms") > 0, at + kind);
                    if (!kind.equals("page_1k")) {
                        assertTrue(value(m, at + kind + ".compressed.message_bytes") < value(m, at + kind + ".tls_bytes"), at + kind);
                    }
                }
                assertTrue(value(m, at + "abbreviated_handshake_ms") < value(m, at + "full_handshake_ms"), at);
                // the mote's template codec, measured for the legacy handshakes, is in their compressed time
                for (String kind : new String[] {"full_handshake", "abbreviated_handshake"}) {
                    assertEquals(profile.startsWith("legacy"), m.containsKey(at + kind + ".compressed.codec_cpu_ms"), at + kind);
                    if (profile.startsWith("legacy")) assertTrue(value(m, at + kind + ".compressed.codec_cpu_ms") > 0, at + kind);
                }
            }
        }
        // the Mica2's radio is the slower: the same legacy handshake takes longer on it
        assertTrue(value(m, "gateway.mica2.legacy.full_handshake.channel_ms") > value(m, "gateway.telosb.legacy.full_handshake.channel_ms"));
        for (String profile : new String[] {"legacy", "legacy-ssl3"}) {
            for (String kind : new String[] {"full", "abbreviated"}) {
                assertEquals(value(m, "gateway.mica2." + profile + "." + kind + "_handshake.radio_bytes"),
                        value(m, "gateway." + profile + "." + kind + "_handshake.radio_bytes"));
                assertEquals(value(m, "gateway.mica2." + profile + "." + kind + "_handshake.compressed.radio_bytes"),
                        value(m, "gateway." + profile + "." + kind + "_handshake.compressed.radio_bytes"));
                assertEquals(value(m, "gateway.mica2." + profile + "." + kind + "_handshake.compressed.message_bytes"),
                        value(m, "gateway." + profile + "." + kind + "_handshake.compressed.message_bytes"));
            }
        }
        assertEquals(2, value(m, "gateway.capacity.devices"), "two Java motes serve two clients at once");
        assertEquals(2, value(m, "gateway.capacity.connections"));
        assertTrue(value(m, "gateway.capacity.slowest_page_ms") > 0);
        assertTrue(value(m, "gateway.cpu_per_forwarded_kb.front_us") > 0 && value(m, "gateway.cpu_per_forwarded_kb.radio_us") > 0);
    }

    private static double value(Map<String, Double> m, String name) {
        assertTrue(m.containsKey(name), "no metric " + name);
        assertNotNull(m.get(name), name + " has no value");
        return m.get(name);
    }
}
