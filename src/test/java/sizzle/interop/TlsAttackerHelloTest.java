package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static sizzle.interop.Attacker.CLOSE_NOTIFY;
import static sizzle.interop.Attacker.FINISH;
import static sizzle.interop.Attacker.FLIGHT;

import de.rub.nds.modifiablevariable.util.Modifiable;
import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.CompressionMethod;
import de.rub.nds.tlsattacker.core.constants.ECPointFormat;
import de.rub.nds.tlsattacker.core.constants.ExtensionType;
import de.rub.nds.tlsattacker.core.constants.NamedGroup;
import de.rub.nds.tlsattacker.core.constants.ProtocolVersion;
import de.rub.nds.tlsattacker.core.constants.SignatureAndHashAlgorithm;
import de.rub.nds.tlsattacker.core.protocol.message.ClientHelloMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.ECPointFormatExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.EllipticCurvesExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.ExtendedMasterSecretExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.GreaseExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.MaxFragmentLengthExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.RecordSizeLimitExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.RenegotiationInfoExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.ServerNameIndicationExtensionMessage;
import de.rub.nds.tlsattacker.core.protocol.message.extension.SignatureAndHashAlgorithmsExtensionMessage;
import de.rub.nds.tlsattacker.core.workflow.action.GenericReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import kssl.tls.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TLS-Attacker's ClientHellos against the Sizzle server, modern profile: the WAIT_CLIENT_HELLO
 * rows of kssl-client/STATES.md and the order in which a hello is judged ("The hello"), each
 * hello built by TLS-Attacker from an ordinary client's configuration and then modified with
 * its modifiable variables. Every refusal is checked at both ends: the one fatal alert
 * TLS-Attacker received, the connection closed, and the server's log.
 */
@Timeout(60)
class TlsAttackerHelloTest {
    /** The extensions the modern profile answers when offered: renegotiation_info, extended_master_secret, ec_point_formats. */
    private static final List<String> STANDARD_ANSWER = List.of("RENEGOTIATION_INFO", "EXTENDED_MASTER_SECRET", "EC_POINT_FORMATS");

    static ProbedServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new ProbedServer(Profile.MODERN, InteropPki.get().p256);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static Config gcm() {
        return Attacker.modernGcm(server.port());
    }

    /** Sends one ClientHello, modified, and reads whatever comes back. */
    private static AttackerOutcome hello(Config c, Consumer<ClientHelloMessage> modify) throws InterruptedException {
        ClientHelloMessage ch = new ClientHelloMessage(c);
        modify.accept(ch);
        return server.run(c, Attacker.send(ch), Attacker.anything());
    }

    /** Row "ClientHello with client_version 4.0": RFC 5246 App. E.1, the server answers with its highest, 3.3. */
    @ParameterizedTest(name = "client_version {0}.{1}")
    @CsvSource({"4, 0", "254, 254"})
    void clientVersionAboveTls12GetsTls12(int major, int minor) throws Exception {
        AttackerOutcome o = fullHandshake(gcm(), ch -> ch.setProtocolVersion(Modifiable.explicit(new byte[] {(byte) major, (byte) minor})));
        assertArrayEquals(new byte[] {3, 3}, o.first(ServerHelloMessage.class).getProtocolVersion().getValue());
        assertFalse(server.lastConnection().failed, server.serverSaw().toString());
    }

    /** Row "ClientHello that does not decode": a session_id of 33 bytes (RFC 5246 §7.4.1.2: at most 32). */
    @Test
    void sessionIdOf33Bytes() throws Exception {
        AttackerOutcome o = hello(gcm(), ch -> {
            ch.setSessionIdLength(Modifiable.explicit(33));
            ch.setSessionId(Modifiable.explicit(new byte[33]));
        });
        server.assertRefused(o, "DECODE_ERROR");
    }

    /** One length field of the hello, a few bytes off; everything else as TLS-Attacker built it. */
    static Stream<Arguments> lengthsOff() {
        List<Arguments> cases = new ArrayList<>();
        cases.add(lengthOff("handshake length 3 short", ch -> ch.setLength(Modifiable.sub(3))));
        cases.add(lengthOff("session_id length 4 long", ch -> ch.setSessionIdLength(Modifiable.add(4))));
        cases.add(lengthOff("cipher_suites length odd", ch -> ch.setCipherSuiteLength(Modifiable.add(1))));
        cases.add(lengthOff("cipher_suites length 2 short", ch -> ch.setCipherSuiteLength(Modifiable.sub(2))));
        cases.add(lengthOff("cipher_suites length 2 long", ch -> ch.setCipherSuiteLength(Modifiable.add(2))));
        cases.add(lengthOff("compression_methods length 1 long", ch -> ch.setCompressionLength(Modifiable.add(1))));
        cases.add(lengthOff("extensions length 2 long", ch -> ch.setExtensionsLength(Modifiable.add(2))));
        cases.add(lengthOff("extensions length 2 short", ch -> ch.setExtensionsLength(Modifiable.sub(2))));
        cases.add(lengthOff("server_name extension length 1 short", ch ->
                Attacker.extension(ch, ServerNameIndicationExtensionMessage.class).setExtensionLength(Modifiable.sub(1))));
        cases.add(lengthOff("server_name list length 1 long", ch ->
                Attacker.extension(ch, ServerNameIndicationExtensionMessage.class).setServerNameListLength(Modifiable.add(1))));
        cases.add(lengthOff("supported_groups length 2 short", ch ->
                Attacker.extension(ch, EllipticCurvesExtensionMessage.class).setSupportedGroupsLength(Modifiable.sub(2))));
        cases.add(lengthOff("ec_point_formats length 1 long", ch ->
                Attacker.extension(ch, ECPointFormatExtensionMessage.class).setPointFormatsLength(Modifiable.add(1))));
        cases.add(lengthOff("signature_algorithms length 2 long", ch ->
                Attacker.extension(ch, SignatureAndHashAlgorithmsExtensionMessage.class)
                        .setSignatureAndHashAlgorithmsLength(Modifiable.add(2))));
        return cases.stream();
    }

    private static Arguments lengthOff(String what, Consumer<ClientHelloMessage> modify) {
        return Arguments.of(what, modify);
    }

    /** Row "ClientHello that does not decode" (and step 1 of the hello): decode_error. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lengthsOff")
    void lengthFieldOff(String what, Consumer<ClientHelloMessage> modify) throws Exception {
        server.assertRefused(hello(gcm(), modify), "DECODE_ERROR");
    }

    /** Row "a handshake message longer than 64 KiB": 31,000 suites and 4 KB of padding (66 KB), over five records. */
    @Test
    void helloLongerThan64KiB() throws Exception {
        Config c = gcm();
        c.setAddPaddingExtension(true);
        c.setDefaultPaddingExtensionBytes(new byte[4000]);
        AttackerOutcome o = hello(c, ch -> {
            byte[] suites = new byte[62_000];
            for (int i = 0; i < suites.length; i += 2) {
                suites[i] = (byte) 0xC0;
                suites[i + 1] = (byte) 0x2B;
            }
            ch.setCipherSuites(Modifiable.explicit(suites));
        });
        server.assertRefused(o, "DECODE_ERROR");
    }

    /** Row "ClientHello without null compression": RFC 5246 §7.4.1.2, null MUST be offered. */
    @Test
    void noNullCompression() throws Exception {
        AttackerOutcome o = hello(gcm(), ch -> ch.setCompressions(Modifiable.explicit(new byte[] {1})));
        server.assertRefused(o, "ILLEGAL_PARAMETER");
    }

    /** Step 2 of the hello: extended_master_secret twice (RFC 5246 §7.4.1.4: not more than one of a type). */
    @Test
    void extensionTwice() throws Exception {
        AttackerOutcome o = hello(gcm(), ch -> ch.getExtensions().add(new ExtendedMasterSecretExtensionMessage()));
        server.assertRefused(o, "ILLEGAL_PARAMETER");
    }

    /** Step 2: max_fragment_length 5 (RFC 6066 §4: a value outside 1..4 MUST get illegal_parameter). */
    @Test
    void maxFragmentLengthOutOfRange() throws Exception {
        Config c = gcm();
        c.setAddMaxFragmentLengthExtension(true);
        AttackerOutcome o = hello(c, ch ->
                Attacker.extension(ch, MaxFragmentLengthExtensionMessage.class).setMaxFragmentLength(Modifiable.explicit(new byte[] {5})));
        server.assertRefused(o, "ILLEGAL_PARAMETER");
    }

    /** Step 2: record_size_limit 63 (RFC 8449 §4: below 64 MUST get illegal_parameter). */
    @Test
    void recordSizeLimitBelow64() throws Exception {
        Config c = gcm();
        c.setAddRecordSizeLimitExtension(true);
        AttackerOutcome o = hello(c, ch ->
                Attacker.extension(ch, RecordSizeLimitExtensionMessage.class).setRecordSizeLimit(Modifiable.explicit(new byte[] {0, 63})));
        server.assertRefused(o, "ILLEGAL_PARAMETER");
    }

    /** Step 2: two host names in server_name (RFC 6066 §3: not more than one of a name_type). */
    @Test
    void twoHostNames() throws Exception {
        Config c = gcm();
        c.setDefaultSniHostnames(new ArrayList<>(List.of(Attacker.serverName("localhost"), Attacker.serverName("thermostat"))));
        server.assertRefused(hello(c, ch -> { }), "ILLEGAL_PARAMETER");
    }

    /** Step 2: a host name with a control character (RFC 6066 §3: ASCII host names, no trailing dot). */
    @Test
    void hostNameNotPrintable() throws Exception {
        Config c = gcm();
        c.setDefaultSniHostnames(new ArrayList<>(List.of(Attacker.serverName("local\u0001host"))));
        server.assertRefused(hello(c, ch -> { }), "ILLEGAL_PARAMETER");
    }

    /** Row "ClientHello below the server's versions": SSL 3.0 and TLS 1.0 to the TLS 1.2-only profile. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"SSL3", "TLS10", "TLS11"})
    void versionBelowTls12(ProtocolVersion version) throws Exception {
        Config c = gcm();
        c.setHighestProtocolVersion(version);
        c.setDefaultSelectedProtocolVersion(version);
        c.setDefaultClientSupportedCipherSuites(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA);
        server.assertRefused(hello(c, ch -> { }), "PROTOCOL_VERSION");
    }

    /** Row "ClientHello with no suite in common": only RSA key exchange offered to an ECDSA-only server. */
    @Test
    void noSuiteInCommon() throws Exception {
        Config c = Attacker.modern(server.port(), CipherSuite.TLS_RSA_WITH_AES_128_GCM_SHA256);
        server.assertRefused(hello(c, ch -> { }), "HANDSHAKE_FAILURE");
    }

    /** Row "ClientHello with a non-empty renegotiation_info": RFC 5746 §3.6, an initial handshake MUST get handshake_failure. */
    @Test
    void nonEmptyRenegotiationInfo() throws Exception {
        AttackerOutcome o = hello(gcm(), ch -> Attacker.extension(ch, RenegotiationInfoExtensionMessage.class)
                .setRenegotiationInfo(Modifiable.explicit(new byte[12])));
        server.assertRefused(o, "HANDSHAKE_FAILURE");
    }

    /**
     * Step 6, RFC 9155 §2: a TLS 1.2 client that sends no signature_algorithms gets
     * handshake_failure from a server whose suites all sign (SHA-1 would be implied).
     */
    @Test
    void noSignatureAlgorithms() throws Exception {
        Config c = gcm();
        c.setAddSignatureAndHashAlgorithmsExtension(false);
        server.assertRefused(hello(c, ch -> { }), "HANDSHAKE_FAILURE");
    }

    /** Step 6: signature_algorithms offering ECDSA with SHA-1 only (RFC 9155 §2: never SHA-1). */
    @Test
    void signatureAlgorithmsEcdsaSha1Only() throws Exception {
        Config c = gcm();
        c.setDefaultClientSupportedSignatureAndHashAlgorithms(SignatureAndHashAlgorithm.ECDSA_SHA1);
        server.assertRefused(hello(c, ch -> { }), "HANDSHAKE_FAILURE");
    }

    /**
     * Step 6 with RFC 5246 §7.4.2: "If the client provided a signature_algorithms extension,
     * then all certificates provided by the server MUST be signed by a hash/signature algorithm
     * pair that appears in that extension." A client listing only ecdsa_sha224 (allowed by
     * RFC 9155) cannot be sent this server's chain (leaf and CA signed ecdsa-with-SHA256), so no
     * suite can be used: handshake_failure. (TLS 1.3 relaxed this: RFC 8446 §4.4.2.2 says SHOULD
     * go on with a chain of the server's choice, trust anchors exempt. TLS 1.2 still says MUST.)
     */
    /**
     * RFC 5246 §7.4.2: with signature_algorithms sent, every certificate the server sends MUST be
     * signed with a listed pair; this server's chain is ecdsa-with-SHA256 throughout, so a client
     * listing only ecdsa_sha224 gets handshake_failure (found by this suite, fixed).
     */
    @Test
    void signatureAlgorithmsThatCannotVerifyTheChain() throws Exception {
        Config c = gcm();
        c.setDefaultClientSupportedSignatureAndHashAlgorithms(SignatureAndHashAlgorithm.ECDSA_SHA224);
        server.assertRefused(hello(c, ch -> { }), "HANDSHAKE_FAILURE");
    }

    /**
     * Step 6: signature_algorithms with ECDSA over SHA-384 and SHA-512 only: the server could sign
     * ServerKeyExchange with either, but its chain is signed ecdsa-with-SHA256, a pair not listed
     * (RFC 5246 §7.4.2).
     */
    @Test
    void signatureAlgorithmsTheServerCannotSignWith() throws Exception {
        Config c = gcm();
        c.setDefaultClientSupportedSignatureAndHashAlgorithms(SignatureAndHashAlgorithm.ECDSA_SHA384,
                SignatureAndHashAlgorithm.ECDSA_SHA512);
        server.assertRefused(hello(c, ch -> { }), "HANDSHAKE_FAILURE");
    }

    /** Step 6: supported_groups without P-256 (RFC 8422 §5.1.1: no ECC suite may be negotiated). */
    @Test
    void noCommonCurve() throws Exception {
        Config c = gcm();
        c.setDefaultClientNamedGroups(NamedGroup.SECP384R1);
        c.setDefaultSelectedNamedGroup(NamedGroup.SECP384R1);
        server.assertRefused(hello(c, ch -> { }), "HANDSHAKE_FAILURE");
    }

    /**
     * A bare hello (signature_algorithms only, no curves or point formats: RFC 8422 §4 lets the
     * server choose) gets a full handshake and a ServerHello with no extensions at all
     * (RFC 5246 §7.4.1.4: only answers to what was offered), in a record of version 3.0
     * (RFC 5246 App. E.1: any {03,XX} is accepted for the ClientHello's record).
     */
    @Test
    void bareHelloGetsNoExtensions() throws Exception {
        Config c = gcm();
        c.setAddEllipticCurveExtension(false);
        c.setAddECPointFormatExtension(false);
        c.setAddExtendedMasterSecretExtension(false);
        c.setAddRenegotiationInfoExtension(false);
        c.setAddServerNameIndicationExtension(false);
        c.setDefaultLastRecordProtocolVersion(ProtocolVersion.SSL3);
        assertEquals(List.of(), Attacker.extensionTypes(fullHandshake(c, ch -> { }).first(ServerHelloMessage.class)));
    }

    /** A full handshake from c's hello (modified), closed with close_notify; returns what came back. */
    private static AttackerOutcome fullHandshake(Config c, Consumer<ClientHelloMessage> modify) throws Exception {
        ClientHelloMessage ch = new ClientHelloMessage(c);
        modify.accept(ch);
        List<TlsAction> actions = new ArrayList<>(List.of(Attacker.send(ch), Attacker.serverFlight(), Attacker.clientFinish(),
                Attacker.serverFinish()));
        actions.addAll(Attacker.closeNotify());
        AttackerOutcome o = server.run(c, actions);
        assertEquals(List.of(FLIGHT, FINISH, CLOSE_NOTIFY), o.received, o + "; the server: " + server.serverSaw());
        assertArrayEquals(ServerChecks.expectedServerFinished(o), ServerChecks.lastServerFinished(o), "the server's Finished");
        return o;
    }

    /**
     * A TLS 1.3-capable hello (supported_versions 1.3 and 1.2, an X25519 key_share,
     * psk_key_exchange_modes): a TLS 1.2 server ignores what it does not know (RFC 8446 §4.2.1,
     * App. D) and answers TLS 1.2 with no supported_versions of its own.
     */
    @Test
    void tls13CapableHelloGetsTls12() throws Exception {
        Config c = gcm();
        c.setAddSupportedVersionsExtension(true);
        c.setSupportedVersions(ProtocolVersion.TLS13, ProtocolVersion.TLS12);
        c.setAddKeyShareExtension(true);
        c.setDefaultClientKeyShareNamedGroups(NamedGroup.ECDH_X25519);
        c.setAddPSKKeyExchangeModesExtension(true);
        ServerHelloMessage sh = fullHandshake(c, ch -> { }).first(ServerHelloMessage.class);
        assertArrayEquals(new byte[] {3, 3}, sh.getProtocolVersion().getValue());
        assertEquals(STANDARD_ANSWER, Attacker.extensionTypes(sh));
    }

    /**
     * Extensions the server does not take up get no answer: encrypt_then_mac with an AEAD suite
     * (RFC 7366 §3: MUST NOT), session_ticket (no tickets, RFC 5077 §3.2), ALPN, heartbeat,
     * padding, signed_certificate_timestamp, status_request, and a GREASE value (RFC 8701 §3).
     */
    @Test
    void extensionsNotTakenUpGetNoAnswer() throws Exception {
        Config c = gcm();
        c.setAddEncryptThenMacExtension(true);
        c.setAddSessionTicketTLSExtension(true);
        c.setAddAlpnExtension(true);
        c.setDefaultProposedAlpnProtocols("h2", "http/1.1");
        c.setAddHeartbeatExtension(true);
        c.setAddPaddingExtension(true);
        c.setAddSignedCertificateTimestampExtension(true);
        c.setAddCertificateStatusRequestExtension(true);
        AttackerOutcome o = fullHandshake(c, ch -> ch.getExtensions().add(0, new GreaseExtensionMessage(ExtensionType.GREASE_00, 0)));
        assertEquals(STANDARD_ANSWER, Attacker.extensionTypes(o.first(ServerHelloMessage.class)));
    }

    /** TLS_EMPTY_RENEGOTIATION_INFO_SCSV instead of the extension: answered with renegotiation_info (RFC 5746 §3.6). */
    @Test
    void renegotiationScsvAnswered() throws Exception {
        Config c = gcm();
        c.setAddRenegotiationInfoExtension(false);
        c.setDefaultClientSupportedCipherSuites(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
                CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV);
        assertEquals(STANDARD_ANSWER, Attacker.extensionTypes(fullHandshake(c, ch -> { }).first(ServerHelloMessage.class)));
    }

    /** DEFLATE offered before null: the server picks null (RFC 5246 §7.4.1.2, RFC 7457 §2.6: no compression). */
    @Test
    void deflateAndNullGetsNull() throws Exception {
        Config c = gcm();
        c.setDefaultClientSupportedCompressionMethods(CompressionMethod.DEFLATE, CompressionMethod.NULL);
        assertEquals(0, (int) fullHandshake(c, ch -> { }).first(ServerHelloMessage.class).getSelectedCompressionMethod().getValue());
    }

    /** Step 5: a session id the server never issued gets a full handshake and a fresh 4-byte id. */
    @Test
    void unknownSessionIdGetsFullHandshake() throws Exception {
        Config c = gcm();
        c.setDefaultClientSessionId(new byte[32]);
        byte[] id = fullHandshake(c, ch -> { }).first(ServerHelloMessage.class).getSessionId().getValue();
        assertEquals(4, id.length);
    }

    /** A hello in one plaintext record of 16,500 bytes (RFC 5246 §6.2.1: at most 2^14; RFC 8446 §5.1: record_overflow). */
    @Test
    void plaintextRecordOver16KiB() throws Exception {
        Config c = gcm();
        c.setAddPaddingExtension(true);
        c.setDefaultPaddingExtensionBytes(new byte[16_400]);
        c.setRespectPeerRecordSizeLimitations(false);
        c.setDefaultMaxRecordData(20_000);
        server.assertRefused(hello(c, ch -> { }), "RECORD_OVERFLOW");
    }

    /** Row "ClientHello with point formats lacking uncompressed": RFC 8422 §5.1.2. */
    @Test
    void pointFormatsWithoutUncompressed() throws Exception {
        Config c = gcm();
        c.setDefaultClientSupportedPointFormats(ECPointFormat.ANSIX962_COMPRESSED_PRIME);
        server.assertRefused(hello(c, ch -> { }), "ILLEGAL_PARAMETER");
    }

    /**
     * Row "SSLv2-compatible ClientHello in the modern profile" (RFC 6176 §3: TLS clients MUST NOT
     * send it; the modern profile does not take it).
     */
    @Test
    void sslv2HelloInModernProfile() throws Exception {
        Config c = gcm();
        AttackerOutcome o = server.run(c, Attacker.sslv2Hello(c), Attacker.anything());
        server.assertRefused(o, "UNEXPECTED_MESSAGE");
    }

    // ---------------------------------------------------------------- resumption (step 5)

    /** A full handshake, a new connection, and a ClientHello offering that session, modified. */
    private static AttackerOutcome resume(Config c, Consumer<ClientHelloMessage> modify, TlsAction... after)
            throws InterruptedException {
        List<TlsAction> actions = new ArrayList<>(Attacker.fullHandshake(c));
        actions.add(Attacker.reconnect());
        ClientHelloMessage ch = new ClientHelloMessage(c);
        modify.accept(ch);
        actions.add(Attacker.send(ch));
        actions.addAll(List.of(after));
        if (!(after[after.length - 1] instanceof GenericReceiveAction)) {
            actions.addAll(Attacker.closeNotify());
        }
        return server.run(c, actions);
    }

    /** Row "ClientHello resuming an EMS session without EMS": RFC 7627 §5.3, the server MUST abort. */
    @Test
    void resumingEmsSessionWithoutEms() throws Exception {
        AttackerOutcome o = resume(gcm(),
                ch -> ch.getExtensions().remove(Attacker.extension(ch, ExtendedMasterSecretExtensionMessage.class)), Attacker.anything());
        server.assertRefused(o, "HANDSHAKE_FAILURE", FLIGHT, FINISH);
    }

    /** Row "ClientHello resuming without the session's suite": RFC 5246 §7.4.1.2 (the hello MUST include it). */
    @Test
    void resumingWithoutTheSessionsSuite() throws Exception {
        AttackerOutcome o = resume(gcm(), ch -> ch.setCipherSuites(Modifiable.explicit(
                CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8.getByteValue())), Attacker.anything());
        server.assertRefused(o, "ILLEGAL_PARAMETER", FLIGHT, FINISH);
    }

    /**
     * Step 5, RFC 7627 §5.3: a session made without extended_master_secret, offered in a hello
     * that has it, MUST NOT be resumed: a full handshake with a new session id.
     */
    @Test
    void resumingNonEmsSessionWithEms() throws Exception {
        Config c = gcm();
        c.setAddExtendedMasterSecretExtension(false);
        List<TlsAction> actions = new ArrayList<>(Attacker.fullHandshake(c));
        actions.add(Attacker.reconnect());
        ClientHelloMessage ch = new ClientHelloMessage(c);
        ch.getExtensions().add(new ExtendedMasterSecretExtensionMessage());
        actions.addAll(List.of(Attacker.send(ch), Attacker.serverFlight(), Attacker.clientFinish(), Attacker.serverFinish()));
        actions.addAll(Attacker.closeNotify());
        AttackerOutcome o = server.run(c, actions);
        assertEquals(List.of(FLIGHT, FINISH, FLIGHT, FINISH, CLOSE_NOTIFY), o.received, o.toString());
        List<byte[]> ids = o.serverSessionIds();
        assertFalse(java.util.Arrays.equals(ids.get(0), ids.get(1)), "a new session id");
        assertEquals(STANDARD_ANSWER, Attacker.extensionTypes(o.lastOf(ServerHelloMessage.class)), "the new session has EMS");
    }

    /** Row "ClientHello resuming under another server_name": RFC 6066 §3, a full handshake with a new session id. */
    @Test
    void resumingUnderAnotherServerName() throws Exception {
        byte[] other = "thermostat.example".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] list = new byte[3 + other.length];
        list[1] = (byte) (other.length >> 8);
        list[2] = (byte) other.length;
        System.arraycopy(other, 0, list, 3, other.length);
        AttackerOutcome o = resume(gcm(), ch -> Attacker.extension(ch, ServerNameIndicationExtensionMessage.class)
                .setServerNameListBytes(Modifiable.explicit(list)), Attacker.serverFlight(), Attacker.clientFinish(),
                Attacker.serverFinish());
        assertEquals(List.of(FLIGHT, FINISH, FLIGHT, FINISH, CLOSE_NOTIFY), o.received, o.toString());
        List<byte[]> ids = o.serverSessionIds();
        assertFalse(java.util.Arrays.equals(ids.get(0), ids.get(1)), "a new session id");
        for (ServerLog.Handshake h : server.serverSaw()) {
            assertTrue(!h.failed && !h.resumed, server.serverSaw().toString());
        }
    }
}
