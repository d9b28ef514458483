/*
 * One TLS connection of the server, as a push engine over caller buffers: the states of
 * kssl-client/STATES.md after the hello (the full and the abbreviated handshake, the session
 * cache, ClientKeyExchange, ChangeCipherSpec, Finished), protected records, application data
 * through an sz_app, alerts, close_notify both ways. The hello itself is sz_server's (streamed,
 * never buffered); every later record is gathered whole into the input buffer and opened there,
 * but for an application record longer than it (modern): opened as it comes (README).
 *
 *   sz_tls_init(&c, &config, &app, rx, sizeof rx, tx, sizeof tx);
 *   for (;;) {
 *       while ((p = sz_tls_output(&c, &n)) != NULL) { send(p, n); sz_tls_sent(&c); }
 *       if (sz_tls_closed(&c)) break;                  (then hang up)
 *       n = read(buf, sz_tls_wants(&c));               (the rest of a header or a record)
 *       n == 0 ? sz_tls_eof(&c) : a loop of i += sz_tls_push(&c, buf + i, n - i) until all are taken
 *   }
 *
 * Output is one record at a time in tx (sealed once the server's ChangeCipherSpec has gone);
 * input is taken only while no output waits (the server answers in the Java's order whatever
 * the client pipelines). Buffers: rx holds the largest record gathered whole after the hello
 * (header + SZ_RECEIVE_LIMIT + the expansion for the Java's limits); in the modern build a longer
 * application record is opened as it comes through rx (its plaintext handed to the application,
 * nothing answered until its tag is right: README), tx the send limit's records (SZ_WRITER_BUFFER). rx and
 * tx may be one buffer (a mote's RAM): records then go out only while no input is held, except
 * the unread rest of an application record (pipelined requests), which moves to the buffer's
 * tail while the responses are written before it.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/TlsConnection.java (fail, read, close,
 * refuseRenegotiation), ServerHandshake.java (step, answerClientHello, findSession,
 * readClientKeyExchange), Handshake.java (ChangeCipherSpec, Finished both ways),
 * RecordLayer.java (readRecord for protected records, next, countEmpty).
 */
#ifndef SZ_TLS_CONNECTION_H
#define SZ_TLS_CONNECTION_H

#include <stddef.h>
#include "sz_server_handshake.h"
#include "sz_record_writer.h"
#include "sz_session_cache.h"
#include "sz_handshake_hash.h"
#include "sz_app.h"
#include "ks_hmac_drbg.h"
#include "ks_ec.h"

/* The states, by STATES.md's names (ServerHandshake's ints, then the connection's). */
#define SZ_WAIT_CLIENT_HELLO 0
#define SZ_WAIT_CLIENT_KEY_EXCHANGE 1
#define SZ_WAIT_CHANGE_CIPHER_SPEC 2
#define SZ_WAIT_FINISHED 3
#define SZ_RESUME_WAIT_CHANGE_CIPHER_SPEC 4
#define SZ_RESUME_WAIT_FINISHED 5
#define SZ_DONE 6
#define SZ_CLOSED 7

/* The server's side shared by its connections. */
typedef struct {
	ks_hmac_drbg *random;        /* every draw, in the Java's order */
	sz_session_cache *sessions;  /* NULL: no resumption, no session ids */
	uint32_t now;                /* seconds, for the cache (the loop keeps it current) */
	uint16_t suites;             /* the build's suites allowed (sz_suite_bit mask; 0xFFFF: all) */
	uint16_t initial_version;    /* the record version before one is negotiated (TLS 1.0) */
#if defined(SZ_PROFILE_LEGACY_RSA)
	uint8_t *rsa_blind;          /* the key's blinding state, 256 bytes (ks_rsa_blind_init) */
#endif
} sz_tls_config;

/* The bytes of the hello's engine that outlive the keys: the record layer and the hello up to
 * its random (the version; the client random the keys are derived from). */
#define SZ_TLS_HELLO_KEPT (offsetof(sz_server, hello) + offsetof(sz_client_hello, session_id))

typedef struct {
	/* WAIT_CLIENT_HELLO's engine (hs); then its hello's server_name bytes are the scratch of
	 * the messages written and read until the keys. The record protection states are keyed only
	 * after ClientKeyExchange (after ServerHello when resumed), once the hello's session_id,
	 * server_name and answer are dead: they take those bytes (keyed.rd, keyed.wr). */
	union {
		sz_server hs;
		struct {
			uint8_t hello[SZ_TLS_HELLO_KEPT];
			sz_protection rd, wr;
		} keyed;
#if KS_EC_AUX && !defined(SZ_PROFILE_LEGACY_RSA)
		/* during a ClientKeyExchange k P's table lies after the kept head (sz_tls_connection.c):
		 * its room, should the hello's engine have less (legacy-ecc's has 642 B for 66 + 352) */
		uint8_t ec_aux[SZ_TLS_HELLO_KEPT + KS_EC_AUX_BYTES];
#endif
	} u;
	union {
		sz_handshake_hash hash; /* the handshake's messages, until DONE */
#if SZ_STREAM_OUT
		sz_seal_stream seal;    /* then, the MAC of a record going out in pieces (sz_writer_declare) */
#endif
	} h;
	sz_record_writer w;
	const sz_tls_config *cfg;
	const sz_app *app;
	uint8_t *rx;
	uint16_t rx_cap;
	uint16_t rx_len;             /* bytes of the record gathered (header included) */
	uint16_t rx_want;            /* its whole length, once the header is in */
	uint16_t pos, end;           /* the opened record's plaintext not yet used: rx[pos..end) */
	uint8_t rx_type;             /* its content type */
	uint32_t m_len, m_got;       /* the handshake message being read: length, body bytes in */
	uint16_t m_verdict;          /* a verdict raised at the message's end */
	uint16_t version, suite;
	uint16_t verdict;            /* the alert that ended the connection (SZ_RECEIVED | it: the peer's) */
	uint16_t seg_off;            /* output: bytes of the current segment written */
	uint16_t sh_len, ske_len;    /* the flight's messages in the scratch */
	uint8_t m_hdr[4], m_have;
	uint8_t master[48];
#if SZ_PRF_KEYED
	uint8_t master_key[SZ_MASTER_KEY]; /* its PRF key (sz_master_key), made with the keys */
#endif
	uint8_t name_digest[16];
#if defined(SZ_PROFILE_MODERN)
	uint8_t ephemeral[32];
#endif
	uint8_t fin[4 + 36];         /* the client's verify_data at fin + 4 (compared as it comes), then
	                                the server's Finished message */
	uint8_t expected_len, fin_diff;
	uint8_t state;
	uint8_t ems, resumed, has_name, has_session, keyed, read_on, established, eof;
#if SZ_STREAM_RECORDS
	uint8_t streaming;           /* an application record longer than rx is being opened as it comes */
	uint8_t rsl;                 /* the client sent record_size_limit: ours (SZ_RECEIVE_LIMIT) binds it */
#endif
	uint8_t jobs[4], job_n, seg;
	uint8_t alert_level, alert_desc;
	/* Last, so that sz_tls_next keeps them: the server random and the session id drawn with it
	 * (a new session's; a resumed one's is copied over it), and whether they were drawn ahead
	 * (sz_tls_draw_ahead) and not yet used. */
	uint8_t server_random[32];
	uint8_t session_id[4];
	uint8_t random_ahead;
} sz_tls;

void sz_tls_init(sz_tls *c, const sz_tls_config *cfg, const sz_app *app, uint8_t *rx, uint16_t rx_cap,
                 uint8_t *tx, uint16_t tx_cap);
/* The next connection on an object sz_tls_init made ready once: the same, except that a server
 * random drawn ahead and not yet sent is kept (a connection that ended before its hello was
 * answered leaves it to the next, which is the one the Java server would draw it for). */
void sz_tls_next(sz_tls *c, const sz_tls_config *cfg, const sz_app *app, uint8_t *rx, uint16_t rx_cap,
                 uint8_t *tx, uint16_t tx_cap);
/* Draws the next hello's server random and, when the server keeps sessions, its session id
 * now, while the device waits for a client: the same draws from the same source in the same
 * order as on the hello (the next draws the source makes are always the next hello's random and
 * id: the Java server draws the id with the random too, and throws it away when the session
 * resumes or the hello fails), so every byte stays the Java server's; a full handshake then
 * costs two HMAC_DRBG generates less (0.34 M and 0.29 M cycles on the ATmega128, measured on
 * the legacy-ecc full TLS 1.0 handshake: 6,848,871 -> 6,554,058 for the id), an abbreviated
 * one one less. Nothing when they are drawn already; when the source fails, the hello tries
 * again. */
void sz_tls_draw_ahead(sz_tls *c);
#if !SZ_LEGACY
/* The ClientHello's digest in place of its bytes (gateway-java/LINK.md §15.2, HELLO_DIGEST, from
 * a gateway over the radio link): d is L (u24, the hello's length as hashed), H (SHA-256's
 * chaining value after 64 * floor(L / 64) of its bytes, big-endian words) and its last L mod 64
 * bytes. The handshake hash goes on from them, and the hello that follows (its projection) is
 * parsed but not hashed. Only before the connection's first byte (returns 0), else nothing
 * (returns -1): a later one is no hello's. The modern build alone: HELLO_DIGEST carries SHA-256,
 * TLS 1.2's PRF hash. A digest that is not the hello's only makes the Finished checks fail. */
int sz_tls_hello_digest(sz_tls *c, const uint8_t *d);
#endif
/* The next record to send (length *n), or NULL: the engine makes it on demand (the flight,
 * ChangeCipherSpec and Finished, the application's response, an alert). */
const uint8_t *sz_tls_output(sz_tls *c, uint16_t *n);
void sz_tls_sent(sz_tls *c);
/* Bytes it can take now without reading past the current record (0: output or the application
 * first, or closed). */
uint16_t sz_tls_wants(const sz_tls *c);
/* Where in rx the next byte it takes is written: a link that shares rx (sz_port_link.c) puts
 * the next message there, so that the engine writes each byte at or before where it was read
 * from. 0 between records and while the hello is parsed (its bytes are not kept); in a record
 * being gathered, behind its bytes so far; in one opened as it comes, behind the plaintext held. */
uint16_t sz_tls_receive_at(const sz_tls *c);
/* The most that sz_tls_receive_at can be while nothing is held when a record's next piece comes
 * (a streamed record's header and explicit nonce), plus the tag's room at rx's end: a link sharing
 * rx announces rx_cap less this, so that a piece of a record streamed in fits where it lands. */
#if SZ_STREAM_RECORDS
#define SZ_TLS_RECEIVE_HEADROOM (5u + SZ_PROTECTION_PREFIX + 16u)
#else
#define SZ_TLS_RECEIVE_HEADROOM 0u
#endif
/* Takes client bytes; returns how many (fewer while output waits). */
size_t sz_tls_push(sz_tls *c, const uint8_t *data, size_t len);
/* The client's stream ended. */
void sz_tls_eof(sz_tls *c);
/* A read timed out (a deadline passed): between requests the application answers (408), mid-record
 * or mid-handshake the connection fails. */
void sz_tls_timeout(sz_tls *c);
/* The one-connection mode: a newer client waits; close now if idle (returns 1), else let the
 * next response be the last. */
uint8_t sz_tls_close_if_idle(sz_tls *c);
/* All sent and nothing more will come: hang up. */
uint8_t sz_tls_closed(const sz_tls *c);
/* STATES.md's name of the state (for diagnostics). */
const char *sz_tls_state_name(uint8_t state);

#endif
