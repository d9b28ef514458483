package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javax.security.auth.x500.X500Principal;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 4514 strings of awkward names (escapes, multi-valued RDNs, unknown types) match the JDK's. */
class X500NameTest {
    @ParameterizedTest
    @ValueSource(strings = {"/CN=a\\,b+c/O=x\"y;z<>/OU= lead and trail /C=CH",
        "/CN=first+OU=second/O=multi", "/CN=#hash/L=back\\\\slash", "/CN=x/emailAddress=ops@example.com",
        "/CN=x/serialNumber=1234/1.2.3.4=other", "/CN=Grüße ☃/DC=example/DC=com/UID=u1/street=Main 1/ST=BE"})
    void formatMatchesTheJdk(String subject) throws Exception {
        String file = "name" + Integer.toHexString(subject.hashCode());
        TestCerts.Result r = TestCerts.openssl("req", "-new", "-x509", "-key", "root.key", "-subj", subject,
                "-multivalue-rdn", "-utf8", "-config", "x509.cnf", "-days", "1", "-out", file + ".pem");
        assertEquals(0, r.exit, r.output);
        X509Certificate c = TestCerts.cert(file);
        java.security.cert.X509Certificate j = TestCerts.jdk(c.getEncoded());
        assertEquals(j.getSubjectX500Principal().getName(X500Principal.RFC2253), c.getSubjectDN());
    }
}
