package ksecurity.security;

import ksecurity.framework.CardRuntimeException;

/**
 * Every cryptographic failure, with a Java Card reason code. KSecurity adds a short
 * human-readable detail (what was wrong) without changing the Java Card contract:
 * {@link #getReason()} is what programs test, {@link #getMessage()} is what people read.
 */
public class CryptoException extends CardRuntimeException {
    public static final short ILLEGAL_VALUE = 1;
    public static final short UNINITIALIZED_KEY = 2;
    public static final short NO_SUCH_ALGORITHM = 3;
    public static final short INVALID_INIT = 4;
    public static final short ILLEGAL_USE = 5;

    private final String detail;

    public CryptoException(short reason) {
        this(reason, null);
    }

    public CryptoException(short reason, String detail) {
        super(reason);
        this.detail = detail;
    }

    public static void throwIt(short reason) {
        throw new CryptoException(reason);
    }

    /** Throws with a detail saying what was wrong, e.g. "point not on curve". */
    public static void throwIt(short reason, String detail) {
        throw new CryptoException(reason, detail);
    }

    public String getMessage() {
        String name;
        switch (getReason()) {
            case ILLEGAL_VALUE: name = "ILLEGAL_VALUE"; break;
            case UNINITIALIZED_KEY: name = "UNINITIALIZED_KEY"; break;
            case NO_SUCH_ALGORITHM: name = "NO_SUCH_ALGORITHM"; break;
            case INVALID_INIT: name = "INVALID_INIT"; break;
            case ILLEGAL_USE: name = "ILLEGAL_USE"; break;
            default: name = "reason ".concat(String.valueOf(getReason()));
        }
        return detail == null ? name : name.concat(": ").concat(detail);
    }
}
