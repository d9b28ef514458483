/*
 * The canonical result line of the hello-shapes corpus (format:
 * kssl-client/src/test/resources/hello-shapes/README.md), printed from the C engine's state
 * one character at a time: the host test compares it with the corpus, the mote firmware
 * prints it on its console. Mirrors HelloShapes.shape / result / serverHello
 * (kssl-client/src/test/java/kssl/tls/HelloShapes.java).
 */
#ifndef SZ_SHAPE_LINE_H
#define SZ_SHAPE_LINE_H

#include "sz_server_handshake.h"

typedef void (*sz_put_fn)(void *ctx, char c);

/* The line for an engine whose status is SZ_SERVER_HELLO or SZ_SERVER_FAILED (no newline). */
void sz_shape_line(const sz_server *s, sz_put_fn put, void *ctx);

#endif
