/* Template compression for a C device (gateway-java/LINK.md §9): the recreator of the
 * gateway's DATA-TEMPLATE messages and the suppressor of the device's own. Mirrors
 * sizzle-server's sizzle/template/TemplateCodec.java and TemplateCursor.java, less POINT (a
 * square root mod p: ~45 ms on the ATmega128 to save ~10 ms of CC1000 air; native/link/README.md,
 * "Template compression"), which the recreator refuses as reserved (SZ_TE_BAD_OP) and the
 * suppressor never writes. HELLO_DIGEST is refused the same way but by
 * sz_template_recreate_hello (a modern image's server takes it); the suppressor never writes it. No allocation, no recursion; the book is the program's, read byte by byte through
 * the two hooks below (from flash on a mote). */
#ifndef SZ_TEMPLATE_H
#define SZ_TEMPLATE_H

#include <stdint.h>

/* error codes, as TemplateException's reasons */
#define SZ_TE_OK 0
#define SZ_TE_TRUNCATED 1
#define SZ_TE_UNKNOWN_TEMPLATE 2
#define SZ_TE_INCONSISTENT 3
#define SZ_TE_BAD_POINT 4 /* never returned here: no POINT at a C device */
#define SZ_TE_BAD_OP 5

/* Ids 0-3 are the device's Certificate messages (TemplateBook.CERTIFICATES); an op names at
   most 32 ids (5 bits). */
#define SZ_TEMPLATE_CERTIFICATES 4
#define SZ_TEMPLATE_MAX 32
/* A cursor's t / ret_t when it has none (Java's -1). */
#define SZ_TEMPLATE_NONE 0xFF

/* The cursor of one direction of one link connection (TemplateCursor): a template and an
   offset, and where to return after a certificate. pos may run past a template's end (a
   literal moves it too); it saturates at 0xFFFF, which keeps it past the end of any template
   (each is shorter), as Java's int is. */
typedef struct { uint8_t t, ret_t; uint16_t pos, ret_pos; } sz_template_cursor; /* t/ret_t 0xFF = none (Java's -1) */
void sz_template_cursor_reset(sz_template_cursor *c);          /* a new connection */

/* The book, defined by the program (the firmware; the test defines its own): template id's
   length (0: this end holds nothing there; it must answer so for every id 0-31 it does not
   hold) and its byte at pos (pos < length), from flash. */
uint16_t sz_template_length(uint8_t id);
uint8_t sz_template_byte(uint8_t id, uint16_t pos);

/* Recreator, in place. The compressed message is buf[0..len); room is the buffer's size from buf.
   Moves the message to the end of the room (buf[room-len..room)) and recreates forward from buf[0],
   refusing (SZ_TE_INCONSISTENT) any op whose output would reach past room or overwrite a compressed
   byte not yet read. On SZ_TE_OK *out_len is the recreated length and *c has moved as TemplateCodec.recreate
   moves it; on any error *c is unchanged (the cursor moves only when the whole message was good)
   and buf's bytes are spoiled (the connection is reset in any case). */
uint8_t sz_template_recreate(sz_template_cursor *c, uint8_t *buf, uint16_t room, uint16_t len, uint16_t *out_len);

/* As sz_template_recreate, at a device that takes HELLO_DIGEST (LINK.md §15.2; it announces bit
   7 of its edition byte): a message whose first op is HELLO_DIGEST sets *digest to the offset in
   buf of its L (u24, the real ClientHello's length as hashed), which H (SHA-256's 32-byte
   chaining value after the first 64 * floor(L / 64) bytes) and the L mod 64 tail bytes follow;
   nothing recreated reaches that offset (INCONSISTENT otherwise), so the server can import the
   digest from there. *digest is 0 for any other message. */
uint8_t sz_template_recreate_hello(sz_template_cursor *c, uint8_t *buf, uint16_t room, uint16_t len, uint16_t *out_len,
                                   uint16_t *digest);

/* Suppressor: the compressed form of in[0..n) into out[0..cap). Returns its length, or 0 when it
   would not be shorter than n or does not fit in cap (the caller then sends the message as DATA);
   *c moves (as the recreator will move its cursor) only when it returns non-zero. */
uint16_t sz_template_compress(sz_template_cursor *c, const uint8_t *in, uint16_t n, uint8_t *out, uint16_t cap);

#endif
