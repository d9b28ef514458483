package sizzle.gateway.front;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The shared port's reading of a ClientHello: the name, every byte kept, and each malformed case refused by name. */
class ClientHelloPeekTest {
    private static ClientHelloPeek peek(byte[] bytes) throws IOException {
        return ClientHelloPeek.read(new ByteArrayInputStream(bytes));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 7, 50, 16384})
    void readsTheNameFromAHelloInRecordsOfAnySize(int max) throws IOException {
        byte[] wire = Hellos.records(Hellos.message("Thermostat-1.Example"), max);
        byte[] after = {23, 3, 3, 0, 1, 9};
        ClientHelloPeek p = ClientHelloPeek.read(new ByteArrayInputStream(concat(wire, after)));
        assertEquals("thermostat-1.example", p.serverName);
        assertEquals(0x0303, p.clientVersion);
        assertArrayEquals(wire, p.bytes, "every byte read up to the hello's last record, none after");
    }

    @Test
    void noServerNameAndTheSslv2HelloGiveNoName() throws IOException {
        assertNull(peek(Hellos.records(Hellos.message(null), 16384)).serverName);
        byte[] v2 = {(byte) 0x80, 9, 1, 3, 1, 0, 3, 0, 0, 0, 16};
        byte[] hello = concat(v2, new byte[16], new byte[] {0, 0, 4});
        hello[1] = (byte) (hello.length - 2);
        ClientHelloPeek p = peek(hello);
        assertNull(p.serverName);
        assertEquals(0x0301, p.clientVersion, "the SSLv2-compatible hello's version");
        assertArrayEquals(hello, p.bytes);
        assertEquals(0x0300, peek(Hellos.records(Hellos.ssl3Message(), 16384)).clientVersion);
    }

    /** JSSE's own ClientHello with a server_name, as a real client sends it. */
    @Test
    void readsJssesHello() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread client = new Thread(() -> {
                try (SSLSocket s = (SSLSocket) SSLContext.getDefault().getSocketFactory()
                        .createSocket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
                    SSLParameters params = s.getSSLParameters();
                    params.setServerNames(List.of(new SNIHostName("mica2-7.motes.example")));
                    s.setSSLParameters(params);
                    s.startHandshake();
                } catch (IOException | java.security.GeneralSecurityException expected) {
                    // the test hangs up after the hello
                }
            });
            client.start();
            try (Socket s = server.accept()) {
                assertEquals("mica2-7.motes.example", ClientHelloPeek.read(s.getInputStream()).serverName);
            }
            client.join(10_000);
        }
    }

    /** Every length field of the hello, one byte shorter and one longer: a decode_error naming a field, never a wrong name. */
    @ParameterizedTest
    @MethodSource("lengthFields")
    void everyWrongLengthIsADecodeError(int offset) {
        byte[] msg = Hellos.message("a.example");
        for (int delta : new int[] {-1, 1}) {
            byte[] bad = msg.clone();
            bad[offset] = (byte) (bad[offset] + delta);
            ClientHelloPeek.Refused r = assertThrows(ClientHelloPeek.Refused.class,
                    () -> ClientHelloPeek.serverName(bad, 4, bad.length), "length at " + offset + " changed by " + delta);
            assertEquals(ClientHelloPeek.DECODE_ERROR, r.alert, r.getMessage());
        }
    }

    /** The low byte of every vector length in Hellos.message("a.example"). */
    static IntStream lengthFields() {
        byte[] m = Hellos.message("a.example");
        int ext = 4 + 2 + 32 + 1 + 4 + 2;
        return IntStream.of(4 + 2 + 32, 4 + 2 + 32 + 1 + 1, 4 + 2 + 32 + 1 + 4, ext + 1, ext + 2 + 4 + 3, ext + 2 + 4 + 2 + 3,
                ext + 2 + 4 + 2 + 2 + 2 + 1 + 1, m.length - 3);
    }

    @Test
    void wrongRecordsAndMessagesAreRefusedByName() {
        byte[] hello = Hellos.records(Hellos.message("a.example"), 16384);
        refused(ClientHelloPeek.UNEXPECTED_MESSAGE, "content type 23", patch(hello, 0, 23));
        refused(ClientHelloPeek.DECODE_ERROR, "version 2.x", patch(hello, 1, 2));
        refused(ClientHelloPeek.DECODE_ERROR, "record length 0", new byte[] {22, 3, 1, 0, 0});
        refused(ClientHelloPeek.DECODE_ERROR, "record length 16385", new byte[] {22, 3, 1, 0x40, 1});
        refused(ClientHelloPeek.UNEXPECTED_MESSAGE, "type 2, not ClientHello", patch(hello, 5, 2));
        refused(ClientHelloPeek.DECODE_ERROR, "ClientHello of 65537 bytes", Hellos.records(new byte[] {1, 1, 0, 1}, 16384));
        byte[] body = Arrays.copyOfRange(Hellos.message("a.example"), 4, Hellos.message("a.example").length);
        refused(ClientHelloPeek.DECODE_ERROR, "bytes after the extensions", Hellos.records(Hellos.handshake(1, concat(body, new byte[] {0})), 16384));
        refused(ClientHelloPeek.DECODE_ERROR, "host name with byte 0xe9", Hellos.records(Hellos.message("caf\u00e9.example"), 16384));
        refused(ClientHelloPeek.DECODE_ERROR, "host name with byte 0x20", Hellos.records(Hellos.message("a b"), 16384));
        // RFC 6066 section 3: "HostName" is a DNS host name without a trailing dot
        refused(ClientHelloPeek.DECODE_ERROR, "host name with an empty label", Hellos.records(Hellos.message("a.example."), 16384));
        refused(ClientHelloPeek.DECODE_ERROR, "host name with an empty label", Hellos.records(Hellos.message("a..example"), 16384));
        refused(ClientHelloPeek.DECODE_ERROR, "host name with an empty label", Hellos.records(Hellos.message(".a.example"), 16384));
        refused(ClientHelloPeek.DECODE_ERROR, "host name of 0 bytes", Hellos.records(Hellos.message(""), 16384));
        refused(ClientHelloPeek.DECODE_ERROR, "host name of 256 bytes", Hellos.records(Hellos.message("a".repeat(256)), 16384));
        byte[] m = Hellos.message("a.example");
        int ext = 4 + 2 + 32 + 1 + 4 + 2;
        byte[] sni = Arrays.copyOfRange(m, ext + 2 + 4, ext + 2 + 4 + 4 + 2 + 1 + 2 + 9);
        byte[] emptyList = {0, 0, 0, 2, 0, 0};
        refused(ClientHelloPeek.DECODE_ERROR, "server_name list does not fill its extension or is empty",
                Hellos.records(twiceIn(m, ext, emptyList, sni), 16384));
    }

    @Test
    void twoNamesOrTwoExtensionsAreRefused() {
        byte[] m = Hellos.message("a.example");
        int ext = 4 + 2 + 32 + 1 + 4 + 2;
        // the extensions block with its server_name extension written twice
        byte[] sni = Arrays.copyOfRange(m, ext + 2 + 4, ext + 2 + 4 + 4 + 2 + 1 + 2 + 9);
        byte[] twice = twiceIn(m, ext, sni);
        refused(ClientHelloPeek.DECODE_ERROR, "server_name twice", Hellos.records(twice, 16384));
        // one extension whose list holds two host names
        byte[] entry = Arrays.copyOfRange(sni, 6, sni.length);
        byte[] list = concat(new byte[] {0, 0, 0, (byte) (2 + 2 * entry.length), 0, (byte) (2 * entry.length)}, entry, entry);
        refused(ClientHelloPeek.DECODE_ERROR, "two host names", Hellos.records(twiceIn(m, ext, list, sni), 16384));
    }

    @Test
    void aClientThatStopsMidHelloIsAnEndOfStream() {
        byte[] hello = Hellos.records(Hellos.message("a.example"), 16);
        for (int cut : new int[] {0, 1, 5, 6, 21, hello.length - 1}) {
            assertThrows(EOFException.class, () -> peek(Arrays.copyOf(hello, cut)), "cut at " + cut);
        }
    }

    /** The message with {@code add} inserted at the extensions' start (and {@code drop} removed from them), lengths fixed up. */
    private static byte[] twiceIn(byte[] m, int ext, byte[] add, byte[]... drop) {
        byte[] exts = Arrays.copyOfRange(m, ext + 2, m.length);
        if (drop.length > 0) {
            byte[] d = drop[0];
            int at = indexOf(exts, d);
            exts = concat(Arrays.copyOf(exts, at), Arrays.copyOfRange(exts, at + d.length, exts.length));
        }
        byte[] newExts = concat(add, exts);
        byte[] body = concat(Arrays.copyOfRange(m, 4, ext), new byte[] {(byte) (newExts.length >> 8), (byte) newExts.length}, newExts);
        return Hellos.handshake(1, body);
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        for (int i = 0; i + needle.length <= hay.length; i++) {
            if (Arrays.equals(Arrays.copyOfRange(hay, i, i + needle.length), needle)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    private static void refused(int alert, String why, byte[] bytes) {
        ClientHelloPeek.Refused r = assertThrows(ClientHelloPeek.Refused.class, () -> peek(bytes), why);
        assertEquals(alert, r.alert, r.getMessage());
        assertTrue(r.getMessage().contains(why), "'" + r.getMessage() + "' should say '" + why + "'");
    }

    private static byte[] patch(byte[] b, int at, int value) {
        byte[] c = b.clone();
        c[at] = (byte) value;
        return c;
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int off = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, off, p.length);
            off += p.length;
        }
        return out;
    }

    static InputStream stream(byte[] b) {
        return new ByteArrayInputStream(b);
    }
}
