package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sizzle.link.Crc16;
import sizzle.link.Frame;

/**
 * The Java codec's verdict on 600 seeded frames per frame size, for the C codec to match
 * (native/link/tests/test_link.c reads native/link/tests/vectors/frames-F.txt): well-formed
 * frames of every type, and the same with one byte changed and the CRC made right again
 * (so that the checks after the CRC's are reached), cut or lengthened, one bit flipped, or
 * random bytes. A line is the frame in hex, then {@code Frame.decode}'s result, then for a
 * good frame its fields (dst src type flags conn msg index payload-length). The file is
 * checked in; this test fails when the Java codec would now write another (rewrite it with
 * -Dlink.vectors.write=true), and it asserts that every reason code occurs.
 */
class LinkFrameVectorsTest {
    @ParameterizedTest(name = "F = {0}")
    @ValueSource(ints = {29, 102})
    void theJavaCodecsVerdicts(int size) throws IOException {
        Random r = new Random(size);
        StringBuilder text = new StringBuilder();
        Frame f = new Frame();
        int[] seen = new int[9];
        for (int n = 0; n < 600; n++) {
            byte[] b = mutate(r, wellFormed(r, size), size, n % 6);
            int e = f.decode(b, b.length, size);
            seen[e]++;
            text.append(HexFormat.of().formatHex(b)).append(' ').append(e);
            if (e == 0) {
                text.append(' ').append(f.dst).append(' ').append(f.src).append(' ').append(f.type).append(' ').append(f.flags)
                        .append(' ').append(f.conn).append(' ').append(f.msg).append(' ').append(f.index).append(' ').append(f.payloadLength);
            }
            text.append('\n');
        }
        for (int e = 0; e < seen.length; e++) assertTrue(seen[e] > 0, "reason " + e + " never met");
        Path file = CDeviceInteropTest.vectors().resolve("frames-" + size + ".txt");
        if (Boolean.getBoolean("link.vectors.write")) Files.writeString(file, text, StandardCharsets.US_ASCII);
        assertEquals(Files.readString(file, StandardCharsets.US_ASCII), text.toString(),
                file + " is not what the Java codec says now: rewrite it with -Dlink.vectors.write=true");
    }

    /** A frame as an endpoint would send it: any type 0-6, its fields and payload in range. */
    private static byte[] wellFormed(Random r, int size) {
        int type = r.nextInt(7);
        byte[] b = new byte[size];
        Frame f = new Frame().set(r.nextInt(3), r.nextInt(3), type, 0, 1 + r.nextInt(255), r.nextInt(256), 0);
        switch (type) {
            case Frame.DATA -> {
                f.index = r.nextBoolean() ? 0 : 1 + r.nextInt(255);
                f.flags = f.index == 0 || r.nextBoolean() ? Frame.ACK_REQ : 0;
                int n = 1 + r.nextInt(size - Frame.OVERHEAD - (f.index == 0 ? 2 : 0));
                int at = Frame.HEADER;
                if (f.index == 0) {
                    Frame.putU16(b, at, n + r.nextInt(3000));
                    at += 2;
                }
                for (int i = 0; i < n; i++) b[at + i] = (byte) r.nextInt(256);
                f.payloadLength = at + n - Frame.HEADER;
            }
            case Frame.ACK -> {
                int acked = new int[] {0, 3, 4, 5, 6}[r.nextInt(5)];
                if (acked == Frame.READY_SLEEP) f.conn = 0;
                b[Frame.HEADER] = (byte) acked;
                b[Frame.HEADER + 1] = (byte) r.nextInt(5);
                f.payloadLength = 2;
            }
            case Frame.NACK -> {
                f.index = r.nextInt(256);
                f.payloadLength = 2 + r.nextInt(size - Frame.OVERHEAD - 1);
                for (int i = 0; i < f.payloadLength; i++) b[Frame.HEADER + i] = (byte) r.nextInt(256);
            }
            case Frame.READY_SLEEP -> {
                f.flags = Frame.ACK_REQ;
                f.conn = 0;
                f.payloadLength = 5 + r.nextInt(size - Frame.OVERHEAD - 4);
                for (int i = 0; i < f.payloadLength; i++) b[Frame.HEADER + i] = (byte) r.nextInt(256);
            }
            default -> {
                f.flags = Frame.ACK_REQ;
                if (type != Frame.READY) f.msg = 0;
            }
        }
        int len = f.encode(b);
        return java.util.Arrays.copyOf(b, len);
    }

    /** 0: as it is; 1: one byte changed, CRC right; 2: cut or lengthened, CRC right; 3: a bit flipped; 4: random bytes, CRC right; 5: random bytes. */
    private static byte[] mutate(Random r, byte[] b, int size, int how) {
        switch (how) {
            case 1 -> {
                b[r.nextInt(b.length - 2)] = (byte) r.nextInt(256);
                fixCrc(b);
            }
            case 2 -> {
                int len = Math.max(2, b.length + r.nextInt(9) - 5);
                if (r.nextInt(8) == 0) len = size + 1;
                b = java.util.Arrays.copyOf(b, len);
                fixCrc(b);
            }
            case 3 -> {
                int bit = r.nextInt(b.length * 8);
                b[bit >> 3] ^= (byte) (0x80 >> (bit & 7));
            }
            case 4, 5 -> {
                b = new byte[r.nextInt(size + 3)];
                r.nextBytes(b);
                if (how == 4) fixCrc(b);
            }
            default -> { }
        }
        return b;
    }

    private static void fixCrc(byte[] b) {
        if (b.length < 2) return;
        int crc = Crc16.compute(b, 0, b.length - 2);
        b[b.length - 2] = (byte) crc;
        b[b.length - 1] = (byte) (crc >>> 8);
    }
}
