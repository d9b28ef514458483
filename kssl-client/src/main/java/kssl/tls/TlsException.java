package kssl.tls;

import java.io.IOException;

/**
 * A connection ended by a fatal alert: either one this side sent (a protocol error it found,
 * {@link #isRemote()} false) or one the peer sent (true). {@link #getAlert()} is the RFC 5246
 * §7.2 description; the message says which check failed.
 */
public class TlsException extends IOException {
    private final int alert;
    private final boolean remote;
    private final String detail;

    /** A local failure: this side sends {@code alert} and closes. */
    public TlsException(int alert, String detail) {
        this(alert, false, detail);
    }

    public TlsException(int alert, boolean remote, String detail) {
        super(describe(alert, remote, detail));
        this.alert = alert;
        this.remote = remote;
        this.detail = detail;
    }

    private static String describe(int alert, boolean remote, String detail) {
        String s = remote ? "received fatal alert " : "fatal alert ";
        s = s.concat(Alert.name(alert));
        return detail == null ? s : s.concat(": ").concat(detail);
    }

    /** The alert description (Alert.*). */
    public int getAlert() {
        return alert;
    }

    /** True if the peer sent the alert, false if this side detected the error and sent it. */
    public boolean isRemote() {
        return remote;
    }

    /** The check that failed, without the alert name. */
    public String getDetail() {
        return detail;
    }
}
