package sizzle.interop;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The project's Python virtualenv for the interop peers that come from PyPI: nassl (OpenSSL
 * 1.0.2, the legacy client) and sslyze (the scanner, built on the same nassl). ./sizzle test
 * makes it (need_interop); a test that needs it fails, saying how to make it, if it is missing.
 */
final class ProjectVenv {
    private ProjectVenv() {}

    /** The project root: the directory holding the ./sizzle script, above the test's working directory. */
    static Path projectRoot() {
        return sizzle.desktop.SimulatedMote.projectRoot();
    }

    /** The virtualenv's python, or a failure saying how to make it. */
    static Path python() {
        Path python = projectRoot().resolve(".cache/nassl-venv/bin/python");
        if (!Files.isExecutable(python)) {
            throw new AssertionError("nassl and sslyze are not installed: " + python + " is missing. ./sizzle test makes it; by hand: "
                    + "python3 -m venv .cache/nassl-venv && .cache/nassl-venv/bin/pip install nassl==5.4.0 sslyze==6.3.1 "
                    + "(Debian needs python3-venv)");
        }
        return python;
    }
}
