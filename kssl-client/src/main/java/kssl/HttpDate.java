package kssl;

/** HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate form, "Sun, 06 Nov 1994 08:49:37 GMT". */
final class HttpDate {
    private static final String MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec";

    private HttpDate() {
    }

    /** Milliseconds since the epoch, or -1 if {@code s} is not an IMF-fixdate. */
    static long parse(String s) {
        s = s.trim();
        if (s.length() != 29 || s.charAt(3) != ',' || s.charAt(4) != ' ' || s.charAt(7) != ' '
                || s.charAt(11) != ' ' || s.charAt(16) != ' ' || s.charAt(19) != ':' || s.charAt(22) != ':'
                || !s.endsWith(" GMT")) {
            return -1;
        }
        int month = MONTHS.indexOf(s.substring(8, 11));
        int day = number(s, 5, 2);
        int year = number(s, 12, 4);
        int hour = number(s, 17, 2);
        int minute = number(s, 20, 2);
        int second = number(s, 23, 2);
        if (month < 0 || month % 3 != 0 || day < 1 || day > 31 || year < 0 || hour > 23 || minute > 59
                || second > 60) {
            return -1;
        }
        long days = daysFromEpoch(year, month / 3 + 1, day);
        return ((days * 24 + hour) * 60 + minute) * 60000L + second * 1000L;
    }

    private static int number(String s, int off, int len) {
        int n = 0;
        for (int i = off; i < off + len; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1000000;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    /**
     * Days from 1970-01-01 to a proleptic Gregorian date: count years from March, so the leap
     * day ends a year, then whole 400-year eras of 146,097 days.
     */
    static long daysFromEpoch(int year, int month, int day) {
        int y = month <= 2 ? year - 1 : year;
        int era = (y >= 0 ? y : y - 399) / 400;
        int yearOfEra = y - era * 400;
        int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146097L + dayOfEra - 719468;
    }
}
