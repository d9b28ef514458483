/*
 * Compile-time configuration of the kernels. Every knob has a default here; a build overrides
 * it with -D, or collects its overrides in a header named by -DKS_PORT_HEADER="file.h"
 * (a port maps KS_FLASH / KS_READ_* to its flash reads there, or names its own field
 * operations: KS_FP_PORT_HEADER).
 */
#ifndef KS_CONFIG_H
#define KS_CONFIG_H

#include <stddef.h>
#include <stdint.h>

/* The only library functions the kernels call. A freestanding build (motes) has no
   <string.h> but must still link memcpy and memset. */
#if defined(__STDC_HOSTED__) && __STDC_HOSTED__ == 0
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
#else
#include <string.h>
#endif

#ifdef KS_PORT_HEADER
#include KS_PORT_HEADER
#endif

/* Limb size: 8 (AVR), 16 (MSP430), 32 or 64 bits. 64 needs a double-width product: unsigned
   __int128 where the compiler has it, otherwise a portable 32x32 split (ks_bn.h). */
#ifndef KS_LIMB_BITS
#  if defined(__AVR__)
#    define KS_LIMB_BITS 8
#  elif defined(__MSP430__)
#    define KS_LIMB_BITS 16
#  elif defined(__SIZEOF_INT128__)
#    define KS_LIMB_BITS 64
#  else
#    define KS_LIMB_BITS 32
#  endif
#endif

/* Field operations of a port's own (assembly, say): its port header defines
   KS_FP_PORT_HEADER as the name of a header that ks_fp_impl.h includes after the portable
   definitions, and the build links what that header declares. */

/* Curves carried by this build (all by default); a mote build keeps only what it uses. */
#ifndef KS_WITH_SECP160R1
#define KS_WITH_SECP160R1 1
#endif
#ifndef KS_WITH_SECP192R1
#define KS_WITH_SECP192R1 1
#endif
#ifndef KS_WITH_SECP224R1
#define KS_WITH_SECP224R1 1
#endif
#ifndef KS_WITH_SECP256R1
#define KS_WITH_SECP256R1 1
#endif
/* The largest field and order handled by this build, in bits (secp160r1's order has 161). */
#if KS_WITH_SECP256R1
#define KS_MAX_BITS 256
#elif KS_WITH_SECP224R1
#define KS_MAX_BITS 224
#elif KS_WITH_SECP192R1
#define KS_MAX_BITS 192
#else
#define KS_MAX_BITS 161
#endif

/* Window width of the variable-base scalar multiplication: a table of 2^(w-1) affine points
   (P-256, w = 5: 16 x 64 bytes on 64-bit), on the stack or where the caller puts it
   (ks_ec_mul_aux). Motes choose 2..4. */
#ifndef KS_EC_WINDOW
#define KS_EC_WINDOW 5
#endif
/* 1: ks_ec_mul_aux (ks_ec.h), k * P with its table where the caller puts it (ks_ec_mul then
   keeps it a frame higher); 0: the table always on the scalar multiplication's own frame. */
#ifndef KS_EC_AUX
#define KS_EC_AUX 0
#endif

/* 1 where the time of a load cannot depend on its address (no data cache: set by the motes'
   port headers, never on a host): the k * P table entry is then read at the digit's index
   (about 100 cycles) instead of reading every entry under a mask (on the ATmega128 6.7% of a
   secp160r1 k * P). 0: the masked scan. */
#ifndef KS_SECRET_INDEX
#define KS_SECRET_INDEX 0
#endif

/* Field inversion (ks_fp_inv) by divsteps (ks_modinv.c) for fields of at least this many
   bits, by Fermat's a^(p-2) below; past KS_MAX_BITS, Fermat only (the field then never calls
   ks_modinv; ECDSA signing still does). Motes set theirs from their measurements (port
   headers). */
#ifndef KS_MODINV_MIN_BITS
#define KS_MODINV_MIN_BITS 0
#endif

/* Fixed-base table for ks_ec_mul_base: 0 = none (ks_ec_mul on G: no flash used), otherwise the
   window width w of a table of ceil(bits/w) * 2^(w-1) affine points, generated at build time
   by gen/ks_gen_base.c (P-256: w = 4 -> 32 KB, w = 6 -> 86 KB). */
#ifndef KS_BASE_WINDOW
#define KS_BASE_WINDOW 0
#endif

/* RSA: the largest modulus and the exponent window (2^w table entries of the modulus size on
   the stack, plus three more). */
#ifndef KS_RSA_MAX_BITS
#define KS_RSA_MAX_BITS 4096
#endif
#ifndef KS_RSA_WINDOW
#define KS_RSA_WINDOW 4
#endif
/* RSA keys in flash, read with KS_READ_BYTE (ks_rsa.h). */
#ifndef KS_RSA_KEY_FLASH
#define KS_RSA_KEY_FLASH 0
#endif

/* Bytes of stack that ks_wipe_stack clears after an EC scalar multiplication and after an
   RSA operation: at least how deep the operation goes below the public function's frame
   (host: ~3 KB for k * P, ~13 KB for RSA-4096, whose workspace is in the frame below;
   tests/wipe/test_wipe.c checks them). A mote's port header sets its own, from its stack
   measurements and within its RAM. */
#ifndef KS_WIPE_STACK_EC
#define KS_WIPE_STACK_EC 4096
#endif
#ifndef KS_WIPE_STACK_RSA
#define KS_WIPE_STACK_RSA 16384
#endif

/* Read-only tables: KS_FLASH marks them, KS_READ_BYTE / KS_READ_LIMB read one element
   (identity on von Neumann hosts; PROGMEM + pgm_read_* on the AVR). */
#ifndef KS_FLASH
#define KS_FLASH
#endif
#ifndef KS_READ_BYTE
#define KS_READ_BYTE(p) (*(const uint8_t *)(p))
#endif
#ifndef KS_READ_LIMB
#define KS_READ_LIMB(p) (*(p))
#endif
/* 1 where KS_FLASH data is read as RAM is (a plain load): a table's bytes may then be copied
   with memcpy (the MSP430's word loop) rather than one KS_READ_BYTE at a time. 0 on the AVR.
   Its one use: ks_flash_read below. */
#ifndef KS_FLASH_IS_DATA
#define KS_FLASH_IS_DATA 1
#endif

#if defined(__GNUC__) || defined(__clang__)
#define KS_INLINE static inline __attribute__((always_inline))
#define KS_NOINLINE __attribute__((noinline))
#else
#define KS_INLINE static inline
#define KS_NOINLINE
#endif

/* n bytes of KS_FLASH data into RAM in the order memory holds them (a word of a table is then
   the word itself): a memcpy where flash reads as data, else one KS_READ_BYTE at a time. */
KS_INLINE void ks_flash_read(void *dst, const void *src, size_t n)
{
#if KS_FLASH_IS_DATA
    memcpy(dst, src, n);
#else
    size_t i;
    for (i = 0; i < n; i++) {
        ((uint8_t *)dst)[i] = KS_READ_BYTE((const uint8_t *)src + i);
    }
#endif
}

#endif
