package kssl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HttpDateTest {
    @Test
    void imfFixdateAgainstJavaTime() {
        assertEquals(784111777000L, HttpDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"));
        Random r = new Random(7);
        for (int i = 0; i < 2000; i++) {
            long seconds = (long) (r.nextDouble() * 8_000_000_000L) - 2_000_000_000L;
            String s = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.ofInstant(
                    java.time.Instant.ofEpochSecond(seconds), java.time.ZoneOffset.UTC));
            if (s.length() == 29) { // RFC_1123 drops the day's leading zero; IMF-fixdate keeps it
                assertEquals(seconds * 1000, HttpDate.parse(s), s);
            }
        }
    }

    @Test
    void otherFormsAreNotDates() {
        for (String s : new String[] {"", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
            "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:49:37 GMT", "Sun, 0x Nov 1994 08:49:37 GMT"}) {
            assertEquals(-1, HttpDate.parse(s), s);
        }
    }
}
