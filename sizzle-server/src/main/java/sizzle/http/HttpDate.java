package sizzle.http;

/**
 * Writes HTTP dates (RFC 9110 5.6.7), the IMF-fixdate form "Sun, 06 Nov 1994 08:49:37 GMT":
 * always 29 bytes, from milliseconds since the epoch, with integer arithmetic only (the civil
 * date from a day count, as in Hinnant's chrono algorithms) and no allocation.
 */
public final class HttpDate {
    /** Length of every IMF-fixdate. */
    public static final int LENGTH = 29;

    private static final byte[] DAYS = Ascii.bytes("ThuFriSatSunMonTueWed"); // 1970-01-01 was a Thursday
    private static final byte[] MONTHS = Ascii.bytes("JanFebMarAprMayJunJulAugSepOctNovDec");

    private HttpDate() {
    }

    /** Writes the date of {@code millis} (0 to year 9999) at out[off]; returns off + 29. */
    public static int format(long millis, byte[] out, int off) {
        long seconds = millis / 1000;
        long days = seconds / 86400;
        int secondOfDay = (int) (seconds - days * 86400);
        // Days since 0000-03-01 in 400-year eras of 146097 days (years start in March).
        long z = days + 719468;
        long era = z / 146097;
        int dayOfEra = (int) (z - era * 146097);
        int yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        int dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        int mp = (5 * dayOfYear + 2) / 153;
        int day = dayOfYear - (153 * mp + 2) / 5 + 1;
        int month = mp < 10 ? mp + 3 : mp - 9;
        int year = (int) (yearOfEra + era * 400) + (month <= 2 ? 1 : 0);

        int weekday = (int) (days % 7);
        int p = off;
        p = copy(DAYS, 3 * weekday, out, p);
        out[p++] = ',';
        out[p++] = ' ';
        p = two(day, out, p);
        out[p++] = ' ';
        p = copy(MONTHS, 3 * (month - 1), out, p);
        out[p++] = ' ';
        p = two(year / 100, out, p);
        p = two(year % 100, out, p);
        out[p++] = ' ';
        p = two(secondOfDay / 3600, out, p);
        out[p++] = ':';
        p = two(secondOfDay / 60 % 60, out, p);
        out[p++] = ':';
        p = two(secondOfDay % 60, out, p);
        out[p++] = ' ';
        out[p++] = 'G';
        out[p++] = 'M';
        out[p++] = 'T';
        return p;
    }

    private static int copy(byte[] from, int at, byte[] out, int p) {
        out[p] = from[at];
        out[p + 1] = from[at + 1];
        out[p + 2] = from[at + 2];
        return p + 3;
    }

    private static int two(int n, byte[] out, int p) {
        out[p] = (byte) ('0' + n / 10);
        out[p + 1] = (byte) ('0' + n % 10);
        return p + 2;
    }
}
