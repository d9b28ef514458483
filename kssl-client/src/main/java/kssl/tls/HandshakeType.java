package kssl.tls;

/** Handshake message types (RFC 5246 §7.4). */
public final class HandshakeType {
    public static final int HELLO_REQUEST = 0;
    public static final int CLIENT_HELLO = 1;
    public static final int SERVER_HELLO = 2;
    public static final int CERTIFICATE = 11;
    public static final int SERVER_KEY_EXCHANGE = 12;
    public static final int CERTIFICATE_REQUEST = 13;
    public static final int SERVER_HELLO_DONE = 14;
    public static final int CERTIFICATE_VERIFY = 15;
    public static final int CLIENT_KEY_EXCHANGE = 16;
    public static final int FINISHED = 20;

    private HandshakeType() {
    }

    public static String name(int t) {
        switch (t) {
            case HELLO_REQUEST: return "HelloRequest";
            case CLIENT_HELLO: return "ClientHello";
            case SERVER_HELLO: return "ServerHello";
            case CERTIFICATE: return "Certificate";
            case SERVER_KEY_EXCHANGE: return "ServerKeyExchange";
            case CERTIFICATE_REQUEST: return "CertificateRequest";
            case SERVER_HELLO_DONE: return "ServerHelloDone";
            case CERTIFICATE_VERIFY: return "CertificateVerify";
            case CLIENT_KEY_EXCHANGE: return "ClientKeyExchange";
            case FINISHED: return "Finished";
            default: return "handshake type ".concat(Integer.toString(t));
        }
    }
}
