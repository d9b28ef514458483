package sizzle.link;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The link sits below TLS and beside it, never on it (DESIGN §1: the gateway depends on none
 * of the TLS code): no class of sizzle.link names a class outside sizzle.link and java.lang
 * (the CLDC check already keeps it to CLDC 1.1).
 */
class LinkStandsAloneTest {
    @Test
    void linkClassesNameOnlyThemselvesAndJavaLang() throws IOException, URISyntaxException {
        Path dir = Path.of(Frame.class.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve("sizzle/link");
        Pattern ref = Pattern.compile("L?((?:java|javax|kssl|ksecurity|sizzle|org|com)/[A-Za-z0-9_/$]+)");
        List<String> outside = new ArrayList<>();
        int classes = 0;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(x -> x.toString().endsWith(".class") && !x.getFileName().toString().contains("Test")).toList()) {
                classes++;
                Matcher m = ref.matcher(new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
                while (m.find()) {
                    String name = m.group(1);
                    if (!name.startsWith("sizzle/link/") && !name.startsWith("java/lang/")) outside.add(p.getFileName() + " -> " + name);
                }
            }
        }
        assertTrue(classes >= 10, "found the link's classes in " + dir);
        assertTrue(outside.isEmpty(), outside.toString());
    }
}
