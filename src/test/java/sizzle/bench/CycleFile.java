package sizzle.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gateway benchmark's input: native/bench/gateway_cycles.py's file of server flights
 * measured on the simulated motes (its docstring gives the format), per device kind and
 * profile.
 */
final class CycleFile {
    /** One device kind: its CPU, clock and how exact the simulator's cycle counts are. */
    record Device(String name, String arch, long clockHz, String note, Map<String, Profile> profiles) {
    }

    /** One build's flights; {@code why}: what went wrong if its replay did not finish. */
    static final class Profile {
        final String name, build, transcript;
        String why;
        final List<FlightReplay.Flight> full = new ArrayList<>(), abbreviated = new ArrayList<>();
        /** Page requests with the body size the server answered: (response bytes, flight). */
        final List<Map.Entry<Integer, FlightReplay.Flight>> pages = new ArrayList<>();
        /** The mote's template codec per handshake flight ("full", "abbreviated"), where measured. */
        final Map<String, long[]> codec = new LinkedHashMap<>();

        Profile(String name, String build, String transcript) {
            this.name = name;
            this.build = build;
            this.transcript = transcript;
        }
    }

    final Map<String, Device> devices = new LinkedHashMap<>();

    static CycleFile read(Path file) throws IOException {
        CycleFile c = new CycleFile();
        Device d = null;
        Profile p = null;
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split(" ", 5);
            switch (f[0]) {
                case "device" -> {
                    d = new Device(f[1], f[2], Long.parseLong(f[3]), f.length > 4 ? f[4] : "", new LinkedHashMap<>());
                    c.devices.put(d.name(), d);
                }
                case "profile" -> {
                    p = new Profile(f[1], f[2], f[3]);
                    d.profiles().put(p.name, p);
                }
                case "why" -> p.why = line.substring(4);
                case "codec" -> {
                    String[] r = line.split(" ");
                    if (r.length != 3 || !List.of("full", "abbreviated").contains(r[1])) throw new IOException(file + ": bad codec line " + line);
                    String[] each = r[2].split(",");
                    long[] cycles = new long[each.length];
                    for (int i = 0; i < each.length; i++) cycles[i] = Long.parseLong(each[i]);
                    p.codec.put(r[1], cycles);
                }
                case "flight" -> {
                    String[] r = line.split(" ");
                    FlightReplay.Flight fl = new FlightReplay.Flight(records(r[4], "C="), records(r[5], "S="), Long.parseLong(r[3]));
                    switch (r[1]) {
                        case "full" -> p.full.add(fl);
                        case "abbreviated" -> p.abbreviated.add(fl);
                        case "page" -> p.pages.add(Map.entry(Integer.parseInt(r[2]), fl));
                        default -> throw new IOException(file + ": unknown flight kind " + r[1]);
                    }
                }
                default -> {
                    if (!line.isEmpty() && !line.startsWith("#")) throw new IOException(file + ": unknown line " + f[0]);
                }
            }
        }
        return c;
    }

    private static List<byte[]> records(String field, String tag) throws IOException {
        if (!field.startsWith(tag)) throw new IOException("expected " + tag + ": " + field);
        List<byte[]> out = new ArrayList<>();
        for (String h : field.substring(tag.length()).split(",")) {
            if (!h.isEmpty()) out.add(HexFormat.of().parseHex(h));
        }
        return out;
    }
}
