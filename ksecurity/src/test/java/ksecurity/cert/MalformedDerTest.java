package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Malformed certificates, made by breaking one rule in an openssl-made one: each must fail with
 * CertificateException MALFORMED and a detail naming the rule, never with another exception.
 * Paths into the leaf certificate: (0) TBSCertificate, whose children are version (0), serial
 * (1), signature (2), issuer (3), validity (4), subject (5), key (6), extensions (7).
 */
class MalformedDerTest {
    private static Tlv leaf() {
        return Tlv.parse(TestCerts.bytes("leaf.der"));
    }

    private static void assertMalformed(byte[] der, String detail) {
        CertificateException e = assertThrows(CertificateException.class,
                () -> CertificateFactory.generateCertificate(der));
        assertEquals(CertificateException.MALFORMED, e.getReason(), e.getMessage());
        assertTrue(e.getDetail().startsWith(detail), "expected <" + detail + "> but got <" + e.getDetail() + ">");
    }

    @Test
    void theUnbrokenCertificateParses() throws Exception {
        CertificateFactory.generateCertificate(leaf().encode());
    }

    @Test
    void truncated() {
        byte[] der = TestCerts.bytes("leaf.der");
        assertMalformed(Arrays.copyOf(der, der.length - 1), "truncated");
        for (int n = 0; n < der.length; n++) {
            assertThrows(CertificateException.class, cutAt(der, n));
        }
    }

    private static org.junit.jupiter.api.function.Executable cutAt(byte[] der, int n) {
        return () -> CertificateFactory.generateCertificate(Arrays.copyOf(der, n));
    }

    @Test
    void lengthBeyondTheBuffer() {
        Tlv t = leaf();
        t.at(2).lengthDelta = 1; // the signature BIT STRING claims one byte more than there is
        assertMalformed(t.encode(), "length beyond the enclosing element");
    }

    @Test
    void nonMinimalLength() {
        Tlv t = leaf();
        t.at(0, 1).lengthOctets = 1; // 81 08 for an 8-byte serial
        assertMalformed(t.encode(), "non-minimal length");
        t = leaf();
        t.at(0).lengthOctets = 3; // 83 00 01 xx
        assertMalformed(t.encode(), "non-minimal length");
    }

    @Test
    void indefiniteLength() {
        Tlv t = leaf();
        t.at(0).indefinite = true;
        assertMalformed(t.encode(), "indefinite length");
    }

    @Test
    void trailingBytes() {
        byte[] der = TestCerts.bytes("leaf.der");
        assertMalformed(Arrays.copyOf(der, der.length + 1), "trailing bytes");
        Tlv t = leaf();
        t.at(0).kids.add(new Tlv(0x05, new byte[0]));
        assertMalformed(t.encode(), "unexpected extra element");
    }

    @Test
    void wrongTag() {
        Tlv t = leaf();
        t.at(0, 4).tag = 0x31; // validity as a SET
        assertMalformed(t.encode(), "wrong tag 0x31, expected 0x30");
        t = leaf();
        t.at(0, 1).tag = 0x04; // serial as an OCTET STRING
        assertMalformed(t.encode(), "wrong tag 0x4, expected 0x2");
    }

    @Test
    void oversizedInteger() {
        Tlv t = leaf();
        byte[] serial = new byte[22];
        serial[0] = 1;
        t.at(0, 1).value = serial;
        assertMalformed(t.encode(), "oversized INTEGER");
        t = leaf();
        t.at(0, 0, 0).value = new byte[] {1, 0, 0, 0, 2}; // version
        assertMalformed(t.encode(), "oversized INTEGER");
    }

    @Test
    void nonMinimalInteger() {
        Tlv t = leaf();
        t.at(0, 1).value = new byte[] {0, 0x12};
        assertMalformed(t.encode(), "non-minimal INTEGER");
        t.at(0, 1).value = new byte[0];
        assertMalformed(t.encode(), "empty INTEGER");
    }

    @Test
    void badBoolean() {
        Tlv t = leaf();
        Tlv critical = t.at(0, 7, 0, 1, 1); // keyUsage's critical flag
        assertEquals(0x01, critical.tag);
        critical.value = new byte[] {1};
        assertMalformed(t.encode(), "bad BOOLEAN value");
        critical.value = new byte[] {(byte) 0xFF, (byte) 0xFF};
        assertMalformed(t.encode(), "bad BOOLEAN length");
        critical.value = new byte[] {0}; // FALSE written out: DER omits DEFAULT values
        assertMalformed(t.encode(), "critical FALSE written out");
    }

    @ParameterizedTest
    @ValueSource(strings = {"201301120000Z", "200100120000Z", "200230120000Z", "200101240000Z", "200101126000Z",
        "200101120060Z", "2001011200Z", "200101120000+0100", "2001011200a0Z", "200101120000z", "20010112000Z",
        "G20200101120000.5Z", "G2020010112000Z", "G20200229240000Z", "G2020010112Z"})
    void badTimeString(String time) {
        Tlv t = leaf();
        Tlv notBefore = t.at(0, 4, 0);
        boolean generalized = time.startsWith("G");
        notBefore.tag = generalized ? 0x18 : 0x17;
        notBefore.value = (generalized ? time.substring(1) : time).getBytes(StandardCharsets.US_ASCII);
        assertMalformed(t.encode(), "bad time string");
    }

    @Test
    void goodTimeStringsStillParse() throws Exception {
        Tlv t = leaf();
        Tlv notBefore = t.at(0, 4, 0);
        notBefore.tag = 0x18;
        notBefore.value = "20200229235959Z".getBytes(StandardCharsets.US_ASCII);
        assertEquals(java.time.Instant.parse("2020-02-29T23:59:59Z").toEpochMilli(),
                CertificateFactory.generateCertificate(t.encode()).getNotBefore());
    }

    @Test
    void nestedTooDeep() {
        Tlv t = leaf();
        Tlv value = t.at(0, 5, 0, 0, 1); // the subject's first attribute value
        Tlv deep = new Tlv(0x0C, "x".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < DerReader.MAX_DEPTH; i++) {
            List<Tlv> one = new ArrayList<>();
            one.add(deep);
            deep = new Tlv(0x30, one);
        }
        value.tag = deep.tag;
        value.value = null;
        value.kids = deep.kids;
        assertMalformed(t.encode(), "nesting too deep");
    }

    @Test
    void otherStrictnessRules() {
        Tlv t = leaf();
        t.at(0, 0, 0).value = new byte[] {0}; // version v1 written out
        assertMalformed(t.encode(), "version v1 written out");
        t = leaf();
        t.at(0, 7, 0).kids.add(t.at(0, 7, 0, 2)); // extendedKeyUsage twice
        assertMalformed(t.encode(), "extension repeated");
        t = leaf();
        t.at(1, 0).value = Oid.toBytes(Oid.ECDSA_WITH_SHA1); // outer algorithm differs from inner
        assertMalformed(t.encode(), "signature algorithm differs");
        t = leaf();
        t.at(0, 1).tag = 0x3F; // multi-byte tag form
        assertMalformed(t.encode(), "multi-byte tag");
        t = leaf();
        t.at(0, 5, 0, 0, 1).tag = 0x2C; // constructed UTF8String (BER only)
        t.at(0, 5, 0, 0, 1).kids = new ArrayList<>();
        assertMalformed(t.encode(), "constructed encoding of a primitive type");
        t = leaf();
        t.at(0, 7, 0, 1, 2).value = new byte[] {3, 2, 7, (byte) 0x81}; // keyUsage with an unused bit set
        assertMalformed(t.encode(), "BIT STRING unused bits not zero");
        t.at(0, 7, 0, 1, 2).value = new byte[] {3, 2, 0, (byte) 0x80}; // trailing zero bit kept
        assertMalformed(t.encode(), "BIT STRING with trailing zero bits");
        t = leaf();
        t.at(0, 5, 0, 0, 1).tag = 0x00; // an attribute value made of end-of-contents octets
        t.at(0, 5, 0, 0, 1).value = new byte[0];
        t.at(0, 5, 0, 0, 1).kids = null;
        assertMalformed(t.encode(), "end-of-contents octets");
        assertMalformed(new byte[0], "no input");
        assertMalformed(new byte[] {0x30, (byte) 0x80, 0, 0}, "indefinite length");
        assertMalformed(new byte[] {0x30, (byte) 0x85, 1, 0, 0, 0, 0}, "length too large");
    }

    /** Random damage anywhere: a CertificateException or a certificate, never anything else. */
    @ParameterizedTest
    @ValueSource(strings = {"leaf", "rsaleaf", "dev160", "inter"})
    void randomDamageNeverEscapes(String name) {
        byte[] good = TestCerts.bytes(name + ".der");
        Random rnd = new Random(name.hashCode());
        for (int i = 0; i < 4000; i++) {
            byte[] bad = good.clone();
            int kind = rnd.nextInt(3);
            if (kind == 0) {
                bad[rnd.nextInt(bad.length)] ^= (byte) (1 << rnd.nextInt(8));
            } else if (kind == 1) {
                bad[rnd.nextInt(bad.length)] = (byte) rnd.nextInt(256);
                bad[rnd.nextInt(bad.length)] = (byte) rnd.nextInt(256);
            } else {
                int at = rnd.nextInt(bad.length);
                byte[] b = new byte[bad.length - 1];
                System.arraycopy(bad, 0, b, 0, at);
                System.arraycopy(bad, at + 1, b, at, b.length - at);
                bad = b;
            }
            try {
                X509Certificate c = CertificateFactory.generateCertificate(bad);
                c.getSubjectAltNames();
                c.getSubjectCommonName();
            } catch (CertificateException e) {
                // expected for most
            } catch (RuntimeException e) {
                fail("mutation " + i + " escaped as " + e, e);
            }
        }
    }
}
