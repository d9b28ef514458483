/* The device's end of the link protocol (gateway-java/LINK.md): one connection at a time to
 * the gateway, messages cut into frames and put together again, control packets, and the
 * duty cycle (sleep, READY-SLEEP, listen, sleep). Mirrors sizzle/link/LinkEndpoint.java and
 * DeviceLink.java, with sizzle/link/LinkListener.java and FrameSink.java as the hooks below.
 *
 * No allocation, no threads, no clock of its own: the caller hands it each received frame
 * (sz_link_receive), says when the radio has sent the last one (sz_link_transmitted), and
 * calls sz_link_tick at sz_link_next_deadline; `now` is milliseconds from any start (it may
 * wrap). One instance per mote; its state is fixed-size (sizeof (struct sz_link): LINK.md §11). */
#ifndef SZ_LINK_H
#define SZ_LINK_H

#include <stdint.h>
#include "sz_link_config.h"
#include "sz_link_frame.h"
#include "sz_link_sender.h"
#include "sz_link_receiver.h"
#include "sz_link_stats.h"
#include "sz_link_time.h"

/* Close reasons (LinkListener). */
#define SZ_LC_CLOSED 0
#define SZ_LC_PEER_CLOSED 1
#define SZ_LC_TIMEOUT 2
#define SZ_LC_SILENT 3
#define SZ_LC_REPLACED 4
#define SZ_LC_PEER_RESET 5
#define SZ_LC_REFUSED_TOO_LONG 6

/* The duty cycle's states (DeviceLink). */
#define SZ_LINK_SLEEP 0
#define SZ_LINK_LISTEN 1
#define SZ_LINK_AWAKE 2


struct sz_link_answer {
	uint8_t type, acked, conn, msg, index, status;
};

struct sz_link {
	/* LinkEndpoint */
	uint8_t tx_frame[SZ_LINK_FRAME_SIZE]; /* the one frame buffer: built, then on the air */
	uint8_t on_air;
	uint8_t conn, closing, close_reason;  /* the open connection (0: none) */
	uint32_t last_heard;
	uint8_t ctl_type, ctl_conn, ctl_msg, ctl_state, ctl_retries, ctl_max_retries;
	uint32_t ctl_deadline;
	uint8_t answers;
	struct sz_link_answer answer[SZ_LINK_ANSWERS];
	struct sz_link_sender tx;
	struct sz_link_receiver rx;
	/* DeviceLink. Its three deadlines (wakeAt, listenUntil, confirmAt) are never needed at
	   once, so they share one field, read by the state: SLEEP the wake, LISTEN the end of
	   the window, AWAKE (a connection is open: conn != 0) when to confirm with READY. */
	uint8_t power, polls;
#if SZ_LINK_WAITING
	uint8_t waiting; /* the gateway's ACK of READY said PENDING: another client waits (this connection) */
#endif
	uint32_t duty_at;
#if SZ_LINK_STATS
	uint16_t stats[SZ_LS_COUNTERS];
#endif
};

/* Boots the link with no connection, asleep, its duty cycle not started. Messages from the
   gateway are put together in buf (capacity bytes, clamped to SZ_LINK_MAX_MESSAGE: the
   capacity READY-SLEEP announces); buf may be the very buffer the device sends from, the
   mote's record buffer: the gateway starts a message only when the device has said it can
   take one (LINK.md §6, the grant). */
void sz_link_init(struct sz_link *l, uint8_t *buf, uint16_t capacity);

/* Starts the duty cycle: the first READY-SLEEP at `at`. */
void sz_link_start(struct sz_link *l, uint32_t at);

/* A frame from the radio (len bytes). Malformed or unusable frames are counted and dropped.
   b may be l->tx_frame when the radio has taken the frame it was last handed (a driver that
   copies it out at once): the link reads b whole before it builds a frame there. */
void sz_link_receive(struct sz_link *l, const uint8_t *b, uint8_t len, uint32_t now);
/* The radio has sent the frame it was last handed (sendDone). */
void sz_link_transmitted(struct sz_link *l, uint32_t now);
/* Timers: call at sz_link_next_deadline (or later). */
void sz_link_tick(struct sz_link *l, uint32_t now);
/* When sz_link_tick next has work; SZ_LINK_NEVER: nothing until a frame or a call. */
uint32_t sz_link_next_deadline(const struct sz_link *l, uint32_t now);

/* Whether sz_link_send would take a message now. */
uint8_t sz_link_can_send(const struct sz_link *l);
/* Queues one message (1 .. SZ_LINK_MAX_MESSAGE bytes) on the open connection: not copied,
   keep b until sz_link_on_sent or sz_link_on_closed. 0 if refused. */
uint8_t sz_link_send(struct sz_link *l, const uint8_t *b, uint16_t len, uint32_t now);
#if SZ_LINK_TEMPLATES
/* As sz_link_send, a compressed message (DATA-TEMPLATE frames, LINK.md §9): only on a
   connection where the gateway has sent one (it agreed to the templates). */
uint8_t sz_link_send_template(struct sz_link *l, const uint8_t *b, uint16_t len, uint32_t now);
#endif
/* Closes the open connection once the message being sent has arrived (DISCONNECT). */
void sz_link_close(struct sz_link *l, uint32_t now);
/* Tells the gateway this end has taken every message so far and can take the next (READY):
   the grant. With SZ_LINK_READY_ONLY the only one: call it only when buf holds nothing unread. */
void sz_link_ready(struct sz_link *l, uint32_t now);
#if SZ_LINK_READY_ONLY
/* sz_link_ready, the message to be put together at buf, room bytes there (at most: a longer one
   is refused, REFUSED_TOO_LONG): where the device's program will read it, which may be anywhere
   in the buffer it shares (a record split over messages lands behind its first part). READY-SLEEP
   still announces sz_link_init's capacity; the grants after this one use the same place until
   the next call. */
void sz_link_ready_into(struct sz_link *l, uint32_t now, uint8_t *buf, uint16_t room);
#endif

/* Whether the gateway has said (its ACK of READY: PENDING, LINK.md §5) that another client waits
   for this device while this connection is open: the one-connection server then closes it once it
   is idle. A READY-only device says its grant again every SZ_LINK_POLL_MS while it waits, so an
   idle connection learns it within a poll. */
#if SZ_LINK_WAITING
uint8_t sz_link_others_waiting(const struct sz_link *l);
#endif

/* Whether the radio's receiver must be on (SZ_LINK_LISTEN or SZ_LINK_AWAKE). */
uint8_t sz_link_radio_on(const struct sz_link *l);

/* The hooks, defined by the program that uses the link (its radio and its server). They are
   called from within the functions above; they must not call back into the link (act after
   it returns: the line driver in tests/ shows how). */
/* FrameSink: put len bytes on the air; call sz_link_transmitted when they are gone. */
void sz_link_radio_transmit(struct sz_link *l, const uint8_t *frame, uint8_t len);
/* LinkListener. received: the message is buf[0 .. len) of sz_link_init's buffer (of the last
   sz_link_ready_into's). */
void sz_link_on_opened(struct sz_link *l, uint8_t conn);
void sz_link_on_received(struct sz_link *l, uint8_t conn, uint16_t len);
void sz_link_on_sent(struct sz_link *l, uint8_t conn);
void sz_link_on_closed(struct sz_link *l, uint8_t conn, uint8_t reason);
#if SZ_LINK_TEMPLATES
/* TemplateListener: a whole compressed message (DATA-TEMPLATE), in buf[0 .. len) as for
   sz_link_on_received (numbered with the DATA messages). */
void sz_link_on_received_template(struct sz_link *l, uint8_t conn, uint16_t len);
/* READY-SLEEP's capabilities after the name (LINK.md §9.1: the template edition byte, then the
   certificate ID): byte i of SZ_LINK_CAPABILITIES. */
#define SZ_LINK_CAPABILITIES 5
uint8_t sz_link_capability(uint8_t i);
#endif
/* READY-SLEEP's name (discovery): length bytes at name, both in flash (KS_FLASH, read with
   KS_READ_BYTE), at most SZ_LINK_NAME_ROOM: the name is never cut (LINK.md §6: a cut name would
   be another name), so the port that defines them checks at build time that it fits (the
   whole name, or its first label, which the gateway completes with its domain). The room is
   the frame's after READY-SLEEP's fixed part and, with templates, the 0 byte that ends the name
   and the capabilities (LINK.md §9.1). */
extern const uint8_t sz_link_name[];
extern const uint8_t sz_link_name_length;
#if SZ_LINK_TEMPLATES
#define SZ_LINK_NAME_ROOM (SZ_LINK_FRAME_SIZE - SZ_LF_OVERHEAD - SZ_LINK_READY_SLEEP_FIXED - 1 - SZ_LINK_CAPABILITIES)
#else
#define SZ_LINK_NAME_ROOM (SZ_LINK_FRAME_SIZE - SZ_LF_OVERHEAD - SZ_LINK_READY_SLEEP_FIXED)
#endif

#endif
