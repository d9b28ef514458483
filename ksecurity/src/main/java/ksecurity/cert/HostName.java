package ksecurity.cert;

import ksecurity.prim.Bytes;

/**
 * Checks that a certificate names the host a client connected to (RFC 6125): a DNS name
 * against subjectAltName dNSName entries, an IP address literal against iPAddress entries.
 *
 * <p>Wildcards: only a leftmost label that is exactly "*", matching exactly one non-empty
 * label, and only with at least two labels after it ("*.example.com", never "*.com",
 * "f*.example.com" or "www.*.com"). IP literals never match a dNSName.
 *
 * <p>Certificates with no subjectAltName at all fall back to the subject's CN (RFC 6125
 * 6.4.4): device certificates kept small carry only a CN. A certificate that has a
 * subjectAltName is matched against it alone.
 *
 * <p>Names are compared as ASCII, case-insensitively for A-Z only (RFC 6125 6.4.1, RFC 4343):
 * a name with any other character, on either side, matches nothing. (Java's equalsIgnoreCase
 * folds Unicode: a CN spelling "github.com" with a dotless i, U+0131, would equal it.) An
 * internationalized name is compared in its A-label (xn--) form. A null host is a programming
 * error, never a check skipped.
 */
public final class HostName {
    private HostName() {
    }

    /**
     * Fails with NAME_MISMATCH unless {@code cert} names {@code host}.
     *
     * @throws IllegalArgumentException if {@code host} is null
     */
    public static void check(X509Certificate cert, String host) throws CertificateException {
        if (!matches(cert, host)) {
            throw new CertificateException(CertificateException.NAME_MISMATCH,
                    "certificate of ".concat(cert.getSubjectDN()).concat(" does not name ").concat(host));
        }
    }

    /**
     * True if {@code cert} names {@code host} (a DNS name or an IPv4/IPv6 literal).
     *
     * @throws IllegalArgumentException if {@code host} is null
     */
    public static boolean matches(X509Certificate cert, String host) {
        if (host == null) {
            throw new IllegalArgumentException("null host name");
        }
        if (host.length() == 0) {
            return false;
        }
        byte[] ip = parseIp(host);
        if (ip != null) {
            byte[][] ips = cert.getIpAddresses();
            for (int i = 0; i < ips.length; i++) {
                if (Bytes.equals(ips[i], ip)) {
                    return true;
                }
            }
            return false;
        }
        String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        if (cert.hasSubjectAltName()) {
            String[] names = cert.getDnsNames();
            for (int i = 0; i < names.length; i++) {
                if (matchesPattern(names[i], h)) {
                    return true;
                }
            }
            return false;
        }
        String cn = cert.getSubjectCommonName();
        return cn != null && matchesPattern(cn, h);
    }

    /** One presented name against the reference name (ASCII, case-insensitive, RFC 6125 6.4). */
    static boolean matchesPattern(String pattern, String host) {
        if (!isAscii(pattern) || !isAscii(host)) {
            return false;
        }
        if (pattern.startsWith("*.")) {
            String suffix = pattern.substring(1); // ".example.com"
            if (suffix.indexOf('*') >= 0 || countDots(suffix) < 2) {
                return false;
            }
            int dot = host.indexOf('.');
            return dot > 0 && asciiEqualsIgnoreCase(host.substring(dot), suffix);
        }
        return pattern.indexOf('*') < 0 && asciiEqualsIgnoreCase(pattern, host);
    }

    /** True if every character is printable ASCII (0x21..0x7E). */
    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= 0x20 || c >= 0x7F) {
                return false;
            }
        }
        return true;
    }

    /** Equal, folding A-Z to a-z and nothing else. */
    private static boolean asciiEqualsIgnoreCase(String a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        for (int i = 0; i < a.length(); i++) {
            if (lower(a.charAt(i)) != lower(b.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    private static int countDots(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '.') {
                n++;
            }
        }
        return n;
    }


    /** Parses a dotted-quad IPv4 or an RFC 4291 IPv6 literal (brackets allowed); null if neither. */
    public static byte[] parseIp(String s) {
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        if (s.indexOf(':') >= 0) {
            return parseIpv6(s);
        }
        byte[] b = new byte[4];
        return parseIpv4(s, b, 0) ? b : null;
    }

    private static boolean parseIpv4(String s, byte[] out, int off) {
        int part = 0;
        int value = 0;
        int digits = 0;
        for (int i = 0; i <= s.length(); i++) {
            char c = i < s.length() ? s.charAt(i) : '.';
            if (c == '.') {
                if (digits == 0 || part == 4) {
                    return false;
                }
                out[off + part++] = (byte) value;
                value = 0;
                digits = 0;
            } else if (c >= '0' && c <= '9' && digits < 3 && !(digits > 0 && value == 0)) {
                value = value * 10 + (c - '0');
                digits++;
                if (value > 255) {
                    return false;
                }
            } else {
                return false;
            }
        }
        return part == 4;
    }

    private static byte[] parseIpv6(String s) {
        byte[] out = new byte[16];
        int gap = -1; // index in out where "::" stands
        int n = 0;
        int i = 0;
        if (s.startsWith("::")) {
            gap = 0;
            i = 2;
        }
        while (i < s.length()) {
            int j = s.indexOf(':', i);
            String group = s.substring(i, j < 0 ? s.length() : j);
            if (group.indexOf('.') >= 0 && j < 0 && n <= 12) {
                if (!parseIpv4(group, out, n)) {
                    return null;
                }
                n += 4;
                break;
            }
            if (group.length() == 0 || group.length() > 4 || n == 16) {
                return null;
            }
            int v = 0;
            for (int k = 0; k < group.length(); k++) {
                int d = Character.digit(group.charAt(k), 16);
                if (d < 0) {
                    return null;
                }
                v = (v << 4) | d;
            }
            out[n++] = (byte) (v >> 8);
            out[n++] = (byte) v;
            if (j < 0) {
                break;
            }
            if (j + 1 < s.length() && s.charAt(j + 1) == ':') {
                if (gap >= 0) {
                    return null;
                }
                gap = n;
                i = j + 2;
            } else {
                if (j + 1 == s.length()) {
                    return null;
                }
                i = j + 1;
            }
        }
        if (gap < 0) {
            return n == 16 ? out : null;
        }
        if (n == 16) {
            return null;
        }
        int tail = n - gap;
        System.arraycopy(out, gap, out, 16 - tail, tail);
        for (int k = gap; k < 16 - tail; k++) {
            out[k] = 0;
        }
        return out;
    }

    /** Dotted IPv4 or full colon-hex IPv6, as J2SE's getSubjectAltNames() prints them. */
    public static String formatIp(byte[] a) {
        StringBuffer sb = new StringBuffer();
        if (a.length == 4) {
            for (int i = 0; i < 4; i++) {
                if (i > 0) {
                    sb.append('.');
                }
                sb.append(a[i] & 0xFF);
            }
        } else {
            for (int i = 0; i < a.length; i += 2) {
                if (i > 0) {
                    sb.append(':');
                }
                sb.append(Integer.toHexString(((a[i] & 0xFF) << 8) | (a[i + 1] & 0xFF)));
            }
        }
        return sb.toString();
    }
}
