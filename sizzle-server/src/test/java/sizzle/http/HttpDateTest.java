package sizzle.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** IMF-fixdate from a millisecond count, against java.time on edges and random instants. */
class HttpDateTest {
    private static final DateTimeFormatter IMF = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    private static String format(long millis) {
        byte[] b = new byte[HttpDate.LENGTH + 4];
        assertEquals(2 + HttpDate.LENGTH, HttpDate.format(millis, b, 2));
        return Wire.text(b).substring(2, 2 + HttpDate.LENGTH);
    }

    @Test
    void knownDates() {
        assertEquals("Sun, 06 Nov 1994 08:49:37 GMT", format(784_111_777_000L));
        assertEquals("Thu, 01 Jan 1970 00:00:00 GMT", format(0));
        assertEquals("Tue, 29 Feb 2000 23:59:59 GMT", format(951_868_799_999L));
        assertEquals("Fri, 31 Dec 9999 23:59:59 GMT", format(253_402_300_799_000L));
    }

    @Test
    void agreesWithJavaTime() {
        Random r = new Random(7);
        for (int i = 0; i < 100_000; i++) {
            long ms = (r.nextLong() >>> 1) % 253_402_300_800_000L;
            assertEquals(IMF.format(Instant.ofEpochMilli(ms)), format(ms), "at " + ms);
        }
    }
}
