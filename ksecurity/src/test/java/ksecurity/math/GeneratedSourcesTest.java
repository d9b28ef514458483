package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed lazy fields and OrderInverse are what ksecurity/gen/gen_lazy_fields.py writes
 * today: an edit to either side alone fails here (regenerate with the command in the script).
 */
class GeneratedSourcesTest {
    private static final List<String> GENERATED =
            List.of("P256Lazy", "P224Lazy", "P192Lazy", "Secp160r1Lazy", "OrderInverse");

    @Test
    void lazyFieldsMatchTheirGenerator(@TempDir Path out) throws Exception {
        // Surefire runs in the module directory (ksecurity/).
        Process p = new ProcessBuilder("python3", "gen/gen_lazy_fields.py", out.toString())
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), log);
        for (String cls : GENERATED) {
            String committed = Files.readString(Path.of("src/main/java/ksecurity/math", cls + ".java"));
            assertEquals(committed, Files.readString(out.resolve(cls + ".java")),
                    cls + ".java differs from gen/gen_lazy_fields.py's output");
        }
    }
}
