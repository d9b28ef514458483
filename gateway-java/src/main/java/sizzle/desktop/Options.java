package sizzle.desktop;

import kssl.tls.Profile;

/**
 * Command-line parsing shared by the launchers. A bad argument is a {@link Usage} error, which
 * the command's main prints as one line ("sizzle: server: ...") before exiting with status 2,
 * as the ./sizzle script's own errors.
 */
final class Options {
    /** A bad argument or missing input: the message is the whole explanation. */
    static final class Usage extends RuntimeException {
        Usage(String message) {
            super(message);
        }
    }

    private Options() {
    }

    /** Prints "sizzle: COMMAND: MESSAGE" on stderr and exits with status 2 (a usage error). */
    static void exit(String command, String message) {
        fail(command, message, 2);
    }

    /** Prints "sizzle: COMMAND: MESSAGE" on stderr and exits with {@code status}. */
    static void fail(String command, String message, int status) {
        System.err.println("sizzle: " + command + ": " + message);
        System.exit(status);
    }

    /** The value after option {@code args[i]}. */
    static String value(String[] args, int i) {
        if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
            throw new Usage(args[i] + " needs a value");
        }
        return args[i + 1];
    }

    static int profile(String name) {
        switch (name) {
            case "modern":
                return Profile.MODERN;
            case "legacy":
                return Profile.LEGACY;
            default:
                throw new Usage("--profile must be modern or legacy, not '" + name + "'");
        }
    }

    static int port(String s) {
        try {
            int p = Integer.parseInt(s);
            if (p >= 0 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new Usage("--port must be a number from 0 to 65535, not '" + s + "'");
    }
}
