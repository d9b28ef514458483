package sizzle.http;

import java.io.IOException;

/**
 * The application behind the HTTP layer: answers one well-formed request with exactly one
 * complete response on {@code w}. A handler shared by several connections must be safe to call
 * from several threads.
 */
public interface Handler {
    void handle(Request request, ResponseWriter w) throws IOException;
}
