/*
 * Counter mode (SP 800-38A §6.5) over AES-128, for any data length in any pieces: the unused
 * keystream of a block is kept for the next call. Mirrors ksecurity/prim/Ctr.java. The
 * counter is the last counter_bytes bytes of the block, incremented big-endian modulo
 * 2^(8 counter_bytes): 4 for GCM's inc32, 16 for plain CTR. With the bitsliced AES two
 * keystream blocks are made per call (KS_AES_LANES).
 */
#ifndef KS_CTR_H
#define KS_CTR_H

#include "ks_aes.h"

typedef struct {
    uint8_t ctr[16];                /* the next counter block */
    uint8_t ks[16 * KS_AES_LANES];  /* keystream */
    uint8_t pos;                    /* keystream bytes used; sizeof ks when none are left */
    uint8_t counter_bytes;
} ks_ctr;

/* Starts at the counter block cb. */
void ks_ctr_start(ks_ctr *c, const uint8_t cb[16], uint8_t counter_bytes);

/* XORs the keystream into len bytes (out may equal in). */
void ks_ctr_process(ks_ctr *c, const ks_aes128 *aes, const uint8_t *in, uint8_t *out, size_t len);

/* Adds one to the last n bytes of block, big-endian, modulo 2^(8n). The counter is public
   (it derives from the nonce), so the carry loop may stop early. */
void ks_ctr_increment(uint8_t block[16], uint8_t n);

void ks_ctr_clear(ks_ctr *c);

#endif
