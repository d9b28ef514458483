package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The scanner sslyze 6.3.1 (PyPI, in the project's virtualenv: ProjectVenv) run once against a
 * server on loopback, and its JSON results read back. It connects to 127.0.0.1 and sends
 * "localhost" as server_name; every scan asked for must complete.
 */
final class Sslyze {
    private final JsonObject results;

    private Sslyze(JsonObject results) {
        this.results = results;
    }

    /** Runs sslyze with the given scan options (e.g. "--tlsv1_2") against 127.0.0.1:port. */
    static Sslyze scan(int port, Path dir, List<String> options) throws Exception {
        Path json = Files.createTempFile(dir, "sslyze", ".json");
        List<String> cmd = new ArrayList<>(List.of(ProjectVenv.python().toString(), "-m", "sslyze", "--quiet", "--json_out=" + json));
        cmd.addAll(options);
        cmd.add(InteropPki.HOST + ":" + port + "{127.0.0.1}");
        try (PeerProcess p = PeerProcess.start(cmd)) {
            assertEquals(0, p.waitFor(90), "sslyze failed:\n" + p.output());
        }
        JsonObject server = JsonParser.parseString(Files.readString(json)).getAsJsonObject()
                .getAsJsonArray("server_scan_results").get(0).getAsJsonObject();
        assertEquals("COMPLETED", server.get("scan_status").getAsString(), server.toString());
        JsonObject results = server.getAsJsonObject("scan_result");
        for (Map.Entry<String, JsonElement> e : results.entrySet()) {
            String status = e.getValue().getAsJsonObject().get("status").getAsString();
            if (!status.equals("NOT_SCHEDULED")) {
                assertEquals("COMPLETED", status, e.getKey() + ": " + e.getValue());
            }
        }
        return new Sslyze(results);
    }

    /** One scan's result object, e.g. result("tls_compression"). */
    JsonObject result(String command) {
        return results.getAsJsonObject(command).getAsJsonObject("result");
    }

    /** The accepted suites' names for one version, e.g. accepted("tls_1_2"). */
    List<String> accepted(String version) {
        return names(result(version + "_cipher_suites").getAsJsonArray("accepted_cipher_suites"), "cipher_suite", "name");
    }

    /** One string field of each element of an array, by its path: names(a, "cipher_suite", "name"). */
    static List<String> names(JsonArray array, String... path) {
        List<String> out = new ArrayList<>();
        for (JsonElement e : array) {
            JsonObject o = e.getAsJsonObject();
            for (int i = 0; i < path.length - 1; i++) {
                o = o.getAsJsonObject(path[i]);
            }
            out.add(o.get(path[path.length - 1]).getAsString());
        }
        return out;
    }
}
