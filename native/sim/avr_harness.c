/*
 * avr_harness: run an AVR firmware in libsimavr with exact cycle counts and a byte stream on
 * UART0 (DESIGN.md §4). The stock `simavr` command has neither UART input nor a cycle count.
 *
 *   avr_harness [-m MCU] [-f HZ] [-c MAX_CYCLES] [-i FILE | -p PORT | -L PORT] [-s HEX] [-r]
 *               [-P PROFILE] [-W LO-HI[,LO-HI...]] firmware.elf
 *
 * UART0 output goes to stdout (or to the TCP client with -p); UART1 output, the firmware's log
 * console, always goes to stdout. UART0 input comes from FILE or
 * from one loopback TCP client on PORT, paced by the UART's XON/XOFF notifications so that no
 * byte is dropped. While the CPU sleeps waiting for input, the harness blocks on the input
 * instead of letting simulated time run on, so a run fed the same bytes takes the same cycles.
 *
 * With -L the firmware is a server (native/sizzle/port/sz_port_avr.c): it serves TCP clients
 * on PORT one at a time over UART0 and drives the link itself through SIM_LINK (mote_sim.h):
 * it asks for the next client (the harness blocks in accept, no simulated time passing),
 * sees whether the client has closed and whether another one waits, and hangs up. While the
 * firmware polls SIM_LINK with nothing to read, the harness waits up to a millisecond for
 * input, so an idle server costs neither host CPU nor many simulated cycles; SIM_MS_LATCH
 * gives it the mote's milliseconds for its deadlines: its cycles at its clock plus the time it
 * waited for the link (a real mote counts them with a timer).
 * SIM_SEED hands out the seed of its random generator: the bytes of -s HEX in order (then
 * again from the first), else the host's entropy (getrandom). With -r the simulation is held
 * to the mote's clock (-f, 7.3728 MHz by default): never ahead of the wall clock, so a client
 * sees the handshake take as long as on a real Mica2.
 *
 * The firmware sees a small simulator-only device in the reserved extended I/O space (mote_sim.h
 * gives the addresses to firmware): a write to SIM_CYCLE_LATCH copies the exact cycle counter
 * (avr->cycle) into eight read-only bytes, SIM_CYCLE_0..7, least significant first; so the
 * firmware brackets each operation itself and reports exact cycle counts. A write to SIM_EXIT
 * sets the harness's exit status. The run ends when the firmware executes cli + sleep.
 *
 * With -P, the harness also counts cycles per instruction address and writes them to PROFILE
 * at every SIM_CYCLE_LATCH write, one block per interval ("block N", then "ADDRESS CYCLES"
 * lines); bench/ct_profile.py names the functions and shows where two intervals that should
 * take equal time (one scalar multiplication and another) differ. The last block is written
 * however the run ends (SIGTERM and SIGINT end it too), so a server's run can be profiled whole:
 * bench/ct_profile.py --whole sums it by function. With -W too, only the server's CPU cycles
 * (those -W does not count as link) are profiled, and a block is also written at each idle and
 * connection line: a block per flight, the figures mote_handshakes.py reports (ct_profile.py
 * --whole N --block I).
 *
 * With -W (a server, -L) the harness tells the server's own CPU cycles from the link's: the
 * byte-address ranges LO-HI (hex, HI exclusive) are the port's link code (sz_port_read,
 * _write, _log, _hangup, _pending, _accept: the firmware busy-waits there for the UARTs' byte
 * times and polls SIM_LINK while the client is silent; the harness itself never advances the
 * cycle counter while it blocks), and every cycle spent at an address inside them counts as
 * link, not CPU. It prints to stderr "avr_harness: idle cpu=C link=L" when the firmware,
 * having taken all its input, first polls the link with nothing to read (before the output is
 * flushed to the client), and "avr_harness: connection cpu=C link=L" at each hang-up; C and L
 * count from the accept. From an idle line until the client's next bytes (or its close) come,
 * every cycle counts as link wherever it is spent: the server loop turns once a poll period
 * while it waits, so a slow client (or a busy host) would otherwise add CPU.
 * ../bench/mote_bench.py reads them (the server's handshake cycles).
 *
 * Exit status: the value written to SIM_EXIT (0 if none), 2 if the core crashed, 3 if
 * MAX_CYCLES passed first, 4 on a usage or load error, 5 if the firmware sleeps waiting for
 * input after the input has ended.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_interrupts.h>
#include <sim_io.h>
#include <avr_uart.h>

#include "mote_sim.h"

static struct {
	uint64_t latched;      /* cycle count captured by the last SIM_CYCLE_LATCH write */
	int exit_code;         /* last value written to SIM_EXIT */
	int xon;               /* UART receive FIFO has room */
	int in_fd, out_fd;     /* input stream (-1 when none), output stream */
	int in_eof;
	uint8_t in_buf[4096];
	size_t in_pos, in_len;
	unsigned idle_polls;   /* pump calls since the last look at the input */
	int starved;           /* asleep, nothing to wake it, and the input has ended */
	uint8_t out_buf[4096];
	size_t out_len;
	uint64_t out_cycle;    /* when the UART gave its last byte */
	FILE *prof_file;       /* -P: cycles per flash word, written out at each latch */
	uint64_t *prof;
	unsigned prof_block;
	int listen_fd;         /* -L: the server's listening socket, else -1 */
	uint32_t ms_latched;   /* the mote's milliseconds captured by the last SIM_MS_LATCH write */
	uint64_t waited_us;    /* wall time spent blocked for the link (no cycles pass meanwhile) */
	struct timespec start;
	uint8_t seed[64];      /* -s: the fixed seed bytes */
	size_t seed_len, seed_pos;
	uint32_t wait_lo[16], wait_hi[16]; /* -W: the link code's address ranges */
	unsigned wait_n;
	int timing;                /* -W given: report cpu/link cycles per connection */
	uint64_t conn_cycle, link_cycles; /* at the accept; link cycles since it */
	int idle_said;             /* the idle line of this wait has been printed */
} h = { .in_fd = -1, .out_fd = 1, .listen_fd = -1 };

#define PROF_WORDS 65536 /* flash words of the largest AVR this harness runs (128 KB) */
/* UART0's output is written to the client once the UART has been quiet this long: about three
 * byte times at the link's 57,600 baud and 7.3728 MHz (1,280 cycles a byte). */
#define QUIET_CYCLES 4000

/* Set by SIGTERM or SIGINT: the run ends at the next step, its profile written. */
static volatile sig_atomic_t stop_requested;

static void request_stop(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static void profile_flush(void)
{
	fprintf(h.prof_file, "block %u\n", h.prof_block++);
	for (unsigned i = 0; i < PROF_WORDS; i++) {
		if (h.prof[i]) {
			fprintf(h.prof_file, "%x %llu\n", 2 * i, (unsigned long long)h.prof[i]);
			h.prof[i] = 0;
		}
	}
}

/* The run's last block, written once whatever ended it. */
static void end_profile(void)
{
	if (h.prof && h.prof_file) {
		profile_flush();
		fclose(h.prof_file);
		h.prof_file = NULL;
	}
}

static void flush_out(void)
{
	size_t off = 0;
	while (off < h.out_len) {
		ssize_t n = write(h.out_fd, h.out_buf + off, h.out_len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			/* The reader went away: drop the rest, the run itself goes on. When it is the
			 * link's client, the link is closed for the firmware too (as if it had read EOF). */
			if (h.out_fd == h.in_fd)
				h.in_eof = 1;
			break;
		}
		off += (size_t)n;
	}
	h.out_len = 0;
}

static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	h.out_buf[h.out_len++] = (uint8_t)value;
	h.out_cycle = ((avr_t *)param)->cycle;
	if (h.out_len == sizeof h.out_buf || value == '\n')
		flush_out();
}

/* UART1 is the firmware's log console (a Mica2's second UART): always the harness's stdout,
 * line by line, never the link's client. */
static void log_out(struct avr_irq_t *irq, uint32_t value, void *param)
{
	static char line[256];
	static size_t len;
	(void)irq; (void)param;
	line[len++] = (char)value;
	if (len == sizeof line || value == '\n') {
		fwrite(line, 1, len, stdout);
		fflush(stdout);
		len = 0;
	}
}

static void uart_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq; (void)value; (void)param;
	h.xon = 1;
}

static void uart_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq; (void)value; (void)param;
	h.xon = 0;
}

static void cycle_latch_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)addr; (void)v; (void)param;
	h.latched = avr->cycle;
	if (h.prof)
		profile_flush();
}

static uint8_t cycle_byte_read(avr_t *avr, avr_io_addr_t addr, void *param)
{
	(void)avr; (void)param;
	return (uint8_t)(h.latched >> (8 * (addr - SIM_CYCLE_0)));
}

static void exit_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)addr; (void)param;
	avr->data[addr] = v;
	h.exit_code = v;
}

/* The default sleep callback sleeps in real time; simulated time is all we want. */
static void no_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
	(void)avr; (void)how_long;
}

static int listen_on(int port)
{
	int one = 1, s = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a;
	if (s < 0)
		return -1;
	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(s, (struct sockaddr *)&a, sizeof a) < 0 || listen(s, 8) < 0) {
		close(s);
		return -1;
	}
	fprintf(stderr, "avr_harness: listening on 127.0.0.1:%d\n", port);
	return s;
}

static int accept_client(int s)
{
	int one = 1, c = accept(s, NULL, NULL);
	if (c >= 0) /* small devices write small records: never wait on delayed ACKs */
		setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return c;
}

static int listen_once(int port)
{
	int s = listen_on(port), c;
	if (s < 0)
		return -1;
	c = accept_client(s);
	close(s);
	return c;
}

/* The ATmega128's UART0 registers as data addresses: UCSR0A (RXC0, bit 7: a byte waits in
 * UDR0) and UCSR0B (RXEN0, bit 4: the receiver is on). */
#define UCSR0A_ADDR 0x2B
#define RXC0_BIT (1 << 7)
#define UCSR0B_ADDR 0x2A
#define RXEN0_BIT (1 << 4)

/* ---- -L: the link of a server firmware (SIM_LINK, SIM_SEED, SIM_MS_*) ---- */

/* -W: "idle" or "connection" with the CPU and link cycles since the accept. */
static void timing_line(avr_t *avr, const char *what)
{
	uint64_t all = avr->cycle - h.conn_cycle;
	fprintf(stderr, "avr_harness: %s cpu=%llu link=%llu\n", what,
	        (unsigned long long)(all - h.link_cycles), (unsigned long long)h.link_cycles);
	fflush(stderr);
	if (h.prof)
		profile_flush(); /* -P: this flight's block ends here */
}

static int in_wait_code(uint32_t pc)
{
	for (unsigned i = 0; i < h.wait_n; i++)
		if (pc >= h.wait_lo[i] && pc < h.wait_hi[i])
			return 1;
	return 0;
}

static int parse_wait(const char *s)
{
	while (*s) {
		char *end;
		if (h.wait_n == sizeof h.wait_lo / sizeof h.wait_lo[0])
			return -1;
		h.wait_lo[h.wait_n] = (uint32_t)strtoul(s, &end, 16);
		if (*end != '-')
			return -1;
		h.wait_hi[h.wait_n++] = (uint32_t)strtoul(end + 1, &end, 16);
		if (*end == ',')
			end++;
		else if (*end)
			return -1;
		s = end;
	}
	h.timing = 1;
	return 0;
}

static void client_reset(int fd)
{
	h.in_fd = fd;
	h.out_fd = fd;
	h.in_eof = 0;
	h.in_pos = h.in_len = 0;
}

static uint64_t now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

static int readable(int fd, int timeout_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	uint64_t t0 = timeout_ms ? now_us() : 0;
	int r = fd >= 0 && poll(&p, 1, timeout_ms) > 0;
	if (timeout_ms)
		h.waited_us += now_us() - t0;
	return r;
}

static uint8_t link_status(avr_t *avr, avr_io_addr_t addr, void *param)
{
	uint8_t st = 0;
	(void)addr; (void)param;
	if (h.timing && h.in_fd >= 0 && !h.idle_said && h.in_pos == h.in_len && !(avr->data[UCSR0A_ADDR] & RXC0_BIT)
	    && !avr->cycle_timers.timer && !readable(h.in_fd, 0)) {
		timing_line(avr, "idle"); /* before the output goes: a client that has it sees the line */
		h.idle_said = 1;
	}
	flush_out(); /* the firmware waits: what it wrote so far goes to the client now */
	if (h.in_fd >= 0) {
		/* Nothing left to hand over and nothing in the UART (RXC clear, no byte in flight on
		 * its receive timer): wait a little for more, so an idle firmware does not spin. */
		int drained = h.in_pos == h.in_len && !(avr->data[UCSR0A_ADDR] & RXC0_BIT) && !avr->cycle_timers.timer;
		if (drained && !h.in_eof && readable(h.in_fd, 1)) {
			ssize_t n = read(h.in_fd, h.in_buf, sizeof h.in_buf);
			if (n > 0) {
				h.in_pos = 0;
				h.in_len = (size_t)n;
				drained = 0;
				h.idle_said = 0;
			} else if (n == 0 || errno != EINTR) {
				h.in_eof = 1;
				h.idle_said = 0; /* the close is input too: what the firmware does on it is CPU */
			}
		}
		st |= SIM_LINK_OPEN;
		if (drained && h.in_eof)
			st |= SIM_LINK_CLOSED;
	}
	if (readable(h.listen_fd, 0))
		st |= SIM_LINK_PENDING;
	return st;
}

static void link_command(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)addr; (void)param;
	if (v == SIM_LINK_HANGUP && h.in_fd >= 0) {
		if (h.timing)
			timing_line(avr, "connection");
		flush_out();
		close(h.in_fd);
		client_reset(-1);
		h.out_fd = 1;
	} else if (v == SIM_LINK_ACCEPT && h.in_fd < 0 && h.listen_fd >= 0) {
		uint64_t t0 = now_us();
		flush_out();
		client_reset(accept_client(h.listen_fd)); /* -1 when a stop interrupted it */
		h.waited_us += now_us() - t0;
		h.conn_cycle = avr->cycle;
		h.link_cycles = 0;
		h.idle_said = 0;
	}
}

static uint8_t seed_byte(avr_t *avr, avr_io_addr_t addr, void *param)
{
	uint8_t b;
	(void)avr; (void)addr; (void)param;
	if (h.seed_len) {
		b = h.seed[h.seed_pos];
		h.seed_pos = (h.seed_pos + 1) % h.seed_len;
	} else if (getrandom(&b, 1, 0) != 1) {
		b = 0; /* cannot happen on Linux >= 3.17 once the pool is ready */
	}
	return b;
}

/* The mote's own clock: its cycles at its frequency, plus the wall time it spent waiting for
 * the link (while the harness blocks no cycles pass, where a real mote's timer would run on).
 * So a deadline measures what the mote would see, however fast or slow the simulation. */
static void ms_latch(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void)addr; (void)v; (void)param;
	h.ms_latched = (uint32_t)(avr->cycle * 1000u / avr->frequency + h.waited_us / 1000u);
}

static uint8_t ms_byte(avr_t *avr, avr_io_addr_t addr, void *param)
{
	(void)avr; (void)param;
	return (uint8_t)(h.ms_latched >> (8 * (addr - SIM_MS_0)));
}

static int parse_seed(const char *hex)
{
	size_t n = strlen(hex);
	if (n == 0 || n % 2 || n / 2 > sizeof h.seed)
		return -1;
	for (size_t i = 0; i < n / 2; i++) {
		unsigned v;
		if (sscanf(hex + 2 * i, "%2x", &v) != 1)
			return -1;
		h.seed[i] = (uint8_t)v;
	}
	h.seed_len = n / 2;
	return 0;
}


/* Hand the UART one byte if it has room and one is available. When the CPU sleeps with
 * nothing left to wake it (no cycle timer, e.g. the UART's own receive timer, and no pending
 * interrupt), it waits for input: block until the input has a byte or ends, so no simulated
 * time passes while the host is slow. While it runs, look at the input only now and then,
 * as a system call per instruction would slow the simulation down many times. */
static void pump_input(avr_t *avr, avr_irq_t *uart_in)
{
	if (!h.xon)
		return;
	if (h.in_fd < 0 && h.listen_fd >= 0)
		return; /* -L between clients: the firmware asks for the next one (SIM_LINK_ACCEPT) */
	/* simavr drops a byte raised while the receiver is off: a firmware whose start-up (its
	 * .data copied, its .bss cleared) outlasted the first input poll lost its first bytes.
	 * Hold the input until the firmware has turned the receiver on (RXEN0). */
	if (h.in_fd >= 0 && !(avr->data[UCSR0B_ADDR] & RXEN0_BIT))
		return;
	if (h.in_fd < 0) {
		h.starved = avr->state == cpu_Sleeping && !avr->cycle_timers.timer
		            && !avr_has_pending_interrupts(avr);
		return;
	}
	if (h.in_pos == h.in_len) {
		struct pollfd p;
		ssize_t n;
		int sleeping = avr->state == cpu_Sleeping && !avr->cycle_timers.timer
		               && !avr_has_pending_interrupts(avr);
		if (h.in_eof || (!sleeping && ++h.idle_polls < 1024)) {
			h.starved = sleeping && h.in_eof;
			return;
		}
		h.idle_polls = 0;
		p.fd = h.in_fd;
		p.events = POLLIN;
		if (poll(&p, 1, sleeping ? -1 : 0) <= 0)
			return;
		n = read(h.in_fd, h.in_buf, sizeof h.in_buf);
		if (n <= 0) {
			if (n == 0 || errno != EINTR) {
				h.in_eof = 1;
				h.idle_said = 0;
			}
			return;
		}
		h.in_pos = 0;
		h.in_len = (size_t)n;
		h.idle_said = 0; /* -W: new input, so the next wait is a new idle */
	}
	avr_raise_irq(uart_in, h.in_buf[h.in_pos++]);
}

/* libsimavr prints notes ("Loaded ...") on stdout, which carries the firmware's output: while
 * it loads, stdout goes to stderr. */
static int stdout_to_stderr(void)
{
	int saved;
	fflush(stdout);
	saved = dup(1);
	dup2(2, 1);
	return saved;
}

static void stdout_restore(int saved)
{
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
}

/* -r: sleep while the simulated time (cycles at the mote's clock) is ahead of the wall clock.
 * Time the harness spent blocked (waiting for a client or its bytes, no cycles passing) is not
 * made up afterwards at full speed: the simulated clock is behind then, and the wall clock's
 * origin moves with it. */
static void pace(avr_t *avr)
{
	static double origin; /* wall-clock seconds at simulated time 0 */
	struct timespec t;
	double wall, sim = (double)avr->cycle / avr->frequency;
	clock_gettime(CLOCK_MONOTONIC, &t);
	wall = (double)t.tv_sec + t.tv_nsec / 1e9;
	if (origin == 0 || sim - (wall - origin) < -0.05)
		origin = wall - sim;
	if (sim - (wall - origin) > 0.002)
		usleep((useconds_t)((sim - (wall - origin)) * 1e6));
}

static int usage(void)
{
	fprintf(stderr, "usage: avr_harness [-m MCU] [-f HZ] [-c MAX_CYCLES] [-i FILE | -p PORT | -L PORT] [-s HEX] [-r] [-P PROFILE] [-W LO-HI,...] firmware.elf\n");
	return 4;
}

int main(int argc, char **argv)
{
	const char *mcu = "atmega128", *in_file = NULL;
	unsigned long freq = 7372800; /* the Mica2's clock */
	unsigned long long max_cycles = 0;
	int port = 0, serve = 0, realtime = 0, opt, state, saved, bad;
	unsigned paced = 0;
	const char *prof_path = NULL;
	uint32_t flags = 0;
	elf_firmware_t fw;
	avr_t *avr;
	avr_irq_t *uart_in;

	while ((opt = getopt(argc, argv, "m:f:c:i:p:L:s:rP:W:")) != -1) {
		switch (opt) {
		case 'm': mcu = optarg; break;
		case 'f': freq = strtoul(optarg, NULL, 0); break;
		case 'c': max_cycles = strtoull(optarg, NULL, 0); break;
		case 'i': in_file = optarg; break;
		case 'p': port = atoi(optarg); break;
		case 'L': port = atoi(optarg); serve = 1; break;
		case 'r': realtime = 1; break;
		case 's':
			if (parse_seed(optarg) < 0) {
				fprintf(stderr, "avr_harness: -s wants 1 to %zu bytes in hex\n", sizeof h.seed);
				return 4;
			}
			break;
		case 'P': prof_path = optarg; break;
		case 'W':
			if (parse_wait(optarg) < 0) {
				fprintf(stderr, "avr_harness: -W wants hex ranges LO-HI[,LO-HI...] (at most 16)\n");
				return 4;
			}
			break;
		default: return usage();
		}
	}
	if (optind != argc - 1 || (in_file && port))
		return usage();
	/* A client that left (a reset, or a close while the firmware still writes to it): its
	 * writes fail with EPIPE, which flush_out drops, instead of SIGPIPE ending the harness
	 * and with it the next client's connection (link_test.py). */
	signal(SIGPIPE, SIG_IGN);
	/* No SA_RESTART: a firmware waiting in SIM_LINK_ACCEPT blocks the harness in accept(),
	 * which must return for the run to end (and a profile to be written) when stopped. */
	struct sigaction stop_action = { .sa_handler = request_stop };
	sigemptyset(&stop_action.sa_mask);
	sigaction(SIGTERM, &stop_action, NULL);
	sigaction(SIGINT, &stop_action, NULL);

	memset(&fw, 0, sizeof fw);
	saved = stdout_to_stderr();
	bad = elf_read_firmware(argv[optind], &fw) != 0;
	stdout_restore(saved);
	if (bad) {
		fprintf(stderr, "avr_harness: cannot read firmware %s\n", argv[optind]);
		return 4;
	}
	avr = avr_make_mcu_by_name(mcu);
	if (!avr) {
		fprintf(stderr, "avr_harness: unknown MCU %s\n", mcu);
		return 4;
	}
	avr_init(avr);
	avr->frequency = (uint32_t)freq;
	avr->sleep = no_sleep;
	avr->log = LOG_ERROR;
	saved = stdout_to_stderr();
	avr_load_firmware(avr, &fw);
	stdout_restore(saved);

	if (prof_path) {
		h.prof_file = fopen(prof_path, "w");
		h.prof = calloc(PROF_WORDS, sizeof *h.prof);
		if (!h.prof_file || !h.prof) {
			fprintf(stderr, "avr_harness: cannot write profile %s: %s\n", prof_path, strerror(errno));
			return 4;
		}
	}
	if (in_file) {
		h.in_fd = open(in_file, O_RDONLY);
		if (h.in_fd < 0) {
			fprintf(stderr, "avr_harness: cannot open input %s: %s\n", in_file, strerror(errno));
			return 4;
		}
	} else if (serve) {
		h.listen_fd = listen_on(port);
		if (h.listen_fd < 0) {
			fprintf(stderr, "avr_harness: cannot serve port %d: %s\n", port, strerror(errno));
			return 4;
		}
	} else if (port) {
		h.in_fd = listen_once(port);
		if (h.in_fd < 0) {
			fprintf(stderr, "avr_harness: cannot serve port %d: %s\n", port, strerror(errno));
			return 4;
		}
		h.out_fd = h.in_fd;
	}

	/* Plain byte pipe: no real-time sleeping while polling, no line printing of its own. */
	avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
	flags &= ~(uint32_t)(AVR_UART_FLAG_POLL_SLEEP | AVR_UART_FLAG_STDIO);
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), uart_out, avr);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), uart_xon, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), uart_xoff, NULL);
	h.xon = 1;
	avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('1'), &flags);
	flags &= ~(uint32_t)(AVR_UART_FLAG_POLL_SLEEP | AVR_UART_FLAG_STDIO);
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('1'), &flags);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('1'), UART_IRQ_OUTPUT), log_out, NULL);

	avr_register_io_write(avr, SIM_CYCLE_LATCH, cycle_latch_write, NULL);
	for (int i = 0; i < 8; i++)
		avr_register_io_read(avr, (avr_io_addr_t)(SIM_CYCLE_0 + i), cycle_byte_read, NULL);
	avr_register_io_write(avr, SIM_EXIT, exit_write, NULL);
	clock_gettime(CLOCK_MONOTONIC, &h.start);
	avr_register_io_read(avr, SIM_LINK, link_status, NULL);
	avr_register_io_write(avr, SIM_LINK, link_command, NULL);
	avr_register_io_read(avr, SIM_SEED, seed_byte, NULL);
	avr_register_io_write(avr, SIM_MS_LATCH, ms_latch, NULL);
	for (int i = 0; i < 3; i++)
		avr_register_io_read(avr, (avr_io_addr_t)(SIM_MS_0 + i), ms_byte, NULL);

	for (;;) {
		if (h.prof || h.timing) {   /* -P and -W together: one step, both bookkeepings */
			uint32_t pc = avr->pc;
			avr_cycle_count_t before = avr->cycle;
			int link;
			state = avr_run(avr);
			/* After the idle line the firmware has taken all its input and answered it:
			 * until the client's next bytes come, its turns of the server loop (a poll
			 * period's return, the deadlines looked at) are waiting, and how many there are
			 * depends on how long the client takes, so they count as link too. */
			link = h.timing && (in_wait_code(pc) || h.idle_said);
			if (link)
				h.link_cycles += avr->cycle - before;
			else if (h.prof)   /* with -W, the CPU's cycles only */
				h.prof[(pc >> 1) % PROF_WORDS] += avr->cycle - before;
		} else {
			state = avr_run(avr);
		}
		if (state == cpu_Done || state == cpu_Crashed || stop_requested)
			break;
		/* The link's bytes go when the UART falls quiet (a frame written whole), not only when
		 * the firmware next polls the link: a mote that then computes for seconds (a P-256
		 * handshake) must not hold back the ACK it wrote before it. */
		if (h.out_len && avr->cycle - h.out_cycle > QUIET_CYCLES)
			flush_out();
		pump_input(avr, uart_in);
		if (realtime && ++paced == 4096) {
			paced = 0;
			pace(avr);
		}
		if (h.starved) {
			flush_out();
			end_profile();
			fprintf(stderr, "avr_harness: firmware asleep waiting for input that has ended (pc 0x%x)\n", avr->pc);
			return 5;
		}
		if (max_cycles && avr->cycle > max_cycles) {
			flush_out();
			end_profile();
			fprintf(stderr, "avr_harness: no end after %llu cycles (pc 0x%x)\n",
			        (unsigned long long)avr->cycle, avr->pc);
			return 3;
		}
	}
	flush_out();
	end_profile();
	if (state == cpu_Crashed) {
		fprintf(stderr, "avr_harness: core crashed at pc 0x%x after %llu cycles\n",
		        avr->pc, (unsigned long long)avr->cycle);
		return 2;
	}
	return h.exit_code;
}
