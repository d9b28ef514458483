package sizzle.desktop;

import java.io.IOException;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import ksecurity.cert.CertificateException;
import kssl.tls.Profile;

/**
 * {@code ./sizzle server [--profile modern|legacy] [--port N] [--key F --cert F]
 * [--one-connection] [--password P]}: the Sizzle server with the thermostat over TLS until
 * interrupted. Prints what it serves, the certificate's fingerprint and where demo keys went;
 * then one log line per connection. Bad arguments: one line on stderr, exit status 2.
 */
public final class ServerCommand {
    public static final int DEFAULT_PORT = 4433;

    private ServerCommand() {
    }

    public static void main(String[] args) throws Exception {
        try {
            serve(args);
        } catch (Options.Usage e) {
            Options.exit("server", e.getMessage());
        }
    }

    private static void serve(String[] args) throws Exception {
        int profile = Profile.MODERN;
        int port = DEFAULT_PORT;
        Path key = null;
        Path cert = null;
        String password = null;
        boolean one = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--profile" -> profile = Options.profile(Options.value(args, i++));
                case "--port" -> port = Options.port(Options.value(args, i++));
                case "--key" -> key = Path.of(Options.value(args, i++));
                case "--cert" -> cert = Path.of(Options.value(args, i++));
                case "--password" -> password = Options.value(args, i++);
                case "--one-connection" -> one = true;
                default -> throw new Options.Usage("unknown argument '" + args[i] + "' (./sizzle help)");
            }
        }
        if ((key == null) != (cert == null)) {
            throw new Options.Usage("--key and --cert go together");
        }
        if (password != null && (password.isEmpty() || password.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                > sizzle.app.PasswordGate.MAX_LENGTH)) {
            throw new Options.Usage("--password must be 1 to " + sizzle.app.PasswordGate.MAX_LENGTH + " bytes");
        }
        ServerIdentities.Loaded ids;
        try {
            ids = key != null ? ServerIdentities.load(key, cert)
                    : ServerIdentities.generate(profile, Files.createTempDirectory("sizzle-demo-keys-"));
        } catch (CertificateException | IllegalArgumentException e) {
            throw new Options.Usage(e.getMessage());
        }
        if (password == null) {
            password = randomPassword();
        }
        DesktopServer server;
        try {
            server = new DesktopServer(profile, ids.identities(), password, one, ServerCommand::log);
        } catch (IllegalArgumentException e) {
            throw new Options.Usage(e.getMessage());
        }
        System.out.println("sizzle server: " + server.describe());
        if (ids.directory() != null) {
            System.out.println("certificate: fresh DEMO/TEST keys in " + ids.directory()
                    + " (ca.pem to trust; server-cert.pem, server-key.pem"
                    + (ids.identities().size() > 1 ? "; server-rsa-cert.pem, server-rsa-key.pem" : "") + ")");
        } else {
            System.out.println("certificate: " + cert + " (" + ids.leaf().getSubjectDN() + ")");
        }
        System.out.println("fingerprint: SHA-256 " + ServerIdentities.fingerprint(ids.leaf()));
        System.out.println("password for POST /config: " + password);
        try {
            port = server.start(port);
        } catch (BindException e) {
            throw new Options.Usage("port " + port + " is not free (" + e.getMessage() + "); choose another with --port N");
        } catch (IOException e) {
            throw new Options.Usage("cannot listen on port " + port + ": " + e.getMessage());
        }
        String url = "https://localhost:" + port + "/";
        System.out.println("listening: " + url);
        if (ids.directory() != null) {
            System.out.println("try: ./sizzle get " + url + (profile == Profile.LEGACY ? " --profile legacy" : "")
                    + " --trust " + ids.directory().resolve("ca.pem"));
        }
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        Thread.currentThread().join(); // serve until interrupted
    }

    private static void log(String line) {
        System.out.println(Instant.now().truncatedTo(ChronoUnit.MILLIS) + " " + line);
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
