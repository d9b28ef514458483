package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;

import ksecurity.security.KeyPair;

import org.junit.jupiter.api.Test;

/** Host names and addresses against subjectAltName (RFC 6125), with openssl-made certificates. */
class HostNameTest {
    @Test
    void dnsNamesAndWildcards() throws Exception {
        X509Certificate c = TestCerts.cert("leaf"); // device.example.com, *.sensors.example.com
        assertTrue(HostName.matches(c, "device.example.com"));
        assertTrue(HostName.matches(c, "DEVICE.Example.COM"));
        assertTrue(HostName.matches(c, "device.example.com."));
        assertTrue(HostName.matches(c, "t1.sensors.example.com"));
        assertFalse(HostName.matches(c, "sensors.example.com"));
        assertFalse(HostName.matches(c, "a.b.sensors.example.com"));
        assertFalse(HostName.matches(c, "example.com"));
        assertFalse(HostName.matches(c, "evil-device.example.com"));
        assertFalse(HostName.matches(c, ""));
        CertificateException e = assertThrows(CertificateException.class, () -> HostName.check(c, "other.example.com"));
        assertEquals(CertificateException.NAME_MISMATCH, e.getReason());
    }

    @Test
    void wildcardRules() {
        assertTrue(HostName.matchesPattern("*.example.com", "a.example.com"));
        assertFalse(HostName.matchesPattern("*.com", "example.com"));
        assertFalse(HostName.matchesPattern("f*.example.com", "foo.example.com"));
        assertFalse(HostName.matchesPattern("www.*.com", "www.example.com"));
        assertFalse(HostName.matchesPattern("*.*.example.com", "a.b.example.com"));
        assertFalse(HostName.matchesPattern("*.example.com", ".example.com"));
    }

    @Test
    void ipAddresses() throws Exception {
        X509Certificate c = TestCerts.cert("leaf"); // IP:192.168.1.7, IP:2001:db8::7
        assertTrue(HostName.matches(c, "192.168.1.7"));
        assertTrue(HostName.matches(c, "2001:db8::7"));
        assertTrue(HostName.matches(c, "[2001:DB8:0:0:0:0:0:7]"));
        assertFalse(HostName.matches(c, "192.168.1.8"));
        assertFalse(HostName.matches(c, "::7"));
        // An IP literal never matches a dNSName, even one spelled the same.
        assertFalse(HostName.matches(TestCerts.cert("plain"), "192.168.1.7"));
    }

    @Test
    void commonNameOnlyWithoutSubjectAltName() throws Exception {
        assertTrue(HostName.matches(TestCerts.cert("ca192"), "ca192")); // no SAN: CN=CA192
        X509Certificate withSan = TestCerts.cert("client"); // CN=client, SAN client.example.com
        assertFalse(HostName.matches(withSan, "client"));
        assertTrue(HostName.matches(withSan, "client.example.com"));
    }

    /**
     * Names compare as ASCII only: equalsIgnoreCase folds Unicode, and a CN "github.com" spelt
     * with a dotless i (U+0131) matched github.com. A non-ASCII name on either side matches nothing.
     */
    @Test
    void namesCompareAsAsciiOnly() throws Exception {
        KeyPair caKeys = new KeyPair(KeyPair.ALG_EC_FP, (short) 256);
        caKeys.genKeyPair();
        long now = System.currentTimeMillis();
        X509Certificate dotless = new CertificateBuilder().setIssuer("CA").setSubject("g\u0131thub.com")
                .setValidity(now - 60000, now + 60000).setPublicKey(caKeys.getPublic(), false).sign(caKeys.getPrivate());
        assertEquals("g\u0131thub.com", dotless.getSubjectCommonName());
        assertTrue("g\u0131thub.com".equalsIgnoreCase("GITHUB.COM"), "what the old comparison did");
        assertFalse(HostName.matches(dotless, "github.com"));
        assertFalse(HostName.matches(dotless, "GITHUB.COM"));
        assertFalse(HostName.matches(dotless, "g\u0131thub.com"), "a non-ASCII reference name matches nothing");
        // The Kelvin sign folds to k, the long s to s: neither does here.
        assertFalse(HostName.matchesPattern("\u212Aey.example.com", "key.example.com"));
        assertFalse(HostName.matchesPattern("*.example.com", "\u017Fub.example.com"));
        assertFalse(HostName.matchesPattern("*.exampl\u0131.com", "a.example.com"));
        assertTrue(HostName.matchesPattern("*.Example.COM", "A.example.com"));
    }

    @Test
    void nullHostIsAnError() throws Exception {
        X509Certificate c = TestCerts.cert("leaf");
        assertThrows(IllegalArgumentException.class, () -> HostName.matches(c, null));
        assertThrows(IllegalArgumentException.class, () -> HostName.check(c, null));
    }

    @Test
    void ipLiteralsAgreeWithTheJdk() throws Exception {
        String[] good = {"0.0.0.0", "255.255.255.255", "10.0.0.1", "::", "::1", "1::", "1:2:3:4:5:6:7:8",
            "fe80::1:2", "::ffff:10.1.2.3", "1:2:3:4:5:6:1.2.3.4", "[::1]", "2001:DB8::"};
        for (String s : good) {
            String bare = s.startsWith("[") ? s.substring(1, s.length() - 1) : s;
            assertArrayEquals(InetAddress.getByName(bare).getAddress().length == 4 && bare.contains(":")
                    ? v4mapped(InetAddress.getByName(bare).getAddress()) : InetAddress.getByName(bare).getAddress(),
                    HostName.parseIp(s), s);
        }
        String[] bad = {"256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1..2.3", "1:2:3:4:5:6:7:8:9", "1:::2",
            "1::2::3", ":1:2", "1:2:", "12345::", "g::1", "example.com", "1.2.3.4:80", "::1.2.3"};
        for (String s : bad) {
            assertNull(HostName.parseIp(s), s);
        }
        assertEquals("2001:db8:0:0:0:0:0:7", HostName.formatIp(HostName.parseIp("2001:db8::7")));
    }

    /** The JDK turns ::ffff:a.b.c.d into an IPv4 address; the certificate bytes stay 16. */
    private static byte[] v4mapped(byte[] v4) {
        byte[] r = new byte[16];
        r[10] = (byte) 0xFF;
        r[11] = (byte) 0xFF;
        System.arraycopy(v4, 0, r, 12, 4);
        return r;
    }
}
