package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import ksecurity.cert.X509Certificate;

/**
 * A client driven step by step against an in-process server, for what the KSSL client never
 * sends: a ClientHello written byte by byte ({@link TestHello}: a browser's, with GREASE and a
 * post-quantum key share), the SSLv2-compatible hello, or any message at any point of the
 * handshake, protected with the right keys once ChangeCipherSpec has gone. It speaks the
 * protocol with the engine's own pieces (record layer, key schedule, hash), deterministically
 * (seeded keys), so that the server's answer is a stored test vector.
 */
final class ScriptedClient implements AutoCloseable {
    final Pipe c2s = new Pipe();
    final Pipe s2c = new Pipe();
    /** Both sides' writes in wire order. */
    final Pipe.Journal journal = Pipe.Journal.of(c2s, s2c);
    final TlsConnection server;
    private final ExecutorService thread = Executors.newSingleThreadExecutor();
    private final Future<?> serving;
    volatile Throwable serverError;

    /** The client's side of the wire: can change a byte of the next record on its way (a bad MAC or tag). */
    final Flip wire = new Flip(c2s.out);
    final RecordLayer records = new RecordLayer(s2c.in, wire, RecordLayer.MAX_FRAGMENT, RecordLayer.MAX_FRAGMENT,
            ProtocolVersion.TLS10);
    final HandshakeHash hash = new HandshakeHash();
    final HandshakeReader in = new HandshakeReader(records, hash);
    final HandshakeWriter out = new HandshakeWriter(records, hash);
    /** The client's random source: its hello random, key shares and premaster secrets. */
    final SeededRandom random;
    /** The premaster secret of the last key exchange made by {@link #keyExchangeValue()}. */
    byte[] pms;

    byte[] clientRandom;
    /** The client_version of the hello sent (the RSA premaster secret starts with it). */
    int clientVersion;
    final ServerHello serverHello = new ServerHello();
    X509Certificate[] chain;
    byte[] serverPoint;
    KeySchedule keys;
    boolean ems;

    /** What the server side does with its connection, in its own thread. */
    interface ServerBody {
        void serve(TlsConnection server) throws Exception;
    }

    /**
     * Starts the server on {@code config}: it runs the handshake, then answers {@code requests}
     * requests with {@code responseSize} bytes each as {@link Exchange#serve} does.
     */
    ScriptedClient(TlsConfig config, String seed, int requests, int responseSize) {
        this(config, seed, s -> Exchange.serve(s, requests, responseSize));
    }

    ScriptedClient(TlsConfig config, String seed, ServerBody body) {
        this(config, new SeededRandom("scripted client " + seed), body);
    }

    ScriptedClient(TlsConfig config, SeededRandom random, ServerBody body) {
        this.random = random;
        server = TlsConnection.server(c2s.in, s2c.out, config);
        serving = thread.submit(() -> {
            try {
                body.serve(server);
            } catch (Throwable t) {
                serverError = t;
            }
        });
    }

    /** Waits up to {@code ms} for the server's side to end by itself; true if it did. */
    boolean serverEnds(long ms) throws Exception {
        try {
            serving.get(ms, TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        }
    }

    /**
     * Sends a ClientHello and starts the handshake hash with it: one record, or one record per
     * piece when {@code cuts} gives the offsets in the message where a new record starts.
     */
    ScriptedClient hello(TestHello h, int... cuts) throws IOException {
        byte[] m = h.message();
        clientRandom = h.random.clone();
        clientVersion = h.version;
        hash.update(m, 0, m.length);
        int from = 0;
        for (int cut : cuts) {
            records.write(RecordLayer.HANDSHAKE, m, from, cut - from);
            from = cut;
        }
        records.write(RecordLayer.HANDSHAKE, m, from, m.length - from);
        records.flush();
        return this;
    }

    /**
     * Sends an SSLv2-compatible ClientHello (RFC 5246 App. E.2): two-byte header, then msg_type
     * 1, version, the lengths, 3-byte cipher specs, no session id and the challenge, which is the
     * client random (right-aligned). The hash starts with the message from msg_type on.
     */
    ScriptedClient ssl2Hello(int version, int[] suites, byte[] challenge) throws IOException {
        byte[] m = new byte[9 + 3 * suites.length + challenge.length];
        m[0] = 1;
        Bytes.put16(m, 1, version);
        Bytes.put16(m, 3, 3 * suites.length);
        Bytes.put16(m, 5, 0);
        Bytes.put16(m, 7, challenge.length);
        for (int i = 0; i < suites.length; i++) {
            Bytes.put16(m, 10 + 3 * i, suites[i]);
        }
        System.arraycopy(challenge, 0, m, 9 + 3 * suites.length, challenge.length);
        clientVersion = version;
        clientRandom = new byte[32];
        System.arraycopy(challenge, 0, clientRandom, 32 - challenge.length, challenge.length);
        hash.update(m, 0, m.length);
        OutputStream o = c2s.out;
        o.write(0x80 | (m.length >>> 8));
        o.write(m.length);
        o.write(m);
        return this;
    }

    /** Reads ServerHello and, for a full handshake, Certificate, [ServerKeyExchange], ServerHelloDone. */
    ScriptedClient readFlight() throws IOException {
        expect(HandshakeType.SERVER_HELLO);
        serverHello.parse(in);
        in.end();
        int v = serverHello.version;
        records.setVersion(v);
        hash.setVersion(v);
        ems = serverHello.extensions.extendedMasterSecret;
        keys = new KeySchedule(v, serverHello.suite, clientRandom, serverHello.random);
        if (serverHello.extensions.recordSizeLimit != 0) {
            records.limitSend(serverHello.extensions.recordSizeLimit);
        } else if (serverHello.extensions.maxFragmentLength != 0) {
            records.limitSend(Extensions.maxFragmentBytes(serverHello.extensions.maxFragmentLength));
        }
        if (records.next() == RecordLayer.CHANGE_CIPHER_SPEC) {
            return this; // resumed: the caller supplies the master secret
        }
        expect(HandshakeType.CERTIFICATE);
        chain = Certificate.parse(in);
        in.end();
        int kx = CipherSuite.keyExchange(serverHello.suite);
        if (kx == CipherSuite.KX_ECDHE_ECDSA) {
            expect(HandshakeType.SERVER_KEY_EXCHANGE);
            in.u8();
            in.u16();
            serverPoint = in.read(in.u8());
            in.skip(in.remaining());
            in.end();
        } else if (kx == CipherSuite.KX_ECDH_ECDSA) {
            serverPoint = chain[0].getPublicKeyInfo().getW();
        }
        expect(HandshakeType.SERVER_HELLO_DONE);
        in.end();
        return this;
    }

    /** ClientKeyExchange with a fresh ECDH key on the server's group, or RSA-encrypted (PKCS #1). */
    ScriptedClient keyExchange() throws IOException {
        sendKeyExchange(keyExchangeValue());
        keys.deriveMaster(pms, 0, pms.length, ems, hash);
        return this;
    }

    /**
     * The client's exchange value, its premaster secret kept in {@link #pms}: a fresh ECDH public
     * point on the server's group, or a fresh premaster secret (client_version first) under the
     * server's RSA key.
     */
    byte[] keyExchangeValue() throws IOException {
        if (CipherSuite.keyExchange(serverHello.suite) == CipherSuite.KX_RSA) {
            pms = new byte[48];
            random.generateData(pms, (short) 0, (short) 48);
            pms[0] = (byte) (clientVersion >>> 8);
            pms[1] = (byte) clientVersion;
            return rsaEncrypt(pms);
        }
        int group = EcdhKey.groupOf(ksecurity.math.Curves.byBits(serverPoint.length == 65 ? 256 : 160));
        EcdhKey mine = EcdhKey.generate(group, random);
        pms = mine.agree(serverPoint, 0, serverPoint.length);
        return mine.point.clone();
    }

    /** {@code m} encrypted under the server's RSA key (PKCS #1 v1.5 type 2 padding, any length that fits). */
    byte[] rsaEncrypt(byte[] m) {
        byte[] n = ksecurity.math.RsaPublic.stripLeadingZeros(chain[0].getPublicKeyInfo().getModulus(), 0,
                chain[0].getPublicKeyInfo().getModulus().length);
        byte[] em = new byte[n.length];
        byte[] enc = new byte[n.length];
        ksecurity.math.Pkcs1.encodeEncryption(m, 0, m.length, n.length, random, em);
        ksecurity.math.RsaPublic.modPow(n, chain[0].getPublicKeyInfo().getExponent(), em, 0, em.length, enc, 0);
        return enc;
    }

    /**
     * ClientKeyExchange carrying {@code value} as its vector: the point with its one-byte length,
     * or the RSA ciphertext with its two-byte length (none in SSL 3.0). Not flushed.
     */
    void sendKeyExchange(byte[] value) throws IOException {
        boolean rsa = CipherSuite.keyExchange(serverHello.suite) == CipherSuite.KX_RSA;
        int prefix = !rsa ? 1 : serverHello.version == ProtocolVersion.SSL30 ? 0 : 2;
        out.begin(HandshakeType.CLIENT_KEY_EXCHANGE, prefix + value.length);
        if (prefix == 1) {
            out.u8(value.length);
        } else if (prefix == 2) {
            out.u16(value.length);
        }
        out.bytes(value);
        out.end();
    }

    /** ChangeCipherSpec and Finished, then the server's ChangeCipherSpec and Finished. */
    ScriptedClient finish() throws IOException {
        changeCipherSpec();
        finished();
        records.flush();
        readChangeCipherSpecAndFinished();
        return this;
    }

    /** An abbreviated handshake after readFlight: the server's CCS and Finished, then ours. */
    ScriptedClient resume(byte[] master) throws IOException {
        readServerFinish(master);
        changeCipherSpec();
        finished();
        records.flush();
        return this;
    }

    void changeCipherSpec() throws IOException {
        records.write(RecordLayer.CHANGE_CIPHER_SPEC, new byte[] {1}, 0, 1);
        records.setWriter(keys.protection(true));
    }

    void finished() throws IOException {
        byte[] v = new byte[36];
        int n = keys.finished(true, hash, v);
        out.begin(HandshakeType.FINISHED, n);
        out.bytes(v, 0, n);
        out.end();
    }

    /** Resumption: takes the session's master secret and reads the server's CCS and Finished. */
    ScriptedClient readServerFinish(byte[] master) throws IOException {
        keys.setMaster(master);
        readChangeCipherSpecAndFinished();
        return this;
    }

    private void readChangeCipherSpecAndFinished() throws IOException {
        if (records.next() != RecordLayer.CHANGE_CIPHER_SPEC) {
            throw new IOException("no ChangeCipherSpec from the server");
        }
        records.consume(1);
        records.setReader(keys.protection(false));
        byte[] want = new byte[36];
        int n = keys.finished(false, hash, want);
        expect(HandshakeType.FINISHED);
        byte[] got = in.read(n);
        in.end();
        if (!java.util.Arrays.equals(got, java.util.Arrays.copyOf(want, n))) {
            throw new IOException("server Finished does not verify");
        }
    }

    /** Sends {@code requests} requests and checks each response, then close_notify (as Exchange's client). */
    ScriptedClient requests(int requests, int responseSize) throws IOException {
        for (int i = 0; i < requests; i++) {
            request(i, responseSize);
        }
        records.sendAlert(Alert.WARNING, Alert.CLOSE_NOTIFY);
        if (records.next() != RecordLayer.CLOSE_NOTIFY) {
            throw new IOException("no close_notify from the server");
        }
        return this;
    }

    /** Sends request {@code i} and checks the response of {@code responseSize} bytes. */
    ScriptedClient request(int i, int responseSize) throws IOException {
        byte[] r = Exchange.request(i);
        records.writeApplicationData(r, 0, r.length);
        records.flush();
        byte[] got = new byte[responseSize];
        int off = 0;
        while (off < responseSize) {
            if (records.next() != RecordLayer.APPLICATION_DATA) {
                throw new IOException("no response");
            }
            int k = Math.min(records.available(), responseSize - off);
            System.arraycopy(records.buffer(), records.position(), got, off, k);
            records.consume(k);
            off += k;
        }
        if (!java.util.Arrays.equals(got, Exchange.response(i, responseSize))) {
            throw new IOException("response " + i + " garbled");
        }
        return this;
    }

    private void expect(int type) throws IOException {
        int t = in.begin(1 << 16);
        if (t != type) {
            throw new IOException(HandshakeType.name(t) + " where " + HandshakeType.name(type) + " was expected");
        }
    }

    /** Ends the client's stream here, marked in the journal (a transcript's {@code C close}): the server sees EOF. */
    void endOfStream() throws IOException {
        journal.close('C');
        c2s.out.close();
    }

    /** The client's output: passes records through, or flips the low bit of one byte of the next one. */
    static final class Flip extends java.io.FilterOutputStream {
        private int offsetFromEnd;

        Flip(OutputStream out) {
            super(out);
        }

        /** The next record written gets the low bit of its byte {@code offsetFromEnd} from the end (1 = last) flipped. */
        void next(int offsetFromEnd) {
            this.offsetFromEnd = offsetFromEnd;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (offsetFromEnd > 0 && len >= 5) {
                byte[] c = Bytes.copy(b, off, len);
                c[len - offsetFromEnd] ^= 1;
                offsetFromEnd = 0;
                out.write(c, 0, len);
            } else {
                out.write(b, off, len);
            }
        }
    }

    /** Ends the client's stream (the server sees EOF) and waits for the server to finish. */
    @Override
    public void close() throws Exception {
        c2s.out.close();
        try {
            serving.get(30, TimeUnit.SECONDS);
        } finally {
            thread.shutdownNow();
        }
    }
}
