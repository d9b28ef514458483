/*
 * The stored HTTP transcripts (sizzle-server/src/test/resources/http-transcripts/, format in
 * its README) read into memory, and one replay of a transcript against the C HTTP layer and
 * thermostat application, for the host test (test_http.c).
 */
#ifndef HTTP_TRANSCRIPT_H
#define HTTP_TRANSCRIPT_H

#include <stddef.h>
#include <stdint.h>

struct ht_connection {
	char peer[64];
	int64_t time;
	int temperature;
	int timeout;     /* the input ends with a timeout, not the peer's close */
	size_t consumed; /* bytes the Java server read */
	uint8_t *input;
	size_t input_len;
	uint8_t *output; /* every write, concatenated */
	size_t output_len;
	size_t *writes;  /* each write's length */
	size_t nwrites;
};

struct ht_transcript {
	char name[128];
	char device[64], kind[64];
	uint8_t password[33]; /* zero-padded, then the length: the gate's secret block */
	int clients, chunk;
	struct ht_connection *conns;
	size_t nconns;
};

/* Reads a file; 0 on success, else prints why. */
int ht_read(const char *path, struct ht_transcript *t);
void ht_free(struct ht_transcript *t);

#endif
