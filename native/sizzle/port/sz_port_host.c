/*
 * sz_port.h on the host (the fast build, for interop, sanitizers and fuzzing): a loopback TCP
 * server on the port named by the environment variable SZ_PORT, one client at a time, as the
 * motes serve them; the seed from SZ_SEED (hex bytes, in order and again, for tests) or the
 * system's entropy (getrandom). POSIX; the motes' builds never see this file.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "sz_port.h"

static int listener = -1, client = -1;
static int closed;                 /* the client has closed its side (it may still read) */
static int gone;                   /* a write failed: the client has gone altogether */
static uint8_t seed[64];
static size_t seed_len, seed_pos;
static struct timespec start;

static int parse_seed(const char *hex)
{
	size_t n = strlen(hex);
	if (n == 0 || n % 2 || n / 2 > sizeof seed)
		return -1;
	for (size_t i = 0; i < n / 2; i++) {
		unsigned v;
		if (sscanf(hex + 2 * i, "%2x", &v) != 1)
			return -1;
		seed[i] = (uint8_t)v;
	}
	seed_len = n / 2;
	return 0;
}

int sz_port_init(void)
{
	const char *port = getenv("SZ_PORT"), *hex = getenv("SZ_SEED");
	struct sockaddr_in a;
	int one = 1;
	if (!port || atoi(port) <= 0 || atoi(port) > 65535) {
		fprintf(stderr, "sizzle: set SZ_PORT to the TCP port to serve\n");
		return -1;
	}
	if (hex && parse_seed(hex) < 0) {
		fprintf(stderr, "sizzle: SZ_SEED wants 1 to %zu bytes in hex\n", sizeof seed);
		return -1;
	}
	signal(SIGPIPE, SIG_IGN); /* a client that left is seen at the next read */
	listener = socket(AF_INET, SOCK_STREAM, 0);
	if (listener < 0)
		return -1;
	setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)atoi(port));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(listener, (struct sockaddr *)&a, sizeof a) < 0 || listen(listener, 8) < 0) {
		fprintf(stderr, "sizzle: cannot serve 127.0.0.1:%s: %s\n", port, strerror(errno));
		close(listener);
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &start);
	return 0;
}

void sz_port_accept(void)
{
	int one = 1;
	while (client < 0) {
		client = accept(listener, NULL, NULL);
		if (client < 0 && errno != EINTR && errno != ECONNABORTED) {
			perror("sizzle: accept");
			exit(1);
		}
	}
	setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	closed = gone = 0;
}

int16_t sz_port_read(uint8_t *buf, uint16_t max, uint16_t timeout_ms)
{
	struct pollfd p = { .fd = client, .events = POLLIN };
	ssize_t n;
	if (client < 0 || closed)
		return SZ_PORT_CLOSED;
	if (poll(&p, 1, timeout_ms) <= 0)
		return SZ_PORT_TIMEOUT;
	n = read(client, buf, max > 0x7FFF ? 0x7FFF : max);
	if (n > 0)
		return (int16_t)n;
	if (n < 0 && errno == EINTR)
		return SZ_PORT_TIMEOUT;
	closed = 1;
	return SZ_PORT_CLOSED;
}

void sz_port_write(const uint8_t *buf, uint16_t n)
{
	/* A client that closed its side may still read (a half-close): the server's answer to
	 * the end of its stream (an alert, close_notify) is sent. */
	while (n && client >= 0 && !gone) {
		ssize_t k = send(client, buf, n, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			gone = closed = 1; /* the next read says so */
			return;
		}
		buf += k;
		n -= (uint16_t)k;
	}
}

uint8_t sz_port_pending(void)
{
	struct pollfd p = { .fd = listener, .events = POLLIN };
	return poll(&p, 1, 0) > 0;
}

void sz_port_hangup(void)
{
	uint8_t drain[512];
	struct pollfd p = { .fd = client, .events = POLLIN };
	uint32_t since;
	if (client < 0)
		return;
	/* Closing with unread input would send a reset, which can destroy what was sent last
	 * (a response, a close_notify): send FIN, then read what is left for a moment. */
	since = sz_port_millis();
	shutdown(client, SHUT_WR);
	while (!closed && sz_port_elapsed(since) < 200 && poll(&p, 1, 50) > 0 && read(client, drain, sizeof drain) > 0)
		;
	close(client);
	client = -1;
}

uint32_t sz_port_millis(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint32_t)((t.tv_sec - start.tv_sec) * 1000 + (t.tv_nsec - start.tv_nsec) / 1000000) & 0xFFFFFFUL;
}

void sz_port_seed(uint8_t *out, uint16_t n)
{
	if (seed_len) {
		while (n--) {
			*out++ = seed[seed_pos];
			seed_pos = (seed_pos + 1) % seed_len;
		}
		return;
	}
	while (n) {
		ssize_t k = getrandom(out, n, 0);
		if (k > 0) {
			out += k;
			n -= (uint16_t)k;
		} else if (errno != EINTR) {
			perror("sizzle: getrandom");
			exit(1);
		}
	}
}

void sz_port_log(const char *s, uint16_t n)
{
	fwrite(s, 1, n, stderr);
}

int sz_port_ram(uint16_t *static_bytes, uint16_t *stack_bytes)
{
	(void)static_bytes;
	(void)stack_bytes;
	return 0; /* a process's memory is not the device's */
}
