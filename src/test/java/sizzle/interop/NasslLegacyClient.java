package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * src/test/python/nassl_legacy_client.py (nassl's OpenSSL 1.0.2) against a server on a
 * loopback port: one JSON object per connection it made, after checking that it exited 0
 * (the failure names the client's output and, from {@code server}, the server's side).
 */
final class NasslLegacyClient {
    private NasslLegacyClient() {
    }

    /** Runs the client with {@code --port port --timeout 300} and {@code args}; its connections' results and its output. */
    static List<JsonObject> run(int port, Supplier<String> server, List<String> out, String... args) throws Exception {
        return run(port, server, out, true, args);
    }

    /** The same; {@code mustSucceed} false: a failed connection (its JSON "error") is returned, not a test failure. */
    static List<JsonObject> run(int port, Supplier<String> server, List<String> out, boolean mustSucceed, String... args)
            throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProjectVenv.python().toString(),
                ProjectVenv.projectRoot().resolve("src/test/python/nassl_legacy_client.py").toString(), "--port",
                Integer.toString(port), "--timeout", "300"));
        cmd.addAll(List.of(args));
        List<JsonObject> results = new ArrayList<>();
        try (PeerProcess p = PeerProcess.start(cmd)) {
            int exit = p.waitFor(660);
            String text = p.output();
            out.add(text);
            for (String line : text.split("\n")) {
                if (line.startsWith("{")) {
                    results.add(JsonParser.parseString(line).getAsJsonObject());
                }
            }
            if (mustSucceed) {
                assertEquals(0, exit, "nassl client: " + text + "\nserver: " + server.get());
            }
        }
        return results;
    }
}
