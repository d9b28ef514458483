package kssl.tls;

import java.io.IOException;

/**
 * The hello extensions the engine understands: server_name and max_fragment_length (RFC 6066),
 * supported_groups and ec_point_formats (RFC 8422), signature_algorithms (RFC 5246
 * §7.4.1.4.1), extended_master_secret (RFC 7627), record_size_limit (RFC 8449) and
 * renegotiation_info (RFC 5746). This class writes them (the client's offer, the server's
 * answer) and reads a ServerHello's (client side: an unsolicited, duplicated or malformed one is
 * refused). The server reads a ClientHello's into its fixed shape in {@link ClientHello}.
 */
public final class Extensions {
    public static final int SERVER_NAME = 0;
    public static final int MAX_FRAGMENT_LENGTH = 1;
    public static final int SUPPORTED_GROUPS = 10;
    public static final int EC_POINT_FORMATS = 11;
    public static final int SIGNATURE_ALGORITHMS = 13;
    public static final int EXTENDED_MASTER_SECRET = 23;
    public static final int RECORD_SIZE_LIMIT = 28;
    public static final int RENEGOTIATION_INFO = 0xFF01;

    /** NamedGroup values (RFC 8422 §5.1.1). */
    public static final int SECP160R1 = 16;
    public static final int SECP256R1 = 23;

    /** SignatureScheme values (RFC 5246 §7.4.1.4.1 hash/signature pairs). */
    public static final int RSA_PKCS1_SHA1 = 0x0201;
    public static final int ECDSA_SHA1 = 0x0203;
    public static final int ECDSA_SHA224 = 0x0303;
    public static final int RSA_PKCS1_SHA256 = 0x0401;
    public static final int ECDSA_SECP256R1_SHA256 = 0x0403;
    public static final int ECDSA_SECP384R1_SHA384 = 0x0503;
    public static final int ECDSA_SECP521R1_SHA512 = 0x0603;

    /** RSASSA-PKCS1-v1_5 with MD5, SHA-224, SHA-384, SHA-512 (RFC 5246 §7.4.1.4.1 pairs). */
    public static final int RSA_PKCS1_MD5 = 0x0101;
    public static final int RSA_PKCS1_SHA224 = 0x0301;
    public static final int RSA_PKCS1_SHA384 = 0x0501;
    public static final int RSA_PKCS1_SHA512 = 0x0601;

    /** The (hash, signature) pairs the engine can name, in the order of their bits (schemeBit). */
    private static final int[] SCHEMES = {RSA_PKCS1_MD5, RSA_PKCS1_SHA1, ECDSA_SHA1, RSA_PKCS1_SHA224, ECDSA_SHA224,
        RSA_PKCS1_SHA256, ECDSA_SECP256R1_SHA256, RSA_PKCS1_SHA384, ECDSA_SECP384R1_SHA384, RSA_PKCS1_SHA512,
        ECDSA_SECP521R1_SHA512};
    /** The bit of a pair the engine cannot name: a chain signed so matches no client's list. */
    static final int UNKNOWN_SCHEME = 1 << 31;

    /** The pair's bit in a set of signature schemes (a ClientHello's list, a chain's signatures), or 0. */
    static int schemeBit(int scheme) {
        for (int i = 0; i < SCHEMES.length; i++) {
            if (SCHEMES[i] == scheme) {
                return 1 << i;
            }
        }
        return 0;
    }

    /** True once an extensions block was read or is to be written. */
    boolean present;
    /** server_name host_name (client), or true-but-empty acknowledgement (server). */
    String serverName;
    boolean serverNameAck;
    int[] groups;
    /** ec_point_formats was present; and whether it lists uncompressed (0). */
    boolean pointFormats;
    boolean uncompressed;
    int[] signatureAlgorithms;
    /** max_fragment_length code 1..4 (2^9..2^12 bytes), 0 if absent. */
    int maxFragmentLength;
    /** record_size_limit value, 0 if absent. */
    int recordSizeLimit;
    boolean extendedMasterSecret;
    boolean renegotiationInfo;
    /** renegotiated_connection: empty on an initial handshake. */
    byte[] renegotiatedConnection;

    private int seen;

    /** Bytes of a max_fragment_length code (RFC 6066 §4). */
    public static int maxFragmentBytes(int code) {
        return 1 << (8 + code);
    }

    /** The max_fragment_length code for exactly 512, 1024, 2048 or 4096 bytes, else 0. */
    public static int maxFragmentCode(int bytes) {
        for (int c = 1; c <= 4; c++) {
            if (maxFragmentBytes(c) == bytes) {
                return c;
            }
        }
        return 0;
    }

    boolean offersGroup(int g) {
        return contains(groups, g);
    }

    boolean offersSignature(int s) {
        return contains(signatureAlgorithms, s);
    }

    static boolean contains(int[] list, int v) {
        if (list != null) {
            for (int i = 0; i < list.length; i++) {
                if (list[i] == v) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Reads the extensions block that ends a ServerHello. A server may only answer extensions
     * the client sent (RFC 5246 §7.4.1.4), and this client sends none it does not know.
     */
    void parse(HandshakeReader r) throws IOException {
        present = true;
        int total = r.u16();
        if (total != r.remaining()) {
            throw new TlsException(Alert.DECODE_ERROR, "extensions length");
        }
        while (r.remaining() > 0) {
            int type = r.u16();
            int len = r.u16();
            r.need(len);
            int end = r.position() + len;
            int bit = bit(type);
            if (bit == 0) {
                throw new TlsException(Alert.UNSUPPORTED_EXTENSION, "unsolicited extension ".concat(Integer.toString(type)));
            }
            if ((seen & bit) != 0) {
                throw new TlsException(Alert.ILLEGAL_PARAMETER, "duplicate extension ".concat(Integer.toString(type)));
            }
            seen |= bit;
            parseOne(r, type, len);
            if (r.position() != end) {
                throw new TlsException(Alert.DECODE_ERROR, "extension length ".concat(Integer.toString(type)));
            }
        }
    }

    /**
     * Whether the engine reads extension {@code type}: a hello's others are skipped (GREASE
     * included). What sizzle.template.HelloDigest's projection keeps of a ClientHello.
     */
    public static boolean known(int type) {
        return bit(type) != 0;
    }

    /** The extension's bit in a set of extensions seen (the ones the engine knows), or 0. */
    static int bit(int type) {
        switch (type) {
            case SERVER_NAME: return 1;
            case MAX_FRAGMENT_LENGTH: return 2;
            case SUPPORTED_GROUPS: return 4;
            case EC_POINT_FORMATS: return 8;
            case SIGNATURE_ALGORITHMS: return 16;
            case EXTENDED_MASTER_SECRET: return 32;
            case RECORD_SIZE_LIMIT: return 64;
            case RENEGOTIATION_INFO: return 128;
            default: return 0;
        }
    }

    private void parseOne(HandshakeReader r, int type, int len) throws IOException {
        switch (type) {
            case SERVER_NAME:
                if (len != 0) {
                    throw new TlsException(Alert.DECODE_ERROR, "server_name from a server must be empty");
                }
                serverNameAck = true;
                break;
            case MAX_FRAGMENT_LENGTH:
                if (len != 1) {
                    throw new TlsException(Alert.DECODE_ERROR, "max_fragment_length length");
                }
                maxFragmentLength = r.u8();
                if (maxFragmentLength < 1 || maxFragmentLength > 4) {
                    throw new TlsException(Alert.ILLEGAL_PARAMETER, "max_fragment_length value");
                }
                break;
            case SUPPORTED_GROUPS:
                groups = readList16(r, len, "supported_groups");
                break;
            case EC_POINT_FORMATS: {
                int n = r.u8();
                if (n < 1 || n + 1 != len) {
                    throw new TlsException(Alert.DECODE_ERROR, "ec_point_formats length");
                }
                pointFormats = true;
                for (int i = 0; i < n; i++) {
                    if (r.u8() == 0) {
                        uncompressed = true;
                    }
                }
                break;
            }
            case SIGNATURE_ALGORITHMS:
                signatureAlgorithms = readList16(r, len, "signature_algorithms");
                break;
            case EXTENDED_MASTER_SECRET:
                if (len != 0) {
                    throw new TlsException(Alert.DECODE_ERROR, "extended_master_secret must be empty");
                }
                extendedMasterSecret = true;
                break;
            case RECORD_SIZE_LIMIT:
                if (len != 2) {
                    throw new TlsException(Alert.DECODE_ERROR, "record_size_limit length");
                }
                recordSizeLimit = r.u16();
                if (recordSizeLimit < 64) {
                    throw new TlsException(Alert.ILLEGAL_PARAMETER, "record_size_limit below 64");
                }
                break;
            default: { // RENEGOTIATION_INFO
                int n = r.u8();
                if (n + 1 != len) {
                    throw new TlsException(Alert.DECODE_ERROR, "renegotiation_info length");
                }
                renegotiationInfo = true;
                renegotiatedConnection = r.read(n);
                break;
            }
        }
    }

    private static int[] readList16(HandshakeReader r, int len, String what) throws IOException {
        int n = r.u16();
        if (n + 2 != len || n == 0 || (n & 1) != 0) {
            throw new TlsException(Alert.DECODE_ERROR, what.concat(" length"));
        }
        int[] list = new int[n / 2];
        for (int i = 0; i < list.length; i++) {
            list[i] = r.u16();
        }
        return list;
    }

    /** Bytes {@link #write} writes: the block with its length, or nothing if none is set. */
    int length() {
        if (!present) {
            return 0;
        }
        int n = 2;
        if (serverName != null) {
            n += 4 + 2 + 1 + 2 + serverName.length();
        } else if (serverNameAck) {
            n += 4;
        }
        if (renegotiationInfo) {
            n += 4 + 1 + (renegotiatedConnection == null ? 0 : renegotiatedConnection.length);
        }
        if (extendedMasterSecret) {
            n += 4;
        }
        if (groups != null) {
            n += 4 + 2 + 2 * groups.length;
        }
        if (pointFormats) {
            n += 4 + 2;
        }
        if (signatureAlgorithms != null) {
            n += 4 + 2 + 2 * signatureAlgorithms.length;
        }
        if (maxFragmentLength != 0) {
            n += 4 + 1;
        }
        if (recordSizeLimit != 0) {
            n += 4 + 2;
        }
        return n;
    }

    /** Writes the extensions block (nothing at all if none is set), in this fixed order. */
    void write(HandshakeWriter w) throws IOException {
        if (!present) {
            return;
        }
        w.u16(length() - 2);
        if (serverName != null) {
            int name = serverName.length();
            w.u16(SERVER_NAME);
            w.u16(2 + 1 + 2 + name);
            w.u16(1 + 2 + name);
            w.u8(0); // host_name
            w.u16(name);
            for (int i = 0; i < name; i++) {
                w.u8(serverName.charAt(i));
            }
        } else if (serverNameAck) {
            w.u16(SERVER_NAME);
            w.u16(0);
        }
        if (renegotiationInfo) {
            w.u16(RENEGOTIATION_INFO);
            int n = renegotiatedConnection == null ? 0 : renegotiatedConnection.length;
            w.u16(n + 1);
            w.u8(n);
            if (n > 0) {
                w.bytes(renegotiatedConnection);
            }
        }
        if (extendedMasterSecret) {
            w.u16(EXTENDED_MASTER_SECRET);
            w.u16(0);
        }
        if (groups != null) {
            writeList16(w, SUPPORTED_GROUPS, groups);
        }
        if (pointFormats) {
            w.u16(EC_POINT_FORMATS);
            w.u16(2);
            w.u8(1);
            w.u8(0); // uncompressed only
        }
        if (signatureAlgorithms != null) {
            writeList16(w, SIGNATURE_ALGORITHMS, signatureAlgorithms);
        }
        if (maxFragmentLength != 0) {
            w.u16(MAX_FRAGMENT_LENGTH);
            w.u16(1);
            w.u8(maxFragmentLength);
        }
        if (recordSizeLimit != 0) {
            w.u16(RECORD_SIZE_LIMIT);
            w.u16(2);
            w.u16(recordSizeLimit);
        }
    }

    private static void writeList16(HandshakeWriter w, int type, int[] list) throws IOException {
        w.u16(type);
        w.u16(2 + 2 * list.length);
        w.u16(2 * list.length);
        for (int i = 0; i < list.length; i++) {
            w.u16(list[i]);
        }
    }
}
