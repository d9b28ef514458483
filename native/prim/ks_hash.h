/*
 * The hash family: MD5 (RFC 1321), SHA-1, SHA-224, SHA-256, SHA-384 and SHA-512 (FIPS 180-4),
 * behind one small streaming interface (init, update, final) that HMAC, the TLS PRFs, the
 * DRBG, ECDSA's RFC 6979 nonces and the TLS handshake hash share. Mirrors
 * ksecurity/prim/Digest.java and BlockDigest.java (the Merkle-Damgard framing), with the
 * compression functions of Md5.java, Sha1.java, Sha256.java (Sha224) and Sha512.java (Sha384).
 *
 * A context is plain data: copy it with `=` or memcpy to read a running hash mid-stream (the
 * TLS Finished hash) and go on with the original. ks_hash_final writes the digest and starts
 * the context again on the same hash, as Java's doFinal does.
 *
 * What a build carries: KS_WITH_MD5, KS_WITH_SHA1 (1 by default) and KS_WITH_SHA512
 * (SHA-384/512: 1 on hosts, 0 on the motes, whose contexts then hold 32-bit words only). An
 * absent hash's id gives KS_INVALID from ks_hash_init and a size of 0.
 */
#ifndef KS_HASH_H
#define KS_HASH_H

#include "ks_config.h"

#ifndef KS_WITH_MD5
#define KS_WITH_MD5 1
#endif
#ifndef KS_WITH_SHA1
#define KS_WITH_SHA1 1
#endif
#ifndef KS_WITH_SHA512
#if defined(__AVR__) || defined(__MSP430__)
#define KS_WITH_SHA512 0
#else
#define KS_WITH_SHA512 1
#endif
#endif

/* Bytes of stack ks_hash_update and ks_hash_final clear (ks_wipe_stack) after compressing: the
   compression's frame and register spills hold the chaining value, as secret as an HMAC key
   (tests/wipe/test_wipe.c finds them otherwise). At least the compression's depth below the
   caller (the motes': from sim/prim_test.c's stack peaks of one block, 185 B on the AVR's C
   and 332 B on the MSP430's C from the test's call; the AVR's assembly clears less, per hash,
   and the MSP430's clears its own frame, so none after it: ks_hash_impl.h); 0 turns it off. An update that only buffers its bytes clears nothing. */
#ifndef KS_WIPE_STACK_HASH
#if defined(__AVR__)
#define KS_WIPE_STACK_HASH 224
#elif defined(__MSP430__)
#define KS_WIPE_STACK_HASH 352
#else
#define KS_WIPE_STACK_HASH 512
#endif
#endif

/* Hash ids. */
#define KS_HASH_MD5 0
#define KS_HASH_SHA1 1
#define KS_HASH_SHA224 2
#define KS_HASH_SHA256 3
#define KS_HASH_SHA384 4
#define KS_HASH_SHA512 5

/* The largest block, digest and chaining value this build handles. */
#if KS_WITH_SHA512
#define KS_HASH_BLOCK_MAX 128
#define KS_HASH_SIZE_MAX 64
#define KS_HASH_STATE_MAX 64
#else
#define KS_HASH_BLOCK_MAX 64
#define KS_HASH_SIZE_MAX 32
#define KS_HASH_STATE_MAX 32
#endif

/* The byte count: 64 bits where SHA-384/512 are carried (their length field is 128 bits),
   else 32 (messages below 4 GB: a mote's are; the length field's high word is then 0..7). */
#if KS_WITH_SHA512
typedef uint64_t ks_hash_count;
#else
typedef uint32_t ks_hash_count;
#endif

typedef struct {
    /* the chaining value: 4, 5 or 8 32-bit words, or 8 64-bit words (SHA-384/512) */
    union {
        uint32_t w[8];
#if KS_WITH_SHA512
        uint64_t d[8];
#endif
    } h;
    ks_hash_count count; /* bytes hashed since init; count mod block = bytes waiting in buf */
    uint8_t buf[KS_HASH_BLOCK_MAX];
    uint8_t id;
} ks_hash_ctx;

/* Starts a hash: KS_OK (0), or KS_INVALID (-1) for an id this build does not carry. */
int ks_hash_init(ks_hash_ctx *c, int id);
void ks_hash_update(ks_hash_ctx *c, const uint8_t *in, size_t len);
/* Writes the digest (ks_hash_size bytes) at out and starts again on the same hash. */
void ks_hash_final(ks_hash_ctx *c, uint8_t *out);
/* ks_hash_final without the start again: the context is spent until ks_hash_init or
   ks_hash_resume (HMAC resumes it from a saved chaining value at once: the start, ~200 cycles
   on the ATmega128, twice a MAC, would be thrown away). out may be the context's own buffer
   (c->buf): it is written last. */
void ks_hash_digest(ks_hash_ctx *c, uint8_t *out);
/* Feeds n copies of the byte v (the SSL 3.0 pads). */
void ks_hash_fill(ks_hash_ctx *c, uint8_t v, size_t n);
/* One call: out = H(in). KS_OK or KS_INVALID. */
int ks_hash(int id, const uint8_t *in, size_t len, uint8_t *out);

/* Digest, block and chaining-value lengths in bytes (0 for an absent hash). */
size_t ks_hash_size(int id);
size_t ks_hash_block(int id);
size_t ks_hash_state_size(int id);

/* The chaining value, for HMAC's precomputed pads (Hmac.java, RFC 2104 section 4): save
   writes ks_hash_state_size bytes (in the context's own word form: for resume only) and is
   meaningful on a block boundary only; resume starts a context of that hash from them, as if
   `count` bytes had been hashed: a multiple of the block, or past one by bytes the buffer
   already holds (resume leaves it as it is: HMAC's outer hash over the inner digest that
   ks_hash_digest wrote there). */
void ks_hash_save(const ks_hash_ctx *c, uint8_t *state);
void ks_hash_resume(ks_hash_ctx *c, int id, const uint8_t *state, ks_hash_count count);

/* For callers that lay out their own last blocks (the TLS PRF's P_hash, whose blocks differ
   from one HMAC to the next in a few bytes only): ks_hash_pad writes zeros into m from `from`
   (the caller has written the 0x80 before it) up to the length field of the first block that
   has room for it, then the length field of a message of `total` bytes, and returns the bytes
   m then takes (whole blocks); ks_hash_value writes the chaining value as the digest's bytes,
   with no padding (after whole blocks that were fed with ks_hash_update, the last padded so:
   the digest). */
size_t ks_hash_pad(int id, uint8_t *m, size_t from, ks_hash_count total);
void ks_hash_value(const ks_hash_ctx *c, uint8_t *out);

/* Wipes a context (it holds secrets inside HMAC). */
void ks_hash_clear(ks_hash_ctx *c);

#endif
