/* What the link's host tests share (test_link.c, test_template.c): the pass/fail count their
 * last line prints ("N passed, N failed") and the vectors files' hex fields. Static: each test
 * program includes it from its one C file. */
#ifndef HOST_TEST_H
#define HOST_TEST_H
#include <stdint.h>
#include <stdio.h>

static int passed, failed;

static void check(int ok, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s\n", what);
	}
}

/* The hex field at s (up to a space, a newline or the end) into b; its length, or -1 if it is
 * not hex or longer than room. */
static int hex(const char *s, uint8_t *b, int room)
{
	int n = 0;
	unsigned v;
	while (s[0] && s[0] != ' ' && s[0] != '\n') {
		if (n == room || sscanf(s, "%2x", &v) != 1)
			return -1;
		b[n++] = (uint8_t)v;
		s += 2;
	}
	return n;
}

#endif
