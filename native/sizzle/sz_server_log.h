/*
 * The server's log: one line per ended connection, the words of the Java server's
 * (sizzle-server TlsServerConnection.describe), so that a test reads both alike
 * (src/test's ServerLog): "PEER VERSION SUITE full|resumed, N responses", "PEER handshake
 * failed: ALERT", "PEER failed: ALERT" or "PEER closed before the handshake completed". PEER is
 * "#n", the connection's number since boot; SUITE is 0xXXXX and ALERT "sent alert N" or
 * "received alert N" (no names in a mote's flash). And at boot "sizzle PROFILE ready". Written
 * through sz_port_log (the device's log console); the words are kept in flash.
 */
#ifndef SZ_SERVER_LOG_H
#define SZ_SERVER_LOG_H
#include "sz_tls_connection.h"

void sz_server_log_ready(void);
void sz_server_log_connection(uint32_t number, const sz_tls *c, uint16_t responses);
/* "ram: static=S stack=P total=T" (bytes; sz_port_ram), a mote's line after each connection's. */
void sz_server_log_ram(uint16_t static_bytes, uint16_t stack_bytes);
#endif
