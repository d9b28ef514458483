package sizzle.gateway.radio;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import sizzle.desktop.SimulatedMote;

/**
 * The C device end (native/link) as a host program on stdin/stdout, behind {@link
 * LineDevice}: {@code make -C native link-host} builds it (once per JVM), one binary per
 * radio, since the frame size is a build constant there.
 */
final class ProcessLineDevice implements LineDevice {
    private static boolean built;
    private final Process process;
    private final Writer in;
    private final BufferedReader out;

    ProcessLineDevice(String radio) {
        try {
            Path nativeDir = SimulatedMote.projectRoot().resolve("native");
            build(nativeDir);
            process = new ProcessBuilder(nativeDir.resolve("build/host/link-device-" + radio).toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.US_ASCII);
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized void build(Path nativeDir) throws IOException {
        if (built) return;
        Process p = new ProcessBuilder("make", "-s", "-C", nativeDir.toString(), "link-host").redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        try {
            if (p.waitFor() != 0) throw new IllegalStateException("make -C native link-host failed:\n" + log);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        built = true;
    }

    public List<String> call(String command) {
        try {
            in.write(command);
            in.write('\n');
            in.flush();
            List<String> reply = new ArrayList<>();
            for (;;) {
                String line = out.readLine();
                if (line == null) throw new IllegalStateException("the C device end exited after: " + command);
                reply.add(line);
                if (line.startsWith("end ")) return reply;
                if (line.startsWith("error")) throw new IllegalStateException("the C device end: " + line + " after: " + command);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void close() {
        process.destroy();
    }
}
