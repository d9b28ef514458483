package ksecurity.cert;

/**
 * UTCTime and GeneralizedTime in the forms RFC 5280 4.1.2.5 allows ("YYMMDDHHMMSSZ" and
 * "YYYYMMDDHHMMSSZ": seconds present, Zulu, no fractions), converted to and from milliseconds
 * since the epoch by calendar arithmetic (CLDC has no SimpleDateFormat, and Calendar would
 * bring the device's time zone into it).
 */
public final class DerTime {
    private static final long MS_PER_DAY = 86400000L;

    private DerTime() {
    }

    /** Parses a time's contents octets to milliseconds since 1970-01-01T00:00:00Z. */
    public static long parse(byte[] b, int off, int len, boolean generalized) throws CertificateException {
        int want = generalized ? 15 : 13;
        if (len != want || b[off + len - 1] != 'Z') {
            throw CertificateException.malformed("bad time string");
        }
        int p = off;
        int year;
        if (generalized) {
            year = digits(b, p, 4);
            p += 4;
        } else {
            int yy = digits(b, p, 2);
            p += 2;
            year = yy >= 50 ? 1900 + yy : 2000 + yy; // RFC 5280 4.1.2.5.1
        }
        int month = digits(b, p, 2);
        int day = digits(b, p + 2, 2);
        int hour = digits(b, p + 4, 2);
        int minute = digits(b, p + 6, 2);
        int second = digits(b, p + 8, 2);
        if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)
                || hour > 23 || minute > 59 || second > 59) {
            throw CertificateException.malformed("bad time string");
        }
        return daysFromCivil(year, month, day) * MS_PER_DAY
                + ((hour * 60L + minute) * 60L + second) * 1000L;
    }

    /**
     * Formats a time as RFC 5280 wants it: UTCTime for years 1950..2049, GeneralizedTime
     * otherwise. Returns the contents octets; {@link #isUtc} gives the tag to use.
     */
    public static byte[] format(long ms) {
        long days = floorDiv(ms, MS_PER_DAY);
        int secOfDay = (int) ((ms - days * MS_PER_DAY) / 1000L);
        int[] ymd = civilFromDays(days);
        boolean utc = ymd[0] >= 1950 && ymd[0] <= 2049;
        byte[] out = new byte[utc ? 13 : 15];
        int p = 0;
        if (utc) {
            p = put(out, p, ymd[0] % 100, 2);
        } else {
            if (ymd[0] < 0 || ymd[0] > 9999) {
                throw new IllegalArgumentException("year out of range");
            }
            p = put(out, p, ymd[0], 4);
        }
        p = put(out, p, ymd[1], 2);
        p = put(out, p, ymd[2], 2);
        p = put(out, p, secOfDay / 3600, 2);
        p = put(out, p, secOfDay / 60 % 60, 2);
        p = put(out, p, secOfDay % 60, 2);
        out[p] = 'Z';
        return out;
    }

    /** True if {@link #format} writes this time as a UTCTime. */
    public static boolean isUtc(long ms) {
        int y = civilFromDays(floorDiv(ms, MS_PER_DAY))[0];
        return y >= 1950 && y <= 2049;
    }

    private static int put(byte[] out, int p, int v, int n) {
        for (int i = n - 1; i >= 0; i--) {
            out[p + i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return p + n;
    }

    private static int digits(byte[] b, int off, int n) throws CertificateException {
        int v = 0;
        for (int i = 0; i < n; i++) {
            int c = b[off + i];
            if (c < '0' || c > '9') {
                throw CertificateException.malformed("bad time string");
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static boolean leap(int y) {
        return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    }

    private static int daysInMonth(int y, int m) {
        if (m == 2) {
            return leap(y) ? 29 : 28;
        }
        return (m == 4 || m == 6 || m == 9 || m == 11) ? 30 : 31;
    }

    private static long floorDiv(long a, long b) {
        long q = a / b;
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (the 400-year-era method). */
    static long daysFromCivil(int y, int m, int d) {
        if (m <= 2) {
            y--;
        }
        long era = floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153L * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    /** The inverse of {@link #daysFromCivil}: {year, month, day}. */
    static int[] civilFromDays(long z) {
        z += 719468;
        long era = floorDiv(z, 146097);
        long doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        int d = (int) (doy - (153 * mp + 2) / 5 + 1);
        int m = (int) (mp < 10 ? mp + 3 : mp - 9);
        int y = (int) (yoe + era * 400 + (m <= 2 ? 1 : 0));
        return new int[] {y, m, d};
    }
}
