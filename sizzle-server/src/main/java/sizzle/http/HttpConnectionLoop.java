package sizzle.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Serves one connection (persistent HTTP: many requests on one stream pair) until the client
 * or the policy ends it, or a request is malformed. A malformed request is answered with its
 * status and "Connection: close", then the loop returns: the caller closes the connection and
 * goes on serving others. The stream pair is a plain socket's or the TLS engine's
 * application-data streams; the loop neither knows nor cares.
 */
public final class HttpConnectionLoop {
    private final Handler handler;
    private final int chunk;
    private final Clock dates;

    /** A device that does not know the time (no Date header). */
    public HttpConnectionLoop(Handler handler, int chunk) {
        this(handler, chunk, null);
    }

    /**
     * {@code chunk}: the most bytes per write on the output stream (e.g. a TLS record's
     * payload); {@code dates}: the wall clock for the Date header, null where the device does
     * not know the time.
     */
    public HttpConnectionLoop(Handler handler, int chunk, Clock dates) {
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk < 1");
        }
        this.handler = handler;
        this.chunk = chunk;
        this.dates = dates;
    }

    /** {@link #serve(InputStream, OutputStream, ConnectionPolicy, String)} for a client of unknown address. */
    public void serve(InputStream in, OutputStream out, ConnectionPolicy policy) throws IOException {
        serve(in, out, policy, Request.UNKNOWN_PEER);
    }

    /**
     * Serves requests until the connection should close; returns normally then (the caller
     * closes the streams). IOExceptions from the streams end the connection and are thrown.
     * {@code peer}: the client's address as the transport knows it (Request.peer()).
     */
    public void serve(InputStream in, OutputStream out, ConnectionPolicy policy, String peer) throws IOException {
        RequestParser parser = new RequestParser(in);
        Request request = new Request();
        request.peer = peer;
        ResponseWriter w = new ResponseWriter(out, chunk, dates);
        while (parser.awaitRequest()) {
            if (!policy.requestArrived()) {
                return;
            }
            int status = parser.parse(request);
            if (status != RequestParser.COMPLETE) {
                w.prepare(true, false);
                w.error(status);
                return;
            }
            boolean keep = request.keepAlive() && policy.mayKeepOpen();
            w.prepare(!keep, request.isHttp10());
            try {
                handler.handle(request, w);
            } catch (RuntimeException e) {
                // A fault in the application: handled below like a missing response.
            }
            if (!w.answered()) {
                // Answer 500 if nothing was sent yet, and close either way: a half-written
                // response leaves the stream out of step.
                if (!w.inResponse()) {
                    w.prepare(true, false);
                    w.error(Status.INTERNAL_SERVER_ERROR);
                }
                return;
            }
            if (!keep || !policy.responseSent()) {
                return;
            }
        }
    }
}
