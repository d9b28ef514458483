/*
 * The C server against the stored transcripts (kssl-client/src/test/resources/transcripts/, the .txt files;
 * format in their README): each file the build's profile serves is replayed in-process, the
 * server seeded as the transcript says (HMAC_DRBG on "kssl transcript server", one session
 * cache for its connections), the client's records fed whole and in pushes of 1, 7 and 64
 * bytes, and every server byte compared: the first difference fails and says which file,
 * connection, record and offset. Then the rows of kssl-client/STATES.md, each checking the
 * alert bytes the server sends (tests/sz_states.c).
 *
 * Mirrors kssl-client/src/test/java/kssl/tls/TranscriptTest.java (the server side of its replay).
 */
#include "sz_replay.h"

int sz_states_run(const char *transcript_dir);
extern int sz_states_failed;
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


int main(int argc, char **argv)
{
	static const uint16_t splits[] = {0, 1, 7, 64};
	int i, passed = 0, failed = 0, files = 0;
	static char dir[512];
	static uint8_t rx[SZ_REPLAY_RX], tx[SZ_REPLAY_TX];
	for (i = 1; i < argc; i++) {
		sz_transcript t;
		size_t s;
		const char *slash = strrchr(argv[i], '/');
		if (!dir[0] && slash && (size_t)(slash - argv[i]) < sizeof dir)
			memcpy(dir, argv[i], (size_t)(slash - argv[i]));
		if (sz_transcript_load(argv[i], &t) != 0) {
			printf("FAIL %s: cannot read\n", argv[i]);
			failed++;
			continue;
		}
		if (!sz_transcript_served(&t)) {
			sz_transcript_free(&t);
			continue;
		}
		files++;
		for (s = 0; s < sizeof splits / sizeof splits[0]; s++) {
			char why[256];
			if (sz_replay(&t, splits[s], rx, sizeof rx, tx, sizeof tx, why, sizeof why) == 0) {
				passed++;
			} else {
				failed++;
				printf("FAIL %s (pushes of %s%u): %s\n", t.name, splits[s] ? "" : "whole records, ",
				       (unsigned)splits[s], why);
			}
		}
		/* one buffer both ways: the host's size; the mote's size where the client asked for
		 * small records (the server's records the same: the send limit fits the buffer); and,
		 * where records longer than the buffer stream out, the ATmega128 transcript image's
		 * buffer (SZ_REPLAY_MOTE_LIMIT), whose 1,500-byte responses go out as the Java's one
		 * record each, declared and sealed as they stream */
		for (s = 0; s < 3; s++) {
			char why[256];
			uint16_t cap = s == 0 ? (uint16_t)sizeof rx
			             : (uint16_t)SZ_WRITER_BUFFER(s == 1 ? t.client_limit : SZ_REPLAY_MOTE_LIMIT);
			if (s == 1 && (t.client_limit == 0 || t.client_limit >= 1024))
				continue;
			if (s == 2 && !SZ_STREAM_OUT)
				continue;
			if (sz_replay(&t, 7, rx, cap, rx, cap, why, sizeof why) == 0) {
				passed++;
			} else {
				failed++;
				printf("FAIL %s (one shared buffer of %u bytes): %s\n", t.name, (unsigned)cap, why);
			}
		}
#if !SZ_LEGACY
		/* each hello given as its digest first (LINK.md §15.2): the same bytes out */
		for (s = 0; s < 2; s++) {
			char why[256];
			sz_replay_digest_hello = 1;
			if (sz_replay(&t, splits[s], rx, sizeof rx, tx, sizeof tx, why, sizeof why) == 0) {
				passed++;
			} else {
				failed++;
				printf("FAIL %s (each hello as its digest, pushes of %u): %s\n", t.name, (unsigned)splits[s], why);
			}
			sz_replay_digest_hello = 0;
		}
		switch (sz_replay_late_digest(&t, rx, sizeof rx, tx, sizeof tx)) {
		case -1:
			failed++;
			printf("FAIL %s: a digest after the hello's first record taken\n", t.name);
			break;
		case 0:
			passed++;
			break;
		default: /* no whole hello to cut: nothing checked, nothing counted */
			break;
		}
#endif
		printf("%s: replayed whole and in pushes of 1, 7, 64 bytes, in a shared buffer%s\n", t.name,
		       SZ_LEGACY ? "" : ", each hello as its digest");
		sz_transcript_free(&t);
	}
	printf("transcripts: %d files served by %s\n", files, SZ_PROFILE_NAME);
	if (dir[0]) {
		passed += sz_states_run(dir);
		failed += sz_states_failed;
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
