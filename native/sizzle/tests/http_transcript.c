/*
 * Reads the stored HTTP transcripts (http_transcript.h).
 */
#include "http_transcript.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hex(const char *s, uint8_t **buf, size_t *len)
{
	size_t n = strlen(s), i;
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	if (n % 2)
		return -1;
	*buf = realloc(*buf, *len + n / 2 + 1);
	for (i = 0; i < n; i += 2) {
		unsigned v;
		if (sscanf(s + i, "%2x", &v) != 1)
			return -1;
		(*buf)[(*len)++] = (uint8_t)v;
	}
	return 0;
}

int ht_read(const char *path, struct ht_transcript *t)
{
	FILE *f = fopen(path, "r");
	static char line[1 << 16];
	struct ht_connection *c = NULL;
	memset(t, 0, sizeof(*t));
	if (!f) {
		printf("cannot open %s\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "# sizzle http transcript v1: ", 29)) {
			snprintf(t->name, sizeof(t->name), "%.100s", line + 29);
			t->name[strcspn(t->name, "\n")] = 0;
		} else if (line[0] == '#') {
			continue;
		} else if (!strncmp(line, "device ", 7)) {
			char pw[200];
			uint8_t *bytes = NULL;
			size_t n = 0;
			if (sscanf(line, "device %63s %63s password %199s clients %d chunk %d", t->device, t->kind, pw,
				   &t->clients, &t->chunk) != 5 || hex(pw, &bytes, &n) || n < 1 || n > 32)
				goto bad;
			memcpy(t->password, bytes, n);
			t->password[32] = (uint8_t)n;
			free(bytes);
		} else if (!strncmp(line, "connection ", 11)) {
			char end[16];
			long long time;
			t->conns = realloc(t->conns, (t->nconns + 1) * sizeof(*t->conns));
			c = &t->conns[t->nconns++];
			memset(c, 0, sizeof(*c));
			if (sscanf(line, "connection %*d peer %63s time %lld temperature %d end %15s consumed %zu", c->peer,
				   &time, &c->temperature, end, &c->consumed) != 5)
				goto bad;
			c->time = time;
			c->timeout = !strcmp(end, "timeout");
		} else if (c && !strncmp(line, "C ", 2)) {
			if (hex(line + 2, &c->input, &c->input_len))
				goto bad;
		} else if (c && !strncmp(line, "S ", 2)) {
			size_t before = c->output_len;
			if (hex(line + 2, &c->output, &c->output_len))
				goto bad;
			c->writes = realloc(c->writes, (c->nwrites + 1) * sizeof(*c->writes));
			c->writes[c->nwrites++] = c->output_len - before;
		} else {
			goto bad;
		}
	}
	fclose(f);
	return t->chunk > 0 && t->clients > 0 ? 0 : -1;
bad:
	printf("%s: bad line: %s", path, line);
	fclose(f);
	return -1;
}

void ht_free(struct ht_transcript *t)
{
	size_t i;
	for (i = 0; i < t->nconns; i++) {
		free(t->conns[i].input);
		free(t->conns[i].output);
		free(t->conns[i].writes);
	}
	free(t->conns);
}
