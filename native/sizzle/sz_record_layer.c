/*
 * Inbound records, plaintext phase. Mirrors kssl-client/src/main/java/kssl/tls/RecordLayer.java:
 * the checks in readRecord's order, countEmpty, handleAlerts, readSsl2Hello's length rule.
 */
#include "sz_record_layer.h"
#include "sz_alert.h"

void sz_record_init(sz_record_layer *rl, uint8_t ssl2_allowed)
{
	memset(rl, 0, sizeof *rl);
	rl->flags = ssl2_allowed ? SZ_RL_SSL2_ALLOWED : 0;
	rl->pending = SZ_VERDICT_NONE;
}

uint16_t sz_record_header(sz_record_layer *rl, const uint8_t *b, size_t n, size_t *used)
{
	size_t k = 5u - rl->header_len;
	uint16_t version, len;
	if (k > n)
		k = n;
	memcpy(rl->header + rl->header_len, b, k);
	rl->header_len = (uint8_t)(rl->header_len + k);
	*used = k;
	if (rl->header_len < 5)
		return SZ_VERDICT_NONE;
	rl->header_len = 0;
	len = (uint16_t)(rl->header[3] << 8 | rl->header[4]);
#if SZ_LEGACY
	if ((rl->flags & SZ_RL_SSL2_ALLOWED) && (rl->header[0] & 0x80) && rl->header[2] == 1) {
		uint16_t l2 = (uint16_t)((rl->header[0] & 0x7F) << 8 | rl->header[1]);
		rl->flags &= (uint8_t)~SZ_RL_SSL2_ALLOWED;
		/* the Java reads it whole into its record buffer: 5 + receive limit + 24 bytes */
		if (l2 < 9 || l2 > 5u + SZ_RECEIVE_LIMIT + 24u)
			return SZ_DECODE_ERROR;
		rl->type = SZ_SSL2_CLIENT_HELLO;
		rl->left = (uint16_t)(l2 - 3); /* msg_type and version are in the header already */
		rl->flags |= SZ_RL_IN_BODY;
		return SZ_VERDICT_NONE;
	}
#endif
	rl->flags &= (uint8_t)~SZ_RL_SSL2_ALLOWED;
	rl->type = rl->header[0];
	if (rl->type < SZ_CHANGE_CIPHER_SPEC || rl->type > SZ_APPLICATION_DATA)
		return SZ_UNEXPECTED_MESSAGE;
	version = (uint16_t)(rl->header[1] << 8 | rl->header[2]);
	if ((version >> 8) != 3 || (rl->version != 0 && version != rl->version))
		return SZ_PROTOCOL_VERSION;
	if (len > SZ_MAX_FRAGMENT)
		return SZ_RECORD_OVERFLOW;
	if (len == 0 && rl->type != SZ_APPLICATION_DATA)
		return SZ_UNEXPECTED_MESSAGE;
	/* countEmpty: a warning run ends only at a record with content that is not an alert */
	if (len > 0) {
		rl->empty_run = 0;
		if (rl->type != SZ_ALERT)
			rl->warning_run = 0;
	} else if (++rl->empty_run > SZ_MAX_EMPTY_RECORDS) {
		return SZ_UNEXPECTED_MESSAGE;
	}
	if (len > 0) {
		rl->left = len;
		rl->flags |= SZ_RL_IN_BODY;
	}
	return SZ_VERDICT_NONE;
}

void sz_record_hold(sz_record_layer *rl, uint16_t verdict)
{
	if (rl->pending == SZ_VERDICT_NONE)
		rl->pending = verdict;
}

void sz_record_alert(sz_record_layer *rl, const uint8_t *b, size_t n)
{
	size_t i;
	for (i = 0; i < n && rl->pending == SZ_VERDICT_NONE; i++) {
		uint8_t desc = b[i];
		if (!(rl->flags & SZ_RL_ALERT_HALF)) {
			rl->alert_level = desc;
			rl->flags |= SZ_RL_ALERT_HALF;
			continue;
		}
		rl->flags &= (uint8_t)~SZ_RL_ALERT_HALF;
		if (rl->alert_level == SZ_ALERT_FATAL) {
			rl->pending = SZ_RECEIVED | desc;
		} else if (rl->alert_level != SZ_ALERT_WARNING) {
			rl->pending = SZ_ILLEGAL_PARAMETER;
		} else if (desc == SZ_CLOSE_NOTIFY) {
			rl->pending = SZ_VERDICT_CLOSE_NOTIFY; /* anything after it is ignored */
		} else {
			rl->last_warning = desc;
			if (++rl->warning_run >= SZ_MAX_WARNING_ALERTS)
				rl->pending = SZ_UNEXPECTED_MESSAGE;
		}
	}
}

uint16_t sz_record_end(sz_record_layer *rl)
{
	uint16_t v = rl->pending;
	if (v == SZ_VERDICT_NONE && (rl->flags & SZ_RL_ALERT_HALF))
		v = SZ_DECODE_ERROR; /* an alert split across records */
	rl->flags &= (uint8_t)~(SZ_RL_IN_BODY | SZ_RL_ALERT_HALF);
	rl->pending = SZ_VERDICT_NONE;
	return v;
}

uint16_t sz_record_eof(const sz_record_layer *rl)
{
	return rl->header_len > 0 || (rl->flags & SZ_RL_IN_BODY) ? SZ_DECODE_ERROR : SZ_VERDICT_NONE;
}
