package sizzle.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sizzle.http.FakeClock;
import sizzle.http.HttpConnectionLoop;
import sizzle.http.Wire;

/**
 * The exact bytes of the reference pages (src/test/resources/golden/, described in its README):
 * what the SPOT and the motes must reproduce. Checked at several chunk sizes, since record
 * boundaries must not change the bytes.
 */
class GoldenResponseTest {
    @ParameterizedTest(name = "{0} from {1}, chunk {2}")
    @CsvSource({
        "/, home.http, 1", "/, home.http, 29", "/, home.http, 256", "/, home.http, 4096",
        "/status.json, status.json.http, 1", "/status.json, status.json.http, 64",
        "/config, config.http, 17", "/config, config.http, 512",
    })
    void pageBytesAreExact(String path, String file, int chunk) throws IOException {
        byte[] golden;
        try (InputStream in = getClass().getResourceAsStream("/golden/" + file)) {
            golden = in.readAllBytes();
        }
        Device d = new Device();
        Wire.Run run = Wire.serve(d.app, "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n", chunk);
        assertArrayEquals(golden, Wire.bytes(run.output()), () -> "got:\n" + run.output());
        assertEquals((golden.length + chunk - 1) / chunk, run.writes().size(), "full chunks");
    }

    @ParameterizedTest(name = "chunk {0}")
    @CsvSource({"1", "64", "4096"})
    void aDeviceThatKnowsTheTimeSendsItsDateFirst(int chunk) throws IOException {
        byte[] golden;
        try (InputStream in = getClass().getResourceAsStream("/golden/status.json.dated.http")) {
            golden = in.readAllBytes();
        }
        Device d = new Device();
        FakeClock wall = new FakeClock();
        wall.now = 784_111_777_000L;
        Wire.Run run = Wire.serve(new HttpConnectionLoop(d.app, chunk, wall), "GET /status.json HTTP/1.1\r\nHost: t\r\n\r\n");
        assertArrayEquals(golden, Wire.bytes(run.output()), () -> "got:\n" + run.output());
    }
}
