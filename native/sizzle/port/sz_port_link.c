/*
 * sz_port.h over the radio link (gateway-java/LINK.md; the device end in native/link): the
 * firmware's clients reach it through the gateway's link connections instead of the raw TLS
 * stream. Built with SZ_FW_LINK=1 (sizzle/firmware/firmware.mk); mirrors sizzle-server's
 * sizzle/gateway/bridge/MoteConnections.java (each NEWCONNECTION one accepted connection, the
 * gateway's messages the input, the output sent as messages, the server's close a DISCONNECT).
 *
 * The "radio" is the platform's byte link (sz_port_raw.h: the host's TCP port, the ATmega128's
 * UART, the MSP430's mailbox) to the gateway's relay (sizzle.gateway.radio.FrameSocketStation),
 * framed as LINK.md §13 says: each frame either way is its length (1 byte, 1-127) then its
 * bytes; from the gateway a lone 0 is the radio's sendDone for the frame this end sent last
 * (the relay's medium has finished sending it: a frame takes its air time there, not here).
 * Frames heard while the link has its radio off are dropped, as a sleeping radio misses them.
 *
 * Input: one message at a time, put together by the link in the engine's own record buffer
 * (sz_port_share: no link buffer of its own; LINK.md §6.1), read out by sz_port_read. The
 * gateway sends this device one flight per message (records the server reads before it answers
 * anything: the bridge's rule, LINK.md §13), and only after this end's READY: the link is built
 * READY-only (SZ_LINK_READY_ONLY, announced in READY-SLEEP), so neither the NEWCONNECTION's
 * ACK nor this end's own message is a grant, and the link refuses a message it has not granted.
 * The engine reads a message's records one after another; READY goes out when the engine
 * next reads after the message before was read whole: the engine reads only when it holds no
 * unread plaintext and no output (sz_tls_wants), so what the gateway writes then lands on
 * nothing the engine has not used, and the engine reads it as a record it has yet to verify.
 * A message lands where the engine writes the next byte it takes (sz_port_receive_at, from
 * sz_tls_receive_at): the buffer's start between records; behind a record's first part when the
 * gateway cut a record longer than the announced capacity into messages; behind a streamed
 * record's header and nonce, or the plaintext it holds, for the record's next piece (an
 * application record longer than the buffer, opened as it comes: SZ_STREAM_RECORDS). The engine
 * copies each byte it takes (through read_and_push's buffer) to a place at or before the one it
 * was read from, so it never writes over a byte of the message it has not read.
 * Output: each sz_port_write is one message, sent from the caller's bytes (not copied; the call
 * returns once the message has arrived, or the connection has ended).
 * Templates (SZ_LINK_TEMPLATES=1, LINK.md §9.7; the book: sz_port_book.c): a compressed message
 * from the gateway is recreated in place, in the room it was granted, before the engine reads
 * it; one that cannot be ends this connection alone (the engine reads its end, the hangup sends
 * DISCONNECT). Once the gateway has sent one, each message of ours that begins a handshake or
 * ChangeCipherSpec record, or goes on where the last left its template (the pieces of the
 * Certificate record), goes compressed when that is shorter; it is put together on the stack
 * of the send, which is not the deepest (a k P is).
 * The frame coming from the relay is put together in the link's own frame buffer (tx_frame),
 * free between the link's calls since sz_link_radio_transmit below hands the relay its frame
 * at once: a frame is read whole (service) before the link is called again.
 */
#include <string.h>
#include "ks_config.h"
#include "sz_port.h"
#include "sz_port_raw.h"
#include "sz_link.h"
#include "sz_clock.h"
#include "sz_config.h"
#if SZ_LINK_TEMPLATES
#include "sz_template.h"
#endif

#if !SZ_LINK_READY_ONLY
#error "sz_port_link.c shares the record buffer: the link must grant by READY only (-DSZ_LINK_READY_ONLY=1)"
#endif

/* How long the rest of a frame begun may keep the relay silent before the frame is dropped (the
 * relay writes a frame whole: only a broken relay stalls mid-frame; generous, for the MSP430's
 * mailbox bridge, slow per read). */
#ifndef SZ_PORT_LINK_FRAME_MS
#define SZ_PORT_LINK_FRAME_MS 1000u
#endif
/* How long the hangup waits for its DISCONNECT to be ACKed before the next accept (the link
 * closes the connection itself after its retries in any case). */
#ifndef SZ_PORT_LINK_HANGUP_MS
#define SZ_PORT_LINK_HANGUP_MS 2000u
#endif

/* The most bytes one read of the byte link takes (on the stack): the MSP430's mailbox carries
 * 128 a stop, a whole CC2420 frame; the AVR's UART gains nothing from more than 32. */
#ifndef SZ_PORT_LINK_READ
#define SZ_PORT_LINK_READ 32
#endif

/* The most bytes a compressed message of ours may take (on the stack of the send): legacy, the
 * ServerHello with the Certificate's first part is ~50 B compressed, a later part of it ~4 B;
 * modern, the Certificate's end with the ServerKeyExchange (a point and a signature: ~150 B of
 * literals) and ServerHelloDone. */
#ifndef SZ_PORT_LINK_SQUEEZE
#if SZ_LEGACY
#define SZ_PORT_LINK_SQUEEZE 96
#else
#define SZ_PORT_LINK_SQUEEZE 192
#endif
#endif

/* READY-SLEEP's name (discovery), from the build: SZ_LINK_NAME, a string, kept without its NUL
   (sz_link_name_length says where it ends): the same bytes as the thermostat's sz_device_name
   (firmware.mk gives both SZ_FW_NAME), so LTO keeps one copy (-18 B on the MSP430's modern image).
   The whole name goes if it fits the frame (SZ_LINK_NAME_ROOM); else its first label, the first
   SZ_LINK_LABEL_LENGTH bytes (firmware.mk counts them), which the gateway completes with its
   domain (LINK.md §6): the Mica2's 29-byte frames hold 10 bytes of name beside the capabilities,
   so mica2.sizzle.test announces "mica2". A name whose first label does not fit either is
   refused here, at build time: cut, it would name another device. */
#ifndef SZ_LINK_NAME
#define SZ_LINK_NAME "sizzle-mote"
#endif
#ifndef SZ_LINK_LABEL_LENGTH
#define SZ_LINK_LABEL_LENGTH (sizeof SZ_LINK_NAME - 1)
#endif
#define SZ_LINK_NAME_FITS (sizeof SZ_LINK_NAME - 1 <= SZ_LINK_NAME_ROOM)
extern const char sz_link_name_or_its_first_label_must_fit_ready_sleep
	[SZ_LINK_NAME_FITS || (SZ_LINK_LABEL_LENGTH <= SZ_LINK_NAME_ROOM && SZ_LINK_LABEL_LENGTH > 0) ? 1 : -1];
const uint8_t sz_link_name[sizeof SZ_LINK_NAME - 1] KS_FLASH = SZ_LINK_NAME;
const uint8_t sz_link_name_length KS_FLASH = SZ_LINK_NAME_FITS ? sizeof SZ_LINK_NAME - 1 : SZ_LINK_LABEL_LENGTH;

static struct sz_link link;
static uint8_t *message;                  /* where in the engine's record buffer the message granted last landed */
static uint16_t message_len, message_pos; /* the message held: message[pos .. len) unread */
static uint8_t open_conn;                 /* the link connection (0: none) */
/* One bit each (the ATmega128's legacy-ecc image has no byte to spare): */
static struct {
	uint8_t ended : 1;      /* the served connection has closed: reads say so */
	uint8_t sent : 1;       /* our message has arrived */
	uint8_t ready_owed : 1; /* the buffer is free at the engine's next read: grant */
	uint8_t radio_up : 1;   /* the gateway's relay is connected */
	uint8_t agreed : 1;     /* the gateway sent a compressed message on this connection (LINK.md §9.1) */
	uint8_t broken : 1;     /* a compressed message could not be recreated: this connection ends */
} st;
#if SZ_LINK_TEMPLATES
static sz_template_cursor from_gateway, to_gateway; /* per connection and direction (LINK.md §9.2) */
#if SZ_PORT_HELLO_DIGEST
/* The modern build takes a ClientHello as HELLO_DIGEST (LINK.md §15.2): where its L, H and tail
 * are in the record buffer (above the projection recreated below them), until the server has it. */
static const uint8_t *hello_digest;
#endif
#endif
/* The frame coming from the relay: its length, then its bytes, into link.tx_frame (those past
 * F are not kept: the codec refuses such a frame anyway). */
static uint8_t rx_want, rx_have, rx_length_next = 1;

/* The link's clock: the firmware's (sz_clock_millis, the port's 24-bit milliseconds counted
 * on), in 32 bits (the link compares deadlines by signed distance over 32 bits); link_clock
 * counts on from a reading the caller has (the MSP430's mailbox brings one back with each read:
 * a stop of its bridge saved). */
static uint32_t link_clock(uint32_t port_ms)
{
	return sz_clock_from_port(port_ms);
}

static uint32_t link_now(void)
{
	return sz_clock_millis();
}

/* The hooks (sz_link.h): they only note what happened; the loop below acts on it. */
void sz_link_radio_transmit(struct sz_link *l, const uint8_t *frame, uint8_t len)
{
	(void)l;
	sz_raw_write(&len, 1);
	sz_raw_write(frame, len);
}

/* A connection opened: served from the next sz_port_accept (one that replaces the served one
 * closes that first: on_closed, and its engine reads on to its end, granting nothing). */
void sz_link_on_opened(struct sz_link *l, uint8_t conn)
{
	(void)l;
	open_conn = conn;
}

void sz_link_on_received(struct sz_link *l, uint8_t conn, uint16_t len)
{
	(void)l;
	(void)conn;
	message_len = len;
	message_pos = 0;
}

#if SZ_LINK_TEMPLATES
/* The log's words for a compressed message that cannot be recreated: the prefix, then each
 * reason's name in code order (TemplateException.name). */
static const char w_bad[] KS_FLASH = "link: the gateway's compressed message: \0truncated compressed message\0"
	"unknown template\0inconsistent compressed message\0compressed point not on its curve\0reserved template op";

static void log_bad(uint8_t reason)
{
	char b[80];
	const char *p = w_bad;
	uint8_t n = 0, part = 0;
	char c;
	for (;;) {
		c = (char)KS_READ_BYTE(p++);
		if (c == 0 && (part++ == reason || part > SZ_TE_BAD_OP))
			break;
		if ((c != 0) && (part == 0 || part == reason) && n < sizeof b - 1)
			b[n++] = c;
	}
	b[n++] = '\n';
	sz_port_log(b, n);
}

void sz_link_on_received_template(struct sz_link *l, uint8_t conn, uint16_t len)
{
	uint16_t n;
	uint8_t e;
	(void)conn;
	message_len = message_pos = 0;
#if !SZ_PORT_HELLO_DIGEST
	e = sz_template_recreate(&from_gateway, message, l->rx.room, len, &n);
#else
	{
		uint16_t d;
		e = sz_template_recreate_hello(&from_gateway, message, l->rx.room, len, &n, &d);
		hello_digest = e == SZ_TE_OK && d ? message + d : 0;
	}
#endif
	if (e != SZ_TE_OK) {
		log_bad(e); /* the connection ends (the reads say so, the hangup sends DISCONNECT) */
		st.broken = 1;
		return;
	}
	st.agreed = 1;
	message_len = n;
}
#endif

void sz_link_on_sent(struct sz_link *l, uint8_t conn)
{
	(void)l;
	(void)conn;
	st.sent = 1;
}

void sz_link_on_closed(struct sz_link *l, uint8_t conn, uint8_t reason)
{
	(void)l;
	(void)conn;
	(void)reason;
	open_conn = 0;
	st.ended = 1;
	st.ready_owed = 0;
}

/* now: the link's clock as the byte arrived (one reading serves all the bytes of a read). */
static void byte_from_relay(uint8_t b, uint32_t now)
{
	if (rx_length_next) {
		if (b == 0) { /* sendDone */
			sz_link_transmitted(&link, now);
			return;
		}
		rx_want = b;
		rx_have = 0;
		rx_length_next = 0;
		return;
	}
	if (rx_have < sizeof link.tx_frame)
		link.tx_frame[rx_have] = b;
	if (++rx_have < rx_want)
		return;
	rx_length_next = 1;
	if (rx_want <= sizeof link.tx_frame && sz_link_radio_on(&link))
		sz_link_receive(&link, link.tx_frame, rx_want, now);
}

/* Waits for the gateway's relay to connect (again) and starts the duty cycle afresh. */
static void radio_connect(void)
{
	sz_raw_accept();
	rx_length_next = 1;
	if (!st.radio_up) {
		st.radio_up = 1;
		sz_link_start(&link, link_now());
	}
}

/* One step of the link at `now` (link_now()): its timers, or what the relay sends within wait_ms
 * (or less, up to the link's next deadline). A frame begun is read whole before it returns (its
 * bytes are in the link's frame buffer, which the link's next call may build in). Each clock
 * reading is a stop of the MSP430's bridge (a few tenths of a ms of wall time): the caller's
 * serves the step, each read brings back its own (sz_raw_read_millis). */
static void service(uint32_t now, uint16_t wait_ms)
{
	uint8_t b[SZ_PORT_LINK_READ];
	uint32_t deadline = sz_link_next_deadline(&link, now);
	int16_t r, i;
	if (deadline != SZ_LINK_NEVER) {
		int32_t due = (int32_t)(deadline - now);
		if (due <= 0) {
			sz_link_tick(&link, now);
			return;
		}
		if ((uint32_t)due < wait_ms)
			wait_ms = (uint16_t)due;
	}
	do {
		r = sz_raw_read(b, rx_length_next ? sizeof b : (uint16_t)(rx_want - rx_have < sizeof b ? rx_want - rx_have : sizeof b),
				wait_ms);
		if (r <= 0 && !rx_length_next) /* a frame cut short: dropped */
			rx_length_next = 1;
		if (r == SZ_PORT_CLOSED) { /* the relay went: its frame in transit is lost, wait for it again */
			sz_raw_hangup();
			radio_connect();
			sz_link_transmitted(&link, link_now());
			return;
		}
		if (r > 0)
			now = link_clock(sz_raw_read_millis());
		for (i = 0; i < r; i++)
			byte_from_relay(b[i], now);
		wait_ms = SZ_PORT_LINK_FRAME_MS; /* the rest of a frame begun (the relay writes it whole) */
	} while (!rx_length_next);
}

int sz_port_init(void)
{
	return sz_raw_init() != 0 ? -1 : 0;
}

void sz_port_share(uint8_t *records, uint16_t size, uint16_t headroom)
{
	message = records;
	sz_link_init(&link, records, (uint16_t)(size - headroom));
}

void sz_port_receive_at(uint8_t *at, uint16_t room)
{
	if (st.ready_owed && message_pos == message_len && !st.ended && !st.broken) {
		/* the server read the last message whole and answered nothing: grant the next, to land
		 * where the engine writes what it takes next (its copy then never runs ahead of the bytes
		 * it reads: behind a record's first part, behind plaintext held, or at the start) */
		st.ready_owed = 0;
		message = at;
		sz_link_ready_into(&link, link_now(), at, room);
	}
}

void sz_port_accept(void)
{
	if (!st.radio_up)
		radio_connect();
	while (open_conn == 0)
		service(link_now(), 1000);
	st.ended = 0;
	st.agreed = 0;
	st.broken = 0;
#if SZ_LINK_TEMPLATES
	sz_template_cursor_reset(&from_gateway);
	sz_template_cursor_reset(&to_gateway);
#if SZ_PORT_HELLO_DIGEST
	hello_digest = 0;
#endif
#endif
	message_len = message_pos = 0;
	st.ready_owed = 1; /* granted before the engine's first read (sz_port_receive_at): message 0 */
	sz_raw_flush();
}

int16_t sz_port_read(uint8_t *buf, uint16_t max, uint16_t timeout_ms)
{
	uint32_t since = link_now(), now, waited;
	for (;;) {
		if (message_pos < message_len) {
			uint16_t n = message_len - message_pos;
			if (n > max)
				n = max;
			memcpy(buf, message + message_pos, n);
			message_pos = (uint16_t)(message_pos + n);
			if (message_pos == message_len)
				st.ready_owed = 1;
			sz_raw_flush(); /* the ACK of the message goes before the server computes */
			return (int16_t)n;
		}
		if (st.ended || st.broken) {
			sz_raw_flush();
			return SZ_PORT_CLOSED;
		}
		now = link_now();
		waited = now - since;
		if (waited >= timeout_ms) {
			sz_raw_flush();
			return SZ_PORT_TIMEOUT;
		}
		service(now, (uint16_t)(timeout_ms - waited));
	}
}

/* Sends one message (compressed: as DATA-TEMPLATE) and waits until it has arrived; 0 if the
 * connection ended first. */
static uint8_t send_whole(const uint8_t *b, uint16_t k, uint8_t compressed)
{
	uint8_t ok;
	while (!st.ended && !sz_link_can_send(&link))
		service(link_now(), 100);
	st.sent = 0;
	if (st.ended)
		return 0;
#if SZ_LINK_TEMPLATES
	ok = compressed ? sz_link_send_template(&link, b, k, link_now()) : sz_link_send(&link, b, k, link_now());
#else
	(void)compressed;
	ok = sz_link_send(&link, b, k, link_now());
#endif
	while (ok && !st.sent && !st.ended)
		service(link_now(), 100);
	return ok && st.sent;
}

#if SZ_LINK_TEMPLATES
/* Whether b is worth compressing (LINK.md §9.3, §9.7): it begins a handshake or ChangeCipherSpec
 * record, or goes on where our last message left its template. Application data and alerts are
 * ciphertext: the suppressor's search would cost the mote time for nothing. */
static uint8_t worth(const uint8_t *b, uint16_t k)
{
	const sz_template_cursor *c = &to_gateway;
	if (b[0] == 20 || b[0] == 22)
		return 1;
	return k >= 2 && c->t != SZ_TEMPLATE_NONE && (uint32_t)c->pos + 2 <= sz_template_length(c->t)
	       && sz_template_byte(c->t, c->pos) == b[0] && sz_template_byte(c->t, (uint16_t)(c->pos + 1)) == b[1];
}

/* One message of ours, compressed if that is shorter: on this frame's stack while it is sent. */
static KS_NOINLINE uint8_t send_message(const uint8_t *b, uint16_t k)
{
	uint8_t z[SZ_PORT_LINK_SQUEEZE];
	uint16_t m = st.agreed && worth(b, k) ? sz_template_compress(&to_gateway, b, k, z, sizeof z) : 0;
	return m ? send_whole(z, m, 1) : send_whole(b, k, 0);
}
#else
#define send_message(b, k) send_whole(b, k, 0)
#endif

void sz_port_write(const uint8_t *buf, uint16_t n)
{
	/* An answer before the gateway's message was read whole: a record the engine refused before
	 * its end (its alert), or a gateway that went on past a record the server answers (LINK.md
	 * §13: one flight a message), whose rest the answer, written from the record buffer's start,
	 * may cover. The answer goes; the rest is never read as the client's: the connection ends.
	 * (Judged before sending: a message granted at a read that timed out may land meanwhile.) */
	uint8_t over = message_pos != message_len;
	while (n && !st.ended && !st.broken) {
		uint16_t k = n < SZ_LINK_MAX_MESSAGE ? n : SZ_LINK_MAX_MESSAGE;
		if (!send_message(buf, k))
			break;
		buf += k;
		n = (uint16_t)(n - k);
	}
	if (over) {
		message_pos = message_len;
		st.broken = 1;
	}
	sz_raw_flush();
}

#if SZ_PORT_HELLO_DIGEST
const uint8_t *sz_port_hello_digest(void)
{
	const uint8_t *d = hello_digest;
	hello_digest = 0;
	return d;
}
#endif

uint8_t sz_port_pending(void)
{
	/* the gateway keeps the clients waiting for a device; its ACK of our READY says whether one
	   does (LINK.md §5), and the server then closes this connection once it is idle (an image
	   without the flash for that close, SZ_LINK_WAITING=0, lets its clients wait) */
#if SZ_LINK_WAITING
	return sz_link_others_waiting(&link);
#else
	return 0;
#endif
}

void sz_port_hangup(void)
{
	uint32_t since = link_now(), now = since;
	if (!st.ended) {
		sz_link_close(&link, now);
		while (!st.ended && now - since < SZ_PORT_LINK_HANGUP_MS) {
			service(now, 100);
			now = link_now();
		}
	}
	message_len = message_pos = 0;
	st.ready_owed = 0;
	sz_raw_flush();
}
