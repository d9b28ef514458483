package ksecurity.framework;

/**
 * The root of KSecurity's runtime exceptions, mirroring javacard.framework.CardRuntimeException:
 * a reason code (a short) instead of a message, so that callers on small devices can switch on
 * it without string handling.
 */
public class CardRuntimeException extends RuntimeException {
    private short reason;

    public CardRuntimeException(short reason) {
        this.reason = reason;
    }

    public short getReason() {
        return reason;
    }

    public void setReason(short reason) {
        this.reason = reason;
    }

    public static void throwIt(short reason) throws CardRuntimeException {
        throw new CardRuntimeException(reason);
    }
}
