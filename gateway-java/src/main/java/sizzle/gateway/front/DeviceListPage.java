package sizzle.gateway.front;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The gateway's device list (the energy report's §4 listing page): plain HTTP, refreshing itself,
 * one row per device there (a radio device once heard, until it falls silent: discovery) with
 * its name, kind, link state, connections open and a link to its secure pages
 * through the shared port (https://NAME:PORT/, the name routing the connection).
 */
final class DeviceListPage {
    /** Seconds between the page's own reloads. */
    static final int REFRESH_SECONDS = 5;

    private DeviceListPage() {
    }

    static String html(Collection<Device> devices, int sharedPort) {
        List<Device> sorted = new ArrayList<>(devices);
        sorted.sort(Comparator.comparing(d -> d.name));
        StringBuilder s = new StringBuilder();
        s.append("<!DOCTYPE html>\n<html><head><title>Sizzle gateway: devices</title>")
                .append("<meta http-equiv=\"refresh\" content=\"").append(REFRESH_SECONDS).append("\"></head><body>\n")
                .append("<h1>Devices</h1>\n<table>\n<tr><th>name</th><th>kind</th><th>link</th><th>connections</th><th>secure page</th></tr>\n");
        int shown = 0;
        for (Device d : sorted) {
            String link = d.linkState();
            if (link == null) {
                continue; // a radio device gone silent: it shows again when it is heard
            }
            shown++;
            String url = "https://" + d.name + ":" + sharedPort + "/";
            s.append("<tr><td>").append(escape(d.name)).append("</td><td>").append(escape(d.kind)).append("</td><td>")
                    .append(escape(link)).append("</td><td>").append(d.openConnections()).append(" of ").append(d.maxConnections).append("</td><td><a href=\"")
                    .append(escape(url)).append("\">").append(escape(url)).append("</a></td></tr>\n");
        }
        s.append("</table>\n<p>").append(shown).append(shown == 1 ? " device" : " devices")
                .append("; TLS runs end to end: this gateway holds no device key.</p>\n</body></html>\n");
        return s.toString();
    }

    static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '&' -> s.append("&amp;");
                case '"' -> s.append("&quot;");
                default -> s.append(c);
            }
        }
        return s.toString();
    }
}
