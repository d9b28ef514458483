package sizzle.gateway.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import sizzle.template.StoredTranscripts;
import sizzle.template.TemplateBook;
import sizzle.template.TemplateCodec;
import sizzle.template.TemplateCursor;

/** Whole records only, as many as fit (or one), long records cut at the limit, malformed headers refused. */
class RecordFramerTest {
    static byte[] record(int type, int length, int fill) {
        byte[] r = new byte[5 + length];
        r[0] = (byte) type;
        r[1] = 3;
        r[2] = 3;
        r[3] = (byte) (length >> 8);
        r[4] = (byte) length;
        Arrays.fill(r, 5, r.length, (byte) fill);
        return r;
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] all = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    @Test
    void holdsBytesUntilARecordIsWhole() {
        RecordFramer f = new RecordFramer();
        byte[] r = record(22, 300, 1);
        f.add(r, 0, 4);
        assertNull(f.next(1000, RecordFramer.Joining.ALL));
        f.add(r, 4, 200);
        assertNull(f.next(1000, RecordFramer.Joining.ALL));
        f.add(r, 204, r.length - 204);
        assertArrayEquals(r, f.next(1000, RecordFramer.Joining.ALL));
        assertEquals(0, f.held());
        assertNull(f.next(1000, RecordFramer.Joining.ALL));
    }

    @Test
    void sendsEveryWholeRecordThatFitsOrOneAtATime() {
        byte[] a = record(22, 100, 1), b = record(20, 1, 2), c = record(22, 40, 3), d = record(23, 500, 4);
        byte[] all = concat(a, b, c, d);
        RecordFramer f = new RecordFramer();
        f.add(all, 0, all.length - 1); // d is not whole yet
        assertArrayEquals(concat(a, b, c), f.next(1000, RecordFramer.Joining.ALL));
        assertNull(f.next(1000, RecordFramer.Joining.ALL));
        f.add(all, all.length - 1, 1);
        assertArrayEquals(d, f.next(1000, RecordFramer.Joining.ALL));

        RecordFramer one = new RecordFramer();
        one.add(all, 0, all.length);
        assertArrayEquals(a, one.next(1000, RecordFramer.Joining.ONE));
        assertArrayEquals(b, one.next(1000, RecordFramer.Joining.ONE));
        assertArrayEquals(c, one.next(1000, RecordFramer.Joining.ONE));
        assertArrayEquals(d, one.next(1000, RecordFramer.Joining.ONE));
        assertNull(one.next(1000, RecordFramer.Joining.ONE));

        RecordFramer small = new RecordFramer();
        small.add(all, 0, all.length);
        assertArrayEquals(concat(a, b), small.next(140, RecordFramer.Joining.ALL)); // c would pass the limit
    }

    /**
     * LINK.md §13: to a C mote, a record is followed in its message only while the server answers
     * nothing to it: the client's second flight (ClientKeyExchange, ChangeCipherSpec, Finished) is
     * one message, and what follows the Finished (application data, pipelined), a ClientHello's
     * next record, or a record after a sealed handshake record go in the next.
     */
    @Test
    void aCMoteIsSentOneFlightAMessage() {
        byte[] hello = record(22, 100, 1), cke = record(22, 70, 16), ccs = record(20, 1, 1), fin = record(22, 40, 0x2A),
                get = record(23, 60, 0x47), alert = record(21, 2, 1);
        byte[] all = concat(hello, cke, ccs, fin, get, cke, alert, ccs);
        RecordFramer f = new RecordFramer();
        f.add(all, 0, all.length);
        assertArrayEquals(hello, f.next(1000, RecordFramer.Joining.FLIGHT), "a ClientHello is answered");
        assertArrayEquals(concat(cke, ccs, fin), f.next(1000, RecordFramer.Joining.FLIGHT), "the second flight, one message");
        assertArrayEquals(get, f.next(1000, RecordFramer.Joining.FLIGHT), "application data may be answered");
        // after the stream's ChangeCipherSpec a handshake record is sealed: a Finished, or a hello
        assertArrayEquals(cke, f.next(1000, RecordFramer.Joining.FLIGHT), "a sealed handshake record ends its message");
        assertArrayEquals(alert, f.next(1000, RecordFramer.Joining.FLIGHT), "an alert may be answered");
        assertArrayEquals(ccs, f.next(1000, RecordFramer.Joining.FLIGHT));
        assertNull(f.next(1000, RecordFramer.Joining.FLIGHT));

        RecordFramer limited = new RecordFramer();
        limited.add(all, hello.length, cke.length + ccs.length + fin.length);
        assertArrayEquals(concat(cke, ccs), limited.next(cke.length + ccs.length + 10, RecordFramer.Joining.FLIGHT),
                "no longer than the device takes");
        assertArrayEquals(fin, limited.next(1000, RecordFramer.Joining.FLIGHT));

        // an abbreviated handshake's flight; an empty handshake record and a Certificate
        byte[] empty = record(22, 0, 0), cert = record(22, 300, 11), verify = record(22, 72, 15);
        RecordFramer abbreviated = new RecordFramer();
        byte[] rest = concat(ccs, fin, empty, get);
        abbreviated.add(rest, 0, rest.length);
        assertArrayEquals(concat(ccs, fin), abbreviated.next(1000, RecordFramer.Joining.FLIGHT));
        RecordFramer authenticated = new RecordFramer();
        byte[] flight = concat(empty, cert, cke, verify, ccs, fin);
        authenticated.add(flight, 0, flight.length);
        assertArrayEquals(empty, authenticated.next(1000, RecordFramer.Joining.FLIGHT), "an empty record holds no message");
        assertArrayEquals(concat(cert, cke, verify, ccs, fin), authenticated.next(1000, RecordFramer.Joining.FLIGHT));
    }

    @Test
    void aRecordLongerThanAMessageGoesInPartsOfTheLimit() {
        byte[] big = record(23, 12000, 7), after = record(21, 2, 9);
        byte[] all = concat(big, after);
        RecordFramer f = new RecordFramer();
        f.add(all, 0, 6000); // not whole: its first 5,374 bytes may go already
        byte[] p1 = f.next(5374, RecordFramer.Joining.ALL);
        assertEquals(5374, p1.length);
        assertNull(f.next(5374, RecordFramer.Joining.ALL));
        f.add(all, 6000, all.length - 6000);
        byte[] p2 = f.next(5374, RecordFramer.Joining.ALL), p3 = f.next(5374, RecordFramer.Joining.ALL);
        assertEquals(5374, p2.length);
        assertEquals(big.length - 2 * 5374 + after.length, p3.length); // the big record's rest and the next record
        assertArrayEquals(all, concat(p1, p2, p3));
        assertNull(f.next(5374, RecordFramer.Joining.ALL));
    }

    /**
     * The record at the front goes whole as HELLO_DIGEST (LINK.md §15.2), taken, when it is a
     * ClientHello longer than the device's messages whose digested form fits the device; nothing
     * is taken while it is not whole, when it is no longer than a message, once a part of it went,
     * or when the device has no room for the form (Chromium's 1,949-byte hello, edition 3).
     */
    @Test
    void aLongHelloAtTheFrontIsTakenDigested() throws Exception {
        byte[] hello = StoredTranscripts.records("modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt").get(0).bytes();
        byte[] next = record(22, 70, 6), all = concat(hello, next);
        TemplateBook book = new TemplateBook(3, new byte[0][]);
        RecordFramer f = new RecordFramer();
        f.add(all, 0, 1000);
        assertNull(f.takeDigested(book, new TemplateCursor(), 640), "not whole yet");
        f.add(all, 1000, all.length - 1000);
        assertNull(f.takeDigested(book, new TemplateCursor(), hello.length), "no longer than a message: it goes as it is");
        assertNull(f.takeDigested(book, new TemplateCursor(), 100), "no room at the device for the digested form");
        byte[] z = f.takeDigested(book, new TemplateCursor(), 640);
        assertEquals(TemplateCodec.HELLO_DIGEST, z[0] & 0xFF);
        assertTrue(z.length < 640 && TemplateCodec.recreatesInPlace(z, 640), "fits the device's room, recreated in place");
        assertArrayEquals(next, f.next(640, RecordFramer.Joining.ONE), "the hello was taken, the next record is at the front");
        assertNull(f.next(640, RecordFramer.Joining.ONE));

        f.add(all, 0, all.length);
        assertEquals(640, f.next(640, RecordFramer.Joining.ONE).length); // the hello's first part went
        assertNull(f.takeDigested(book, new TemplateCursor(), 640), "the rest of a record whose start went is no record");
        assertEquals(640, f.next(640, RecordFramer.Joining.ONE).length);
        assertEquals(640, f.next(640, RecordFramer.Joining.ONE).length);
        assertEquals(hello.length - 3 * 640, f.next(640, RecordFramer.Joining.ONE).length);
        assertArrayEquals(next, f.next(640, RecordFramer.Joining.ONE));
    }

    @Test
    void aHeaderThatIsNoRecordsMakesTheStreamMalformed() {
        for (byte[] bad : new byte[][] {{'G', 'E', 'T', ' ', '/'}, {25, 3, 3, 0, 1}, {19, 3, 3, 0, 1},
                {22, 2, 0, 0, 1}, {23, 3, 3, 0x48, 0x01}}) {
            RecordFramer f = new RecordFramer();
            byte[] good = record(22, 10, 0);
            f.add(concat(good, bad), 0, good.length + bad.length);
            assertTrue(f.malformed() != null && f.malformed().startsWith("a malformed TLS record header"), f.malformed());
            assertNull(f.next(1000, RecordFramer.Joining.ALL)); // not even the good record before it: the connection ends
        }
        RecordFramer edge = new RecordFramer();
        byte[] max = record(23, 16384 + 2048, 0);
        edge.add(max, 0, max.length);
        assertNull(edge.malformed());
        assertArrayEquals(max, edge.next(24062, RecordFramer.Joining.ALL));
    }
}
