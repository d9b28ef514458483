package kssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HttpsUrlTest {
    @Test
    void partsAsMidpReportsThem() {
        HttpsUrl u = new HttpsUrl("HTTPS://example.org:8443/a/b.html?q=1&r=2#frag");
        assertEquals("example.org", u.getHost());
        assertEquals(8443, u.getPort());
        assertEquals("/a/b.html", u.getFile());
        assertEquals("q=1&r=2", u.getQuery());
        assertEquals("frag", u.getRef());
        assertEquals("/a/b.html?q=1&r=2", u.requestTarget());
        assertEquals("example.org:8443", u.hostHeader());
    }

    @Test
    void defaultsAndIpv6() {
        HttpsUrl u = new HttpsUrl("https://example.org");
        assertEquals(443, u.getPort());
        assertNull(u.getFile());
        assertNull(u.getQuery());
        assertNull(u.getRef());
        assertEquals("/", u.requestTarget());
        assertEquals("example.org", u.hostHeader());
        HttpsUrl v6 = new HttpsUrl("https://[::1]:4433?x");
        assertEquals("::1", v6.getHost());
        assertEquals(4433, v6.getPort());
        assertEquals("/?x", v6.requestTarget());
        assertEquals("[::1]:4433", v6.hostHeader());
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.org/", "https://", "https://:443/", "https://host:0/", "https://host:65536/",
        "https://host:12a/", "https://host:/", "https://user@host/", "https://[::1/", "https://[::1]x/",
        "https://host/a b", "ftp://host/"})
    void malformedUrlsAreRefused(String url) {
        assertThrows(IllegalArgumentException.class, () -> new HttpsUrl(url));
    }
}
