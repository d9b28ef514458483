/*
 * The hash family's framing and dispatch (ks_hash.h): the block buffer, the byte count and
 * the padding shared by all six hashes (0x80, zeros, then the bit length in 8 bytes, or 16
 * for SHA-384/512), as ksecurity/prim/BlockDigest.java has them; MD5 writes its length and
 * words little-endian, the SHAs big-endian.
 */
#include "ks_hash_impl.h"
#include "ks_wipe.h"

/* Per hash: digest bytes, chaining words (32-bit; 64-bit for SHA-384/512), block bytes, and
   a byte of padding: rows of four are indexed by a shift (rows of three by a multiplication,
   a call on the MSP430). */
static const uint8_t KS_FLASH sizes[6][4] = {
    {16, 4, 64}, {20, 5, 64}, {28, 8, 64}, {32, 8, 64}, {48, 8, 128}, {64, 8, 128},
};

/* The 32-bit chaining values from hash IV_FIRST on: a build without MD5 and SHA-1 (the modern
   motes') keeps SHA-224's and SHA-256's alone. */
#if KS_WITH_MD5 || KS_WITH_SHA1
#define IV_FIRST KS_HASH_MD5
#else
#define IV_FIRST KS_HASH_SHA224
#endif
static const uint32_t KS_FLASH iv32[][8] = {
#if KS_WITH_MD5 || KS_WITH_SHA1
    {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476},                           /* MD5 */
    {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0},               /* SHA-1 */
#endif
    {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,                            /* SHA-224 */
     0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4},
    {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,                            /* SHA-256 */
     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19},
};

#if KS_WITH_SHA512
static const uint64_t KS_FLASH iv64[2][8] = {
    {0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
     0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL},
    {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
     0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL},
};
#endif

/* Whether this build carries the hash. */
KS_INLINE int carried(int id)
{
    switch (id) {
    case KS_HASH_MD5:
        return KS_WITH_MD5;
    case KS_HASH_SHA1:
        return KS_WITH_SHA1;
    case KS_HASH_SHA224:
    case KS_HASH_SHA256:
        return 1;
    case KS_HASH_SHA384:
    case KS_HASH_SHA512:
        return KS_WITH_SHA512;
    default:
        return 0;
    }
}

KS_INLINE size_t size_of(int id, int what)
{
    return carried(id) ? KS_READ_BYTE(&sizes[id][what]) : 0;
}

size_t ks_hash_size(int id)
{
    return size_of(id, 0);
}

/* The block of a hash this build carries: 64 bytes for all of them without SHA-384/512 (a
   constant, so update and final work with fixed masks and offsets). */
#define BLOCK(id) (KS_WITH_SHA512 ? (size_t)KS_READ_BYTE(&sizes[id][2]) : (size_t)64)

size_t ks_hash_block(int id)
{
    return carried(id) ? BLOCK(id) : 0;
}

size_t ks_hash_state_size(int id)
{
    return size_of(id, 1) << (id >= KS_HASH_SHA384 ? 3 : 2); /* a shift: the MSP430 multiplies by a call */
}

#if KS_WIPE_STACK_HASH > 0
/* The stack a compression of this hash may have left secrets in (ks_hash_impl.h; 0 where the
   compression clears its own). */
static size_t wipe_depth(int id)
{
    return id == KS_HASH_MD5 ? KS_WIPE_STACK_MD5 : id == KS_HASH_SHA1 ? KS_WIPE_STACK_SHA1 : KS_WIPE_STACK_SHA256;
}
#endif

static void compress(ks_hash_ctx *c, const uint8_t *block)
{
    switch (c->id) {
#if KS_WITH_MD5
    case KS_HASH_MD5:
        ks_md5_compress(c->h.w, block);
        break;
#endif
#if KS_WITH_SHA1
    case KS_HASH_SHA1:
        ks_sha1_compress(c->h.w, block);
        break;
#endif
#if KS_WITH_SHA512
    case KS_HASH_SHA384:
    case KS_HASH_SHA512:
        ks_sha512_compress(c->h.d, block);
        break;
#endif
    default: /* SHA-224, SHA-256 */
        ks_sha256_compress(c->h.w, block);
        break;
    }
}

int ks_hash_init(ks_hash_ctx *c, int id)
{
    unsigned words = (unsigned)size_of(id, 1);
    if (!carried(id)) {
        return -1;
    }
    c->id = (uint8_t)id;
    c->count = 0;
#if KS_WITH_SHA512
    if (id >= KS_HASH_SHA384) {
        unsigned i;
        for (i = 0; i < 8; i++) {
            c->h.d[i] = ks_flash_u64(&iv64[id - KS_HASH_SHA384][i]);
        }
        return 0;
    }
#endif
    ks_flash_read(c->h.w, iv32[id - IV_FIRST], words * 4); /* one loop: the table's words are the words */
    return 0;
}

void ks_hash_update(ks_hash_ctx *c, const uint8_t *in, size_t len)
{
    size_t bs = BLOCK(c->id);
    size_t fill = (size_t)(c->count & (bs - 1));
    int compresses = fill + len >= bs; /* else the bytes only join the buffer: nothing to wipe */
    if (len == 0) {
        return;
    }
    c->count += len;
    if (fill > 0) {
        size_t n = bs - fill < len ? bs - fill : len;
        memcpy(c->buf + fill, in, n);
        in += n;
        len -= n;
        if (fill + n < bs) {
            return;
        }
        compress(c, c->buf);
    }
    while (len >= bs) {
        compress(c, in);
        in += bs;
        len -= bs;
    }
    if (len > 0) {
        memcpy(c->buf, in, len);
    }
#if KS_WIPE_STACK_HASH > 0
    if (compresses && wipe_depth(c->id) > 0) {
        ks_wipe_stack(wipe_depth(c->id));
    }
#else
    (void)compresses;
#endif
}

/* Whether this machine keeps a word's low byte first (all the targets: the motes and x86-64). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define KS_LITTLE_ENDIAN 1
#else
#define KS_LITTLE_ENDIAN 0
#endif

/* w's four bytes at p, little- or big-endian (the length field; SHA-384/512's digest words):
   shifts by constants, which an 8-bit core does as byte moves (a variable shift of a 32-bit
   word is a loop there). */
static void put32(uint8_t *p, uint32_t w, int le)
{
    uint8_t b0 = (uint8_t)w, b1 = (uint8_t)(w >> 8), b2 = (uint8_t)(w >> 16), b3 = (uint8_t)(w >> 24);
    p[0] = le ? b0 : b3;
    p[1] = le ? b1 : b2;
    p[2] = le ? b2 : b1;
    p[3] = le ? b3 : b0;
}

size_t ks_hash_pad(int id, uint8_t *m, size_t from, ks_hash_count total)
{
    size_t bs = BLOCK(id), last;
    /* the bit count as two 32-bit words (above 2^64 bits: SHA-384/512's extra byte below); a
       32-bit count's high word from its top byte alone: avr-gcc shifts a 32-bit word right by
       29 in a loop of 29 one-bit steps (~200 cycles a final), a byte by 5 in a few */
    uint32_t lo = (uint32_t)total << 3;
#if KS_WITH_SHA512
    uint32_t hi = (uint32_t)(total >> 29);
#else
    uint32_t hi = (uint8_t)(total >> 24) >> 5;
#endif
    int le = KS_WITH_MD5 && id == KS_HASH_MD5; /* a build without MD5 keeps no little-endian path */
    /* the block that holds the length field: by additions (the motes divide by a call) */
    for (last = 0; last + bs - bs / 8 < from; last += bs) {
    }
    memset(m + from, 0, last + bs - from);
    m += last + bs - 8; /* the count's low word at its end, big-endian; at its start for MD5 */
    put32(m, le ? lo : hi, le);
    put32(m + 4, le ? hi : lo, le);
#if KS_WITH_SHA512
    if (bs == 128) {
        m[-1] = (uint8_t)((uint64_t)total >> 61);
    }
#endif
    return last + bs;
}

void ks_hash_value(const ks_hash_ctx *c, uint8_t *out)
{
    size_t i, n = KS_READ_BYTE(&sizes[c->id][0]); /* a started context: its hash carried */
#if KS_WITH_SHA512
    if (c->id >= KS_HASH_SHA384) {
        for (i = 0; i < n; i += 4) { /* SHA-384's 48 bytes end mid-word pair: 4 at a time */
            uint64_t d = c->h.d[i >> 3];
            put32(out + i, (uint32_t)((i & 4) ? d : d >> 32), 0);
        }
        return;
    }
#endif
#if KS_LITTLE_ENDIAN
    if (KS_WITH_MD5 && c->id == KS_HASH_MD5) { /* MD5's words: little-endian, as they lie in h here */
        memcpy(out, c->h.w, n);
        return;
    }
#endif
    for (i = 0; i < n; i += 4) { /* every digest here is whole words, each written here: a call a
                                     word fewer than put32 */
        uint32_t w = c->h.w[i >> 2];
        int le = !KS_LITTLE_ENDIAN && KS_WITH_MD5 && c->id == KS_HASH_MD5;
        out[i] = (uint8_t)(le ? w : w >> 24);
        out[i + 1] = (uint8_t)(le ? w >> 8 : w >> 16);
        out[i + 2] = (uint8_t)(le ? w >> 16 : w >> 8);
        out[i + 3] = (uint8_t)(le ? w >> 24 : w);
    }
}

void ks_hash_digest(ks_hash_ctx *c, uint8_t *out)
{
    int id = c->id;
    size_t bs = BLOCK(id);
    size_t fill = (size_t)(c->count & (bs - 1));
    c->buf[fill++] = 0x80;
    if (fill > bs - bs / 8) { /* no room left for the length field (the last 8 or 16 bytes) */
        memset(c->buf + fill, 0, bs - fill);
        compress(c, c->buf);
        fill = 0;
    }
    ks_hash_pad(id, c->buf, fill, c->count);
    compress(c, c->buf);
    /* the message's bytes in the last block (zeros already when the padding took a block of
       its own); the rest is padding and length, public: all 64 bytes wiped were ~25 k cycles
       of the ATmega128's full TLS 1.0 handshake, 87 finals. The count read again, not kept
       across the compressions: a register saved more deepened the stack's peak. Before the
       digest is written: out may be the buffer itself (HMAC's inner digest, ks_hmac.c). */
    ks_wipe(c->buf, (size_t)(c->count & (bs - 1)));
    ks_hash_value(c, out);
#if KS_WIPE_STACK_HASH > 0
    if (wipe_depth(id) > 0) {
        ks_wipe_stack(wipe_depth(id));
    }
#endif
}

void ks_hash_final(ks_hash_ctx *c, uint8_t *out)
{
    ks_hash_digest(c, out);
    ks_hash_init(c, c->id);
}

void ks_hash_fill(ks_hash_ctx *c, uint8_t v, size_t n)
{
    uint8_t b[16];
    memset(b, v, sizeof b);
    while (n > 0) {
        size_t k = n < sizeof b ? n : sizeof b;
        ks_hash_update(c, b, k);
        n -= k;
    }
}

int ks_hash(int id, const uint8_t *in, size_t len, uint8_t *out)
{
    ks_hash_ctx c;
    if (ks_hash_init(&c, id) != 0) {
        return -1;
    }
    ks_hash_update(&c, in, len);
    ks_hash_final(&c, out);
    return 0;
}

void ks_hash_save(const ks_hash_ctx *c, uint8_t *state)
{
    memcpy(state, &c->h, ks_hash_state_size(c->id));
}

void ks_hash_resume(ks_hash_ctx *c, int id, const uint8_t *state, ks_hash_count count)
{
    c->id = (uint8_t)id;
    memcpy(&c->h, state, ks_hash_state_size(id));
    c->count = count;
}

void ks_hash_clear(ks_hash_ctx *c)
{
    ks_wipe(c, sizeof *c);
}
