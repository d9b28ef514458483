/* Mirrors sizzle/link/DeviceLink.java: the device's rules and its duty cycle (LINK.md §6).
 * It sleeps with its radio off, wakes every poll period, sends READY-SLEEP and listens for
 * the window; the gateway's ACK says whether it has work (PENDING: keep listening) or not
 * (sleep at once). A NEWCONNECTION keeps it awake until the connection closes; then it
 * announces itself again, listens, and sleeps. AWAKE if and only if a connection is open:
 * opening sets it, closing announces (LISTEN); so one deadline field serves all three states. */
#include "sz_link_side.h"
#include "ks_config.h"

static void announce(struct sz_link *l);
static void sleep_now(struct sz_link *l, uint32_t now);

void sz_link_start(struct sz_link *l, uint32_t at)
{
	l->power = SZ_LINK_SLEEP;
	l->duty_at = at;
}

#if SZ_LINK_WAITING
uint8_t sz_link_others_waiting(const struct sz_link *l)
{
	return l->conn != 0 && l->waiting;
}
#endif

uint8_t sz_link_radio_on(const struct sz_link *l)
{
	return l->power != SZ_LINK_SLEEP;
}

void sz_link_ready(struct sz_link *l, uint32_t now)
{
	if (l->conn == 0)
		return;
#if SZ_LINK_READY_ONLY
	l->rx.granted = 1;
#endif
	sz_link_start_control(l, SZ_LT_READY, l->conn, l->rx.expected, SZ_LINK_RETRIES);
	sz_link_pump(l, now);
}

#if SZ_LINK_READY_ONLY
void sz_link_ready_into(struct sz_link *l, uint32_t now, uint8_t *buf, uint16_t room)
{
	l->rx.buf = buf;
	l->rx.room = room < SZ_LINK_MAX_MESSAGE ? room : SZ_LINK_MAX_MESSAGE;
	sz_link_ready(l, now);
}
#endif

uint8_t sz_link_may_transmit(const struct sz_link *l)
{
	return l->power != SZ_LINK_SLEEP;
}

void sz_link_on_control(struct sz_link *l, const struct sz_link_frame *f, uint32_t now)
{
	if (f->type != SZ_LT_NEWCONNECTION) {
		SZ_LINK_COUNT(l, SZ_LS_UNEXPECTED); /* READY and READY-SLEEP go to the gateway only */
		return;
	}
	if (f->conn != l->conn) { /* a repeat of the open one is only ACKed again */
		if (l->conn != 0)
			sz_link_close_local(l, SZ_LC_REPLACED, now);
		if (sz_link_control_pending(l, SZ_LT_READY_SLEEP))
			l->ctl_state = SZ_CTL_IDLE;
		sz_link_open_local(l, f->conn, now);
		l->power = SZ_LINK_AWAKE;
		/* READY-only: no confirming READY of its own (it would be a grant its program did not
		   give); the program's first READY confirms the connection. */
		l->duty_at = SZ_LINK_READY_ONLY ? SZ_LINK_NEVER : sz_link_after(now, 2 * SZ_LINK_ACK_MS);
		sz_link_on_opened(l, f->conn);
	}
	/* The ACK carries the number of this device's last READY-SLEEP: one the gateway hears
	   later with that number or older is a stale copy, not a sign the connection is gone. */
	sz_link_ack_control(l, SZ_LT_NEWCONNECTION, f->conn, (uint8_t)(l->polls - 1), SZ_LA_OK);
}

void sz_link_heard(struct sz_link *l, const struct sz_link_frame *f)
{
	if (l->conn != 0 && f->conn == l->conn && f->type != SZ_LT_NEWCONNECTION)
		l->duty_at = SZ_LINK_NEVER;
}

/* READY-SLEEP: window, capacity, kind, the name (it fits: SZ_LINK_NAME_ROOM), and with
 * templates, a 0 byte (no name holds one) and the capabilities. */
uint8_t sz_link_control_payload(uint8_t type, uint8_t *p, uint16_t capacity)
{
	uint8_t n = KS_READ_BYTE(&sz_link_name_length), i;
	if (type != SZ_LT_READY_SLEEP)
		return 0;
	sz_link_put_u16(p, SZ_LINK_LISTEN_MS);
	sz_link_put_u16(p + 2, capacity);
	p[4] = (uint8_t)(SZ_LINK_KIND | (SZ_LINK_READY_ONLY ? SZ_LINK_KIND_READY_ONLY : 0));
	p += SZ_LINK_READY_SLEEP_FIXED;
	for (i = 0; i < n; i++)
		*p++ = KS_READ_BYTE(&sz_link_name[i]);
#if SZ_LINK_TEMPLATES
	*p++ = 0;
	for (i = 0; i < SZ_LINK_CAPABILITIES; i++)
		*p++ = sz_link_capability(i);
	n = (uint8_t)(n + 1 + SZ_LINK_CAPABILITIES);
#endif
	return (uint8_t)(SZ_LINK_READY_SLEEP_FIXED + n);
}

void sz_link_control_transmitted(struct sz_link *l, uint8_t type, uint32_t now)
{
	if (type == SZ_LT_READY_SLEEP && l->conn == 0)
		l->duty_at = sz_link_after(now, SZ_LINK_LISTEN_MS);
}

void sz_link_control_acked(struct sz_link *l, uint8_t type, uint8_t status, uint32_t now)
{
	if (type == SZ_LT_READY && status == SZ_LA_NO_CONNECTION) {
		sz_link_close_local(l, SZ_LC_PEER_RESET, now); /* the gateway has forgotten it */
		return;
	}
#if SZ_LINK_WAITING
	if (type == SZ_LT_READY) {
		if (status == SZ_LA_PENDING)
			l->waiting = 1; /* another client waits for this device */
#if SZ_LINK_READY_ONLY
		/* the grant is said again in a poll if no message has come: the gateway's ACK then
		   tells an idle connection that another client waits */
		if (l->rx.granted)
			l->duty_at = sz_link_after(now, SZ_LINK_POLL_MS);
#endif
		return;
	}
#endif
	if (type != SZ_LT_READY_SLEEP || l->conn != 0)
		return;
	if (status == SZ_LA_PENDING)
		l->duty_at = sz_link_after(now, SZ_LINK_LISTEN_MS); /* a connection is coming */
	else
		sleep_now(l, now);
}

void sz_link_control_failed(struct sz_link *l, uint8_t type, uint32_t now)
{
	if (type == SZ_LT_READY || type == SZ_LT_DISCONNECT)
		sz_link_close_local(l, SZ_LC_TIMEOUT, now);
}

void sz_link_closed_side(struct sz_link *l, uint32_t now)
{
	(void)now;
	announce(l); /* and no confirm deadline: announce clears it */
}

void sz_link_side_tick(struct sz_link *l, uint32_t now)
{
	if (l->conn != 0 && sz_link_reached(now, l->duty_at)) {
		l->duty_at = SZ_LINK_NEVER;
#if SZ_LINK_READY_ONLY
		if (l->rx.granted && !sz_link_control_pending(l, SZ_LT_READY)) /* the grant, said again */
#else
		if (!sz_link_control_pending(l, SZ_LT_READY))
#endif
			sz_link_start_control(l, SZ_LT_READY, l->conn, l->rx.expected, SZ_LINK_RETRIES);
	}
	if (l->power == SZ_LINK_SLEEP && sz_link_reached(now, l->duty_at))
		announce(l);
	else if (l->power == SZ_LINK_LISTEN && l->conn == 0 && sz_link_reached(now, l->duty_at)
			&& !sz_link_control_due(l, SZ_LT_READY_SLEEP))
		sleep_now(l, now);
}

uint32_t sz_link_side_deadline(const struct sz_link *l)
{
	/* none while READY-SLEEP waits for the radio: the window starts when it has gone */
	if (l->power == SZ_LINK_LISTEN && sz_link_control_due(l, SZ_LT_READY_SLEEP))
		return SZ_LINK_NEVER;
	return l->duty_at;
}

/* Radio on, READY-SLEEP (one try: the window is the retry), listen from its sendDone. */
static void announce(struct sz_link *l)
{
	l->power = SZ_LINK_LISTEN;
	l->duty_at = SZ_LINK_NEVER;
	SZ_LINK_COUNT(l, SZ_LS_POLLS);
	sz_link_start_control(l, SZ_LT_READY_SLEEP, 0, l->polls, 0);
	l->polls++;
}

static void sleep_now(struct sz_link *l, uint32_t now)
{
	if (sz_link_control_pending(l, SZ_LT_READY_SLEEP))
		l->ctl_state = SZ_CTL_IDLE;
	l->power = SZ_LINK_SLEEP;
	l->duty_at = sz_link_after(now, SZ_LINK_POLL_MS);
}
