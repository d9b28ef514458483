/*
 * The server's handshake messages, each written whole into a small caller buffer (the
 * connection streams them into records from there; the certificate_list goes from flash
 * straight into the records): ServerHello with its extensions in the stated order
 * (renegotiation_info, extended_master_secret, ec_point_formats, max_fragment_length or
 * record_size_limit), the Certificate message's header, ServerKeyExchange for ECDHE_ECDSA
 * (the ephemeral P-256 key drawn as the Java draws it, signed with hedged ECDSA in the
 * client's preferred scheme), ServerHelloDone, Finished.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/ServerHello.java (write), Extensions.java
 * (length, write: the server's extensions), Certificate.java (write), ServerHandshake.java
 * (writeServerKeyExchange, ecdsaAlgorithm), EcdhKey.java (generate), Handshake.sendFinished.
 */
#ifndef SZ_SERVER_FLIGHT_H
#define SZ_SERVER_FLIGHT_H

#include "sz_server_handshake.h"
#include "ks_hmac_drbg.h"

#define SZ_HT_SERVER_HELLO 2
#define SZ_HT_CERTIFICATE 11
#define SZ_HT_SERVER_KEY_EXCHANGE 12
#define SZ_HT_SERVER_HELLO_DONE 14

/* The longest ServerHello written (4-byte session id, every extension): 4 + 38 + 5 + 3 + 19. */
#define SZ_SERVER_HELLO_MAX 69
/* The longest ServerKeyExchange: header, ECParameters and point (69), scheme, length, DER (72). */
#define SZ_SERVER_KEY_EXCHANGE_MAX 149

/* A handshake message header (type, 24-bit length) at out[0..4). */
void sz_message_header(uint8_t *out, uint8_t type, uint32_t length);

/* ServerHello; returns its length (at most SZ_SERVER_HELLO_MAX). */
uint16_t sz_server_hello_write(uint8_t *out, const sz_server_hello_choice *a, const uint8_t random[32],
                               const uint8_t *session_id, uint8_t session_id_len);

/* Bytes of stack cleared after k G (sz_ephemeral_generate) and after the signature
 * (sz_server_key_exchange_write), below their frames: 0 (the kernels' own wipes) unless a mote
 * build sets its measure, as SZ_WIPE_STACK_ECDH (sz_client_key_exchange.h). */
#ifndef SZ_WIPE_STACK_KG
#define SZ_WIPE_STACK_KG 0
#endif
#ifndef SZ_WIPE_STACK_SIGN
#define SZ_WIPE_STACK_SIGN 0
#endif

#if defined(SZ_PROFILE_MODERN)
/* The ephemeral ECDHE scalar d (32 bytes; SEC 1 §3.2.1: one generate of orderBytes per try,
 * until 1 <= d < n) and its public point x || y (64 bytes). KS_OK, or KS_DRBG_RESEED. */
int sz_ephemeral_generate(ks_hmac_drbg *rnd, uint8_t d[32], uint8_t point[64]);
/* ServerKeyExchange for the point, signed with the identity's key over client_random ||
 * server_random || params in `scheme`'s hash (the nonce's fresh bytes drawn from rnd); returns
 * its length, or 0 (internal_error: a scheme whose hash this build lacks, a DRBG to reseed). */
uint16_t sz_server_key_exchange_write(uint8_t *out, const uint8_t point[64], const uint8_t client_random[32],
                                      const uint8_t server_random[32], uint16_t scheme, ks_hmac_drbg *rnd);
#endif

#endif
