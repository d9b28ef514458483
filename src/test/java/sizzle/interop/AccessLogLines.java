package sizzle.interop;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading the gateway's access log (GatewayFront: one line per connection, when it ends). */
final class AccessLogLines {
    private AccessLogLines() {
    }

    /**
     * [bytes in, bytes out] of each connection from this machine that {@code log} says was
     * forwarded to {@code device}. One side may end it abruptly once the exchange is over
     * ("then ended: Connection reset": a client gone before the device's close_notify came
     * through); it was still forwarded.
     */
    static List<long[]> forwardedTo(List<String> log, String device) {
        Pattern p = Pattern.compile("^127\\.0\\.0\\.1:\\d+ -> " + Pattern.quote(device)
                + ": forwarded(?:, then ended: [^,]+)?, (\\d+) bytes in, (\\d+) bytes out, \\d+ ms$");
        List<long[]> out = new ArrayList<>();
        for (String line : log) {
            Matcher x = p.matcher(line);
            if (x.matches()) {
                out.add(new long[] {Long.parseLong(x.group(1)), Long.parseLong(x.group(2))});
            }
        }
        return out;
    }
}
