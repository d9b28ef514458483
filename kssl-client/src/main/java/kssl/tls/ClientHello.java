package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.IOException;

/**
 * What the server keeps of a ClientHello (RFC 5246 §7.4.1.2), recorded as its bytes stream
 * past, in fields sized once: a browser's 2 KB hello, or a hostile one offering 32,000 suites,
 * leaves only these behind (the motes' C firmware keeps the same shape):
 * <ul>
 * <li>the offered suites the engine knows, as a mask ({@link CipherSuite#bit});</li>
 * <li>the extensions it acts on: server_name (the host name, up to 255 bytes), the groups it
 * knows (a mask), ec_point_formats, the client's preferred ECDSA hash for ServerKeyExchange,
 * max_fragment_length, record_size_limit, extended_master_secret, renegotiation_info.</li>
 * </ul>
 * Structure first, then meaning (RFC 5246 §7.2.2): a length that does not fit its vector or
 * the message is a decode_error at once; a field whose value is wrong (no null compression, a
 * duplicated extension, a bad host name...) is noted, decoding goes on to the message's end,
 * and only then is the first such fault raised. So the alert never depends on which field a
 * misaligned read happened to judge first.
 */
final class ClientHello {
    /** The longest server_name host name kept (a DNS name has at most 253 bytes). */
    static final int MAX_HOST_NAME = 255;

    /** Group bits of {@link #groups}. */
    static final int GROUP_SECP160R1 = 1;
    static final int GROUP_SECP256R1 = 2;

    int version;
    final byte[] random = new byte[32];
    final byte[] sessionId = new byte[32];
    int sessionIdLength;
    /** The known suites and signalling values offered (CipherSuite.bit). */
    int suites;
    boolean nullCompression;
    /** True if it came in SSLv2 format (then it has no extensions). */
    boolean ssl2;

    // The extensions acted on; the seen mask catches duplicates (Extensions.bit).
    private int seen;
    final byte[] serverName = new byte[MAX_HOST_NAME];
    /** 0: no host name. */
    int serverNameLength;
    boolean groupsOffered;
    /** The groups offered that the engine knows (GROUP_*). */
    int groups;
    boolean pointFormats;
    boolean uncompressed;
    boolean signatureAlgorithmsOffered;
    /** The signature_algorithms pairs the engine can name (Extensions.schemeBit): what the chain must be signed with. */
    int signatureSchemes;
    /** The first ECDSA scheme in the client's list that the server can sign with, or 0. */
    int ecdsaScheme;
    int maxFragmentLength;
    int recordSizeLimit;
    boolean extendedMasterSecret;
    boolean renegotiationInfo;
    /** renegotiation_info carried a renegotiated_connection (it must be empty on an initial handshake). */
    boolean renegotiatedConnection;

    /** The first fault in a field's meaning: raised once the whole message has decoded. */
    private int fault;
    private String faultDetail;

    boolean offers(int suite) {
        return (suites & CipherSuite.bit(suite)) != 0;
    }

    boolean offersGroup(int namedGroup) {
        return (groups & groupBit(namedGroup)) != 0;
    }

    static int groupBit(int namedGroup) {
        switch (namedGroup) {
            case Extensions.SECP160R1: return GROUP_SECP160R1;
            case Extensions.SECP256R1: return GROUP_SECP256R1;
            default: return 0;
        }
    }

    /**
     * The schemes the server signs ServerKeyExchange with: ECDSA with SHA-224, -256, -384 or
     * -512 (in TLS 1.2 the pair names the hash, not the curve: the key stays P-256); no SHA-1
     * (RFC 9155).
     */
    static boolean canSign(int scheme) {
        return scheme == Extensions.ECDSA_SHA224 || scheme == Extensions.ECDSA_SECP256R1_SHA256
                || scheme == Extensions.ECDSA_SECP384R1_SHA384 || scheme == Extensions.ECDSA_SECP521R1_SHA512;
    }

    private void reset() {
        version = 0;
        sessionIdLength = 0;
        suites = 0;
        nullCompression = false;
        ssl2 = false;
        seen = 0;
        serverNameLength = 0;
        groupsOffered = false;
        groups = 0;
        pointFormats = false;
        uncompressed = false;
        signatureAlgorithmsOffered = false;
        signatureSchemes = 0;
        ecdsaScheme = 0;
        maxFragmentLength = 0;
        recordSizeLimit = 0;
        extendedMasterSecret = false;
        renegotiationInfo = false;
        renegotiatedConnection = false;
        fault = 0;
        faultDetail = null;
    }

    /** Notes a fault in a field's meaning; the first one is raised after the message decoded. */
    private void note(int alert, String detail) {
        if (fault == 0) {
            fault = alert;
            faultDetail = detail;
        }
    }

    private static TlsException decodeError(String what) {
        return new TlsException(Alert.DECODE_ERROR, what);
    }

    /** Reads the body of a ClientHello message from {@code r}, to its end. */
    void parse(HandshakeReader r) throws IOException {
        reset();
        version = r.u16();
        r.read(random, 0, 32);
        int sid = r.u8();
        if (sid > 32) {
            throw decodeError("session_id longer than 32");
        }
        r.read(sessionId, 0, sid);
        sessionIdLength = sid;
        int n = r.u16();
        if (n < 2 || (n & 1) != 0) {
            throw decodeError("cipher_suites length");
        }
        r.need(n);
        for (int i = 0; i < n; i += 2) {
            suites |= CipherSuite.bit(r.u16());
        }
        int c = r.u8();
        if (c < 1) {
            throw decodeError("compression_methods empty");
        }
        r.need(c);
        for (int i = 0; i < c; i++) {
            nullCompression |= r.u8() == 0;
        }
        if (r.remaining() > 0) {
            parseExtensions(r);
        }
        if (!nullCompression) {
            note(Alert.ILLEGAL_PARAMETER, "null compression not offered");
        }
        if (fault != 0) {
            throw new TlsException(fault, faultDetail);
        }
    }

    private void parseExtensions(HandshakeReader r) throws IOException {
        int total = r.u16();
        if (total != r.remaining()) {
            throw decodeError("extensions length");
        }
        while (r.remaining() > 0) {
            int type = r.u16();
            int len = r.u16();
            r.need(len);
            int end = r.position() + len;
            int bit = Extensions.bit(type);
            if (bit == 0) {
                r.skip(len); // unknown, GREASE included
                continue;
            }
            if ((seen & bit) != 0) {
                note(Alert.ILLEGAL_PARAMETER, "duplicate extension ".concat(Integer.toString(type)));
                r.skip(len);
                continue;
            }
            seen |= bit;
            parseOne(r, type, len);
            if (r.position() != end) {
                throw decodeError("extension length ".concat(Integer.toString(type)));
            }
        }
    }

    private void parseOne(HandshakeReader r, int type, int len) throws IOException {
        switch (type) {
            case Extensions.SERVER_NAME:
                parseServerName(r, len);
                break;
            case Extensions.MAX_FRAGMENT_LENGTH:
                if (len != 1) {
                    throw decodeError("max_fragment_length length");
                }
                maxFragmentLength = r.u8();
                if (maxFragmentLength < 1 || maxFragmentLength > 4) {
                    note(Alert.ILLEGAL_PARAMETER, "max_fragment_length value");
                    maxFragmentLength = 0;
                }
                break;
            case Extensions.SUPPORTED_GROUPS:
                groupsOffered = true;
                for (int n = list16(r, len, "supported_groups"); n > 0; n -= 2) {
                    groups |= groupBit(r.u16());
                }
                break;
            case Extensions.EC_POINT_FORMATS: {
                int n = r.u8();
                if (n < 1 || n + 1 != len) {
                    throw decodeError("ec_point_formats length");
                }
                pointFormats = true;
                for (int i = 0; i < n; i++) {
                    uncompressed |= r.u8() == 0;
                }
                break;
            }
            case Extensions.SIGNATURE_ALGORITHMS:
                signatureAlgorithmsOffered = true;
                for (int n = list16(r, len, "signature_algorithms"); n > 0; n -= 2) {
                    int s = r.u16();
                    signatureSchemes |= Extensions.schemeBit(s);
                    if (ecdsaScheme == 0 && canSign(s)) {
                        ecdsaScheme = s;
                    }
                }
                break;
            case Extensions.EXTENDED_MASTER_SECRET:
                if (len != 0) {
                    throw decodeError("extended_master_secret must be empty");
                }
                extendedMasterSecret = true;
                break;
            case Extensions.RECORD_SIZE_LIMIT:
                if (len != 2) {
                    throw decodeError("record_size_limit length");
                }
                recordSizeLimit = r.u16();
                if (recordSizeLimit < 64) {
                    note(Alert.ILLEGAL_PARAMETER, "record_size_limit below 64");
                    recordSizeLimit = 0;
                }
                break;
            default: { // RENEGOTIATION_INFO
                int n = r.u8();
                if (n + 1 != len) {
                    throw decodeError("renegotiation_info length");
                }
                renegotiationInfo = true;
                renegotiatedConnection = n > 0;
                r.skip(n);
                break;
            }
        }
    }

    /** Reads a u16 list length that must fill the extension (len) with 2-byte entries; returns it. */
    private static int list16(HandshakeReader r, int len, String what) throws IOException {
        int n = r.u16();
        if (n + 2 != len || n == 0 || (n & 1) != 0) {
            throw decodeError(what.concat(" length"));
        }
        return n;
    }

    /** RFC 6066 §3: a list of names, at most one host_name, ASCII without spaces or controls. */
    private void parseServerName(HandshakeReader r, int len) throws IOException {
        int list = r.u16();
        if (list + 2 != len || list == 0) {
            throw decodeError("server_name list length");
        }
        int end = r.position() + list;
        while (r.position() < end) {
            int nameType = r.u8();
            int n = r.u16();
            if (r.position() + n > end) {
                throw decodeError("server_name entry length");
            }
            if (n == 0) {
                throw decodeError("empty host name");
            }
            if (nameType != 0) {
                r.skip(n);
            } else if (serverNameLength != 0) {
                note(Alert.ILLEGAL_PARAMETER, "two host names in server_name");
                r.skip(n);
            } else if (n > MAX_HOST_NAME) {
                note(Alert.ILLEGAL_PARAMETER, "host name longer than 255 bytes");
                r.skip(n);
            } else {
                r.read(serverName, 0, n);
                serverNameLength = n;
                for (int i = 0; i < n; i++) {
                    if (serverName[i] <= 0x20 || serverName[i] == 0x7F) {
                        note(Alert.ILLEGAL_PARAMETER, "host name is not printable ASCII");
                    }
                }
            }
        }
    }

    /** The host name from server_name, or null. */
    String serverName() {
        if (serverNameLength == 0) {
            return null;
        }
        char[] c = new char[serverNameLength];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) serverName[i];
        }
        return new String(c);
    }

    /**
     * Parses an SSLv2-compatible ClientHello (RFC 5246 Appendix E.2) at b[0..len): msg_type
     * (1), version, cipher_spec_length, session_id_length, challenge_length, the 3-byte cipher
     * specs, session_id and challenge. Only the V3 specs (first byte 0) count; the challenge,
     * right-aligned, is the client random. It has no extensions.
     */
    void parseSsl2(byte[] b, int len) throws TlsException {
        reset();
        ssl2 = true;
        nullCompression = true;
        version = Bytes.u16(b, 1);
        int specs = Bytes.u16(b, 3);
        int sid = Bytes.u16(b, 5);
        int chal = Bytes.u16(b, 7);
        if (specs == 0 || specs % 3 != 0 || (sid != 0 && sid != 16) || chal < 16 || chal > 32
                || 9 + specs + sid + chal != len) {
            throw decodeError("SSLv2-compatible ClientHello lengths");
        }
        for (int i = 0; i < specs; i += 3) {
            if (b[9 + i] == 0) {
                suites |= CipherSuite.bit(Bytes.u16(b, 10 + i));
            }
        }
        System.arraycopy(b, 9 + specs, sessionId, 0, sid);
        sessionIdLength = sid;
        for (int i = 0; i < 32 - chal; i++) {
            random[i] = 0;
        }
        System.arraycopy(b, 9 + specs + sid, random, 32 - chal, chal);
    }
}
