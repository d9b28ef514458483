/*
 * The server's inbound engine, first state (WAIT_CLIENT_HELLO): a resumable, push-driven
 * machine in the BearSSL manner. The caller pushes whatever bytes it has (one from a UART
 * interrupt, a mailbox's worth, a socket read); the engine takes what it can, says how many
 * it took, and what it wants next (sz_server_wants: the rest of a record header, or of the
 * current record). It parses the ClientHello as it streams (no buffer of its size), feeds
 * every message byte to sz_transcript_update, and on the hello's end makes the server's
 * choices: version, suite, ServerHello's extensions. Fresh connections only (no session
 * cache here yet: the integrator adds resumption).
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/ServerHandshake.java: readClientHello,
 * answerClientHello (its checks and choices, up to writing ServerHello) and chooseSuite.
 */
#ifndef SZ_SERVER_HANDSHAKE_H
#define SZ_SERVER_HANDSHAKE_H

#include "sz_client_hello.h"
#include "sz_handshake_reader.h"
#include "sz_record_layer.h"

/* What the server answers a ClientHello with (ServerHello's fields, the send limit). */
typedef struct {
	uint16_t version;
	uint16_t suite;
	uint16_t record_size_limit;  /* ServerHello's record_size_limit (ours), 0: none */
	uint16_t send_limit;         /* the largest plaintext the server may send */
	uint8_t max_fragment_length; /* ServerHello's max_fragment_length (the echo), 0: none */
	uint8_t renegotiation_info;
	uint8_t extended_master_secret;
	uint8_t point_formats;
} sz_server_hello_choice;

/* sz_server.status */
#define SZ_SERVER_WANT 0   /* give it more bytes (or sz_server_eof) */
#define SZ_SERVER_HELLO 1  /* the hello is in: `hello` and `answer` hold it; the next bytes are the next message's */
#define SZ_SERVER_FAILED 2 /* `verdict`: the alert to send (0..255), or SZ_RECEIVED | the peer's fatal alert */

typedef struct {
	sz_record_layer records;
	sz_client_hello hello;       /* here, after the record layer: the connection keeps both
	                                (the hello up to its random), the rest is dead after the hello */
	sz_handshake_reader reader;
	sz_hello_parser parser;
	sz_server_hello_choice answer;
	void *transcript;
	uint16_t verdict;
	uint16_t suites;  /* the server's suites allowed (sz_suite_bit; sz_server_init: all the build's) */
	uint8_t status;
	uint8_t answered; /* the hello decoded and was judged: a failure is the answer's */
	uint8_t checks_only; /* hello_done stops after sz_server_check_hello: the caller, which has a
	                        session cache, draws server_random, resumes or calls sz_server_choose_suite */
} sz_server;

void sz_server_init(sz_server *s, void *transcript);

/* Takes bytes from data[0..len); returns how many (fewer once the status is no longer WANT). */
size_t sz_server_push(sz_server *s, const uint8_t *data, size_t len);

/* The client's stream ended. */
void sz_server_eof(sz_server *s);

/* Bytes the engine can take now without reading past the current record (header or body). */
uint16_t sz_server_wants(const sz_server *s);

/* The checks and choices of answerClientHello and chooseSuite for a decoded hello: returns
 * SZ_VERDICT_NONE and fills `a`, or the alert. (A server without a session cache: the two
 * steps below with every suite of the build.) */
uint16_t sz_server_answer_hello(const sz_client_hello *h, sz_server_hello_choice *a);
/* answerClientHello's checks before the server's random is drawn (version, fallback,
 * renegotiation_info, point formats), then its choices that do not depend on the suite
 * (version, ServerHello's extensions, the send limit): SZ_VERDICT_NONE, or the alert. */
uint16_t sz_server_check_hello(const sz_client_hello *h, sz_server_hello_choice *a);
/* chooseSuite: the first of the server's suites (in `allowed`, a mask of sz_suite_bit) that the
 * client offers and that fits; sets a->suite and returns SZ_VERDICT_NONE, or handshake_failure. */
uint16_t sz_server_choose_suite(const sz_client_hello *h, sz_server_hello_choice *a, uint16_t allowed);

#endif
