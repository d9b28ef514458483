/*
 * WAIT_CLIENT_HELLO: records in, the ClientHello parsed as it streams, the server's choices.
 * Mirrors kssl-client/src/main/java/kssl/tls/ServerHandshake.java (readClientHello,
 * answerClientHello, chooseSuite, signableChain), HandshakeReader.next() (what a record of
 * another type means in the middle of a message).
 */
#include "sz_server_handshake.h"
#include "sz_alert.h"
#include "sz_cipher_suite.h"
#include "sz_extensions.h"
#include "sz_profile.h"

static const uint16_t server_suites[] KS_FLASH = SZ_SERVER_SUITES;
#define SZ_SUITE_COUNT (sizeof server_suites / sizeof server_suites[0])

void sz_server_init(sz_server *s, void *transcript)
{
	memset(s, 0, sizeof *s);
	sz_record_init(&s->records, SZ_ACCEPT_SSL2_HELLO);
	sz_handshake_begin(&s->reader);
	s->transcript = transcript;
	s->verdict = SZ_VERDICT_NONE;
	s->suites = 0xFFFFu;
}

static void fail(sz_server *s, uint16_t verdict)
{
	/* close_notify or the end of the stream during the handshake: handshake_failure */
	s->verdict = verdict == SZ_VERDICT_CLOSE_NOTIFY ? SZ_HANDSHAKE_FAILURE : verdict;
	s->status = SZ_SERVER_FAILED;
}

/* The hello decoded: judge it now; a failure waits for the end of its record. */
static void hello_done(sz_server *s)
{
	uint16_t v = sz_server_check_hello(&s->hello, &s->answer);
	if (v == SZ_VERDICT_NONE && !s->checks_only)
		v = sz_server_choose_suite(&s->hello, &s->answer, s->suites);
	s->answered = 1;
	if (v == SZ_VERDICT_NONE)
		s->status = SZ_SERVER_HELLO;
	else
		sz_record_hold(&s->records, v);
}

/* Handshake record bytes: the message header, then the ClientHello's body. */
static size_t handshake_bytes(sz_server *s, const uint8_t *b, size_t n)
{
	size_t k;
	if (s->reader.have < 4) {
		k = sz_handshake_header(&s->reader, s->transcript, b, n);
		if (s->reader.have == 4) {
			uint16_t v = sz_handshake_check(&s->reader, SZ_HT_CLIENT_HELLO);
			if (v != SZ_VERDICT_NONE) {
				sz_record_hold(&s->records, v);
				return k;
			}
			sz_hello_begin(&s->parser, &s->hello, s->reader.length);
		}
	} else {
		k = sz_hello_input(&s->parser, &s->hello, b, n);
		sz_transcript_update(s->transcript, b, k);
	}
	if (s->parser.status == SZ_HELLO_FAIL)
		sz_record_hold(&s->records, s->parser.alert);
	else if (s->parser.status == SZ_HELLO_DONE && s->reader.have == 4)
		hello_done(s);
	return k;
}

#if SZ_LEGACY
static size_t ssl2_bytes(sz_server *s, const uint8_t *b, size_t n)
{
	size_t k = sz_hello_input_ssl2(&s->parser, &s->hello, b, n);
	sz_transcript_update(s->transcript, b, k);
	if (s->parser.status == SZ_HELLO_FAIL)
		sz_record_hold(&s->records, s->parser.alert);
	else if (s->parser.status == SZ_HELLO_DONE)
		hello_done(s);
	return k;
}
#endif

/* A record has begun. */
static void record_start(sz_server *s)
{
	sz_record_layer *rl = &s->records;
#if SZ_LEGACY
	if (rl->type == SZ_SSL2_CLIENT_HELLO) {
		sz_hello_begin_ssl2(&s->parser, &s->hello, rl->left + 3u);
		ssl2_bytes(s, rl->header + 2, 3);
		return;
	}
#endif
	if (rl->type == SZ_CHANGE_CIPHER_SPEC || rl->type == SZ_APPLICATION_DATA)
		sz_record_hold(rl, SZ_UNEXPECTED_MESSAGE); /* where a handshake message was expected */
}

static size_t push(sz_server *s, const uint8_t *data, size_t len)
{
	sz_record_layer *rl = &s->records;
	size_t i = 0;
	while (i < len && s->status == SZ_SERVER_WANT) {
		size_t k, m;
		if (!(rl->flags & SZ_RL_IN_BODY)) {
			uint16_t v = sz_record_header(rl, data + i, len - i, &k);
			i += k;
			if (v != SZ_VERDICT_NONE)
				fail(s, v);
			else if (rl->flags & SZ_RL_IN_BODY)
				record_start(s);
			continue;
		}
		m = len - i < rl->left ? len - i : rl->left;
		if (rl->pending != SZ_VERDICT_NONE)
			k = m; /* the rest of a record already judged */
		else if (rl->type == SZ_HANDSHAKE)
			k = handshake_bytes(s, data + i, m);
		else if (rl->type == SZ_ALERT)
			sz_record_alert(rl, data + i, k = m);
#if SZ_LEGACY
		else if (rl->type == SZ_SSL2_CLIENT_HELLO)
			k = ssl2_bytes(s, data + i, m);
#endif
		else
			k = m;
		i += k;
		rl->left = (uint16_t)(rl->left - k);
		if (rl->left == 0) {
			uint16_t v = sz_record_end(rl);
			if (v != SZ_VERDICT_NONE && s->status == SZ_SERVER_WANT)
				fail(s, v);
		}
	}
	return i;
}

size_t sz_server_push(sz_server *s, const uint8_t *data, size_t len)
{
	/* The fast path: inside a skipped run of the hello, short of its record's end, the bytes
	 * are only hashed (a mote pushing byte by byte spends most of a browser's hello here). */
	sz_record_layer *rl = &s->records;
	if (s->status == SZ_SERVER_WANT && (rl->flags & SZ_RL_IN_BODY) && rl->type == SZ_HANDSHAKE &&
	    rl->pending == SZ_VERDICT_NONE && s->reader.have == 4 && rl->left > 1) {
		size_t k = sz_hello_skip(&s->parser, len < rl->left - 1u ? len : rl->left - 1u);
		if (k) {
			sz_transcript_update(s->transcript, data, k);
			rl->left = (uint16_t)(rl->left - k);
			return k == len ? k : k + push(s, data + k, len - k);
		}
	}
	return push(s, data, len);
}

void sz_server_eof(sz_server *s)
{
	uint16_t v;
	if (s->status != SZ_SERVER_WANT)
		return;
	v = sz_record_eof(&s->records);
	if (v != SZ_VERDICT_NONE)
		s->answered = 0; /* a truncated record: the Java never parsed it */
	fail(s, v != SZ_VERDICT_NONE ? v : SZ_HANDSHAKE_FAILURE);
}

uint16_t sz_server_wants(const sz_server *s)
{
	const sz_record_layer *rl = &s->records;
	if (s->status != SZ_SERVER_WANT)
		return 0;
	return rl->flags & SZ_RL_IN_BODY ? rl->left : (uint16_t)(5u - rl->header_len);
}

/* chooseSuite's test of one suite: a key the client accepts, and a chain it can take. */
static int suite_fits(const sz_client_hello *h, uint16_t version)
{
#if defined(SZ_PROFILE_MODERN)
	/* ECDHE_ECDSA: P-256 offered (or no supported_groups) and an ECDSA SHA-2 scheme (RFC 9155);
	 * TLS 1.2 with signature_algorithms: every certificate signed with a listed pair (§7.4.2). */
	uint8_t group = !(h->flags & SZ_CH_GROUPS_OFFERED) || (h->groups & SZ_GROUP_SECP256R1);
	if (version < SZ_TLS12 || !group || h->ecdsa_scheme == 0)
		return 0;
	return version != SZ_TLS12 || !(h->flags & SZ_CH_SIGNATURE_ALGORITHMS) ||
	       (SZ_CHAIN_SCHEMES & ~h->signature_schemes) == 0;
#elif defined(SZ_PROFILE_LEGACY_ECC)
	(void)version; /* static ECDH: the certificate's secp160r1 key, if the client takes the group */
	return !(h->flags & SZ_CH_GROUPS_OFFERED) || (h->groups & SZ_GROUP_SECP160R1);
#else
	(void)h; /* RSA key transport */
	(void)version;
	return 1;
#endif
}

uint16_t sz_server_answer_hello(const sz_client_hello *h, sz_server_hello_choice *a)
{
	uint16_t v = sz_server_check_hello(h, a);
	return v != SZ_VERDICT_NONE ? v : sz_server_choose_suite(h, a, 0xFFFFu);
}

uint16_t sz_server_check_hello(const sz_client_hello *h, sz_server_hello_choice *a)
{
	uint16_t version = sz_version_negotiate(h->version, SZ_MIN_VERSION, SZ_MAX_VERSION);
	uint16_t limit = SZ_MAX_FRAGMENT;
	memset(a, 0, sizeof *a);
	if (version == 0)
		return SZ_PROTOCOL_VERSION;
	if ((h->suites & sz_suite_bit(SZ_TLS_FALLBACK_SCSV)) && version < SZ_MAX_VERSION)
		return SZ_INAPPROPRIATE_FALLBACK;
	if (h->flags & SZ_CH_RENEGOTIATED_CONNECTION)
		return SZ_HANDSHAKE_FAILURE; /* renegotiation_info not empty on an initial handshake */
	if ((h->flags & (SZ_CH_POINT_FORMATS | SZ_CH_UNCOMPRESSED | SZ_CH_GROUPS_OFFERED)) ==
	    (SZ_CH_POINT_FORMATS | SZ_CH_GROUPS_OFFERED))
		return SZ_ILLEGAL_PARAMETER; /* RFC 8422 §5.1.2: uncompressed MUST be supported */
	a->version = version;
	/* RFC 5746 §3.6: answer the extension or the SCSV with an empty renegotiation_info. */
	a->renegotiation_info = (h->flags & SZ_CH_RENEGOTIATION_INFO) ||
				(h->suites & sz_suite_bit(SZ_TLS_EMPTY_RENEGOTIATION_INFO_SCSV));
	a->extended_master_secret = (h->flags & SZ_CH_EXTENDED_MASTER_SECRET) && version != SZ_SSL30;
#if !defined(SZ_PROFILE_LEGACY_RSA)
	a->point_formats = (h->flags & SZ_CH_POINT_FORMATS) != 0; /* every suite of the build is ECC */
#endif
	if (h->record_size_limit != 0) { /* RFC 8449 §5: wins over max_fragment_length; answer with ours */
		limit = h->record_size_limit;
		a->record_size_limit = SZ_RECEIVE_LIMIT;
	} else if (h->max_fragment_length != 0) {
		limit = (uint16_t)(1u << (8 + h->max_fragment_length));
		a->max_fragment_length = h->max_fragment_length;
	}
	a->send_limit = limit < SZ_MAX_FRAGMENT ? limit : SZ_MAX_FRAGMENT;
	return SZ_VERDICT_NONE;
}

uint16_t sz_server_choose_suite(const sz_client_hello *h, sz_server_hello_choice *a, uint16_t allowed)
{
	uint8_t i;
	for (i = 0; i < SZ_SUITE_COUNT; i++) {
		uint16_t suite = (uint16_t)(KS_READ_BYTE((const uint8_t *)&server_suites[i]) |
					    KS_READ_BYTE((const uint8_t *)&server_suites[i] + 1) << 8);
		uint16_t bit = sz_suite_bit(suite);
		if ((allowed & bit) && (h->suites & bit) && suite_fits(h, a->version)) {
			a->suite = suite;
			return SZ_VERDICT_NONE;
		}
	}
	return SZ_HANDSHAKE_FAILURE; /* no cipher suite in common */
}
