/* Mirrors sizzle/link/LinkEndpoint.java: the rules both ends share (LINK.md §3-5, §8). One
 * connection, a sending and a receiving half, one control packet in flight, a queue of four
 * answers (ACK/NACK); frames go out answers first, then control, then data, one at a time
 * (the next after sz_link_transmitted). Never blocks, never allocates, never fails on input. */
#include <string.h>
#include "sz_link_side.h"

/* What is on the air. */
#define AIR_NONE 0
#define AIR_ANSWER 1
#define AIR_CONTROL 2
#define AIR_DATA 3

void sz_link_init(struct sz_link *l, uint8_t *buf, uint16_t capacity)
{
	memset(l, 0, sizeof *l);
	l->rx.buf = buf;
	l->rx.capacity = capacity < SZ_LINK_MAX_MESSAGE ? capacity : SZ_LINK_MAX_MESSAGE;
#if SZ_LINK_READY_ONLY
	l->rx.room = l->rx.capacity;
#endif
	l->power = SZ_LINK_SLEEP;
	l->duty_at = SZ_LINK_NEVER;
}

uint8_t sz_link_can_send(const struct sz_link *l)
{
	return l->conn != 0 && !l->closing && l->tx.state == SZ_TX_IDLE;
}

static uint8_t send(struct sz_link *l, const uint8_t *b, uint16_t len, uint8_t type, uint32_t now)
{
	if (!sz_link_can_send(l) || len < 1 || len > SZ_LINK_MAX_MESSAGE)
		return 0;
	sz_link_sender_take(&l->tx, b, len);
#if SZ_LINK_TEMPLATES
	l->tx.type = type;
#else
	(void)type;
#endif
	sz_link_pump(l, now);
	return 1;
}

uint8_t sz_link_send(struct sz_link *l, const uint8_t *b, uint16_t len, uint32_t now)
{
	return send(l, b, len, SZ_LT_DATA, now);
}

#if SZ_LINK_TEMPLATES
uint8_t sz_link_send_template(struct sz_link *l, const uint8_t *b, uint16_t len, uint32_t now)
{
	return send(l, b, len, SZ_LT_DATA_TEMPLATE, now);
}
#endif

void sz_link_close(struct sz_link *l, uint32_t now)
{
	if (l->conn == 0 || l->closing)
		return;
	l->closing = 1;
	l->close_reason = SZ_LC_CLOSED;
	sz_link_pump(l, now);
}

/* Queues an answer; an identical one already waiting is not queued twice (compared byte for
   byte: the struct is six bytes, no padding). */
static void answer(struct sz_link *l, uint8_t type, uint8_t acked, uint8_t c, uint8_t m, uint8_t index, uint8_t status)
{
	struct sz_link_answer n;
	const uint8_t *a, *b;
	uint8_t k, i;
	n.type = type;
	n.acked = acked;
	n.conn = c;
	n.msg = m;
	n.index = index;
	n.status = status;
	for (k = 0; k < l->answers; k++) {
		a = (const uint8_t *)&l->answer[k];
		b = (const uint8_t *)&n;
		for (i = 0; i < sizeof n && a[i] == b[i]; i++)
			;
		if (i == sizeof n)
			return;
	}
	if (l->answers == SZ_LINK_ANSWERS) {
		SZ_LINK_COUNT(l, SZ_LS_RESPONSE_DROPPED);
		return;
	}
	l->answer[l->answers++] = n;
}

void sz_link_ack_control(struct sz_link *l, uint8_t type, uint8_t conn, uint8_t msg, uint8_t status)
{
	answer(l, SZ_LT_ACK, type, conn, msg, 0, status);
}

static void on_data(struct sz_link *l, const struct sz_link_frame *in, const uint8_t *b, uint32_t now)
{
	uint8_t r, c;
	(void)now;
	if (in->conn != l->conn) { /* DATA's conn is never 0 (sz_link_decode): none open is stale too */
		SZ_LINK_COUNT(l, SZ_LS_STALE_CONN);
		if (in->flags & SZ_LINK_ACK_REQ)
			answer(l, SZ_LT_ACK, SZ_LT_DATA, in->conn, in->msg, in->index, SZ_LA_NO_CONNECTION);
		return;
	}
	r = sz_link_receiver_accept(&l->rx, in, b);
	if (l->rx.dropped)
		SZ_LINK_COUNT(l, l->rx.dropped);
	if (r == SZ_RX_SEND_NACK)
		answer(l, SZ_LT_NACK, SZ_LT_DATA, in->conn, in->msg, in->index, 0);
	else if (r != SZ_RX_SILENT)
		answer(l, SZ_LT_ACK, SZ_LT_DATA, in->conn, in->msg, in->index, r);
	if (l->rx.completed) {
		SZ_LINK_COUNT(l, SZ_LS_MESSAGES_IN);
		c = l->conn;
#if SZ_LINK_TEMPLATES
		if (l->rx.compressed) {
			sz_link_on_received_template(l, c, l->rx.len);
			return;
		}
#endif
		sz_link_on_received(l, c, l->rx.len);
	}
}

static void on_ack(struct sz_link *l, const struct sz_link_frame *in, const uint8_t *b, uint32_t now)
{
	uint8_t acked = b[SZ_LF_HEADER], status = b[SZ_LF_HEADER + 1], r;
	if (acked == SZ_LT_DATA) {
		if (in->conn != l->conn) { /* an ACK of DATA has a conn (sz_link_decode) */
			SZ_LINK_COUNT(l, SZ_LS_STALE_CONN);
			return;
		}
		if (status == SZ_LA_NO_CONNECTION) {
			sz_link_close_local(l, SZ_LC_PEER_RESET, now);
			return;
		}
		r = sz_link_sender_on_ack(&l->tx, in->msg, in->index, status);
		if (r == SZ_TX_IGNORED) {
			SZ_LINK_COUNT(l, SZ_LS_UNEXPECTED);
		} else if (r == SZ_TX_DONE) {
			SZ_LINK_COUNT(l, SZ_LS_MESSAGES_OUT);
			sz_link_on_sent(l, l->conn);
		} else if (r == SZ_TX_REFUSED) {
			/* the peer is there but cannot take it: tell it the connection is over */
			l->closing = 1;
			l->close_reason = SZ_LC_REFUSED_TOO_LONG;
		}
		return;
	}
	if (l->ctl_state == SZ_CTL_IDLE || acked != l->ctl_type || in->conn != l->ctl_conn
			|| (acked != SZ_LT_NEWCONNECTION && in->msg != l->ctl_msg)) {
		SZ_LINK_COUNT(l, SZ_LS_UNEXPECTED);
		return;
	}
	l->ctl_state = SZ_CTL_IDLE;
	if (acked == SZ_LT_DISCONNECT)
		sz_link_close_local(l, l->close_reason, now);
	else
		sz_link_control_acked(l, acked, status, now);
}

void sz_link_receive(struct sz_link *l, const uint8_t *b, uint8_t len, uint32_t now)
{
	struct sz_link_frame in;
	uint8_t e = sz_link_decode(&in, b, len), r;
#if !SZ_LINK_TEMPLATES
	if (e == 0 && in.type == SZ_LT_DATA_TEMPLATE)
		e = SZ_LS_BAD_TYPE; /* no recreator here: type 7 stays reserved (LinkEndpoint.receive) */
#endif
	if (e) {
		SZ_LINK_COUNT(l, e);
		return;
	}
	if (in.dst != SZ_LINK_ADDRESS) {
		SZ_LINK_COUNT(l, SZ_LS_NOT_FOR_ME);
		return;
	}
	if (in.src != SZ_LINK_GATEWAY) {
		SZ_LINK_COUNT(l, SZ_LS_WRONG_PEER);
		return;
	}
	SZ_LINK_COUNT(l, SZ_LS_FRAMES_IN);
	if (l->conn != 0 && in.conn == l->conn)
		l->last_heard = now;
	sz_link_heard(l, &in);
	switch (in.type) {
	case SZ_LT_DATA:
#if SZ_LINK_TEMPLATES
	case SZ_LT_DATA_TEMPLATE:
#endif
		on_data(l, &in, b, now);
		break;
	case SZ_LT_ACK:
		on_ack(l, &in, b, now);
		break;
	case SZ_LT_NACK:
		if (in.conn != l->conn) { /* a NACK has a conn (sz_link_decode) */
			SZ_LINK_COUNT(l, SZ_LS_STALE_CONN);
		} else {
			r = sz_link_sender_on_nack(&l->tx, in.msg, b + SZ_LF_HEADER, in.payload_length);
			if (r == SZ_TX_FAILED)
				sz_link_close_local(l, SZ_LC_TIMEOUT, now);
			else if (r == SZ_TX_IGNORED)
				SZ_LINK_COUNT(l, SZ_LS_UNEXPECTED);
		}
		break;
	case SZ_LT_DISCONNECT:
		answer(l, SZ_LT_ACK, SZ_LT_DISCONNECT, in.conn, 0, 0, SZ_LA_OK);
		if (l->conn != 0 && in.conn == l->conn)
			sz_link_close_local(l, SZ_LC_PEER_CLOSED, now);
		break;
	default:
		sz_link_on_control(l, &in, now);
	}
	sz_link_pump(l, now);
}

void sz_link_transmitted(struct sz_link *l, uint32_t now)
{
	uint8_t was = l->on_air;
	l->on_air = AIR_NONE;
	if (was == AIR_CONTROL && l->ctl_state == SZ_CTL_DUE) {
		l->ctl_state = SZ_CTL_WAIT;
		l->ctl_deadline = sz_link_after(now, SZ_LINK_ACK_MS);
		sz_link_control_transmitted(l, l->ctl_type, now);
	} else if (was == AIR_DATA) {
		sz_link_sender_transmitted(&l->tx, now);
	}
	sz_link_pump(l, now);
}

void sz_link_tick(struct sz_link *l, uint32_t now)
{
	uint8_t t, r;
	if (l->ctl_state == SZ_CTL_WAIT && sz_link_reached(now, l->ctl_deadline)) {
		SZ_LINK_COUNT(l, SZ_LS_TIMEOUTS);
		if (l->ctl_retries < l->ctl_max_retries) {
			l->ctl_retries++;
			l->ctl_state = SZ_CTL_DUE;
		} else {
			t = l->ctl_type;
			l->ctl_state = SZ_CTL_IDLE;
			sz_link_control_failed(l, t, now);
		}
	}
	r = sz_link_sender_tick(&l->tx, now);
	if (r == SZ_TX_FAILED)
		sz_link_close_local(l, SZ_LC_TIMEOUT, now);
	else if (r == SZ_TX_TIMED_OUT)
		SZ_LINK_COUNT(l, SZ_LS_TIMEOUTS);
	if (l->conn != 0 && now - l->last_heard >= SZ_LINK_SILENCE_MS)
		sz_link_close_local(l, SZ_LC_SILENT, now);
	sz_link_pump(l, now);
}

uint32_t sz_link_next_deadline(const struct sz_link *l, uint32_t now)
{
	uint32_t d = sz_link_side_deadline(l);
	if (l->ctl_state == SZ_CTL_WAIT)
		d = sz_link_earlier(now, d, l->ctl_deadline);
	if (sz_link_sender_waiting(&l->tx))
		d = sz_link_earlier(now, d, l->tx.deadline);
	if (l->conn != 0)
		d = sz_link_earlier(now, d, sz_link_after(l->last_heard, SZ_LINK_SILENCE_MS));
	return d;
}

static void put_on_air(struct sz_link *l, uint8_t what, uint8_t len)
{
	l->on_air = what;
	SZ_LINK_COUNT(l, SZ_LS_FRAMES_OUT);
	sz_link_radio_transmit(l, l->tx_frame, len);
}

/* Builds the oldest answer into the frame buffer and dequeues it; 0 if it went stale. */
static uint8_t build_answer(struct sz_link *l)
{
	struct sz_link_answer a = l->answer[0];
	struct sz_link_frame out;
	int16_t n;
	uint8_t k;
	out.dst = SZ_LINK_GATEWAY;
	out.src = SZ_LINK_ADDRESS;
	out.type = a.type;
	out.flags = 0;
	out.conn = a.conn;
	out.msg = a.msg;
	out.index = a.index;
	if (a.type == SZ_LT_ACK) {
		l->tx_frame[SZ_LF_HEADER] = a.acked;
		l->tx_frame[SZ_LF_HEADER + 1] = a.status;
		n = 2;
	} else if (a.conn == l->conn && a.msg == l->rx.expected) {
		n = sz_link_receiver_nack(&l->rx, l->tx_frame + SZ_LF_HEADER);
	} else {
		n = -1; /* the message it was about is gone: say nothing */
	}
	l->answers--;
	for (k = 0; k < l->answers; k++)
		l->answer[k] = l->answer[k + 1];
	if (n < 0)
		return 0;
	SZ_LINK_COUNT(l, a.type == SZ_LT_ACK ? SZ_LS_ACKS_OUT : SZ_LS_NACKS_OUT);
	out.payload_length = (uint8_t)n;
	return sz_link_encode(&out, l->tx_frame);
}

/* Hands the radio the next frame, if it is free: answers first, then control, then data. */
void sz_link_pump(struct sz_link *l, uint32_t now)
{
	struct sz_link_frame out;
	uint8_t len, may;
	sz_link_side_tick(l, now);
	if (l->on_air != AIR_NONE)
		return;
	while (l->answers > 0 && sz_link_may_transmit(l)) {
		len = build_answer(l);
		if (len > 0) {
			put_on_air(l, AIR_ANSWER, len);
			return;
		}
	}
	may = sz_link_may_transmit(l);
	if (!may) /* a device repeats nothing outside its own listening (GatewayPeer does) */
		return;
	if (l->closing && l->ctl_state == SZ_CTL_IDLE && l->tx.state == SZ_TX_IDLE && l->conn != 0)
		sz_link_start_control(l, SZ_LT_DISCONNECT, l->conn, 0, SZ_LINK_RETRIES);
	if (l->tx.state == SZ_TX_HELD) /* a device may always start its message */
		sz_link_sender_start(&l->tx);
	out.dst = SZ_LINK_GATEWAY;
	out.src = SZ_LINK_ADDRESS;
	if (l->ctl_state == SZ_CTL_DUE) {
		out.type = l->ctl_type;
		out.flags = SZ_LINK_ACK_REQ;
		out.conn = l->ctl_conn;
		out.msg = l->ctl_msg;
		out.index = 0;
		out.payload_length = sz_link_control_payload(l->ctl_type, l->tx_frame + SZ_LF_HEADER, l->rx.capacity);
		if (l->ctl_retries > 0)
			SZ_LINK_COUNT(l, SZ_LS_RETRANSMITS);
		put_on_air(l, AIR_CONTROL, sz_link_encode(&out, l->tx_frame));
		return;
	}
	if (l->conn != 0 && sz_link_sender_due(&l->tx)) {
		out.conn = l->conn;
		len = sz_link_sender_build(&l->tx, &out, l->tx_frame);
		if (sz_link_sender_built_repeat(&l->tx))
			SZ_LINK_COUNT(l, SZ_LS_RETRANSMITS);
		put_on_air(l, AIR_DATA, len);
	}
}

void sz_link_start_control(struct sz_link *l, uint8_t type, uint8_t conn, uint8_t msg, uint8_t retries)
{
	l->ctl_type = type;
	l->ctl_conn = conn;
	l->ctl_msg = msg;
	l->ctl_state = SZ_CTL_DUE;
	l->ctl_retries = 0;
	l->ctl_max_retries = retries;
}

uint8_t sz_link_control_pending(const struct sz_link *l, uint8_t type)
{
	return l->ctl_state != SZ_CTL_IDLE && l->ctl_type == type;
}

uint8_t sz_link_control_due(const struct sz_link *l, uint8_t type)
{
	return l->ctl_state == SZ_CTL_DUE && l->ctl_type == type;
}

void sz_link_open_local(struct sz_link *l, uint8_t conn, uint32_t now)
{
	l->conn = conn;
	l->closing = 0;
#if SZ_LINK_WAITING
	l->waiting = 0;
#endif
	l->last_heard = now;
	sz_link_sender_reset(&l->tx);
	sz_link_receiver_reset(&l->rx);
}

/* Ends the open connection here (the peer is told only by a DISCONNECT already sent). */
void sz_link_close_local(struct sz_link *l, uint8_t reason, uint32_t now)
{
	uint8_t c = l->conn;
	if (c == 0)
		return;
	l->conn = 0;
	l->closing = 0;
	sz_link_sender_reset(&l->tx);
	sz_link_receiver_reset(&l->rx);
	if (l->ctl_state != SZ_CTL_IDLE && l->ctl_conn == c)
		l->ctl_state = SZ_CTL_IDLE;
	sz_link_on_closed(l, c, reason);
	sz_link_closed_side(l, now);
}
