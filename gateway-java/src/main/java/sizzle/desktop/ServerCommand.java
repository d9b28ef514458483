package sizzle.desktop;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import ksecurity.cert.CertificateException;
import kssl.tls.Profile;
import sizzle.app.PasswordGate;

/**
 * {@code ./sizzle server [--profile modern|legacy] [--port N] [--key F --cert F]
 * [--one-connection] [--password-file F]}: the Sizzle server with the thermostat over TLS until
 * interrupted. The password of POST /config comes from the environment variable
 * {@value #PASSWORD_VARIABLE} or from a file (its first line), never from the command line,
 * which other users of the machine can read; without either a random one is made and printed.
 *
 * <p>In this order: the arguments are checked (one line on stderr, exit status 2); the legacy
 * profile's warning goes to stderr, first; the port is bound (a busy port fails here, before
 * any key is made or password printed); the keys are loaded or made; the server starts, or
 * refuses a weak random source (one line, exit status 1); then it prints what it serves, the
 * certificate's fingerprint and where demo keys went, and one log line per connection.
 */
public final class ServerCommand {
    public static final int DEFAULT_PORT = 4433;
    /** Where the password may come from instead of a file. */
    public static final String PASSWORD_VARIABLE = "SIZZLE_PASSWORD";

    /** The command failed: its one-line reason is printed; {@code status} is the exit status. */
    static final class Failed extends Exception {
        final int status;

        Failed(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    private ServerCommand() {
    }

    public static void main(String[] args) throws Exception {
        DesktopServer server;
        try {
            server = start(args, System.getenv(), System.out, System.err);
        } catch (Failed e) {
            System.exit(e.status);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        Thread.currentThread().join(); // serve until interrupted
    }

    /**
     * Does everything but wait: returns the running server, or prints the one-line reason on
     * {@code err} and throws. {@code env}: the environment (for {@value #PASSWORD_VARIABLE}).
     */
    static DesktopServer start(String[] args, Map<String, String> env, PrintStream out, PrintStream err) throws Failed {
        try {
            return serve(args, env, out, err);
        } catch (Options.Usage e) {
            throw fail(err, 2, e.getMessage());
        }
    }

    private static Failed fail(PrintStream err, int status, String message) {
        err.println("sizzle: server: " + message);
        return new Failed(status, message);
    }

    private static DesktopServer serve(String[] args, Map<String, String> env, PrintStream out, PrintStream err)
            throws Failed {
        int profile = Profile.MODERN;
        int port = DEFAULT_PORT;
        Path key = null;
        Path cert = null;
        Path passwordFile = null;
        boolean one = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--profile" -> profile = Options.profile(Options.value(args, i++));
                case "--port" -> port = Options.port(Options.value(args, i++));
                case "--key" -> key = Path.of(Options.value(args, i++));
                case "--cert" -> cert = Path.of(Options.value(args, i++));
                case "--password-file" -> passwordFile = Path.of(Options.value(args, i++));
                case "--one-connection" -> one = true;
                case "--password" -> throw new Options.Usage("--password is not taken on the command line, which other "
                        + "users can read: set " + PASSWORD_VARIABLE + " or give --password-file F");
                default -> throw new Options.Usage("unknown argument '" + args[i] + "' (./sizzle help)");
            }
        }
        if ((key == null) != (cert == null)) {
            throw new Options.Usage("--key and --cert go together");
        }
        if (profile == Profile.LEGACY) {
            err.println(Profile.LEGACY_WARNING);
        }
        String password = password(env.get(PASSWORD_VARIABLE), passwordFile);

        SocketConnectionSource listener;
        try {
            listener = DesktopServer.listen(port);
        } catch (BindException e) {
            throw new Options.Usage("port " + port + " is not free (" + e.getMessage() + "); choose another with --port N");
        } catch (IOException e) {
            throw new Options.Usage("cannot listen on port " + port + ": " + e.getMessage());
        }
        boolean started = false;
        try {
            ServerIdentities.Loaded ids;
            try {
                ids = key != null ? ServerIdentities.load(key, cert)
                        : ServerIdentities.generate(profile, Files.createTempDirectory("sizzle-demo-keys-"));
            } catch (CertificateException | IllegalArgumentException | IOException e) {
                throw new Options.Usage(e.getMessage());
            }
            boolean generated = password == null;
            if (generated) {
                password = randomPassword();
            }
            DesktopServer server = new DesktopServer(profile, ids.identities(), password, one,
                    line -> out.println(Instant.now().truncatedTo(ChronoUnit.MILLIS) + " " + line));
            try {
                port = server.start(listener);
            } catch (IllegalStateException e) {
                throw fail(err, 1, e.getMessage()); // a weak random source
            }
            started = true;
            out.println("sizzle server: " + server.describe());
            if (ids.directory() != null) {
                out.println("certificate: fresh DEMO/TEST keys in " + ids.directory()
                        + " (ca.pem to trust; server-cert.pem, server-key.pem"
                        + (ids.identities().size() > 1 ? "; server-rsa-cert.pem, server-rsa-key.pem" : "") + ")");
            } else {
                out.println("certificate: " + cert + " (" + ids.leaf().getSubjectDN() + ")");
            }
            out.println("fingerprint: SHA-256 " + ServerIdentities.fingerprint(ids.leaf()));
            out.println(generated ? "password for POST /config: " + password + " (random; choose one with "
                    + PASSWORD_VARIABLE + " or --password-file F)" : "password for POST /config: as given");
            String url = "https://localhost:" + port + "/";
            out.println("listening: " + url);
            if (ids.directory() != null) {
                out.println("try: ./sizzle get " + url + (profile == Profile.LEGACY ? " --profile legacy" : "")
                        + " --trust " + ids.directory().resolve("ca.pem"));
            }
            out.flush();
            return server;
        } finally {
            if (!started) {
                listener.close();
            }
        }
    }

    /**
     * The password from the environment or the file (its first line, without the line end),
     * or null for a random one. Both given, an empty or too long one, or a missing file: an error.
     */
    static String password(String fromEnv, Path file) {
        if (fromEnv != null && file != null) {
            throw new Options.Usage("give the password one way: " + PASSWORD_VARIABLE + " or --password-file, not both");
        }
        String p = fromEnv;
        String where = PASSWORD_VARIABLE;
        if (file != null) {
            where = "--password-file " + file;
            if (!Files.isRegularFile(file)) {
                throw new Options.Usage("--password-file: no such file: " + file);
            }
            try {
                p = Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("");
            } catch (IOException | java.io.UncheckedIOException e) {
                throw new Options.Usage(where + ": cannot read it: " + e.getMessage());
            }
        }
        if (p == null) {
            return null;
        }
        int n = p.getBytes(StandardCharsets.UTF_8).length;
        if (n < 1 || n > PasswordGate.MAX_LENGTH) {
            throw new Options.Usage("the password (" + where + ") must be 1 to " + PasswordGate.MAX_LENGTH + " bytes, not " + n);
        }
        return p;
    }

    /** 12 characters from 57 without look-alikes (no l, o, O, I, 0, 1): about 70 bits. */
    static String randomPassword() {
        String alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        SecureRandom r = new SecureRandom();
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            s.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return s.toString();
    }
}
