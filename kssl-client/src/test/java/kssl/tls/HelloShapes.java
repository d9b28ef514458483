package kssl.tls;

import ksecurity.prim.Bytes;
import ksecurity.prim.Md5;
import ksecurity.prim.Sha1;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;

/**
 * The corpus that holds the C Sizzle engine's inbound path (native/sizzle/) to the Java engine:
 * ClientHellos as records on the wire (the stored transcripts' hellos, TestHello's variants, the
 * malformed cases of the server's tests, record-layer abuse, SSLv2-compatible hellos), each
 * with what the Java server made of it, as one canonical line:
 * <ul>
 * <li>{@code hello <shape> => server_hello <choices>}: ClientHello's static shape (the fields
 * the server keeps) and what the server answered (ServerHello's version, suite, extensions);</li>
 * <li>{@code hello <shape> => alert NAME}: the hello decoded, and a check after it failed
 * (version, fallback, renegotiation_info, point formats, no suite);</li>
 * <li>{@code alert NAME}: the server sent this fatal alert before the hello decoded;</li>
 * <li>{@code received NAME}: the client's fatal alert ended the connection (nothing sent).</li>
 * </ul>
 * The shape comes from ServerHandshake.readClientHello on the engine's own RecordLayer,
 * HandshakeReader and ClientHello; the answer from a real server (TlsConnection) fed
 * the same bytes, whose alert must agree with the parse. The servers are the three C builds'
 * Java counterparts: modern (TestPki.P256), legacy-ecc (legacy profile, TestPki.P160) and
 * legacy-rsa (legacy profile, TestPki.rsa1024), default limits (receive 2^14, messages 64 KiB),
 * a fresh session cache each case (so no resumption). File format: README.md beside the corpus.
 */
final class HelloShapes {
    static final Path FILE = Path.of("src/test/resources/hello-shapes/hello-shapes.txt");
    static final String[] BUILDS = {"modern", "legacy-ecc", "legacy-rsa"};
    static final String[] MODERN = {"modern"};
    static final String[] LEGACY = {"legacy-ecc", "legacy-rsa"};

    /** One input: records (or any chunks: their concatenation is the wire) and the builds it runs on. */
    static final class Case {
        final String name;
        final String[] builds;
        final List<byte[]> records = new ArrayList<>();

        Case(String name, String[] builds, byte[]... records) {
            this.name = name;
            this.builds = builds;
            for (byte[] r : records) {
                this.records.add(r);
            }
        }

        byte[] wire() {
            return BadInputTest.concat(records.toArray(new byte[0][]));
        }
    }

    static TlsConfig server(String build) {
        SeededRandom rng = new SeededRandom("hello shapes " + build);
        if (build.equals("modern")) {
            return TlsConfig.server(Profile.MODERN, rng).allowWeakRandom(SeededRandom.WHY).addIdentity(TestPki.P256);
        }
        TlsConfig c = TlsConfig.server(Profile.LEGACY, rng).allowWeakRandom(SeededRandom.WHY);
        return c.addIdentity(build.equals("legacy-ecc") ? TestPki.P160 : TestPki.rsa1024());
    }

    static String hex(byte[] b, int off, int len) {
        return len == 0 ? "-" : HexFormat.of().formatHex(b, off, off + len);
    }

    static String hex4(int v) {
        return String.format("%04x", v);
    }

    /** ClientHello's static shape as one line (the C test prints the same fields the same way). */
    static String shape(ClientHello h) {
        return "hello v=" + hex4(h.version) + " random=" + hex(h.random, 0, 32) + " sid=" + hex(h.sessionId, 0,
                h.sessionIdLength) + " suites=" + hex4(h.suites) + " null=" + b(h.nullCompression) + " ssl2=" + b(h.ssl2)
                + " sni=" + hex(h.serverName, 0, h.serverNameLength) + " groups=" + b(h.groupsOffered) + "/"
                + String.format("%02x", h.groups) + " pf=" + b(h.pointFormats) + "/" + b(h.uncompressed) + " sigs="
                + b(h.signatureAlgorithmsOffered) + "/" + hex4(h.signatureSchemes) + " ecdsa=" + hex4(h.ecdsaScheme)
                + " mfl=" + h.maxFragmentLength + " rsl=" + h.recordSizeLimit + " ems=" + b(h.extendedMasterSecret)
                + " ri=" + b(h.renegotiationInfo) + "/" + b(h.renegotiatedConnection);
    }

    private static int b(boolean v) {
        return v ? 1 : 0;
    }

    /** What the parse left: the shape, or the exception that ended it; and the bytes hashed. */
    static final class Parsed {
        ClientHello hello;
        TlsException error;
        byte[] message;
    }

    /** ServerHandshake.readClientHello on the engine's classes, with the server's limits. */
    static Parsed parse(String build, byte[] wire) throws IOException {
        TlsConfig config = server(build);
        Pipe in = Pipe.of(wire);
        RecordLayer records = new RecordLayer(in.in, new Pipe().out, config.maxFragment, config.maxFragment,
                ProtocolVersion.TLS10);
        HandshakeHash hash = new HandshakeHash();
        HandshakeReader r = new HandshakeReader(records, hash);
        ClientHello hello = new ClientHello();
        Parsed p = new Parsed();
        try {
            ServerHandshake.readClientHello(config, records, r, hash, hello);
            p.message = hello.ssl2 ? Bytes.copy(wire, 2, ((wire[0] & 0x7F) << 8 | (wire[1] & 0xFF)))
                    : handshakeBytes(wire, 4 + r.position());
            p.hello = hello;
            // The bytes the engine hashed are the message's: MD5 || SHA-1 of them (version unset).
            byte[] want = new byte[36];
            hash.current(want, 0);
            Md5 md5 = new Md5();
            md5.update(p.message, 0, p.message.length);
            Sha1 sha1 = new Sha1();
            sha1.update(p.message, 0, p.message.length);
            byte[] got = new byte[36];
            md5.doFinal(got, 0);
            sha1.doFinal(got, 16);
            if (!java.util.Arrays.equals(want, got)) {
                throw new IllegalStateException("the message bytes are not what the engine hashed");
            }
        } catch (TlsException e) {
            p.error = e;
        }
        return p;
    }

    /** The first n bytes of the handshake records' bodies, in order (plaintext records). */
    static byte[] handshakeBytes(byte[] wire, int n) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        int p = 0;
        while (m.size() < n) {
            int len = Bytes.u16(wire, p + 3);
            if (wire[p] == RecordLayer.HANDSHAKE) {
                m.write(wire, p + 5, Math.min(len, n - m.size()));
            }
            p += 5 + len;
        }
        return m.toByteArray();
    }

    static String failure(TlsException e) {
        return (e.isRemote() ? "received " : "alert ") + Alert.name(e.getAlert());
    }

    /** The Java engine's line for this input on this build. */
    static String result(String build, byte[] wire) throws IOException {
        Parsed p = parse(build, wire);
        Pipe in = Pipe.of(wire);
        Pipe out = new Pipe();
        TlsConnection c = TlsConnection.server(in.in, out.out, server(build));
        TlsException e = null;
        try {
            c.handshake();
        } catch (TlsException x) {
            e = x;
        }
        if (e == null) {
            throw new IllegalStateException("the server finished a handshake on a hello alone");
        }
        if (p.error != null) {
            if (p.error.getAlert() != e.getAlert() || p.error.isRemote() != e.isRemote()) {
                throw new IllegalStateException("parse gave " + failure(p.error) + ", the server " + failure(e));
            }
            return failure(p.error);
        }
        ServerWire w = new ServerWire(out.written());
        ServerWire.Message sh = w.message(HandshakeType.SERVER_HELLO);
        if (sh == null) {
            return shape(p.hello) + " => " + failure(e);
        }
        return shape(p.hello) + " => " + serverHello(sh.body());
    }

    /** ServerHello's version, suite and the extensions the server answered with. */
    static String serverHello(byte[] b) {
        int p = 34;
        p += 1 + (b[p] & 0xFF);
        int suite = Bytes.u16(b, p);
        p += 3;
        int ri = 0;
        int ems = 0;
        int pf = 0;
        int mfl = 0;
        int rsl = 0;
        if (p < b.length) {
            int end = p + 2 + Bytes.u16(b, p);
            p += 2;
            while (p < end) {
                int type = Bytes.u16(b, p);
                int len = Bytes.u16(b, p + 2);
                switch (type) {
                    case Extensions.RENEGOTIATION_INFO: ri = 1; break;
                    case Extensions.EXTENDED_MASTER_SECRET: ems = 1; break;
                    case Extensions.EC_POINT_FORMATS: pf = 1; break;
                    case Extensions.MAX_FRAGMENT_LENGTH: mfl = b[p + 4]; break;
                    case Extensions.RECORD_SIZE_LIMIT: rsl = Bytes.u16(b, p + 4); break;
                    default: throw new IllegalStateException("ServerHello extension " + type);
                }
                p += 4 + len;
            }
        }
        return "server_hello v=" + hex4(Bytes.u16(b, 0)) + " suite=" + hex4(suite) + " ri=" + ri + " ems=" + ems
                + " pf=" + pf + " mfl=" + mfl + " rsl=" + rsl;
    }

    // ---- the cases

    static byte[] rec(byte[] message) {
        return BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, message);
    }

    static byte[] rec(int type, int version, int... body) {
        byte[] b = new byte[body.length];
        for (int i = 0; i < body.length; i++) {
            b[i] = (byte) body[i];
        }
        return BadInputTest.record(type, version, b);
    }

    /** The message cut into handshake records of at most n bytes. */
    static byte[][] split(byte[] m, int n) {
        List<byte[]> r = new ArrayList<>();
        for (int p = 0; p < m.length; p += n) {
            r.add(rec(Bytes.copy(m, p, Math.min(n, m.length - p))));
        }
        return r.toArray(new byte[0][]);
    }

    static byte[] hello(Consumer<TestHello> tweak) {
        return BadInputTest.helloMessage(tweak);
    }

    static byte[] ssl2(int version, int specs, int sid, int chal, byte[] body) {
        byte[] h = {1, (byte) (version >>> 8), (byte) version, (byte) (specs >>> 8), (byte) specs, (byte) (sid >>> 8),
            (byte) sid, (byte) (chal >>> 8), (byte) chal};
        byte[] m = BadInputTest.concat(h, body);
        return BadInputTest.concat(new byte[] {(byte) (0x80 | (m.length >>> 8)), (byte) m.length}, m);
    }

    /** V2 cipher specs: each suite as 00 xx yy, plus one SSL 2.0 spec (01 00 80) first. */
    static byte[] specs(int... suites) {
        byte[] s = new byte[3 + 3 * suites.length];
        s[0] = 1;
        s[2] = (byte) 0x80;
        for (int i = 0; i < suites.length; i++) {
            Bytes.put16(s, 4 + 3 * i, suites[i]);
        }
        return s;
    }

    static byte[] ramp(int n, int start) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (start + i);
        }
        return b;
    }

    /** The ClientHello records of every connection of every stored transcript. */
    static void transcripts(List<Case> cases) throws IOException {
        Path dir = TranscriptTest.DIR;
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".txt")).sorted().toList()) {
                String name = f.getFileName().toString().replace(".txt", "");
                int conn = 0;
                Case c = null;
                boolean served = false;
                for (String line : Files.readAllLines(f, StandardCharsets.US_ASCII)) {
                    if (line.startsWith("connection ")) {
                        conn++;
                        c = new Case("transcript-" + name + "-" + conn, BUILDS);
                        cases.add(c);
                        served = false;
                    } else if (line.startsWith("S ")) {
                        served = true;
                    } else if (line.startsWith("C ") && !served) {
                        c.records.add(HexFormat.of().parseHex(line.substring(line.lastIndexOf(' ') + 1)));
                    }
                }
            }
        }
    }

    static List<Case> cases() throws IOException {
        List<Case> cs = new ArrayList<>();
        transcripts(cs);
        byte[] chromium = TestHello.chromiumLike(new SeededRandom("browser 1")).message();
        byte[] plain = new TestHello().message();
        // The browser's hello, in one record and split over several.
        cs.add(new Case("chromium-like", BUILDS, rec(chromium)));
        cs.add(new Case("chromium-like-records-512", BUILDS, split(chromium, 512)));
        cs.add(new Case("chromium-like-records-100", MODERN, split(chromium, 100)));
        cs.add(new Case("chromium-like-records-7", MODERN, split(chromium, 7)));
        cs.add(new Case("default-records-1", MODERN, split(plain, 1)));
        cs.add(new Case("default", BUILDS, rec(plain)));
        cs.add(new Case("rich", BUILDS, rec(ServerConformanceTest.richHello().message())));
        // Each extension alone, and none.
        cs.add(new Case("no-extensions", BUILDS, rec(hello(h -> h.extensions = null))));
        cs.add(new Case("empty-extensions-block", BUILDS, rec(hello(h -> h.extensions.clear()))));
        int[][] alone = {{0, 0, 18, 0, 0, 15, 't', 'h', 'e', 'r', 'm', 'o', 's', 't', 'a', 't', '.', 't', 'e', 's', 't'},
            {1, 2}, {10, 0, 4, 0, 23, 0, 16}, {11, 1, 0}, {13, 0, 2, 4, 3}, {23}, {28, 1, 0}, {0xFF01, 0}, {0x0A0A},
            {21, 0, 0, 0, 0}, {35}};
        for (int[] e : alone) {
            int[] body = java.util.Arrays.copyOfRange(e, 1, e.length);
            cs.add(new Case("only-extension-" + e[0], BUILDS, rec(hello(h -> {
                h.extensions.clear();
                h.ext(e[0], body);
            }))));
        }
        // server_name.
        cs.add(new Case("sni-host", BUILDS, rec(hello(h -> h.serverName(TestPki.HOST)))));
        cs.add(new Case("sni-upper-case", MODERN, rec(hello(h -> h.serverName("Thermostat.TEST")))));
        cs.add(new Case("sni-space", MODERN, rec(hello(h -> h.serverName("thermo stat.test")))));
        cs.add(new Case("sni-del", MODERN, rec(hello(h -> h.serverName("thermostat\u007f")))));
        cs.add(new Case("sni-high-byte", MODERN, rec(hello(h -> h.serverName("caf\u00e9.test")))));
        cs.add(new Case("sni-255", MODERN, rec(hello(h -> h.serverName("a".repeat(255))))));
        cs.add(new Case("sni-256", MODERN, rec(hello(h -> h.serverName("b".repeat(256))))));
        cs.add(new Case("sni-two-host-names", MODERN, rec(hello(h -> h.extensions.add(0, new Object[] {0,
            new byte[] {0, 11, 0, 0, 3, 'a', '.', 'b', 0, 0, 2, 'c', 'd'}})))));
        cs.add(new Case("sni-other-type-then-host", MODERN, rec(hello(h -> h.extensions.add(0, new Object[] {0,
            new byte[] {0, 12, 7, 0, 3, 1, 2, 3, 0, 0, 3, 'a', '.', 'b'}})))));
        cs.add(new Case("sni-empty-name", MODERN, rec(hello(h -> h.ext(0, 0, 3, 0, 0, 0)))));
        cs.add(new Case("sni-entry-past-list", MODERN, rec(hello(h -> h.ext(0, 0, 5, 0, 0, 3, 'a', 'b', 'c')))));
        cs.add(new Case("sni-entry-header-past-list", MODERN, rec(hello(h -> h.ext(0, 0, 1, 0)))));
        cs.add(new Case("sni-zero-list", MODERN, rec(hello(h -> h.ext(0, 0, 0)))));
        cs.add(new Case("sni-empty-extension", MODERN, rec(hello(h -> h.ext(0)))));
        // max_fragment_length and record_size_limit.
        for (int code = 0; code <= 5; code++) {
            int k = code;
            cs.add(new Case("mfl-" + code, k == 1 ? BUILDS : MODERN, rec(hello(h -> h.ext(1, k)))));
        }
        cs.add(new Case("mfl-two-bytes", MODERN, rec(hello(h -> h.ext(1, 1, 1)))));
        cs.add(new Case("mfl-empty", MODERN, rec(hello(h -> h.ext(1)))));
        for (int v : new int[] {0, 63, 64, 512, 16384, 65535}) {
            cs.add(new Case("rsl-" + v, v == 512 ? BUILDS : MODERN, rec(hello(h -> h.ext(28, v >>> 8, v & 255)))));
        }
        cs.add(new Case("rsl-and-mfl", BUILDS, rec(hello(h -> h.ext(1, 2).ext(28, 2, 0)))));
        cs.add(new Case("rsl-three-bytes", MODERN, rec(hello(h -> h.ext(28, 1, 0, 0)))));
        // extended_master_secret, renegotiation_info, the SCSVs.
        cs.add(new Case("ems-not-empty", MODERN, rec(hello(h -> h.without(23).ext(23, 0)))));
        cs.add(new Case("no-ems", BUILDS, rec(hello(h -> h.without(23)))));
        cs.add(new Case("ri-not-empty", BUILDS, rec(hello(h -> h.without(0xFF01).ext(0xFF01, 3, 1, 2, 3)))));
        cs.add(new Case("ri-length-mismatch", MODERN, rec(hello(h -> h.without(0xFF01).ext(0xFF01, 3, 1, 2)))));
        cs.add(new Case("ri-empty-extension", MODERN, rec(hello(h -> h.without(0xFF01).ext(0xFF01)))));
        cs.add(new Case("scsv-no-ri", BUILDS, rec(hello(h -> {
            h.without(0xFF01);
            h.suites = new int[] {0xC02B, 0x00FF};
        }))));
        // Point formats and groups.
        cs.add(new Case("pf-compressed-only", BUILDS, rec(hello(h -> h.without(11).ext(11, 1, 1)))));
        cs.add(new Case("pf-compressed-only-no-groups", BUILDS, rec(hello(h -> h.without(11).without(10).ext(11, 1, 1)))));
        cs.add(new Case("pf-three", MODERN, rec(hello(h -> h.without(11).ext(11, 3, 2, 1, 0)))));
        cs.add(new Case("pf-zero-length", MODERN, rec(hello(h -> h.without(11).ext(11, 0)))));
        cs.add(new Case("pf-count-mismatch", MODERN, rec(hello(h -> h.without(11).ext(11, 2, 0)))));
        cs.add(new Case("groups-secp160r1", BUILDS, rec(hello(h -> h.without(10).ext(10, 0, 2, 0, 16)))));
        cs.add(new Case("groups-both", BUILDS, rec(hello(h -> h.without(10).ext(10, 0, 4, 0, 16, 0, 23)))));
        cs.add(new Case("groups-unknown", BUILDS, rec(hello(h -> h.without(10).ext(10, 0, 4, 0, 29, 0x11, 0xEC)))));
        cs.add(new Case("groups-odd", MODERN, rec(hello(h -> h.without(10).ext(10, 0, 3, 0, 23, 0)))));
        cs.add(new Case("groups-empty-list", MODERN, rec(hello(h -> h.without(10).ext(10, 0, 0)))));
        cs.add(new Case("groups-one-byte", MODERN, rec(hello(h -> h.without(10).ext(10, 0)))));
        // signature_algorithms.
        int[][] sigs = {{3, 3, 4, 3}, {5, 3, 4, 3}, {6, 3, 4, 3}, {2, 3}, {4, 1, 2, 1}, {3, 3}, {8, 4, 4, 3},
            {1, 1, 2, 1, 2, 3, 3, 1, 3, 3, 4, 1, 4, 3, 5, 1, 5, 3, 6, 1, 6, 3, 8, 8}};
        for (int[] s : sigs) {
            StringBuilder n = new StringBuilder("sigs");
            for (int i = 0; i < s.length; i += 2) {
                n.append('-').append(String.format("%02x%02x", s[i], s[i + 1]));
            }
            int[] body = new int[2 + s.length];
            body[1] = s.length;
            System.arraycopy(s, 0, body, 2, s.length);
            cs.add(new Case(n.length() > 40 ? "sigs-every-pair" : n.toString(), BUILDS, rec(hello(h -> h.without(13).ext(13, body)))));
        }
        cs.add(new Case("no-sigs", BUILDS, rec(hello(h -> h.without(13)))));
        cs.add(new Case("sigs-odd", MODERN, rec(hello(h -> h.without(13).ext(13, 0, 1, 4)))));
        // Duplicates, GREASE, unknown extensions.
        cs.add(new Case("duplicate-ems", BUILDS, rec(hello(h -> h.ext(23)))));
        cs.add(new Case("duplicate-unknown", BUILDS, rec(hello(h -> h.ext(0x7777, 1).ext(0x7777, 2)))));
        cs.add(new Case("duplicate-then-bad-length", MODERN, rec(hello(h -> h.ext(23).ext(28, 1)))));
        cs.add(new Case("duplicate-sni-second-malformed", MODERN, rec(hello(h -> h.serverName("a.b").ext(0, 0, 9)))));
        cs.add(new Case("grease-everywhere", BUILDS, rec(hello(h -> {
            h.suites = new int[] {0x2A2A, 0xC02B, 0xBABA};
            h.ext(0xDADA).ext(0x3A3A, 0).without(10).ext(10, 0, 4, 0x4A, 0x4A, 0, 23);
        }))));
        // Versions, the fallback SCSV, suites.
        for (int v : new int[] {0x0002, 0x0200, 0x0300, 0x0301, 0x0302, 0x0303, 0x0304, 0x03FF, 0x0400, 0xFEFE}) {
            cs.add(new Case("version-" + hex4(v), BUILDS, rec(hello(h -> {
                h.version = v;
                h.suites = new int[] {0xC02B, 0xC0AE, 0xC002, 0x0005, 0x0004};
            }))));
        }
        for (int v : new int[] {0x0300, 0x0301, 0x0303}) {
            cs.add(new Case("fallback-scsv-" + hex4(v), BUILDS, rec(hello(h -> {
                h.version = v;
                h.suites = new int[] {0xC02B, 0xC002, 0x0005, 0x5600};
            }))));
        }
        cs.add(new Case("suites-legacy-order", BUILDS, rec(hello(h -> {
            h.version = 0x0301;
            h.suites = new int[] {0x0004, 0x0005, 0xC002, 0x0003};
        }))));
        cs.add(new Case("suites-ccm8-first", BUILDS, rec(hello(h -> h.suites = new int[] {0xC0AE, 0xC02B}))));
        cs.add(new Case("suites-ecdhe-rsa-only", BUILDS, rec(hello(h -> h.suites = new int[] {0xC02F}))));
        cs.add(new Case("suites-none-known", BUILDS, rec(hello(h -> h.suites = new int[] {0x0001, 0x1301, 0x0A0A}))));
        cs.add(new Case("suites-5000", BUILDS, split(hello(h -> {
            h.suites = new int[5000];
            for (int i = 0; i < h.suites.length; i++) {
                h.suites[i] = 0x1000 + i;
            }
            h.suites[4999] = 0xC02B;
            h.suites[17] = 0x0005;
        }), 16384)));
        TestHello odd = new TestHello();
        odd.message();
        cs.add(new Case("suites-odd-length", MODERN, rec(odd.messageWithLength(odd.lengthFields().get(2), 1))));
        cs.add(new Case("legacy-tls10-no-extensions", BUILDS, rec(hello(h -> {
            h.version = 0x0301;
            h.extensions = null;
            h.suites = new int[] {0xC002, 0x0005};
        }))));
        cs.add(new Case("legacy-ssl3-with-extensions", BUILDS, rec(hello(h -> {
            h.version = 0x0300;
            h.suites = new int[] {0xC002, 0x0005};
            h.ext(1, 2);
        }))));
        cs.add(new Case("legacy-groups-p256-only", LEGACY, rec(hello(h -> {
            h.version = 0x0301;
            h.suites = new int[] {0xC002, 0x0004};
        }))));
        // Session ids and compression.
        cs.add(new Case("sid-1", BUILDS, rec(hello(h -> h.sessionId = new byte[] {9}))));
        cs.add(new Case("sid-32", BUILDS, rec(hello(h -> h.sessionId = ramp(32, 0x40)))));
        cs.add(new Case("sid-33", MODERN, rec(hello(h -> h.sessionId = ramp(33, 0x40)))));
        cs.add(new Case("compression-none-null", BUILDS, rec(hello(h -> h.compression = new byte[] {1}))));
        cs.add(new Case("compression-deflate-and-null", BUILDS, rec(hello(h -> h.compression = new byte[] {1, 0}))));
        cs.add(new Case("compression-empty", MODERN, rec(hello(h -> h.compression = new byte[0]))));
        cs.add(new Case("no-null-and-bad-mfl", MODERN, rec(hello(h -> {
            h.compression = new byte[] {1};
            h.ext(1, 9);
        }))));
        cs.add(new Case("no-null-and-bad-length", MODERN, rec(hello(h -> {
            h.compression = new byte[] {1};
            h.ext(28, 1);
        }))));
        lengthMutations(cs);
        malformed(cs, plain);
        recordLayer(cs, plain);
        sslv2(cs);
        return cs;
    }

    /** Every length field of the rich hello and of the browser's off by a few (ServerConformanceTest's set). */
    static void lengthMutations(List<Case> cs) {
        byte[] tail = rec(new byte[] {(byte) 0xEE, (byte) 0xEE, (byte) 0xEE});
        TestHello rich = ServerConformanceTest.richHello();
        rich.message();
        for (TestHello.LengthField f : new ArrayList<>(rich.lengthFields())) {
            for (int delta : new int[] {-3, -2, -1, 1, 2, 3}) {
                cs.add(new Case("length-" + f.name().replace(' ', '_') + "@" + f.offset() + (delta > 0 ? "+" : "")
                        + delta, delta == 1 ? BUILDS : MODERN, rec(rich.messageWithLength(f, delta)), tail));
            }
        }
        TestHello chromium = TestHello.chromiumLike(new SeededRandom("browser 1"));
        chromium.message();
        for (TestHello.LengthField f : new ArrayList<>(chromium.lengthFields())) {
            for (int delta : new int[] {-1, 2}) {
                cs.add(new Case("chromium-length-" + f.name().replace(' ', '_') + "@" + f.offset() + (delta > 0 ? "+" : "")
                        + delta, MODERN, split(chromium.messageWithLength(f, delta), 512)));
            }
        }
        TestHello misaligned = new TestHello();
        misaligned.suites = new int[] {0xC02B, 0xC0AE, 0xC02F};
        misaligned.message();
        cs.add(new Case("misaligned-compression", MODERN, rec(misaligned.messageWithLength(misaligned.lengthFields().get(2), -2))));
    }

    /** BadInputTest's and StaticShapeTest's malformed hellos. */
    static void malformed(List<Case> cs, byte[] plain) {
        byte[] r = rec(plain);
        cs.add(new Case("truncated-record", MODERN, Bytes.copy(r, 0, r.length / 2)));
        cs.add(new Case("truncated-record-header", MODERN, new byte[] {22, 3}));
        cs.add(new Case("truncated-record-header-4", MODERN, new byte[] {22, 3, 1, 0}));
        byte[] m = hello(h -> h.extensions = null);
        byte[] longer = Bytes.copy(m, 0, m.length);
        Bytes.put24(longer, 1, m.length - 4 + 10);
        cs.add(new Case("message-longer-than-record-then-appdata", MODERN, rec(longer),
                rec(RecordLayer.APPLICATION_DATA, 0x0303, new int[10])));
        cs.add(new Case("message-longer-than-record-then-eof", MODERN, rec(longer)));
        cs.add(new Case("message-longer-than-record-then-ccs", MODERN, rec(longer),
                rec(RecordLayer.CHANGE_CIPHER_SPEC, 0x0303, 1)));
        cs.add(new Case("message-longer-then-truncated-ccs", MODERN, rec(longer),
                Bytes.copy(rec(RecordLayer.CHANGE_CIPHER_SPEC, 0x0303, 1, 1, 1), 0, 6)));
        byte[] cut = Bytes.copy(plain, 0, plain.length - 10);
        Bytes.put24(cut, 1, cut.length - 4);
        cs.add(new Case("fields-longer-than-message", MODERN, rec(cut)));
        byte[] trailing = BadInputTest.concat(m, new byte[] {0});
        Bytes.put24(trailing, 1, trailing.length - 4);
        cs.add(new Case("trailing-byte", MODERN, rec(trailing)));
        cs.add(new Case("duplicate-ems-appended", MODERN, rec(appendExtensions(m, 0, 8, 0, 23, 0, 0, 0, 23, 0, 0))));
        cs.add(new Case("mfl-5", MODERN, rec(hello(h -> h.ext(1, 5)))));
        cs.add(new Case("handshake-longer-than-64k", MODERN, rec(new byte[] {1, 0x7F, 0, 0})));
        cs.add(new Case("handshake-65536", MODERN, rec(new byte[] {1, 1, 0, 0, 3, 3})));
        cs.add(new Case("handshake-65537", MODERN, rec(new byte[] {1, 1, 0, 1, 3, 3})));
        byte[] big = new byte[16000];
        big[0] = 1;
        Bytes.put24(big, 1, 100_000);
        cs.add(new Case("handshake-100000-rest-of-record-read", MODERN, rec(big), rec(new byte[1000])));
        cs.add(new Case("handshake-100000-record-truncated", MODERN, Bytes.copy(rec(big), 0, 9000)));
        cs.add(new Case("finished-first", MODERN, rec(new byte[] {20, 0, 0, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})));
        cs.add(new Case("client-key-exchange-first", BUILDS, rec(new byte[] {16, 0, 0, 2, 1, 4})));
        cs.add(new Case("hello-request-first", MODERN, rec(new byte[] {0, 0, 0, 0})));
        cs.add(new Case("empty-message", MODERN, rec(new byte[] {1, 0, 0, 0})));
        cs.add(new Case("message-one-byte", MODERN, rec(new byte[] {1, 0, 0, 1, 3})));
        cs.add(new Case("header-split-over-records", MODERN, rec(new byte[] {1}), rec(new byte[] {0, 0}),
                rec(Bytes.copy(plain, 3, plain.length - 3))));
        // A complete hello with more handshake bytes after it in its record: the hello is answered.
        cs.add(new Case("hello-then-more-in-record", MODERN, rec(BadInputTest.concat(plain, new byte[] {16, 0, 0, 1, 0}))));
        cs.add(new Case("hello-then-ccs", MODERN, rec(plain), rec(RecordLayer.CHANGE_CIPHER_SPEC, 0x0303, 1)));
        // A decode error found early in a record is answered after the whole record (truncated: decode_error anyway).
        byte[] sid33 = hello(h -> h.sessionId = new byte[33]);
        cs.add(new Case("sid-33-then-alert-record", MODERN, rec(sid33),
                rec(RecordLayer.ALERT, 0x0301, 2, 40)));
        cs.add(new Case("sid-33-split-then-fatal-alert", MODERN, rec(Bytes.copy(sid33, 0, 30)),
                rec(RecordLayer.ALERT, 0x0301, 2, 40), rec(Bytes.copy(sid33, 30, sid33.length - 30))));
        cs.add(new Case("bad-suite-then-truncated", MODERN, Bytes.copy(rec(hello(h -> h.suites = new int[] {0x0001})), 0, 60)));
        cs.add(new Case("selection-fails-mid-record-truncated", MODERN,
                Bytes.copy(rec(BadInputTest.concat(hello(h -> h.suites = new int[] {0x0001}), new byte[40])), 0, 120)));
        cs.add(new Case("selection-fails-mid-record", MODERN,
                rec(BadInputTest.concat(hello(h -> h.suites = new int[] {0x0001}), new byte[40]))));
    }

    /** The message with raw bytes appended as its extensions block (m has none). */
    static byte[] appendExtensions(byte[] m, int... ext) {
        byte[] e = new byte[ext.length];
        for (int i = 0; i < ext.length; i++) {
            e[i] = (byte) ext[i];
        }
        byte[] all = BadInputTest.concat(m, e);
        Bytes.put24(all, 1, all.length - 4);
        return all;
    }

    /** The record layer before and around the hello: caps, alerts, types, versions, sizes, the end of the stream. */
    static void recordLayer(List<Case> cs, byte[] plain) {
        byte[] hello = rec(plain);
        byte[] warning = rec(RecordLayer.ALERT, 0x0301, 1, Alert.USER_CANCELED);
        byte[] empty = rec(RecordLayer.APPLICATION_DATA, 0x0301);
        cs.add(new Case("four-warnings-then-hello", MODERN, warning, warning, warning, warning, hello));
        cs.add(new Case("five-warnings-then-hello", MODERN, warning, warning, warning, warning, warning, hello));
        cs.add(new Case("five-warnings-in-one-record", MODERN, rec(RecordLayer.ALERT, 0x0301, 1, 90, 1, 90, 1, 90, 1,
                90, 1, 90), hello));
        cs.add(new Case("warnings-between-hello-records", MODERN, rec(Bytes.copy(plain, 0, 20)), warning, warning,
                rec(Bytes.copy(plain, 20, 30)), warning, warning, rec(Bytes.copy(plain, 50, plain.length - 50))));
        cs.add(new Case("hello-record-resets-warning-count", MODERN, warning, warning, warning,
                rec(Bytes.copy(plain, 0, 20)), warning, warning, warning, rec(Bytes.copy(plain, 20, plain.length - 20))));
        cs.add(new Case("warnings-and-empty-records", MODERN, warning, warning, empty, warning, warning, empty, warning, hello));
        byte[][] thirtyTwo = new byte[33][];
        java.util.Arrays.fill(thirtyTwo, empty);
        thirtyTwo[32] = hello;
        cs.add(new Case("thirty-two-empty-then-hello", MODERN, thirtyTwo));
        byte[][] thirtyThree = new byte[34][];
        java.util.Arrays.fill(thirtyThree, empty);
        thirtyThree[33] = hello;
        cs.add(new Case("thirty-three-empty-then-hello", MODERN, thirtyThree));
        cs.add(new Case("empty-records-inside-hello", MODERN, rec(Bytes.copy(plain, 0, 40)), empty, empty,
                rec(Bytes.copy(plain, 40, plain.length - 40))));
        cs.add(new Case("fatal-alert-first", MODERN, rec(RecordLayer.ALERT, 0x0301, 2, Alert.BAD_CERTIFICATE), hello));
        cs.add(new Case("fatal-alert-unknown-description", MODERN, rec(RecordLayer.ALERT, 0x0301, 2, 201)));
        cs.add(new Case("fatal-alert-after-warning-same-record", MODERN, rec(RecordLayer.ALERT, 0x0301, 1, 90, 2, 40)));
        cs.add(new Case("fatal-alert-record-truncated", MODERN, Bytes.copy(rec(RecordLayer.ALERT, 0x0301, 2, 40, 1, 90), 0, 8)));
        cs.add(new Case("fatal-alert-then-odd-byte", MODERN, rec(RecordLayer.ALERT, 0x0301, 2, 40, 1)));
        cs.add(new Case("alert-odd-length", MODERN, rec(RecordLayer.ALERT, 0x0301, 1, 90, 1), hello));
        cs.add(new Case("alert-one-byte", MODERN, rec(RecordLayer.ALERT, 0x0301, 1)));
        cs.add(new Case("alert-level-3", MODERN, rec(RecordLayer.ALERT, 0x0301, 3, 0)));
        cs.add(new Case("close-notify-first", MODERN, rec(RecordLayer.ALERT, 0x0301, 1, 0), hello));
        cs.add(new Case("close-notify-then-fatal-same-record", MODERN, rec(RecordLayer.ALERT, 0x0301, 1, 0, 2, 40)));
        cs.add(new Case("close-notify-inside-hello", MODERN, rec(Bytes.copy(plain, 0, 40)),
                rec(RecordLayer.ALERT, 0x0301, 1, 0), rec(Bytes.copy(plain, 40, plain.length - 40))));
        cs.add(new Case("empty-alert-record", MODERN, rec(RecordLayer.ALERT, 0x0301)));
        cs.add(new Case("unknown-content-type", MODERN, rec(0x63, 0x0303, 1, 2)));
        cs.add(new Case("content-type-19", MODERN, rec(19, 0x0303, 1)));
        cs.add(new Case("content-type-24", MODERN, rec(24, 0x0303, 1)));
        cs.add(new Case("ccs-first", MODERN, rec(RecordLayer.CHANGE_CIPHER_SPEC, 0x0303, 1)));
        cs.add(new Case("appdata-first", MODERN, rec(RecordLayer.APPLICATION_DATA, 0x0303, 1, 2, 3)));
        cs.add(new Case("appdata-first-truncated", MODERN, Bytes.copy(rec(RecordLayer.APPLICATION_DATA, 0x0303, 1, 2, 3), 0, 6)));
        cs.add(new Case("empty-handshake-record", MODERN, rec(new byte[0])));
        cs.add(new Case("empty-ccs-record", MODERN, rec(RecordLayer.CHANGE_CIPHER_SPEC, 0x0303)));
        for (int v : new int[] {0x0203, 0x0300, 0x0302, 0x03FF, 0x0400, 0xFE03}) {
            byte[] h = rec(plain);
            Bytes.put16(h, 1, v);
            cs.add(new Case("record-version-" + hex4(v), v == 0x0300 ? BUILDS : MODERN, h));
        }
        cs.add(new Case("record-16384", MODERN, rec(new byte[16384])));
        cs.add(new Case("record-16385", MODERN, rec(new byte[16385])));
        cs.add(new Case("record-65535-header-only", MODERN, new byte[] {22, 3, 1, (byte) 0xFF, (byte) 0xFF}));
        cs.add(new Case("eof-before-anything", BUILDS, new byte[0]));
        cs.add(new Case("eof-between-hello-records", MODERN, rec(Bytes.copy(plain, 0, 40))));
        cs.add(new Case("eof-inside-hello-header", MODERN, rec(Bytes.copy(plain, 0, 2))));
        cs.add(new Case("high-bit-in-modern", MODERN, BadInputTest.concat(new byte[] {(byte) 0x80, 12},
                new byte[] {1, 3, 3, 0, 3, 0, 0, 0, 16})));
    }

    /** SSLv2-compatible ClientHellos (RFC 5246 E.2): the legacy builds parse them, the modern one refuses them. */
    static void sslv2(List<Case> cs) {
        byte[] chal16 = ramp(16, 0xA0);
        byte[] chal32 = ramp(32, 0x60);
        cs.add(new Case("sslv2-tls10", BUILDS, ssl2(0x0301, 12, 0, 16,
                BadInputTest.concat(specs(0x0005, 0x0004, 0x00FF), chal16))));
        cs.add(new Case("sslv2-ssl3-ecdh", BUILDS, ssl2(0x0300, 9, 0, 16, BadInputTest.concat(specs(0xC002, 0x0005), chal16))));
        cs.add(new Case("sslv2-tls12", BUILDS, ssl2(0x0303, 9, 0, 32, BadInputTest.concat(specs(0xC02B, 0x0005), chal32))));
        cs.add(new Case("sslv2-session-id-16", LEGACY, ssl2(0x0301, 6, 16, 16,
                BadInputTest.concat(specs(0x0005), ramp(16, 1), chal16))));
        cs.add(new Case("sslv2-challenge-32", LEGACY, ssl2(0x0301, 6, 0, 32, BadInputTest.concat(specs(0x0005), chal32))));
        cs.add(new Case("sslv2-challenge-20", LEGACY, ssl2(0x0301, 6, 0, 20, BadInputTest.concat(specs(0x0005),
                ramp(20, 0x30)))));
        cs.add(new Case("sslv2-challenge-15", LEGACY, ssl2(0x0301, 6, 0, 15, BadInputTest.concat(specs(0x0005),
                ramp(15, 0x30)))));
        cs.add(new Case("sslv2-challenge-33", LEGACY, ssl2(0x0301, 6, 0, 33, BadInputTest.concat(specs(0x0005),
                ramp(33, 0x30)))));
        cs.add(new Case("sslv2-session-id-8", LEGACY, ssl2(0x0301, 6, 8, 16,
                BadInputTest.concat(specs(0x0005), ramp(8, 1), chal16))));
        cs.add(new Case("sslv2-specs-not-multiple-of-3", LEGACY, ssl2(0x0301, 7, 0, 16,
                BadInputTest.concat(specs(0x0005), new byte[] {0}, chal16))));
        cs.add(new Case("sslv2-no-specs", LEGACY, ssl2(0x0301, 0, 0, 16, chal16)));
        cs.add(new Case("sslv2-only-v2-specs", LEGACY, ssl2(0x0301, 3, 0, 16, BadInputTest.concat(specs(), chal16))));
        cs.add(new Case("sslv2-fallback-scsv", LEGACY, ssl2(0x0300, 9, 0, 16, BadInputTest.concat(specs(0x0005, 0x5600),
                chal16))));
        byte[] good = ssl2(0x0301, 6, 0, 16, BadInputTest.concat(specs(0x0005), chal16));
        byte[] longer = BadInputTest.concat(good, new byte[] {0});
        longer[1]++;
        cs.add(new Case("sslv2-lengths-short-of-record", LEGACY, longer));
        cs.add(new Case("sslv2-truncated", LEGACY, Bytes.copy(good, 0, good.length - 5)));
        cs.add(new Case("sslv2-truncated-header", LEGACY, Bytes.copy(good, 0, 4)));
        cs.add(new Case("sslv2-length-8", LEGACY, new byte[] {(byte) 0x80, 8, 1, 3, 1, 0, 0, 0, 0, 0}));
        cs.add(new Case("sslv2-length-too-long", LEGACY, new byte[] {(byte) 0xC0, 30, 1, 3, 1, 0, 3, 0, 0}));
        cs.add(new Case("sslv2-length-largest", LEGACY, new byte[] {(byte) 0xC0, 29, 1, 3, 1, 0, 3, 0, 0}));
        cs.add(new Case("sslv2-not-client-hello", LEGACY, new byte[] {(byte) 0x80, 12, 2, 3, 1, 0, 3, 0, 0, 0, 16}));
        cs.add(new Case("sslv2-then-more-bytes", LEGACY, good, rec(RecordLayer.APPLICATION_DATA, 0x0301, 1)));
        cs.add(new Case("sslv2-after-a-warning", LEGACY, rec(RecordLayer.ALERT, 0x0301, 1, 90), good));
    }

    /** The corpus file's text: a header, then per case and build its records, message and line. */
    static String format() throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("# hello-shapes v1: ClientHellos and the Java engine's answer, for native/sizzle (written by HelloShapesTest,\n");
        sb.append("# -Dkssl.helloshapes.write=true; format in README.md beside this file). TEST KEYS ONLY.\n");
        sb.append("config modern chain_schemes=").append(hex4(TestPki.P256.chainSchemes)).append(" receive_limit=")
                .append(server("modern").maxFragment).append('\n');
        for (Case c : cases()) {
            for (String build : c.builds) {
                byte[] wire = c.wire();
                sb.append("case ").append(build).append(' ').append(c.name).append('\n');
                for (byte[] r : c.records) {
                    sb.append("in ").append(hex(r, 0, r.length)).append('\n');
                }
                Parsed p = parse(build, wire);
                if (p.error == null) {
                    sb.append("msg ").append(hex(p.message, 0, p.message.length)).append('\n');
                }
                sb.append("out ").append(result(build, wire)).append('\n');
            }
        }
        return sb.toString();
    }
}
