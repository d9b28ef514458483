package sizzle.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The frame codec, field by field and byte for byte (LINK.md §2), and every case the codec
 * rejects on its own, each with its own reason code.
 */
class FrameTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final int F = 29;

    @Test
    void crcIsCrc16KermitAs802154() {
        assertEquals(0x2189, Crc16.compute("123456789".getBytes(), 0, 9));
        assertEquals(0x0000, Crc16.compute(new byte[0], 0, 0));
        assertEquals(0x1189, Crc16.compute(new byte[] {1}, 0, 1));
    }

    @Test
    void encodesEveryFieldInItsPlace() {
        byte[] b = new byte[F];
        Frame f = new Frame().set(0x01, 0x00, Frame.DATA, Frame.ACK_REQ, 0x2A, 0x07, 0);
        Frame.putU16(b, Frame.HEADER, 0x0102);
        b[8] = (byte) 0xAB;
        b[9] = (byte) 0xCD;
        f.payloadLength = 4;
        int len = f.encode(b);
        // dst src type|flags conn msg index | length(BE) data | CRC (LE)
        assertEquals("0100012a0700" + "0102abcd" + "20c4", HEX.formatHex(b, 0, len));
        assertEquals(0xc420, Crc16.compute(b, 0, 10)); // also computed by an independent Python CRC-16/KERMIT

        Frame g = new Frame();
        assertEquals(0, g.decode(b, len, F));
        assertEquals(0x01, g.dst);
        assertEquals(0x00, g.src);
        assertEquals(Frame.DATA, g.type);
        assertEquals(Frame.ACK_REQ, g.flags);
        assertEquals(0x2A, g.conn);
        assertEquals(0x07, g.msg);
        assertEquals(0, g.index);
        assertEquals(4, g.payloadLength);
    }

    @Test
    void controlFramesAsTheyGoOnTheAir() {
        assertEquals("010031010000be0e", frame(new Frame().set(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 1, 0, 0)));
        assertEquals("000141050000" + "f538", frame(new Frame().set(0, 1, Frame.DISCONNECT, Frame.ACK_REQ, 5, 0, 0)));
        byte[] b = new byte[F];
        b[6] = Frame.NEWCONNECTION;
        b[7] = Frame.OK;
        Frame ack = new Frame().set(0, 1, Frame.ACK, 0, 1, 0, 0);
        ack.payloadLength = 2;
        int n = ack.encode(b);
        assertEquals("00011001000003" + "0049fc", HEX.formatHex(b, 0, n));
    }

    private static String frame(Frame f) {
        byte[] b = new byte[F];
        return HEX.formatHex(b, 0, f.encode(b));
    }

    @Test
    void segmentationArithmetic() {
        assertEquals(19, Frame.firstData(29));
        assertEquals(21, Frame.restData(29));
        assertEquals(92, Frame.firstData(102));
        assertEquals(94, Frame.restData(102));
        assertEquals(19 + 255 * 21, Frame.maxMessage(29));
        assertEquals(92 + 255 * 94, Frame.maxMessage(102));
        assertEquals(1, Frame.frameCount(19, 29));
        assertEquals(2, Frame.frameCount(20, 29));
        assertEquals(2, Frame.frameCount(40, 29));
        assertEquals(3, Frame.frameCount(41, 29));
        assertEquals(14, Frame.frameCount(286, 29)); // the papers' 286-byte record: 13 at 22 bytes a frame
        assertEquals(256, Frame.frameCount(Frame.maxMessage(29), 29));
        assertEquals(40, Frame.offset(2, 29));
        assertEquals(1, Frame.dataIn(2, 41, 29));
    }

    /** A well-formed frame of each type, then one change that makes it malformed. */
    @Test
    void everyMalformedFrameHasItsReason() {
        Frame data0 = new Frame().set(1, 0, Frame.DATA, Frame.ACK_REQ, 1, 0, 0);
        assertEquals(0, decode(data0, "0005aabbcc"));
        assertEquals(LinkStats.SHORT, new Frame().decode(new byte[7], 7, F));
        assertEquals(LinkStats.LONG, decodeRaw(encode(data0, "0005aabbcc"), F + 1));
        byte[] bad = encode(data0, "0005aabbcc");
        bad[8] ^= 0x10;
        assertEquals(LinkStats.BAD_CRC, decodeRaw(bad, 13));
        bad = encode(data0, "0005aabbcc");
        bad[12] ^= 0x01; // the CRC itself
        assertEquals(LinkStats.BAD_CRC, decodeRaw(bad, 13));

        assertEquals(0, decode(new Frame().set(1, 0, Frame.DATA_TEMPLATE, Frame.ACK_REQ, 1, 0, 0), "0001aa")); // DATA-TEMPLATE: DATA's rules (LINK.md §9)
        assertEquals(LinkStats.BAD_PAYLOAD, decode(new Frame().set(1, 0, Frame.DATA_TEMPLATE, Frame.ACK_REQ, 1, 0, 0), "0000aa"));
        assertEquals(LinkStats.BAD_FLAGS, decode(new Frame().set(1, 0, Frame.DATA_TEMPLATE, 0, 1, 0, 0), "0001aa"));
        assertEquals(LinkStats.BAD_TYPE, decode(new Frame().set(1, 0, 8, Frame.ACK_REQ, 1, 0, 0), "0001aa"));
        assertEquals(LinkStats.BAD_TYPE, decode(new Frame().set(1, 0, 15, 0, 1, 0, 0), ""));
        assertEquals(LinkStats.BAD_FLAGS, decode(new Frame().set(1, 0, Frame.DATA, 0x2 | Frame.ACK_REQ, 1, 0, 0), "0001aa"));
        assertEquals(LinkStats.BAD_FLAGS, decode(new Frame().set(1, 0, Frame.DATA, 0, 1, 0, 0), "0001aa"));

        assertEquals(LinkStats.BAD_CONN, decode(new Frame().set(1, 0, Frame.DATA, Frame.ACK_REQ, 0, 0, 0), "0001aa"));
        assertEquals(LinkStats.BAD_PAYLOAD, decode(data0, "0000aa"), "length 0");
        assertEquals(LinkStats.BAD_PAYLOAD, decode(data0, "0001aabb"), "more data than the length");
        assertEquals(LinkStats.BAD_PAYLOAD, decode(data0, "0001"), "no data");
        assertEquals(LinkStats.BAD_PAYLOAD, decode(new Frame().set(1, 0, Frame.DATA, 0, 1, 0, 3), ""), "empty later frame");
        assertEquals(0, decode(new Frame().set(1, 0, Frame.DATA, 0, 1, 0, 3), "aa"));

        Frame ack = new Frame().set(0, 1, Frame.ACK, 0, 1, 0, 0);
        assertEquals(0, decode(ack, "0001"));
        assertEquals(LinkStats.BAD_FLAGS, decode(new Frame().set(0, 1, Frame.ACK, Frame.ACK_REQ, 1, 0, 0), "0001"));
        assertEquals(LinkStats.BAD_PAYLOAD, decode(ack, "00"));
        assertEquals(LinkStats.BAD_PAYLOAD, decode(ack, "000100"));
        assertEquals(LinkStats.BAD_PAYLOAD, decode(ack, "0201"), "an ACK of a NACK");
        assertEquals(LinkStats.BAD_PAYLOAD, decode(ack, "0005"), "status 5");
        assertEquals(LinkStats.BAD_CONN, decode(ack, "0604"), "READY-SLEEP's ACK is outside connections");
        assertEquals(LinkStats.BAD_CONN, decode(new Frame().set(0, 1, Frame.ACK, 0, 0, 0, 0), "0300"));

        Frame nack = new Frame().set(0, 1, Frame.NACK, 0, 1, 0, 4);
        assertEquals(0, decode(nack, "0280"));
        assertEquals(LinkStats.BAD_PAYLOAD, decode(nack, "02"));
        assertEquals(LinkStats.BAD_CONN, decode(new Frame().set(0, 1, Frame.NACK, 0, 0, 0, 4), "0280"));
        assertEquals(LinkStats.BAD_FLAGS, decode(new Frame().set(0, 1, Frame.NACK, Frame.ACK_REQ, 1, 0, 4), "0280"));

        for (int t = Frame.NEWCONNECTION; t <= Frame.READY; t++) {
            assertEquals(0, decode(new Frame().set(1, 0, t, Frame.ACK_REQ, 9, t == Frame.READY ? 3 : 0, 0), ""));
            assertEquals(LinkStats.BAD_FLAGS, decode(new Frame().set(1, 0, t, 0, 9, 0, 0), ""), "unACKed control " + t);
            assertEquals(LinkStats.BAD_CONN, decode(new Frame().set(1, 0, t, Frame.ACK_REQ, 0, 0, 0), ""));
            assertEquals(LinkStats.BAD_FIELD, decode(new Frame().set(1, 0, t, Frame.ACK_REQ, 9, 0, 1), ""));
            assertEquals(LinkStats.BAD_PAYLOAD, decode(new Frame().set(1, 0, t, Frame.ACK_REQ, 9, 0, 0), "00"));
        }
        assertEquals(LinkStats.BAD_FIELD, decode(new Frame().set(1, 0, Frame.NEWCONNECTION, Frame.ACK_REQ, 9, 1, 0), ""));

        Frame rs = new Frame().set(0, 1, Frame.READY_SLEEP, Frame.ACK_REQ, 0, 7, 0);
        assertEquals(0, decode(rs, "0014ffff01"));
        assertEquals(0, decode(rs, "0014ffff0141"));
        assertEquals(LinkStats.BAD_PAYLOAD, decode(rs, "0014ffff"));
        assertEquals(LinkStats.BAD_CONN, decode(new Frame().set(0, 1, Frame.READY_SLEEP, Frame.ACK_REQ, 2, 7, 0), "0014ffff01"));
        assertEquals(LinkStats.BAD_FIELD, decode(new Frame().set(0, 1, Frame.READY_SLEEP, Frame.ACK_REQ, 0, 7, 1), "0014ffff01"));
        assertEquals(LinkStats.BAD_FLAGS, decode(new Frame().set(0, 1, Frame.READY_SLEEP, 0, 0, 7, 0), "0014ffff01"));
    }

    private static byte[] encode(Frame f, String payload) {
        byte[] b = new byte[Frame.MAX_SIZE + 2];
        byte[] p = HEX.parseHex(payload);
        System.arraycopy(p, 0, b, Frame.HEADER, p.length);
        f.payloadLength = p.length;
        f.encode(b);
        return b;
    }

    private static int decode(Frame f, String payload) {
        byte[] b = encode(f, payload);
        return new Frame().decode(b, Frame.OVERHEAD + HEX.parseHex(payload).length, F);
    }

    private static int decodeRaw(byte[] b, int len) {
        return new Frame().decode(b, len, F);
    }
}
