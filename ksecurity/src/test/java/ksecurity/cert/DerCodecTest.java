package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Random;

import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.junit.jupiter.api.Test;

/** The DER writer, OIDs, times, base64 and PEM against Bouncy Castle and java.time. */
class DerCodecTest {
    @Test
    void timesAgreeWithJavaTime() throws Exception {
        Random rnd = new Random(1);
        DateTimeFormatter utc = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
        DateTimeFormatter gen = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
        for (int i = 0; i < 20000; i++) {
            // 0001-01-01 .. 9999-12-31, whole seconds
            long sec = -62135596800L + (long) (rnd.nextDouble() * (253402300799L + 62135596800L));
            Instant t = Instant.ofEpochSecond(sec);
            int year = t.atZone(ZoneOffset.UTC).getYear();
            boolean isUtc = year >= 1950 && year <= 2049;
            String expected = (isUtc ? utc : gen).format(t);
            byte[] ours = DerTime.format(sec * 1000);
            assertEquals(expected, new String(ours, StandardCharsets.US_ASCII));
            assertEquals(isUtc, DerTime.isUtc(sec * 1000));
            assertEquals(sec * 1000, DerTime.parse(ours, 0, ours.length, !isUtc));
        }
        byte[] y2k = "000229120000Z".getBytes(StandardCharsets.US_ASCII);
        assertEquals(Instant.parse("2000-02-29T12:00:00Z").toEpochMilli(), DerTime.parse(y2k, 0, 13, false));
        byte[] y1950 = "500101000000Z".getBytes(StandardCharsets.US_ASCII);
        assertEquals(Instant.parse("1950-01-01T00:00:00Z").toEpochMilli(), DerTime.parse(y1950, 0, 13, false));
        byte[] feb29 = "19000229000000Z".getBytes(StandardCharsets.US_ASCII); // 1900 is not a leap year
        assertThrows(CertificateException.class, () -> DerTime.parse(feb29, 0, 15, true));
    }

    @Test
    void oidsAgreeWithBouncyCastle() throws Exception {
        String[] oids = {Oid.SECP256R1, Oid.SECP160R1, Oid.RSA_ENCRYPTION, "2.999.1234567890123", "0.0", "1.39",
            "2.5.29.37.0", "2.100.3", "1.2.840.113549.1.9.16.3.18446744073709551"};
        for (String s : oids) {
            byte[] bc = new ASN1ObjectIdentifier(s).getEncoded(ASN1Encoding.DER);
            byte[] ours = new DerWriter().oid(s).toByteArray();
            assertArrayEquals(bc, ours, s);
            assertEquals(s, Oid.toDotted(bc, 2, bc.length - 2));
        }
        assertThrows(CertificateException.class, () -> Oid.toDotted(new byte[] {0x2A, (byte) 0x80, 0x01}, 0, 3));
        assertThrows(CertificateException.class, () -> Oid.toDotted(new byte[] {0x2A, (byte) 0x86}, 0, 2));
        assertThrows(CertificateException.class, () -> Oid.toDotted(new byte[0], 0, 0));
    }

    @Test
    void writerAgreesWithBouncyCastle() throws Exception {
        Random rnd = new Random(2);
        for (int i = 0; i < 300; i++) {
            byte[] mag = new byte[rnd.nextInt(300)];
            rnd.nextBytes(mag);
            byte[] blob = new byte[rnd.nextInt(70000)];
            rnd.nextBytes(blob);
            java.math.BigInteger v = new java.math.BigInteger(1, mag);
            byte[] bc = new DERSequence(new org.bouncycastle.asn1.ASN1Encodable[] {
                new ASN1Integer(v), new DEROctetString(blob), new DERBitString(mag)}).getEncoded(ASN1Encoding.DER);
            byte[] ours = new DerWriter().begin(DerReader.SEQUENCE).unsignedInteger(mag).octetString(blob)
                    .bitString(mag).end().toByteArray();
            assertArrayEquals(bc, ours);
            DerReader r = DerReader.open(ours).readSequence();
            assertEquals(v, new java.math.BigInteger(1, r.readUnsignedInteger(301)));
            assertArrayEquals(blob, r.readOctetString());
            assertArrayEquals(mag, r.readOctetAlignedBitString());
            r.finish();
        }
        for (int bits = 1; bits < 512; bits = bits * 3 + 1) {
            boolean[] b = new boolean[9];
            for (int k = 0; k < 9; k++) {
                b[k] = (bits >> k & 1) != 0;
            }
            int ku = 0;
            for (int k = 0; k < 8; k++) {
                ku |= b[k] ? 0x80 >> k : 0;
            }
            ku |= b[8] ? KeyUsage.decipherOnly : 0;
            byte[] bc = new KeyUsage(ku).getEncoded(ASN1Encoding.DER);
            byte[] ours = new DerWriter().namedBits(b).toByteArray();
            assertArrayEquals(bc, ours);
            boolean[] back = DerReader.open(ours).readNamedBits();
            for (int k = 0; k < 9; k++) {
                assertEquals(b[k], k < back.length && back[k]);
            }
        }
    }

    @Test
    void base64AndPem() throws Exception {
        Random rnd = new Random(3);
        for (int n = 0; n < 200; n++) {
            byte[] b = new byte[n];
            rnd.nextBytes(b);
            String ours = Base64.encode(b);
            assertEquals(java.util.Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(b), ours);
            assertArrayEquals(b, Base64.decode(ours));
            assertArrayEquals(b, Pem.decodeAll(Pem.encode("X", b).getBytes(StandardCharsets.US_ASCII))[0].getDer());
        }
        for (String bad : new String[] {"QQ", "QQ=", "QQ===", "Q===", "QR==", "QUI", "QUJ=", "QU=J", "Q!==", "A"}) {
            assertThrows(CertificateException.class, () -> Base64.decode(bad), bad);
        }
        assertArrayEquals(new byte[] {'A'}, Base64.decode("QQ=="));
        assertArrayEquals(new byte[] {'A', 'B'}, Base64.decode("QU\r\nI="));
    }
}
