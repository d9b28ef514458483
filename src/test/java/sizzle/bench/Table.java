package sizzle.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of one benchmark run: printed as a table, one row per operation and one column per
 * implementation, with the ratios the goals are about; written as a JSON list of
 * {"metric", "value", "unit"} objects.
 */
final class Table {
    record Metric(String name, double value, String unit) {
    }

    private final List<Metric> metrics = new ArrayList<>();
    private final Map<String, Map<String, Double>> rows = new LinkedHashMap<>();
    private final List<String> columns;

    Table(List<String> columns) {
        this.columns = columns;
    }

    /** A rate: metric `prefix.column` (e.g. crypto.p256.ecdh_per_s.native). */
    void put(String row, String column, double value, String unit) {
        metrics.add(new Metric(row + "." + column, value, unit));
        rows.computeIfAbsent(row, r -> new LinkedHashMap<>()).put(column, value);
    }

    void metric(String name, double value, String unit) {
        metrics.add(new Metric(name, value, unit));
    }

    Double get(String row, String column) {
        Map<String, Double> r = rows.get(row);
        return r == null ? null : r.get(column);
    }

    void print(String title) {
        System.out.println(title);
        int width = 44;   // the operation column: as wide as its longest name needs
        for (String r : rows.keySet()) width = Math.max(width, r.length() + 2);
        String name = "%-" + width + "s";
        StringBuilder h = new StringBuilder(String.format(name, "operation (per second)"));
        for (String c : columns) h.append(String.format("%12s", c));
        System.out.println(h);
        for (Map.Entry<String, Map<String, Double>> r : rows.entrySet()) {
            StringBuilder line = new StringBuilder(String.format(name, r.getKey()));
            for (String c : columns) {
                Double v = r.getValue().get(c);
                line.append(v == null ? String.format("%12s", "-") : String.format("%12.0f", v));
            }
            System.out.println(line);
        }
    }

    void writeJson(Path file) throws IOException {
        StringBuilder out = new StringBuilder("[\n");
        for (int i = 0; i < metrics.size(); i++) {
            Metric m = metrics.get(i);
            out.append(String.format("  {\"metric\": \"%s\", \"value\": %s, \"unit\": \"%s\"}%s%n", m.name(),
                    m.value() == Math.rint(m.value()) ? String.valueOf((long) m.value()) : String.format("%.2f", m.value()),
                    m.unit(), i + 1 < metrics.size() ? "," : ""));
        }
        Files.writeString(file, out.append("]\n"));
    }
}
