package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import ksecurity.prim.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The server's bad input and its state table (kssl-client/STATES.md) as stored transcripts
 * (src/test/resources/transcripts/bad-input/, format in the transcripts' README), for the C
 * firmware to be held to: every BadInputTest case and every table row a replay can express,
 * per profile, each a file of one or more connections on one server: the way into the row's
 * state (real keys: a real ClientKeyExchange and Finished, then the one thing changed), the
 * event, the server's answer (its fatal alert last), and, after a failure, the next client,
 * served on the same server (its random source and session cache going on). The files are
 * written with -Dkssl.transcripts.write=true; otherwise each case is recorded again and must
 * equal its file, and the stored client bytes replayed to a fresh server must give the stored
 * server bytes, so the corpus cannot go stale.
 */
class BadInputTranscriptTest {
    static final Path DIR = TranscriptTest.DIR.resolve("bad-input");
    static final Path README = TranscriptTest.DIR.resolve("README.md");
    static final String CLIENT_SEED = "kssl transcript client";
    /** The requests of a connection that goes on to the application: one, answered with 32 bytes. */
    static final int REQUESTS = 1;
    static final int RESPONSE = 32;
    /** A case's expected end: the connection goes on to a clean close. */
    static final int OK = -1;

    /** A profile the cases run in: the server (one suite, TestPki key) and the client's hello. */
    record Setup(String prefix, int profile, int version, int suite) {
        boolean modern() {
            return profile == Profile.MODERN;
        }

        boolean rsa() {
            return CipherSuite.keyExchange(suite) == CipherSuite.KX_RSA;
        }

        boolean ssl3() {
            return version == ProtocolVersion.SSL30;
        }

        /** The hello of this profile's client: modern as a browser's, legacy as an old client's (no extensions). */
        TestHello hello(SeededRandom r) {
            TestHello h = new TestHello();
            r.generateData(h.random, (short) 0, (short) 32);
            if (modern()) {
                h.serverName(TestPki.HOST);
                h.suites = new int[] {suite};
            } else {
                h.version = version;
                h.extensions = null;
                h.suites = new int[] {suite, CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV};
            }
            return h;
        }

        /** The curve of this profile's ECDH. */
        int group() {
            return modern() ? Extensions.SECP256R1 : EcdhKey.groupOf(ksecurity.math.Curves.byBits(160));
        }
    }

    static final Setup MODERN_GCM = new Setup("modern-gcm", Profile.MODERN, ProtocolVersion.TLS12,
            CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256);
    static final Setup MODERN_CCM8 = new Setup("modern-ccm8", Profile.MODERN, ProtocolVersion.TLS12,
            CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8);
    static final Setup LEGACY_TLS10 = new Setup("legacy-ecdh-tls10", Profile.LEGACY, ProtocolVersion.TLS10,
            CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA);
    static final Setup LEGACY_SSL3 = new Setup("legacy-ecdh-ssl3", Profile.LEGACY, ProtocolVersion.SSL30,
            CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA);
    static final Setup LEGACY_RSA = new Setup("legacy-rsa-tls10", Profile.LEGACY, ProtocolVersion.TLS10,
            CipherSuite.TLS_RSA_WITH_RC4_128_SHA);

    /** Table rows the first transcripts (../*.txt) already hold, as good conversations. */
    static final Map<String, String> EXISTING_ROWS = new LinkedHashMap<>();
    /** BadInputTest cases held elsewhere, or not expressible as a replay, and why (also listed in README). */
    static final Map<String, String> OTHER_CASES = new LinkedHashMap<>();

    static {
        String good = "modern-ecdhe-ecdsa-aes128-gcm.txt (and every good transcript)";
        EXISTING_ROWS.put("WAIT_CLIENT_HELLO + ClientHello", good);
        EXISTING_ROWS.put("WAIT_CLIENT_HELLO + ClientHello resuming", good + ", connection 2");
        EXISTING_ROWS.put("WAIT_CLIENT_HELLO + SSLv2-compatible ClientHello in the legacy profile",
                "legacy-sslv2-hello-rsa-rc4-sha-tls10.txt");
        EXISTING_ROWS.put("WAIT_CLIENT_KEY_EXCHANGE + ClientKeyExchange", good);
        EXISTING_ROWS.put("WAIT_CHANGE_CIPHER_SPEC + ChangeCipherSpec", good);
        EXISTING_ROWS.put("WAIT_FINISHED + Finished", good);
        EXISTING_ROWS.put("RESUME_WAIT_CHANGE_CIPHER_SPEC + ChangeCipherSpec", good + ", connection 2");
        EXISTING_ROWS.put("RESUME_WAIT_FINISHED + Finished", good + ", connection 2");
        EXISTING_ROWS.put("DONE + application_data", good);
        EXISTING_ROWS.put("DONE + close_notify", good);

        OTHER_CASES.put("clientStallsMidHandshake", "not expressible: a stall is a read timeout on the wall clock");
        OTHER_CASES.put("browserSizedHelloWithGreaseThroughA512ByteBuffer", "not expressible: the server's 512-byte "
                + "record limit is its configuration, not input (the firmware has its own buffers); the browser's hello "
                + "itself is in modern-browser-hello-ecdhe-ecdsa-aes128-gcm.txt");
        OTHER_CASES.put("certificateChainIsCheckedByTheClient", "the client's check (unknown_ca); the server's side, "
                + "a fatal alert received after its flight, is bad-input/modern-gcm-wait-client-key-exchange-fatal-alert.txt");
        OTHER_CASES.put("ssl2CompatibleHelloAnsweredByLegacyServer", "legacy-sslv2-hello-rsa-rc4-sha-tls10.txt");
        OTHER_CASES.put("serverGoesOnServingAfterABadClient", "the last connection of every bad-input file: the next "
                + "client, served");
    }

    /** BadInputTest cases that are table rows: the file of the row that stands for each. */
    static final Map<String, String> ROW_CASES = Map.of(
            "unknownContentType", "modern-gcm-wait-client-hello-unknown-content-type",
            "clientDisconnectsBeforeHello", "modern-gcm-wait-client-hello-end-of-stream",
            "clientDisconnectsMidHandshake", "modern-gcm-wait-client-key-exchange-end-of-stream",
            "clientKeyExchangeLengthWrong", "modern-gcm-wait-client-key-exchange-client-key-exchange-wrong-length",
            "clientKeyExchangePointNotOnTheCurve", "modern-gcm-wait-client-key-exchange-point-not-on-the-curve",
            "clientVersionBelowTheProfile", "modern-gcm-wait-client-hello-below-the-versions",
            "fallbackScsvBelowTheServersBest", "legacy-ecdh-tls10-wait-client-hello-fallback-scsv",
            "fatalAlertFromTheClient", "modern-gcm-wait-client-key-exchange-fatal-alert",
            "nonEmptyRenegotiationInfoOnInitialHandshake", "modern-gcm-wait-client-hello-non-empty-renegotiation-info",
            "ssl2CompatibleHelloRefusedByModernServer", "modern-gcm-wait-client-hello-sslv2-hello");

    /** What a case's client does, through the recorder. */
    interface Script {
        void run(Recorder r) throws Exception;
    }

    /** One file: a setup, what is sent, the table rows and BadInputTest cases it stands for, the expected end. */
    static final class Case extends TranscriptTest.Scenario {
        final Setup setup;
        final String what;
        final int expect;
        final Script script;
        final List<String> rows = new ArrayList<>();
        final List<String> cases = new ArrayList<>();

        Case(Setup setup, String slug, String what, int expect, Script script) {
            super(setup.prefix() + "-" + slug, setup.profile(), setup.version(), setup.suite());
            this.setup = setup;
            this.what = what;
            this.expect = expect;
            this.script = script;
        }

        Case row(String row) {
            rows.add(row);
            return this;
        }

        Case test(String method) {
            cases.add(method);
            return this;
        }

        @Override
        String describe() {
            return ", " + what;
        }

        @Override
        String clientName() {
            return "ScriptedClient, SeededRandom(\"" + CLIENT_SEED + "\"), then (\"" + CLIENT_SEED
                    + " N\") for connection N";
        }

        @Override
        String more() {
            return "";
        }

        @Override
        void converse(TlsConfig server, Transcript t) throws Exception {
            for (String row : rows) {
                t.header.add("STATES.md row: " + row);
            }
            for (String m : cases) {
                t.header.add("BadInputTest case: " + m);
            }
            Recorder r = new Recorder(this, server, t);
            script.run(r);
            if (expect != OK) {
                r.next();
            }
            t.header.addAll(r.notes);
        }
    }

    /** Records one file's connections, on one server. */
    static final class Recorder {
        final Case k;
        final Setup s;
        final TlsConfig server;
        final Transcript t;
        final List<String> notes = new ArrayList<>();
        int requests;
        /** The last session id the server gave in a ServerHello, and the master secret if that handshake ended. */
        byte[] sessionId;
        byte[] master;

        Recorder(Case k, TlsConfig server, Transcript t) {
            this.k = k;
            this.s = k.setup;
            this.server = server;
            this.t = t;
        }

        /** A new connection whose server goes on to {@code requests} requests (as Exchange.serve). */
        ScriptedClient open(int requests) {
            this.requests = requests;
            int n = t.connections.size() + 1;
            return new ScriptedClient(server, new SeededRandom(n == 1 ? CLIENT_SEED : CLIENT_SEED + " " + n),
                    srv -> Exchange.serve(srv, requests, RESPONSE));
        }

        TestHello resuming(ScriptedClient c) {
            TestHello h = s.hello(c.random);
            h.sessionId = sessionId;
            return h;
        }

        /** Hello and the server's flight. */
        ScriptedClient flight(ScriptedClient c, TestHello h) throws IOException {
            c.hello(h).readFlight();
            sessionId = c.serverHello.sessionId;
            return c;
        }

        /** A full handshake and the requests: the session a later connection resumes. */
        void full() throws Exception {
            ScriptedClient c = open(REQUESTS);
            flight(c, s.hello(c.random)).keyExchange().finish().requests(REQUESTS, RESPONSE);
            master = c.keys.master.clone();
            ok(c, "a full handshake, the session to resume");
        }

        /** A new connection driven into {@code state} (after a full handshake for the RESUME states). */
        ScriptedClient reach(String state, int requests) throws Exception {
            if (state.startsWith("RESUME") && master == null) {
                full();
            }
            ScriptedClient c = open(requests);
            switch (state) {
                case "WAIT_CLIENT_HELLO":
                    break;
                case "WAIT_CLIENT_KEY_EXCHANGE":
                    flight(c, s.hello(c.random));
                    break;
                case "WAIT_CHANGE_CIPHER_SPEC":
                    flight(c, s.hello(c.random)).keyExchange();
                    c.records.flush();
                    break;
                case "WAIT_FINISHED":
                    flight(c, s.hello(c.random)).keyExchange();
                    c.changeCipherSpec();
                    c.records.flush();
                    break;
                case "RESUME_WAIT_CHANGE_CIPHER_SPEC":
                    c.hello(resuming(c)).readFlight().readServerFinish(master);
                    break;
                case "RESUME_WAIT_FINISHED":
                    c.hello(resuming(c)).readFlight().readServerFinish(master);
                    c.changeCipherSpec();
                    c.records.flush();
                    break;
                case "DONE":
                    flight(c, s.hello(c.random)).keyExchange().finish();
                    master = c.keys.master.clone();
                    break;
                default:
                    fail("no way to reach " + state);
            }
            return c;
        }

        /** From {@code state}, the rest of the handshake, the requests and close_notify. */
        void complete(ScriptedClient c, String state) throws Exception {
            switch (state) {
                case "WAIT_CLIENT_HELLO":
                    flight(c, s.hello(c.random)).keyExchange().finish();
                    break;
                case "WAIT_CLIENT_KEY_EXCHANGE":
                    c.keyExchange().finish();
                    break;
                case "WAIT_CHANGE_CIPHER_SPEC":
                    c.finish();
                    break;
                case "WAIT_FINISHED":
                    c.finished();
                    c.records.flush();
                    c.readServerFinish(c.keys.master.clone());
                    break;
                case "RESUME_WAIT_CHANGE_CIPHER_SPEC":
                    c.changeCipherSpec();
                    c.finished();
                    c.records.flush();
                    break;
                case "RESUME_WAIT_FINISHED":
                    c.finished();
                    c.records.flush();
                    break;
                case "DONE":
                    break;
                default:
                    fail("no way on from " + state);
            }
            c.requests(requests, RESPONSE);
        }

        /** The case's connection ends as the case expects: a clean close, or the server's alert (or none). */
        void end(ScriptedClient c) throws Exception {
            if (k.expect == OK) {
                ok(c, "the case, to a clean close");
            } else {
                fails(c, k.expect, "the case");
            }
        }

        void ok(ScriptedClient c, String note) throws Exception {
            c.close();
            assertNull(c.serverError, "a clean end: " + c.serverError);
            add(c, -1, note);
        }

        /** The server ended the connection by itself, with {@code alert} (Transcript.SILENT: none sent). */
        void fails(ScriptedClient c, int alert, String note) throws Exception {
            assertTrue(c.serverEnds(10_000), "the server closed by itself");
            c.close();
            assertTrue(c.serverError instanceof TlsException, "server ended with " + c.serverError);
            TlsException e = (TlsException) c.serverError;
            if (alert == Transcript.SILENT) {
                assertTrue(e.isRemote(), e.getMessage());
                add(c, Transcript.SILENT, note + "; the server closes, sending nothing (" + e.getDetail() + ")");
                return;
            }
            assertFalse(e.isRemote(), e.getMessage());
            assertEquals(Alert.name(alert), Alert.name(e.getAlert()), e.getMessage());
            int wire = wireAlert(c.s2c.written(), e.getAlert(), c.server.getVersion());
            add(c, wire, note + "; the server's fatal alert " + Alert.name(wire) + " (" + e.getDetail() + ")");
        }

        private void add(ScriptedClient c, int fails, String note) {
            Transcript.Connection conn = TranscriptTest.connection(requests, requests == 0 ? 0 : RESPONSE, c.c2s, c.s2c,
                    c.journal);
            conn.fails = fails;
            t.connections.add(conn);
            notes.add("connection " + t.connections.size() + ": " + note);
        }

        /** The next client after the bad one, offering the last session id the server gave (it must be forgotten). */
        void next() throws Exception {
            ScriptedClient c = open(REQUESTS);
            TestHello h = s.hello(c.random);
            boolean offered = sessionId != null && sessionId.length > 0;
            if (offered) {
                h.sessionId = sessionId;
            }
            c.hello(h).readFlight();
            boolean resumed = c.chain == null;
            if (resumed) {
                c.resume(master);
            } else {
                c.keyExchange().finish();
            }
            c.requests(REQUESTS, RESPONSE);
            ok(c, "the next client" + (offered ? ", offering that session id" : "") + ": served, "
                    + (resumed ? "resumed" : "a full handshake"));
        }
    }

    /**
     * The alert description as it went on the wire: the last server record if it is a plaintext
     * alert, else (protected) the engine's alert as the negotiated version names it.
     */
    static int wireAlert(byte[] wire, int alert, int version) {
        int last = -1;
        for (int p = 0; p + 5 <= wire.length; p += 5 + Bytes.u16(wire, p + 3)) {
            last = p;
        }
        if (last >= 0 && wire[last] == RecordLayer.ALERT && Bytes.u16(wire, last + 3) == 2) {
            assertEquals(Alert.FATAL, wire[last + 5], "a fatal alert");
            return wire[last + 6] & 0xFF;
        }
        return Alert.forVersion(alert, version);
    }

    // ---- what the client sends

    static void send(ScriptedClient c, int type, byte[] body) throws IOException {
        c.records.write(type, body, 0, body.length);
        c.records.flush();
    }

    /** One handshake message, through the client's record layer (protected once its ChangeCipherSpec went). */
    static void handshake(ScriptedClient c, int type, byte[] body) throws IOException {
        c.out.begin(type, body.length);
        c.out.bytes(body);
        c.out.end();
        c.records.flush();
    }

    /** Bytes straight to the wire, past the record layer. */
    static void raw(ScriptedClient c, byte[]... parts) throws IOException {
        c.c2s.out.write(BadInputTest.concat(parts));
        c.c2s.out.flush();
    }

    /** The client's verify_data for its Finished now (12 bytes, 36 in SSL 3.0). */
    static byte[] verifyData(ScriptedClient c) {
        byte[] v = new byte[36];
        int n = c.keys.finished(true, c.hash, v);
        return Arrays.copyOf(v, n);
    }

    /** Waits until the server has written {@code records} more whole records than {@code before} bytes hold. */
    static void awaitServerRecords(ScriptedClient c, int before, int records) throws Exception {
        for (int i = 0; i < 1000; i++) {
            byte[] w = c.s2c.written();
            int n = 0;
            int p = before;
            while (p + 5 <= w.length && p + 5 + Bytes.u16(w, p + 3) <= w.length) {
                p += 5 + Bytes.u16(w, p + 3);
                n++;
            }
            if (n >= records) {
                return;
            }
            Thread.sleep(10);
        }
        fail("the server did not answer");
    }

    static int alertOf(StateTableTest.Row row) {
        if (!row.next().equals("CLOSED")) {
            return OK;
        }
        return row.alert().equals("–") ? Transcript.SILENT : Transcript.alertNamed(row.alert());
    }

    static String slug(String s) {
        return s.toLowerCase().replace('_', '-');
    }

    /** The file name part of each event. */
    static final Map<String, String> EVENT_SLUGS = Map.ofEntries(
            Map.entry("ClientHello", "client-hello"),
            Map.entry("ClientHello resuming under another server_name", "resume-other-server-name"),
            Map.entry("ClientHello resuming an EMS session without EMS", "resume-ems-session-without-ems"),
            Map.entry("ClientHello resuming without the session's suite", "resume-without-the-suite"),
            Map.entry("ClientHello that does not decode", "not-decoding"),
            Map.entry("ClientHello without null compression", "without-null-compression"),
            Map.entry("ClientHello below the server's versions", "below-the-versions"),
            Map.entry("ClientHello with client_version 4.0", "version-4-0"),
            Map.entry("ClientHello with no suite in common", "no-suite-in-common"),
            Map.entry("ClientHello listing no signature pair of the server's chain", "no-signature-pair-of-the-chain"),
            Map.entry("ClientHello with TLS_FALLBACK_SCSV below the best version", "fallback-scsv"),
            Map.entry("ClientHello with a non-empty renegotiation_info", "non-empty-renegotiation-info"),
            Map.entry("ClientHello with point formats lacking uncompressed", "point-formats-without-uncompressed"),
            Map.entry("SSLv2-compatible ClientHello in the modern profile", "sslv2-hello"),
            Map.entry("a handshake message longer than 64 KiB", "handshake-message-over-64k"),
            Map.entry("ClientKeyExchange", "client-key-exchange"),
            Map.entry("ClientKeyExchange with a point not on the curve", "point-not-on-the-curve"),
            Map.entry("ClientKeyExchange with a compressed point", "compressed-point"),
            Map.entry("ClientKeyExchange of the wrong length", "client-key-exchange-wrong-length"),
            Map.entry("Certificate", "certificate"),
            Map.entry("ChangeCipherSpec", "change-cipher-spec"),
            Map.entry("ChangeCipherSpec that is not the single byte 1", "change-cipher-spec-not-1"),
            Map.entry("Finished", "finished"),
            Map.entry("Finished with wrong verify_data", "finished-wrong-verify-data"),
            Map.entry("Finished of the wrong length", "finished-wrong-length"),
            Map.entry("a record that fails its MAC or tag", "bad-record-mac"),
            Map.entry("application_data", "application-data"),
            Map.entry("a record of unknown content type", "unknown-content-type"),
            Map.entry("a warning alert", "warning-alert-ignored"),
            Map.entry("the fifth warning alert in a row", "fifth-warning-alert"),
            Map.entry("a fatal alert", "fatal-alert"),
            Map.entry("close_notify", "close-notify"),
            Map.entry("end of stream", "end-of-stream"),
            Map.entry("the 33rd empty record in a row", "33rd-empty-record"));

    /** Whether a setup carries a row: modern GCM all; the others where their answer or their bytes differ. */
    static boolean carries(Setup s, StateTableTest.Row row) {
        String st = row.state();
        String ev = row.event();
        if (s == MODERN_GCM) {
            return !ev.contains("legacy profile") && !ev.contains("FALLBACK");
        }
        if (s == MODERN_CCM8) {
            // the protected states: the records the suite protects
            return st.equals("WAIT_FINISHED") || st.equals("RESUME_WAIT_FINISHED") || st.equals("DONE");
        }
        if (s == LEGACY_TLS10) {
            return !ev.contains("profile") && !ev.contains("EMS") && !ev.contains("signature pair")
                    && !ev.contains("point formats") && !ev.contains("below the server's versions")
                    && !ev.contains("server_name");
        }
        if (s == LEGACY_SSL3) {
            // where SSL 3.0's answer differs: its alerts (decode_error, decrypt_error mapped), its MAC
            return ev.equals("ClientHello that does not decode") || ev.equals("a handshake message longer than 64 KiB")
                    || ev.equals("ClientKeyExchange of the wrong length") || ev.startsWith("Finished with wrong")
                    || ev.equals("Finished of the wrong length") || ev.equals("a record that fails its MAC or tag");
        }
        // RSA key transport: the states around the ClientKeyExchange and the Finished it leads to
        return (st.equals("WAIT_CLIENT_KEY_EXCHANGE") && !ev.contains("point")) || (st.equals("WAIT_FINISHED")
                && (ev.startsWith("Finished with") || ev.startsWith("Finished of") || ev.contains("MAC")));
    }

    /** The case of one table row in one setup (null: the row is a good conversation the first transcripts hold). */
    static Case rowCase(Setup s, StateTableTest.Row row) {
        String st = row.state();
        String ev = row.event();
        if (EXISTING_ROWS.containsKey(row.toString())) {
            return null;
        }
        Script script = rowScript(s, st, ev);
        String what = st + ": " + ev;
        int expect = alertOf(row);
        if (row.alert().endsWith("(warning)")) {
            what += " (" + row.alert() + ", the connection goes on)";
        } else if (expect != OK) {
            what += " -> " + (expect == Transcript.SILENT ? "the server closes, sending nothing" : row.alert());
        } else {
            what += " -> " + row.next();
        }
        return new Case(s, slug(st) + "-" + EVENT_SLUGS.get(ev), what, expect, script).row(row.toString());
    }

    static Script rowScript(Setup s, String st, String ev) {
        switch (ev) {
            case "ClientHello resuming under another server_name":
                return r -> {
                    r.full();
                    ScriptedClient c = r.open(REQUESTS);
                    r.flight(c, r.resuming(c).serverName("other.test"));
                    assertTrue(c.chain != null, "a full handshake");
                    r.complete(c, "WAIT_CLIENT_KEY_EXCHANGE");
                    r.end(c);
                };
            case "ClientHello resuming an EMS session without EMS":
                return hello(s, true, h -> h.without(Extensions.EXTENDED_MASTER_SECRET));
            case "ClientHello resuming without the session's suite":
                return hello(s, true, h -> h.suites = new int[] {s == MODERN_GCM ? CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8
                    : s.modern() ? CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 : CipherSuite.TLS_RSA_WITH_RC4_128_SHA});
            case "ClientHello that does not decode":
                // a length 2 too long: the extensions block's, or (no extensions) the cipher suites'
                return r -> {
                    ScriptedClient c = r.open(0);
                    TestHello h = s.hello(c.random);
                    h.message();
                    String field = s.modern() ? "extensions" : "cipher_suites";
                    send(c, RecordLayer.HANDSHAKE, h.messageWithLength(h.lengthFields().stream()
                            .filter(f -> f.name().equals(field)).findFirst().get(), 2));
                    r.end(c);
                };
            case "ClientHello without null compression":
                return hello(s, false, h -> h.compression = new byte[] {1});
            case "ClientHello below the server's versions":
                return hello(s, false, h -> h.version = ProtocolVersion.TLS10);
            case "ClientHello with client_version 4.0":
                return r -> {
                    ScriptedClient c = r.open(REQUESTS);
                    TestHello h = s.hello(c.random);
                    h.version = 0x0400;
                    r.flight(c, h);
                    r.complete(c, "WAIT_CLIENT_KEY_EXCHANGE");
                    r.end(c);
                };
            case "ClientHello with no suite in common":
                return hello(s, false, h -> h.suites = new int[] {0x0001});
            case "ClientHello listing no signature pair of the server's chain":
                return hello(s, false, h -> h.without(Extensions.SIGNATURE_ALGORITHMS).ext(Extensions.SIGNATURE_ALGORITHMS,
                        0, 2, 3, 3));
            case "ClientHello with TLS_FALLBACK_SCSV below the best version":
                return hello(s, false, h -> {
                    h.version = ProtocolVersion.SSL30;
                    h.suites = new int[] {s.suite(), CipherSuite.TLS_FALLBACK_SCSV};
                });
            case "ClientHello with a non-empty renegotiation_info":
                return hello(s, false, h -> {
                    if (h.extensions == null) {
                        h.extensions = new ArrayList<>();
                        h.suites = new int[] {s.suite()};
                    }
                    h.without(Extensions.RENEGOTIATION_INFO).ext(Extensions.RENEGOTIATION_INFO, 2, 7, 7);
                });
            case "ClientHello with point formats lacking uncompressed":
                return hello(s, false, h -> h.without(Extensions.EC_POINT_FORMATS).ext(Extensions.EC_POINT_FORMATS, 1, 1));
            case "SSLv2-compatible ClientHello in the modern profile":
                return r -> {
                    ScriptedClient c = r.open(0);
                    byte[] challenge = new byte[16];
                    c.random.generateData(challenge, (short) 0, (short) 16);
                    c.ssl2Hello(ProtocolVersion.TLS12, new int[] {s.suite()}, challenge);
                    r.end(c);
                };
            case "a handshake message longer than 64 KiB":
                return r -> {
                    ScriptedClient c = r.open(0);
                    byte[] body = new byte[1000];
                    body[0] = HandshakeType.CLIENT_HELLO;
                    Bytes.put24(body, 1, 100_000);
                    send(c, RecordLayer.HANDSHAKE, body);
                    r.end(c);
                };
            default:
                return r -> {
                    ScriptedClient c = r.reach(st, st.equals("DONE") && ev.equals("ClientHello") ? REQUESTS : 0);
                    if (event(r, c, s, st, ev)) {
                        r.complete(c, st);
                    }
                    r.end(c);
                };
        }
    }

    /** A case of one ClientHello, changed by {@code tweak}; resuming the session of a first connection if asked. */
    static Script hello(Setup s, boolean resuming, java.util.function.Consumer<TestHello> tweak) {
        return r -> {
            if (resuming) {
                r.full();
            }
            ScriptedClient c = r.open(0);
            TestHello h = resuming ? r.resuming(c) : s.hello(c.random);
            tweak.accept(h);
            c.hello(h);
            r.end(c);
        };
    }

    /** Sends the row's event in its state; true if the handshake then goes on (the event was ignored). */
    static boolean event(Recorder r, ScriptedClient c, Setup s, String st, String ev) throws Exception {
        switch (ev) {
            case "ClientKeyExchange with a point not on the curve": {
                byte[] p = c.keyExchangeValue();
                p[p.length - 1] ^= 1; // y changed: (x, y') is not on the curve
                c.sendKeyExchange(p);
                c.records.flush();
                return false;
            }
            case "ClientKeyExchange with a compressed point": {
                byte[] p = c.keyExchangeValue();
                byte[] compressed = Arrays.copyOf(p, 1 + (p.length - 1) / 2);
                compressed[0] = (byte) (2 + (p[p.length - 1] & 1));
                c.sendKeyExchange(compressed);
                c.records.flush();
                return false;
            }
            case "ClientKeyExchange of the wrong length": {
                // the real value with its last byte cut off; its vector's length still counts it
                byte[] v = c.keyExchangeValue();
                boolean two = s.rsa() && !s.ssl3();
                byte[] body = new byte[(two ? 2 : s.rsa() ? 0 : 1) + v.length - 1];
                if (two) {
                    Bytes.put16(body, 0, v.length);
                } else if (!s.rsa()) {
                    body[0] = (byte) v.length;
                }
                System.arraycopy(v, 0, body, body.length - (v.length - 1), v.length - 1);
                handshake(c, HandshakeType.CLIENT_KEY_EXCHANGE, body);
                return false;
            }
            case "Certificate":
                handshake(c, HandshakeType.CERTIFICATE, new byte[3]); // an empty certificate_list
                return false;
            case "ClientKeyExchange":
                // a second one (WAIT_FINISHED, protected) or one where none belongs (RESUME, in the clear)
                if (st.startsWith("RESUME")) {
                    c.sendKeyExchange(EcdhKey.generate(s.group(), c.random).getPoint());
                } else {
                    c.sendKeyExchange(c.keyExchangeValue());
                }
                c.records.flush();
                return false;
            case "ChangeCipherSpec that is not the single byte 1":
                send(c, RecordLayer.CHANGE_CIPHER_SPEC, new byte[] {1, 1});
                return false;
            case "ChangeCipherSpec":
                send(c, RecordLayer.CHANGE_CIPHER_SPEC, new byte[] {1});
                return false;
            case "Finished":
                // early (WAIT_CHANGE_CIPHER_SPEC: in the clear) or after the handshake (DONE)
                handshake(c, HandshakeType.FINISHED, verifyData(c));
                return false;
            case "Finished with wrong verify_data": {
                byte[] v = verifyData(c);
                v[0] ^= 1;
                handshake(c, HandshakeType.FINISHED, v);
                return false;
            }
            case "Finished of the wrong length": {
                byte[] v = verifyData(c);
                handshake(c, HandshakeType.FINISHED, Arrays.copyOf(v, v.length - 1));
                return false;
            }
            case "a record that fails its MAC or tag":
                c.wire.next(1); // the last byte of the Finished record: its MAC or tag
                c.finished();
                c.records.flush();
                return false;
            case "ClientHello": {
                // DONE: a renegotiation, refused with a warning; the request follows once it has come
                int before = c.s2c.written().length;
                send(c, RecordLayer.HANDSHAKE, s.hello(c.random).message());
                awaitServerRecords(c, before, 1);
                return true;
            }
            case "application_data":
                send(c, RecordLayer.APPLICATION_DATA, "ping".getBytes(StandardCharsets.US_ASCII));
                return false;
            case "a record of unknown content type":
                send(c, 0x63, new byte[] {1, 2});
                return false;
            case "a warning alert":
                c.records.sendAlert(Alert.WARNING, Alert.USER_CANCELED);
                return true;
            case "the fifth warning alert in a row":
                for (int i = 0; i < RecordLayer.MAX_WARNING_ALERTS; i++) {
                    c.records.sendAlert(Alert.WARNING, Alert.USER_CANCELED);
                }
                return false;
            case "a fatal alert":
                // after the server's flight, as a client that rejects its certificate; elsewhere handshake_failure
                c.records.sendAlert(Alert.FATAL, st.equals("WAIT_CLIENT_KEY_EXCHANGE") ? Alert.BAD_CERTIFICATE
                        : Alert.HANDSHAKE_FAILURE);
                return false;
            case "close_notify":
                c.records.sendAlert(Alert.WARNING, Alert.CLOSE_NOTIFY);
                return false;
            case "end of stream":
                c.endOfStream();
                return false;
            case "the 33rd empty record in a row":
                for (int i = 0; i <= RecordLayer.MAX_EMPTY_RECORDS; i++) {
                    c.records.write(RecordLayer.APPLICATION_DATA, new byte[0], 0, 0);
                }
                c.records.flush();
                return false;
            default:
                fail("no way to send the event '" + ev + "'");
                return false;
        }
    }

    // ---- the cases beyond the table: BadInputTest's, the RSA premaster's, SSL 3.0's, after the handshake

    /** A case whose client bytes are fixed (one connection from the first byte). */
    static Script bytes(java.util.function.Function<Setup, byte[]> wire, boolean thenEof, Setup s) {
        return r -> {
            ScriptedClient c = r.open(0);
            raw(c, wire.apply(s));
            if (thenEof) {
                c.endOfStream();
            }
            r.end(c);
        };
    }

    static byte[] helloRecord(Setup s, java.util.function.Consumer<TestHello> tweak) {
        return BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, helloMessage(s, tweak));
    }

    static byte[] helloMessage(Setup s, java.util.function.Consumer<TestHello> tweak) {
        TestHello h = s.hello(new SeededRandom(CLIENT_SEED));
        tweak.accept(h);
        return h.message();
    }

    static int recordVersion(Setup s) {
        return s.modern() ? ProtocolVersion.TLS12 : s.version();
    }

    static List<Case> badInputCases(Setup s) {
        List<Case> l = new ArrayList<>();
        boolean modern = s.modern();
        l.add(new Case(s, "truncated-record", "half a ClientHello record, then the end of the stream -> decode_error",
                Alert.DECODE_ERROR, bytes(x -> {
                    byte[] h = helloRecord(x, ch -> { });
                    return Bytes.copy(h, 0, h.length / 2);
                }, true, s)).test("truncatedRecord"));
        l.add(new Case(s, "truncated-record-header", "two bytes of a record header, then the end of the stream -> "
                + "decode_error", Alert.DECODE_ERROR, bytes(x -> new byte[] {22, 3}, true, s)).test("truncatedRecordHeader"));
        l.add(new Case(s, "truncated-handshake-message", "a ClientHello claiming 10 bytes more than its record, then "
                + "application data -> unexpected_message", Alert.UNEXPECTED_MESSAGE, bytes(x -> {
                    byte[] m = helloMessage(x, ch -> ch.extensions = null);
                    Bytes.put24(m, 1, m.length - 4 + 10);
                    return BadInputTest.concat(BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, m),
                            BadInputTest.record(RecordLayer.APPLICATION_DATA, recordVersion(x), new byte[10]));
                }, false, s)).test("truncatedHandshakeMessage"));
        l.add(new Case(s, "hello-fields-longer-than-the-message", "a ClientHello cut by 10 bytes, its message length "
                + "fixed: its vectors say more than is left -> decode_error", Alert.DECODE_ERROR, bytes(x -> {
                    byte[] m = helloMessage(x, ch -> { });
                    byte[] cut = Bytes.copy(m, 0, m.length - 10);
                    Bytes.put24(cut, 1, cut.length - 4);
                    return BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, cut);
                }, false, s)).test("clientHelloFieldsLongerThanTheMessage"));
        l.add(new Case(s, "hello-trailing-byte", "a ClientHello without extensions and one byte after it -> decode_error",
                Alert.DECODE_ERROR, bytes(x -> {
                    byte[] m = helloMessage(x, ch -> ch.extensions = null);
                    byte[] longer = BadInputTest.concat(m, new byte[] {0});
                    Bytes.put24(longer, 1, longer.length - 4);
                    return BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, longer);
                }, false, s)).test("trailingBytesAfterClientHello"));
        l.add(new Case(s, "unknown-record-version", "a ClientHello record of version 2.1 -> protocol_version",
                Alert.PROTOCOL_VERSION, bytes(x -> {
                    byte[] h = helloRecord(x, ch -> { });
                    h[1] = 2;
                    return h;
                }, false, s)).test("unknownRecordVersion"));
        l.add(new Case(s, "hello-unknown-suites", "a ClientHello offering only suites the server lacks (one TLS 1.3, "
                + "one GREASE) -> handshake_failure", Alert.HANDSHAKE_FAILURE, hello(s, false,
                        h -> h.suites = new int[] {0x0001, 0x1301, 0x0A0A})).test("unknownCipherSuites"));
        l.add(new Case(s, "oversized-record", "a plaintext record of 2^14 + 1 bytes -> record_overflow",
                Alert.RECORD_OVERFLOW, bytes(x -> BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10,
                        new byte[RecordLayer.MAX_FRAGMENT + 1]), false, s)).test("oversizedPlaintextRecord"));
        l.add(new Case(s, "empty-handshake-record", "an empty handshake record -> unexpected_message",
                Alert.UNEXPECTED_MESSAGE, bytes(x -> BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10,
                        new byte[0]), false, s)).test("emptyHandshakeRecord"));
        l.add(new Case(s, "hello-length-over-the-limit", "a ClientHello header claiming 0x7F0000 bytes -> decode_error",
                Alert.DECODE_ERROR, bytes(x -> BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10,
                        new byte[] {1, 0x7F, 0, 0}), false, s)).test("handshakeMessageLongerThanAllowed"));
        l.add(new Case(s, "finished-first", "a Finished as the first message -> unexpected_message",
                Alert.UNEXPECTED_MESSAGE, bytes(x -> BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10,
                        new byte[] {HandshakeType.FINISHED, 0, 0, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}), false, s))
                .test("wrongFirstMessage"));
        if (modern) {
            l.add(new Case(s, "hello-max-fragment-length-5", "a ClientHello with max_fragment_length 5 -> "
                    + "illegal_parameter", Alert.ILLEGAL_PARAMETER, hello(s, false,
                            h -> h.ext(Extensions.MAX_FRAGMENT_LENGTH, 5))).test("malformedExtension"));
            l.add(new Case(s, "hello-duplicate-extension", "a ClientHello with extended_master_secret twice -> "
                    + "illegal_parameter", Alert.ILLEGAL_PARAMETER, hello(s, false, h -> {
                        h.extensions.clear();
                        h.ext(Extensions.EXTENDED_MASTER_SECRET).ext(Extensions.EXTENDED_MASTER_SECRET);
                    })).test("duplicateExtension"));
            l.add(new Case(s, "hello-split-in-three-records", "a ClientHello split across three records (7 bytes, "
                    + "then halves): reassembled, a full handshake", OK, r -> {
                        ScriptedClient c = r.open(REQUESTS);
                        TestHello h = s.hello(c.random);
                        c.hello(h, 7, h.message().length / 2).readFlight();
                        r.complete(c, "WAIT_CLIENT_KEY_EXCHANGE");
                        r.end(c);
                    }).test("clientHelloSplitAcrossRecordsIsReassembled"));
        }
        return l;
    }

    /** After the handshake: what the table does not list, but a firmware must answer. */
    static List<Case> afterHandshakeCases(Setup s) {
        List<Case> l = new ArrayList<>();
        l.add(new Case(s, "done-bad-record-mac", "DONE: a request record whose MAC or tag fails -> bad_record_mac",
                Alert.BAD_RECORD_MAC, r -> {
                    ScriptedClient c = r.reach("DONE", 0);
                    c.wire.next(1);
                    byte[] q = Exchange.request(0);
                    c.records.writeApplicationData(q, 0, q.length);
                    c.records.flush();
                    r.end(c);
                }));
        l.add(new Case(s, "done-fatal-alert", "DONE: a fatal alert from the client (internal_error) -> the server "
                + "closes, sending nothing", Transcript.SILENT, r -> {
                    ScriptedClient c = r.reach("DONE", 0);
                    c.records.sendAlert(Alert.FATAL, Alert.INTERNAL_ERROR);
                    r.end(c);
                }));
        l.add(new Case(s, "done-unknown-content-type", "DONE: a record of unknown content type -> unexpected_message",
                Alert.UNEXPECTED_MESSAGE, r -> {
                    ScriptedClient c = r.reach("DONE", 0);
                    send(c, 0x63, new byte[] {1, 2});
                    r.end(c);
                }));
        l.add(new Case(s, "done-warning-alert-ignored", "DONE: a warning alert (user_canceled), ignored; the request "
                + "is served", OK, r -> {
                    ScriptedClient c = r.reach("DONE", REQUESTS);
                    c.records.sendAlert(Alert.WARNING, Alert.USER_CANCELED);
                    r.complete(c, "DONE");
                    r.end(c);
                }));
        l.add(new Case(s, "done-end-of-stream", "DONE: a request served, then the end of the stream without "
                + "close_notify: the server closes with close_notify", OK, r -> {
                    ScriptedClient c = r.reach("DONE", REQUESTS);
                    c.request(0, RESPONSE);
                    c.endOfStream();
                    assertTrue(c.serverEnds(10_000));
                    r.end(c);
                }));
        return l;
    }

    /** RFC 5246 §7.4.7.1: a bad premaster is not told apart; the server goes on with a random one and the Finished fails. */
    static List<Case> rsaPremasterCases(Setup s) {
        List<Case> l = new ArrayList<>();
        l.add(new Case(s, "rsa-premaster-wrong-version", "a premaster secret starting 3.0 under client_version 3.1: "
                + "the server uses the client_version, the client's Finished record fails -> bad_record_mac",
                Alert.BAD_RECORD_MAC, premaster(c -> {
                    byte[] pms = new byte[48];
                    c.random.generateData(pms, (short) 0, (short) 48);
                    pms[0] = 3;
                    pms[1] = 0;
                    return new byte[][] {c.rsaEncrypt(pms), pms};
                })));
        l.add(new Case(s, "rsa-premaster-wrong-length", "a premaster secret of 47 bytes: the server goes on with a random "
                + "one, the client's Finished record fails -> bad_record_mac", Alert.BAD_RECORD_MAC, premaster(c -> {
                    byte[] pms = new byte[47];
                    c.random.generateData(pms, (short) 0, (short) 47);
                    pms[0] = (byte) (c.clientVersion >>> 8);
                    pms[1] = (byte) c.clientVersion;
                    return new byte[][] {c.rsaEncrypt(pms), pms};
                })));
        l.add(new Case(s, "rsa-premaster-garbage", "a ciphertext of random bytes (below the modulus, bad padding): "
                + "the server goes on with a random premaster, the client's Finished record fails -> bad_record_mac",
                Alert.BAD_RECORD_MAC, premaster(c -> {
                    byte[] enc = new byte[128];
                    c.random.generateData(enc, (short) 0, (short) 128);
                    enc[0] = 0;
                    byte[] pms = new byte[48];
                    c.random.generateData(pms, (short) 0, (short) 48);
                    return new byte[][] {enc, pms};
                })));
        l.add(new Case(s, "rsa-ciphertext-above-the-modulus", "a ciphertext of 128 bytes 0xFF (not below the modulus): "
                + "treated as bad padding, the client's Finished record fails -> bad_record_mac", Alert.BAD_RECORD_MAC,
                premaster(c -> {
                    byte[] enc = new byte[128];
                    Arrays.fill(enc, (byte) 0xFF);
                    byte[] pms = new byte[48];
                    c.random.generateData(pms, (short) 0, (short) 48);
                    return new byte[][] {enc, pms};
                })));
        l.add(new Case(s, "change-cipher-spec-before-client-key-exchange", "WAIT_CLIENT_KEY_EXCHANGE: ChangeCipherSpec "
                + "-> unexpected_message", Alert.UNEXPECTED_MESSAGE, ccsEarly()).test("changeCipherSpecBeforeClientKeyExchange"));
        return l;
    }

    /** The client's ciphertext and the premaster it believes in. */
    interface Premaster {
        byte[][] make(ScriptedClient c) throws Exception;
    }

    static Script premaster(Premaster p) {
        return r -> {
            ScriptedClient c = r.reach("WAIT_CLIENT_KEY_EXCHANGE", 0);
            byte[][] encAndPms = p.make(c);
            c.sendKeyExchange(encAndPms[0]);
            c.keys.deriveMaster(encAndPms[1], 0, encAndPms[1].length, c.ems, c.hash);
            c.changeCipherSpec();
            c.finished();
            c.records.flush();
            r.end(c);
        };
    }

    static Script ccsEarly() {
        return r -> {
            ScriptedClient c = r.reach("WAIT_CLIENT_KEY_EXCHANGE", 0);
            send(c, RecordLayer.CHANGE_CIPHER_SPEC, new byte[] {1});
            r.end(c);
        };
    }

    static List<Case> cases() throws IOException {
        List<Case> l = new ArrayList<>();
        List<StateTableTest.Row> rows = StateTableTest.rows();
        for (Setup s : new Setup[] {MODERN_GCM, MODERN_CCM8, LEGACY_TLS10, LEGACY_SSL3, LEGACY_RSA}) {
            for (StateTableTest.Row row : rows) {
                if (carries(s, row)) {
                    Case k = rowCase(s, row);
                    if (k != null) {
                        l.add(k);
                    }
                }
            }
        }
        l.addAll(badInputCases(MODERN_GCM));
        l.addAll(badInputCases(LEGACY_TLS10));
        for (Setup s : new Setup[] {MODERN_GCM, MODERN_CCM8, LEGACY_TLS10}) {
            l.addAll(afterHandshakeCases(s));
        }
        l.addAll(rsaPremasterCases(LEGACY_RSA));
        l.add(new Case(MODERN_GCM, "change-cipher-spec-before-client-key-exchange", "WAIT_CLIENT_KEY_EXCHANGE: "
                + "ChangeCipherSpec -> unexpected_message", Alert.UNEXPECTED_MESSAGE, ccsEarly())
                .test("changeCipherSpecBeforeClientKeyExchange"));
        l.add(new Case(MODERN_GCM, "wait-change-cipher-spec-change-cipher-spec-2", "WAIT_CHANGE_CIPHER_SPEC: a "
                + "ChangeCipherSpec of the single byte 2 -> unexpected_message", Alert.UNEXPECTED_MESSAGE, r -> {
                    ScriptedClient c = r.reach("WAIT_CHANGE_CIPHER_SPEC", 0);
                    send(c, RecordLayer.CHANGE_CIPHER_SPEC, new byte[] {2});
                    r.end(c);
                }));
        // SSL 3.0: the alerts it lacks go out as its nearest ones, and it has no no_renegotiation
        l.add(new Case(LEGACY_SSL3, "hello-no-suite-in-common", "an SSL 3.0 ClientHello offering only a suite the server "
                + "lacks -> handshake_failure, in an SSL 3.0 record", Alert.HANDSHAKE_FAILURE, hello(LEGACY_SSL3, false,
                        h -> h.suites = new int[] {CipherSuite.TLS_RSA_WITH_RC4_128_SHA}))
                .test("sslv3AlertsAreMappedForAnSslv3Peer"));
        l.add(new Case(LEGACY_SSL3, "done-client-hello", "DONE: a ClientHello, a renegotiation SSL 3.0 cannot refuse "
                + "with a warning -> handshake_failure (STATES.md, below the table)", Alert.HANDSHAKE_FAILURE, r -> {
                    ScriptedClient c = r.reach("DONE", 0);
                    send(c, RecordLayer.HANDSHAKE, LEGACY_SSL3.hello(c.random).message());
                    r.end(c);
                }));
        l.add(new Case(LEGACY_SSL3, "truncated-record", "half a ClientHello record, then the end of the stream -> "
                + "decode_error", Alert.DECODE_ERROR, bytes(x -> {
                    byte[] h = helloRecord(x, ch -> { });
                    return Bytes.copy(h, 0, h.length / 2);
                }, true, LEGACY_SSL3)).test("truncatedRecord"));
        l.add(new Case(LEGACY_SSL3, "oversized-record", "a plaintext record of 2^14 + 1 bytes -> record_overflow",
                Alert.RECORD_OVERFLOW, bytes(x -> BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.SSL30,
                        new byte[RecordLayer.MAX_FRAGMENT + 1]), false, LEGACY_SSL3)).test("oversizedPlaintextRecord"));
        for (Map.Entry<String, String> e : ROW_CASES.entrySet()) {
            Case k = l.stream().filter(x -> x.name.equals(e.getValue())).findFirst()
                    .orElseThrow(() -> new AssertionError("no file " + e.getValue()));
            k.test(e.getKey());
        }
        return l;
    }

    static Stream<Case> corpus() throws IOException {
        return cases().stream();
    }

    static Path file(Case k) {
        return DIR.resolve(k.name + ".txt");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void recordedAsStoredAndReplayed(Case k) throws Exception {
        String text = k.record().format();
        if (Boolean.getBoolean("kssl.transcripts.write")) {
            Files.createDirectories(DIR);
            Files.writeString(file(k), text, StandardCharsets.US_ASCII);
        }
        assertEquals(Files.readString(file(k), StandardCharsets.US_ASCII), text, "matches " + file(k));
        replay(k, Transcript.parse(text));
    }

    /**
     * A fresh server fed each connection's stored client bytes sends the stored bytes. The
     * client's stream ends after them where the connection goes well (the server reads to the
     * end) or says {@code C close}; a failing connection without it stays open, so the server
     * must have answered without the end of the stream (else the pipe's read times out).
     */
    static void replay(Case k, Transcript t) throws Exception {
        TlsConfig s = k.server();
        int i = 0;
        for (Transcript.Connection c : t.connections) {
            i++;
            Pipe in = new Pipe(Math.max(1 << 20, c.client.length));
            in.out.write(c.client);
            if (c.fails < 0 || c.clientCloses) {
                in.out.close();
            }
            Pipe out = new Pipe();
            TlsConnection server = TlsConnection.server(in.in, out.out, s);
            IOException error = null;
            try {
                Exchange.serve(server, c.requests, c.responseSize);
            } catch (IOException e) {
                error = e;
            }
            assertArrayEquals(c.server, out.written(), k.name + ", connection " + i + ": the server's bytes");
            if (c.fails < 0) {
                assertNull(error, k.name + ", connection " + i);
                continue;
            }
            assertTrue(error instanceof TlsException, k.name + ": " + error);
            TlsException e = (TlsException) error;
            assertTrue(out.isWriterClosed(), "closed");
            if (c.fails == Transcript.SILENT) {
                assertTrue(e.isRemote(), e.getMessage());
            } else {
                assertFalse(e.isRemote(), e.getMessage());
                assertEquals(Alert.name(c.fails), Alert.name(wireAlert(c.server, e.getAlert(), server.getVersion())));
            }
        }
    }

    @Test
    void theDirectoryHoldsTheCasesAndNothingElse() throws IOException {
        Set<String> want = cases().stream().map(k -> k.name + ".txt").collect(Collectors.toCollection(TreeSet::new));
        assertEquals(want.size(), cases().size(), "one file per case");
        try (Stream<Path> files = Files.list(DIR)) {
            Set<String> have = files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(want, have);
        }
    }

    /** The README's table of the bad-input files gives each prefix's count, and the files table the total. */
    @Test
    void theReadmeCountsTheFiles() throws IOException {
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        List<Case> all = cases();
        for (Setup s : new Setup[] {MODERN_GCM, MODERN_CCM8, LEGACY_TLS10, LEGACY_SSL3, LEGACY_RSA}) {
            long n = all.stream().filter(k -> k.setup == s).count();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\| `" + s.prefix() + "-` \\|[^|]*\\| (\\d+) \\|")
                    .matcher(readme);
            assertTrue(m.find(), "README's row for " + s.prefix());
            assertEquals(n, Long.parseLong(m.group(1)), "README's count of " + s.prefix());
        }
        assertTrue(readme.contains("`bad-input/*.txt` (" + all.size() + " files)"), "README's total: " + all.size());
    }

    /** The names the cases stand for ({@code names} of each case), with those covered elsewhere. */
    static Set<String> covered(Set<String> elsewhere, java.util.function.Function<Case, List<String>> names)
            throws IOException {
        Set<String> covered = new TreeSet<>(elsewhere);
        for (Case k : cases()) {
            covered.addAll(names.apply(k));
        }
        return covered;
    }

    /** What {@code a} holds that {@code b} does not. */
    static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> d = new TreeSet<>(a);
        d.removeAll(b);
        return d;
    }

    @Test
    void everyTableRowIsCovered() throws IOException {
        Set<String> table = StateTableTest.rows().stream().map(StateTableTest.Row::toString)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> covered = covered(EXISTING_ROWS.keySet(), k -> k.rows);
        assertEquals(Set.of(), minus(table, covered), "rows with no file");
        assertEquals(Set.of(), minus(covered, table), "names that are no row of STATES.md");
    }

    @Test
    void everyBadInputTestCaseIsCoveredOrListed() throws IOException {
        Set<String> tests = Arrays.stream(BadInputTest.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Test.class)).map(java.lang.reflect.Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> covered = covered(OTHER_CASES.keySet(), k -> k.cases);
        assertEquals(Set.of(), minus(tests, covered), "BadInputTest cases with no file and no reason");
        assertEquals(Set.of(), minus(covered, tests), "names that are no BadInputTest case");
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        for (String m : OTHER_CASES.keySet()) {
            assertTrue(readme.contains(m), "README lists " + m);
        }
    }
}
