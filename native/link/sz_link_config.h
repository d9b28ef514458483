/* The link's parameters (LINK.md §7), fixed at build time: mirrors sizzle-server's
 * sizzle/link/LinkConfig.java. A mote has one link with one radio, so every parameter is a
 * constant (no RAM, no flash table); a build picks the radio with -DSZ_LINK_CC1000 (the
 * Mica2: 29-byte frames) or takes the CC2420's (102-byte frames), and may override any value.
 * The message buffer (and so the capacity announced in READY-SLEEP) is the caller's: see
 * sz_link_init in sz_link.h. */
#ifndef SZ_LINK_CONFIG_H
#define SZ_LINK_CONFIG_H

#ifdef SZ_LINK_CC1000
#define SZ_LINK_DEFAULT_FRAME 29   /* TinyOS's payload on the CC1000 */
#define SZ_LINK_DEFAULT_ACK 100    /* frame + answer on the air + one the peer may be sending */
#define SZ_LINK_DEFAULT_LISTEN 60  /* two frames at 19.2 kbit/s: an ACK and a NEWCONNECTION */
#else
#define SZ_LINK_DEFAULT_FRAME 102  /* 127 less 25 bytes of worst-case 802.15.4 MAC header and FCS */
#define SZ_LINK_DEFAULT_ACK 25
#define SZ_LINK_DEFAULT_LISTEN 20  /* the paper's 20 ms on the Telos */
#endif

#ifndef SZ_LINK_FRAME_SIZE
#define SZ_LINK_FRAME_SIZE SZ_LINK_DEFAULT_FRAME
#endif
#ifndef SZ_LINK_ACK_MS
#define SZ_LINK_ACK_MS SZ_LINK_DEFAULT_ACK
#endif
#ifndef SZ_LINK_LISTEN_MS
#define SZ_LINK_LISTEN_MS SZ_LINK_DEFAULT_LISTEN
#endif
/* Timeouts in a row on one frame before its message (or control packet) fails. */
#ifndef SZ_LINK_RETRIES
#define SZ_LINK_RETRIES 16
#endif
/* NACK rounds one message may take (bounds a hopeless channel). */
#ifndef SZ_LINK_ROUNDS
#define SZ_LINK_ROUNDS 32
#endif
/* Longer than the longest computation between a message and READY (~30 s of RSA). */
#ifndef SZ_LINK_SILENCE_MS
#define SZ_LINK_SILENCE_MS 65000UL
#endif
#ifndef SZ_LINK_POLL_MS
#define SZ_LINK_POLL_MS 1000UL
#endif
/* This device's address (0x01-0xFE) and what READY-SLEEP announces as its kind. */
#ifndef SZ_LINK_ADDRESS
#define SZ_LINK_ADDRESS 1
#endif
#ifndef SZ_LINK_KIND
#define SZ_LINK_KIND 1
#endif
/* Frames a message may have: 256 (the index is one byte) or, to save 48 (56) bytes of maps, 64
   (32) (LINK.md §11); the capacity announced is then at most that many frames' worth. */
#ifndef SZ_LINK_MAX_FRAMES
#define SZ_LINK_MAX_FRAMES 256
#endif
/* Grants by READY only (LINK.md §6.1): READY-SLEEP announces it (bit 7 of its kind byte), the
   gateway starts a message only after this end's READY (not on the NEWCONNECTION's ACK, nor
   on a message from this end), and the receiver refuses (drops, `unexpected`) the first frame
   of a message it has not granted with sz_link_ready. For a device whose link buffer is its
   TLS record buffer: nothing is written into it but after the READY its program gave. */
/* Whether the device takes and sends compressed messages (DATA-TEMPLATE, LINK.md §9): its
   program then defines sz_link_on_received_template and the capabilities READY-SLEEP announces
   (sz_link.h). Off: type 7 stays reserved here (dropped, bad_type), as before §9. */
#ifndef SZ_LINK_TEMPLATES
#define SZ_LINK_TEMPLATES 0
#endif

/* Whether the device learns that another client waits behind its open connection (the ACK of its
   READY says PENDING, LINK.md §5; a READY-only device says an unused grant again every poll):
   sz_link_others_waiting. Off only where the flash is short (the MSP430F1611's modern image). */
#ifndef SZ_LINK_WAITING
#define SZ_LINK_WAITING 1
#endif

#ifndef SZ_LINK_READY_ONLY
#define SZ_LINK_READY_ONLY 0
#endif
/* Answers (ACK/NACK) queued while the radio is busy: 4 (LINK.md §7); a mote may keep fewer
   (a fifth, or third, is dropped and counted: the asker asks again). */
#ifndef SZ_LINK_ANSWERS
#define SZ_LINK_ANSWERS 4
#endif
/* Counters (LinkStats): 29 x u16 of RAM; 0 leaves them out. */
#ifndef SZ_LINK_STATS
#define SZ_LINK_STATS 1
#endif

#define SZ_LINK_GATEWAY 0x00
#define SZ_LINK_MAP_BYTES (SZ_LINK_MAX_FRAMES / 8)

#if SZ_LINK_FRAME_SIZE < 16 || SZ_LINK_FRAME_SIZE > 127
#error "SZ_LINK_FRAME_SIZE: 16 to 127 (LINK.md §1)"
#endif
#if SZ_LINK_MAX_FRAMES != 256 && SZ_LINK_MAX_FRAMES != 64 && SZ_LINK_MAX_FRAMES != 32
#error "SZ_LINK_MAX_FRAMES: 256, 64 or 32"
#endif

#endif
