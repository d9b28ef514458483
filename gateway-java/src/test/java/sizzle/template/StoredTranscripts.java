package sizzle.template;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The stored TLS transcripts (kssl-client/src/test/resources/transcripts, its README gives the
 * format) as records in wire order: each record's side ('C' or 'S'), connection and bytes.
 */
public final class StoredTranscripts {
    public static final Path DIR = locate();

    public record Rec(char side, int connection, byte[] bytes) {
        public int contentType() {
            return bytes[0] & 0xFF;
        }
    }

    private static Path locate() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path d = p.resolve("kssl-client/src/test/resources/transcripts");
            if (Files.isDirectory(d)) return d;
        }
        throw new IllegalStateException("transcripts not found above " + Path.of("").toAbsolutePath());
    }

    /** Every stored transcript, good and bad input, by path. */
    public static List<Path> all() throws IOException {
        try (Stream<Path> s = Files.walk(DIR)) {
            return s.filter(p -> p.toString().endsWith(".txt")).sorted().toList();
        }
    }

    /** The records of one transcript (an SSLv2 hello and truncated tails are kept as their bytes, side C). */
    public static List<Rec> records(Path file) throws IOException {
        List<Rec> out = new ArrayList<>();
        int conn = 0;
        for (String line : Files.readAllLines(file)) {
            String[] w = line.trim().split(" ");
            if (w[0].equals("connection")) conn = Integer.parseInt(w[1]);
            if ((w[0].equals("C") || w[0].equals("S")) && w.length == 3) {
                out.add(new Rec(w[0].charAt(0), conn, HexFormat.of().parseHex(w[2])));
            }
        }
        return out;
    }

    public static List<Rec> records(String name) throws IOException {
        return records(DIR.resolve(name));
    }
}
