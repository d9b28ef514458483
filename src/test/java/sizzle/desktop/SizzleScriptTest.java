package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ./sizzle script's own argument checks, run as a process: each bad use is one line on
 * stderr and exit status 2, before any build. And `help` offers nothing that answers "coming".
 */
@Timeout(60)
class SizzleScriptTest {
    private static final Path ROOT = root();

    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isRegularFile(p.resolve("sizzle")) || !Files.isRegularFile(p.resolve("pom.xml"))) {
            p = p.getParent();
        }
        return p;
    }

    /** [exit status, stdout, stderr] of ./sizzle ARGS. */
    private static Object[] sizzle(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", ROOT.resolve("sizzle").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(ROOT.toFile()).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Object[] {p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8)};
    }

    @ParameterizedTest(name = "./sizzle {0}")
    @CsvSource(delimiter = '|', value = {
        "bogus | unknown command 'bogus'",
        "get | get: name the URL to fetch",
        "server --password hunter2 | server: --password is not taken on the command line",
        "server --password-file /nonexistent/pw | server: --password-file: no such file: /nonexistent/pw",
        "server --key /nonexistent/k.pem --cert /nonexistent/c.pem | server: --key: no such file: /nonexistent/k.pem",
        "get https://localhost/ --trust /nonexistent/ca.pem | get: --trust: no such file: /nonexistent/ca.pem",
        "demo now | demo takes no arguments but --once",
        "test now | test takes no arguments",
        "mote | mote: say which: avr, msp430 or host",
        "mote avr --port 0 | mote: --port must be 1 to 65535",
        "mote pdp11 | mote: say which",
        "mote avr --profile tls13 | mote: --profile is modern, legacy or legacy-rsa, not tls13",
        "gateway --port x | gateway: --port must be a number",
        "mote avr --bogus | mote: unknown option --bogus",
        "bench | bench: say what to measure",
        "bench mote --bogus | bench mote: unknown option --bogus",
    })
    void badUseIsOneLineAndExitStatus2(String args, String message) throws Exception {
        Object[] r = sizzle(args.split(" "));
        assertEquals(2, r[0], (String) r[2]);
        assertTrue(((String) r[2]).startsWith("sizzle: " + message), (String) r[2]);
        assertEquals(1, ((String) r[2]).lines().count(), (String) r[2]);
        assertEquals("", r[1]);
    }

    @Test
    void noCommandPrintsTheUsageAndFails() throws Exception {
        Object[] r = sizzle();
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).startsWith("usage: ./sizzle COMMAND"), (String) r[2]);
    }

    @Test
    void helpOffersOnlyWhatExists() throws Exception {
        Object[] r = sizzle("help");
        assertEquals(0, r[0]);
        String help = (String) r[1];
        assertFalse(help.contains("coming"), "every command of the issues exists now:\n" + help);
        String offered = help;
        for (String command : new String[] {"\n  mote avr|msp430|host", "\n  bench mote", "\n  bench gateway", "\n  gateway ",
            "\n  midlet [--headless]"}) {
            assertTrue(offered.contains(command), command.trim() + " is offered:\n" + help);
        }
        Object[] answer = sizzle("bench", "gateway", "--bogus");
        assertEquals(2, answer[0], (String) answer[2]);
        assertTrue(((String) answer[2]).startsWith("sizzle: bench gateway: unknown option --bogus"), (String) answer[2]);
        assertTrue(offered.contains("--password-file F"), help);
        assertFalse(offered.contains("--password P"), "no password on the command line:\n" + help);
    }
}
