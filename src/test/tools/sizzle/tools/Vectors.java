package sizzle.tools;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import ksecurity.math.EcKernel;
import ksecurity.math.Kernels;
import ksecurity.math.ModExpKernel;
import ksecurity.security.CryptoException;

/**
 * Runs Wycheproof vector files through KSecurity's Java Card-shaped API: one line per file and
 * kernel, then "N passed, N failed". A "valid" case must succeed with exactly the expected output,
 * an "invalid" one must be refused with a CryptoException (or a false verification); any other
 * exception is a crash and fails the case either way. "acceptable" cases pass whichever way they
 * go, and are counted and listed.
 */
public final class Vectors {
    private Vectors() {
    }

    public static void main(String[] args) throws IOException {
        List<String> kernels = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        boolean verbose = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--kernel" -> {
                    if (i + 1 >= args.length) usage("--kernel needs java, native or both");
                    String k = args[++i];
                    switch (k) {
                        case "java", "native" -> kernels.add(k);
                        case "both" -> { kernels.add("java"); kernels.add("native"); }
                        default -> usage("unknown kernel '" + k + "' (java, native or both)");
                    }
                }
                case "--verbose", "-v" -> verbose = true;
                default -> {
                    if (args[i].startsWith("-")) usage("unknown option " + args[i]);
                    Path p = Path.of(args[i]);
                    if (!Files.isRegularFile(p)) usage("no such file: " + args[i]);
                    files.add(p);
                }
            }
        }
        if (files.isEmpty()) usage("name at least one Wycheproof .json file");
        if (kernels.isEmpty()) kernels.add(Kernels.ec().name());

        int passed = 0, failed = 0;
        for (String kernel : kernels) {
            useKernel(kernel);
            for (Path file : files) {
                JsonObject doc;
                try (Reader r = Files.newBufferedReader(file)) {
                    doc = JsonParser.parseReader(r).getAsJsonObject();
                } catch (RuntimeException e) {
                    usage(file + ": not a Wycheproof JSON file (" + e.getMessage() + ")");
                    return;
                }
                Tally t = new Tally();
                VectorKind kind = VectorKind.of(doc, file);
                for (JsonElement g : doc.getAsJsonArray("testGroups")) {
                    JsonObject group = g.getAsJsonObject();
                    for (JsonElement c : group.getAsJsonArray("tests")) {
                        t.check(kind, group, c.getAsJsonObject());
                    }
                }
                passed += t.passed;
                failed += t.failures.size();
                System.out.printf("%-6s %-42s %4d passed, %d failed, %d acceptable%s%n", kernel,
                        file.getFileName(), t.passed, t.failures.size(), t.acceptable.size(),
                        t.skippedCases == 0 ? "" : ", " + t.skippedCases + " skipped (unsupported: "
                                + String.join(", ", t.skipped) + ")");
                if (t.passed + t.failures.size() == 0) {
                    System.out.println("         FAILED nothing in this file is supported");
                    failed++;
                }
                for (String f : t.failures) System.out.println("         FAILED " + f);
                for (var a : t.acceptableByFlags.entrySet()) {
                    List<String> ids = a.getValue();
                    System.out.printf("         acceptable, %s: %d (%s)%n", a.getKey(), ids.size(), verbose || ids.size() <= 4
                            ? String.join(" ", ids) : ids.get(0) + " ... " + ids.get(ids.size() - 1));
                }
            }
        }
        System.out.println(passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }

    private static void useKernel(String kernel) {
        if (kernel.equals("java")) {
            Kernels.use(Kernels.javaEc(), Kernels.javaModExp());
        } else {
            Object n;
            try {
                n = Class.forName("ksecurity.jni.NativeKernels").getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError e) {
                usage("the native kernel library does not load: " + e);
                return;
            }
            Kernels.use((EcKernel) n, (ModExpKernel) n);
        }
    }

    static void usage(String why) {
        System.err.println("vectors: " + why);
        System.exit(2);
    }

    /** The outcome of every case of one file. */
    static final class Tally {
        int passed;
        final List<String> failures = new ArrayList<>();
        final List<String> acceptable = new ArrayList<>();
        /** Acceptable cases grouped by their Wycheproof flags and by what KSecurity did. */
        final java.util.Map<String, List<String>> acceptableByFlags = new java.util.TreeMap<>();
        final java.util.Set<String> skipped = new java.util.TreeSet<>();
        int skippedCases;

        void check(VectorKind kind, JsonObject group, JsonObject test) {
            String id = "tc" + test.get("tcId").getAsInt();
            String result = test.get("result").getAsString();
            boolean accepted;
            try {
                accepted = kind.run(group, test);
            } catch (Unsupported e) {
                skipped.add(e.getMessage());
                skippedCases++;
                return;
            } catch (CryptoException e) {
                accepted = false;
            } catch (RuntimeException e) {
                failures.add(id + " crashed: " + e);
                return;
            }
            switch (result) {
                case "valid" -> {
                    if (accepted) passed++; else failures.add(id + " (valid) was refused: " + comment(test));
                }
                case "invalid" -> {
                    if (!accepted) passed++; else failures.add(id + " (invalid) was accepted: " + comment(test));
                }
                case "acceptable" -> {
                    passed++;
                    acceptable.add(id);
                    String flags = test.has("flags") ? String.join(",", test.getAsJsonArray("flags").asList().stream()
                            .map(JsonElement::getAsString).toList()) : "no flags";
                    acceptableByFlags.computeIfAbsent((accepted ? "accepted " : "refused ") + flags,
                            k -> new ArrayList<>()).add(id);
                }
                default -> failures.add(id + " has an unknown result '" + result + "'");
            }
        }

        private static String comment(JsonObject test) {
            JsonElement c = test.get("comment");
            JsonArray flags = test.has("flags") ? test.getAsJsonArray("flags") : new JsonArray();
            return (c == null ? "" : c.getAsString()) + " " + flags;
        }
    }
}
