/* The C device end as a host program for the Java interop tests: sz_link_line.h's protocol
 * on stdin/stdout, one reply per command line, flushed at once (the Java side waits for it). */
#include <stdio.h>
#include <string.h>
#include "sz_link_line.h"

static char line[2 * 30462 + 64], reply[4 * 30462 + 4096];

int main(void)
{
	size_t n;
	while (fgets(line, sizeof line, stdin)) {
		n = strlen(line);
		if (n && line[n - 1] == '\n')
			line[n - 1] = 0;
		sz_link_line(line, reply, sizeof reply);
		fputs(reply, stdout);
		fflush(stdout);
	}
	return 0;
}
