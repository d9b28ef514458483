#!/usr/bin/env python3
"""Run an MSP430 firmware in mspdebug's simulator and serve its mailbox (msp430/mailbox.h).

    mspsim_run.py [--timeout SECONDS] [--input FILE | --port N | --serve N [--seed HEX] [--timing]]
                  [--realtime[=HZ]] [--stack] firmware.elf

mspdebug (0.22) runs the firmware with the hardware multiplier and the tracer (its MCLK count
is the cycle counter) behind its GDB stub; this bridge speaks GDB's remote protocol to it. One
write watchpoint on the mailbox doorbell halts the CPU whenever the firmware rings it; the
bridge then serves the command (write the cycle count, print the console bytes, hand over
input bytes, or end the run) and continues. Input comes from FILE or from one loopback TCP
client on port N (which then also gets the output); the bridge gives the firmware exactly
what is there, up to what it asked for, and blocks while the CPU is halted, so a run fed the
same bytes in the same pieces takes the same cycles. Halts cost no simulated cycles, so the counts are exact; the stop replies carry
no timing. Note: mspdebug 0.22 over-counts instructions with constant-generator operands
(#1, #2, #4, #8, #-1), so its cycle counts read ~10% high (DESIGN.md §4).

With --serve N the firmware is a server (sizzle/port/sz_port_msp430.c): TCP clients on port
N one at a time, accepted and hung up on as it asks; it reads with a time limit (the bridge
waits on the socket while the CPU is halted; the read first sends the writes held so far, and
brings back the clock), asks whether the client has closed or another
waits, reads its own milliseconds for its deadlines (its cycles at 8 MHz plus the time it waited
for the link), and gets its random seed (--seed
HEX: those bytes, in order and again; else the host's entropy). With --timing it prints to stderr
"mspsim_run: idle cpu=C link=L" when the firmware asks for input and none is there yet, and
"mspsim_run: connection cpu=C link=L" at each hang-up: MCLK cycles since the accept (the bridge
halts the CPU while it waits, so no cycles pass then), L of them between an idle line and the
client's next bytes (or its close): the server loop turns once a poll period while it waits,
so a slow client (or a busy host) would otherwise add CPU. ../bench/mote_bench.py reads them.

--realtime: the firmware's clock is the wall clock and its CPU runs no faster than HZ (8 MHz),
paced at its stops (Pacer). MSPSIM_STATS=FILE: what each kind of stop costs in wall time (Stats).

Firmware output goes to stdout (or the client); the log console (LOG) always to stdout; the exit status is the firmware's (2: no mailbox symbol or
mspdebug failed, 3: timeout).

--stack: the RAM from __bss_end to 64 bytes below __stack_top is painted before the firmware
starts (nothing there is cleared by the startup code); after each log line the bridge reads it
back and prints `stack peak=N` to stderr: the bytes from the first one changed to the top, the
top 64 counted as used (a measure from outside the firmware, for its RAM budget).
"""
import argparse
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time

CYCLES, TX, EXIT, RX = 1, 2, 3, 4   # doorbell commands, as in mailbox.h
RX_WAIT, LINK, ACCEPT, HANGUP, MILLIS, SEED, LOG = 5, 6, 7, 8, 9, 10, 11
LINK_OPEN, LINK_CLOSED, LINK_PENDING = 1, 2, 4
HEADER = 10                         # doorbell, status, cycles (4), tx_len; then tx[]
TX_SIZE = RX_SIZE = 128
RX_WANT = HEADER + TX_SIZE          # rx_want, rx_len, then rx[]
RX_DATA = RX_WANT + 4
LINK_WORD = RX_DATA + RX_SIZE       # link, wait_ms, ms (4)
QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux only


def symbol_address(elf, name):
    out = subprocess.run(["llvm-nm-16", "-P", elf], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 3 and f[0] == name:
            return int(f[2], 16)
    return None


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Gdb:
    """The few GDB remote-protocol exchanges the bridge needs."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = b""

    def _byte(self):
        while not self.buf:
            # mspdebug's stub sends its '+' and its reply as two small segments, and Nagle
            # holds the reply until the '+' is acknowledged: with our delayed ACK that is a
            # 40 ms stall per exchange (45 ms measured, 0.05 ms with this). Quick ACKs are
            # not sticky in Linux, so ask again before every wait.
            if QUICKACK is not None:
                self.sock.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("mspdebug closed the connection")
            self.buf = chunk
        b, self.buf = self.buf[:1], self.buf[1:]
        return b

    def send(self, data):
        pkt = b"$" + data + b"#" + b"%02x" % (sum(data) & 0xFF)
        self.sock.sendall(pkt)

    def recv(self):
        """One reply packet; acknowledged at once (the stub waits for our '+')."""
        while self._byte() != b"$":
            pass
        data = bytearray()
        while True:
            b = self._byte()
            if b == b"#":
                break
            data += b
        self._byte(), self._byte()  # checksum: TCP already guards the bytes
        self.sock.sendall(b"+")
        return bytes(data)

    def ask(self, data):
        STATS.asks += 1
        self.send(data)
        return self.recv()

    def read(self, addr, n):
        reply = self.ask(b"m%x,%x" % (addr, n))
        if reply.startswith(b"E"):
            raise RuntimeError("read of 0x%x failed: %r" % (addr, reply))
        return bytes.fromhex(reply.decode())

    def write(self, addr, data):
        reply = self.ask(b"M%x,%x:%s" % (addr, len(data), data.hex().encode()))
        if reply != b"OK":
            raise RuntimeError("write to 0x%x failed: %r" % (addr, reply))

    def monitor(self, command):
        """An mspdebug command through qRcmd. mspdebug 0.22 answers with the command's output
        hex-encoded in one final packet (other stubs send 'O' packets, then OK)."""
        STATS.asks += 1
        self.send(b"qRcmd," + command.encode().hex().encode())
        text = b""
        while True:
            reply = self.recv()
            if reply == b"OK" or reply.startswith(b"E"):
                break
            if reply.startswith(b"O"):
                text += bytes.fromhex(reply[1:].decode())
                continue
            text += bytes.fromhex(reply.decode())
            break
        return text.decode(errors="replace")


def mclk(gdb):
    text = gdb.monitor("simio info tr")
    m = re.search(r"MCLK:\s+(\d+)", text)
    if not m:
        raise RuntimeError("no MCLK count in the tracer's report: %r" % text)
    return int(m.group(1))


def connect(port, proc, deadline):
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("mspdebug exited early")
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=1)
            s.settimeout(None)
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return s
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("mspdebug's GDB stub did not come up")


class Server:
    """--serve: TCP clients one at a time, as the firmware asks for them (sizzle/port/
    sz_port_msp430.c). No simulated time passes while the bridge waits."""

    def __init__(self, port, seed=None):
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(8)
        print("mspsim_run: listening on 127.0.0.1:%d" % port, file=sys.stderr)
        self.sock = None
        self.eof = False
        self.seed = seed
        self.seed_pos = 0
        self.waited = 0.0  # seconds blocked for the link, when no cycles pass
        self.timing = False  # --timing: the cycles per connection on stderr
        self.accepted_at = 0  # MCLK at the accept
        self.idle_said = False
        self.idle_at = 0  # MCLK at the idle line
        self.link_cycles = 0  # since the accept: the turns between an idle line and the next input
        self.pacer = None  # --realtime: the clock is the wall clock's (Pacer)

    def ready(self):
        """Bytes (or the end) wait on the client's socket now."""
        return self.sock is not None and (self.eof or bool(select.select([self.sock], [], [], 0)[0]))

    def timing_line(self, what, cycles):
        link = self.link_cycles + (cycles - self.idle_at if self.idle_said else 0)
        print("mspsim_run: %s cpu=%d link=%d" % (what, cycles - self.accepted_at - link, link), file=sys.stderr,
              flush=True)

    def input_came(self, cycles):
        """The client's bytes (or its close) after an idle line: the wait since it was link."""
        if self.idle_said:
            self.link_cycles += cycles - self.idle_at
            self.idle_said = False

    def accept(self):
        if self.sock is None:
            t0 = time.monotonic()
            self.sock, _ = self.listener.accept()
            self.waited += time.monotonic() - t0
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.eof = False

    def hangup(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def read(self, n, wait_s=None):
        if self.sock is None or self.eof:
            return b""
        t0 = time.monotonic()
        ready = wait_s is None or select.select([self.sock], [], [], wait_s)[0]
        self.waited += time.monotonic() - t0
        if not ready:
            return b""
        try:
            data = self.sock.recv(n)
        except OSError:
            data = b""
        if not data:
            self.eof = True
        return data

    def link(self):
        bits = 0
        if self.sock is not None:
            bits |= LINK_OPEN | (LINK_CLOSED if self.eof else 0)
        if select.select([self.listener], [], [], 0)[0]:
            bits |= LINK_PENDING
        return bits

    def write(self, data):
        if self.sock is not None:
            try:
                self.sock.sendall(data)
            except OSError:
                self.eof = True

    def seed_bytes(self, n):
        if not self.seed:
            return os.urandom(n)
        out = bytes(self.seed[(self.seed_pos + i) % len(self.seed)] for i in range(n))
        self.seed_pos = (self.seed_pos + n) % len(self.seed)
        return out

    def millis(self, cycles):
        """The mote's clock: its cycles at 8 MHz plus the time it waited for the link (while the
        bridge blocks no cycles pass, where a real mote's timer would run on), so a deadline
        measures what the mote would see however slow the simulation. With --realtime, the
        wall clock's (Pacer)."""
        if self.pacer:
            return self.pacer.millis()
        return int(cycles / 8000 + self.waited * 1000) & 0xFFFFFFFF

    def close(self):
        self.hangup()
        self.listener.close()


class Stream:
    """The firmware's byte stream: output to stdout or the TCP client, input from a file or
    the TCP client (none: the input has ended at once)."""

    def __init__(self, input_path=None, port=None):
        self.inp = self.sock = None
        self.out = sys.stdout.buffer
        if input_path:
            self.inp = open(input_path, "rb")
        elif port:
            srv = socket.socket()
            srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            srv.bind(("127.0.0.1", port))
            srv.listen(1)
            print("mspsim_run: listening on 127.0.0.1:%d" % port, file=sys.stderr)
            self.sock, _ = srv.accept()
            srv.close()
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def read(self, n):
        if self.sock:
            return self.sock.recv(n)
        return self.inp.read1(n) if self.inp else b""

    def write(self, data):
        if self.sock:
            self.sock.sendall(data)
        else:
            self.out.write(data)
            self.out.flush()

    def close(self):
        self.out.flush()
        for f in (self.inp, self.sock):
            if f:
                f.close()


class Pacer:
    """--realtime: the mote's clock is the wall clock, and its CPU runs no faster than HZ. At
    every stop (each exchange of the firmware with the world: its clock, its input, its output)
    the bridge first sleeps until the wall time since the CPU was let go has caught up with the
    cycles it ran; MILLIS (and RX_WAIT's ms) then say the wall clock's milliseconds since the
    start. The firmware cannot see the simulation run ahead between two stops, so to it and its
    peers (a gateway's radio in real time) this is a mote at its clock, and the two agree on
    time; a simulator slower than HZ shows as a slower mote. The CPU is never interrupted:
    mspdebug 0.22 looks at GDB's ^C only between batches of a million instructions (about 0.4 s
    of the mote's time), and answers it with the watchpoint's own stop reply (T05)."""

    def __init__(self, hz):
        self.hz = hz
        self.start = time.monotonic()
        self.cycles = None  # MCLK when the CPU was let go
        self.let_go = None  # and the wall clock then

    def stop(self, gdb):
        """At a stop: sleep while the cycles run are ahead of the wall clock."""
        cycles = mclk(gdb)
        if self.cycles is not None:
            ahead = (cycles - self.cycles) / self.hz - (time.monotonic() - self.let_go)
            if ahead > 0:
                STATS.sleep_s += ahead
                time.sleep(ahead)
        self.cycles = cycles

    def go(self):
        self.let_go = time.monotonic()

    def millis(self):
        return int((time.monotonic() - self.start) * 1000) & 0xFFFFFFFF


class Stats:
    """MSPSIM_STATS=FILE (a measure of the bridge, not of the firmware): per doorbell command its
    stops, GDB exchanges and wall ms spent serving them (apart from waiting for input), the
    pacer's sleeps, and "turn": wall ms from input bytes handed to the firmware to
    its next output (a frame exchange, with the link). Appended to FILE every 2 s, and at the end
    of a run that ends by itself (not when the bridge is killed)."""

    NAMES = {CYCLES: "cycles", TX: "tx", EXIT: "exit", RX: "rx", RX_WAIT: "rx_wait", LINK: "link",
             ACCEPT: "accept", HANGUP: "hangup", MILLIS: "millis", SEED: "seed", LOG: "log"}

    def __init__(self, path):
        self.path = path
        self.asks = 0
        self.per = {}  # command: [stops, exchanges, serving s, waiting s]
        self.sleep_s = 0.0
        self.heard = None
        self.turn = []
        self.last = time.monotonic()

    def input(self):
        self.heard = time.monotonic()

    def output(self):
        if self.heard is not None:
            self.turn.append((time.monotonic() - self.heard) * 1000)
            self.heard = None

    def note(self, cmd, asks, serve_s, wait_s):
        if not self.path:
            return
        e = self.per.setdefault(self.NAMES.get(cmd, str(cmd)), [0, 0, 0.0, 0.0])
        e[0] += 1
        e[1] += asks
        e[2] += serve_s
        e[3] += wait_s
        if time.monotonic() - self.last > 2:
            self.flush()

    def flush(self):
        if not self.path:
            return
        self.last = time.monotonic()
        turn = sorted(self.turn) or [0.0]
        with open(self.path, "a") as f:
            f.write("pacer sleep=%.1fs; turn n=%d median=%.1fms max=%.1fms; %s\n" % (
                self.sleep_s, len(self.turn), turn[len(turn) // 2], turn[-1], " ".join(
                    "%s: stops=%d exchanges=%d serve=%.1fms (%.2fms/stop) wait=%.0fms" % (
                        k, v[0], v[1], v[2] * 1000, v[2] * 1000 / v[0], v[3] * 1000) for k, v in sorted(self.per.items()))))


STATS = Stats(os.environ.get("MSPSIM_STATS"))



class Profiler:
    """MSPSIM_PROFILE=FILE: the CPU's cycles per instruction address, by single-stepping (a
    few thousand instructions a second: for profiling, never for a test), in the format of
    avr_harness -P that ../bench/ct_profile.py reads: a block per flight (a new block at every
    read that finds no input waiting, as avr_harness -W does), written at the end of the run.
    MSPSIM_PROFILE_SKIP=F,G: calls of these functions run at full speed to their return, their
    cycles put at their entry (a k.P inside a handshake: ~0.1 ms a step would take an hour)."""

    def __init__(self, path, elf, box, skip):
        self.path, self.box, self.blocks = path, box, [{}]
        self.skip = {symbol_address(elf, name): name for name in skip if name}
        missing = [n for a, n in self.skip.items() if a is None]
        if missing:
            raise RuntimeError("MSPSIM_PROFILE_SKIP: no symbol %s" % ", ".join(missing))

    def new_block(self):
        if self.blocks[-1]:
            self.blocks.append({})
            self.write()  # so far: the benchmark ends the bridge with a signal

    def add(self, pc, cycles):
        b = self.blocks[-1]
        b[pc] = b.get(pc, 0) + cycles

    def go(self, gdb):
        """Steps until the firmware rings its doorbell (which the bridge clears after each
        command in this mode, so that a ring is a change); returns the stop reply."""
        c0 = mclk(gdb)
        while True:
            regs = bytes.fromhex(gdb.ask(b"g").decode())
            pc, sp = int.from_bytes(regs[0:2], "little"), int.from_bytes(regs[2:4], "little")
            if pc in self.skip:
                ret = int.from_bytes(gdb.read(sp, 2), "little")
                gdb.ask(b"Z0,%x,2" % ret)
                while True:  # to the return into the caller's frame (not a recursion's)
                    gdb.send(b"c")
                    stop = gdb.recv()
                    regs = bytes.fromhex(gdb.ask(b"g").decode())
                    if int.from_bytes(regs[0:2], "little") == ret and int.from_bytes(regs[2:4], "little") == sp + 2:
                        break
                gdb.ask(b"z0,%x,2" % ret)
            else:
                gdb.send(b"s")
                stop = gdb.recv()
            c1 = mclk(gdb)
            self.add(pc, c1 - c0)
            c0 = c1
            if gdb.read(self.box, 2) != b"\0\0":
                return stop

    def write(self):
        with open(self.path, "w") as f:
            for b in self.blocks:
                f.write("block\n")
                for pc in sorted(b):
                    f.write("%x %d\n" % (pc, b[pc]))


PAINT = 0xA5


def stack_peak(gdb, lo, top):
    """Bytes of [lo, top) from the first one no longer PAINT up to top."""
    data = b"".join(gdb.read(a, min(256, top - a)) for a in range(lo, top, 256))
    i = 0
    while i < len(data) and data[i] == PAINT:
        i += 1
    return len(data) - i


def run(elf, timeout, stream, pacer=None, stack=False):
    box = symbol_address(elf, "mote_mailbox")
    if box is None:
        print("mspsim_run: %s has no mote_mailbox symbol" % elf, file=sys.stderr)
        return 2
    log = open(os.devnull, "w") if not os.environ.get("MSPSIM_DEBUG") else sys.stderr
    deadline = time.time() + timeout if timeout > 0 else float("inf")  # 0: no limit (a server)
    proc = profiler = None
    try:
        # The free port may be taken again before mspdebug binds it: then try another.
        for attempt in range(3):
            port = free_port()
            proc = subprocess.Popen(
                ["mspdebug", "-n", "-q", "sim", "simio add hwmult mul", "simio add tracer tr 2",
                 "prog " + elf, "gdb %d" % port],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log)
            try:
                sock = connect(port, proc, min(deadline, time.time() + 30))
                break
            except RuntimeError:
                if attempt == 2:
                    raise
                proc.kill()
                proc.wait()
        sock.settimeout(max(1.0, deadline - time.time()) if timeout > 0 else None)
        gdb = Gdb(sock)
        if pacer:
            stream.pacer = pacer
        if gdb.ask(b"Z2,%x,2" % box) != b"OK":
            raise RuntimeError("mspdebug refused the doorbell watchpoint")
        if os.environ.get("MSPSIM_PROFILE"):
            profiler = Profiler(os.environ["MSPSIM_PROFILE"], elf, box,
                                os.environ.get("MSPSIM_PROFILE_SKIP", "").split(","))
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # the finally below writes it all
        if stack:
            lo, top = symbol_address(elf, "__bss_end"), symbol_address(elf, "__stack_top")
            for a in range(lo, top - 64, 256):
                gdb.write(a, bytes([PAINT]) * min(256, top - 64 - a))
        while True:
            if pacer:
                pacer.go()
            if profiler:
                stop = profiler.go(gdb)
            else:
                gdb.send(b"c")
                stop = gdb.recv()
            t_stop = time.monotonic()
            asks0, waited0, slept0 = STATS.asks, getattr(stream, "waited", 0.0), STATS.sleep_s
            if stop.startswith((b"W", b"X")):
                raise RuntimeError("the firmware ended without ringing exit: %r" % stop)
            if pacer:
                pacer.stop(gdb)
            head = gdb.read(box, HEADER)
            command = head[0] | head[1] << 8
            if profiler:
                gdb.write(box, b"\0\0")  # a ring is then a change (Profiler.go)
                if command == RX_WAIT and not getattr(stream, "ready", lambda: True)():
                    profiler.new_block()
            if command == CYCLES:
                gdb.write(box + 4, (mclk(gdb) & 0xFFFFFFFF).to_bytes(4, "little"))
            elif command == TX:
                n = min(head[8] | head[9] << 8, TX_SIZE)
                stream.write(gdb.read(box + HEADER, n))
                STATS.output()
            elif command == LOG:
                n = min(head[8] | head[9] << 8, TX_SIZE)
                sys.stdout.buffer.write(gdb.read(box + HEADER, n))
                sys.stdout.buffer.flush()
                if stack:
                    print("stack peak=%d" % stack_peak(gdb, lo, top), file=sys.stderr, flush=True)
            elif command == RX:
                want = gdb.read(box + RX_WANT, 2)
                data = stream.read(max(1, min(want[0] | want[1] << 8, RX_SIZE)))
                gdb.write(box + RX_WANT + 2, len(data).to_bytes(2, "little") + data)
            elif command == EXIT:
                gdb.send(b"k")
                return head[2]
            elif command == RX_WAIT:
                n = min(head[8] | head[9] << 8, TX_SIZE)
                if n:  # the writes so far go first: one stop for them and the read
                    stream.write(gdb.read(box + HEADER, n))
                    STATS.output()
                timing = getattr(stream, "timing", False)
                if timing and not stream.idle_said and not stream.ready():
                    stream.timing_line("idle", mclk(gdb))
                    stream.idle_said, stream.idle_at = True, mclk(gdb)
                want, wait_ms = gdb.read(box + RX_WANT, 2), gdb.read(box + LINK_WORD + 2, 2)
                data = stream.read(max(1, min(want[0] | want[1] << 8, RX_SIZE)),
                                   (wait_ms[0] | wait_ms[1] << 8) / 1000.0)
                if timing and (data or stream.eof):
                    stream.input_came(mclk(gdb))
                if data:
                    STATS.input()
                gdb.write(box + RX_WANT + 2, len(data).to_bytes(2, "little") + data)
                gdb.write(box + LINK_WORD, stream.link().to_bytes(2, "little") + wait_ms +
                          stream.millis(mclk(gdb)).to_bytes(4, "little"))
            elif command == LINK:
                gdb.write(box + LINK_WORD, stream.link().to_bytes(2, "little"))
            elif command == ACCEPT:
                stream.accept()
                if getattr(stream, "timing", False):
                    stream.accepted_at, stream.idle_said, stream.link_cycles = mclk(gdb), False, 0
            elif command == HANGUP:
                if getattr(stream, "timing", False):
                    stream.timing_line("connection", mclk(gdb))
                stream.hangup()
            elif command == MILLIS:
                gdb.write(box + LINK_WORD + 4, stream.millis(mclk(gdb)).to_bytes(4, "little"))
            elif command == SEED:
                want = gdb.read(box + RX_WANT, 2)
                data = stream.seed_bytes(min(want[0] | want[1] << 8, RX_SIZE))
                gdb.write(box + RX_WANT + 2, len(data).to_bytes(2, "little") + data)
            # any other stop (the startup code clearing .bss writes 0) just goes on
            w = getattr(stream, "waited", 0.0) - waited0
            STATS.note(command, STATS.asks - asks0, time.monotonic() - t_stop - w - (STATS.sleep_s - slept0), w)
    except socket.timeout:
        print("mspsim_run: no exit within %d s" % timeout, file=sys.stderr)
        return 3
    except (RuntimeError, EOFError, OSError) as e:
        print("mspsim_run: %s" % e, file=sys.stderr)
        return 2
    finally:
        STATS.flush()
        if profiler:
            profiler.write()
        stream.close()
        if proc:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()


def main():
    ap = argparse.ArgumentParser(description="Run MSP430 firmware in mspdebug's simulator.")
    ap.add_argument("--timeout", type=int, default=600, help="seconds before giving up (0: never)")
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--input", help="file of input bytes for the firmware")
    src.add_argument("--port", type=int, help="serve one loopback TCP client on this port")
    src.add_argument("--serve", type=int, metavar="PORT",
                     help="a server firmware: TCP clients one at a time, as it asks (sizzle/port)")
    ap.add_argument("--seed", help="hex bytes the firmware's seed requests get, in order and again")
    ap.add_argument("--timing", action="store_true",
                    help="with --serve: the CPU cycles of each connection on stderr (idle and connection lines)")
    ap.add_argument("--realtime", type=float, nargs="?", const=8e6, metavar="HZ",
                    help="hold the simulation to the mote's clock (8 MHz unless given)")
    ap.add_argument("--stack", action="store_true",
                    help="paint the free RAM; print the stack's peak after each log line")
    ap.add_argument("elf")
    a = ap.parse_args()
    for path in (a.elf, a.input):
        if path and not os.path.isfile(path):
            print("mspsim_run: no such file: %s" % path, file=sys.stderr)
            return 2
    if a.serve:
        try:
            seed = bytes.fromhex(a.seed) if a.seed else None
        except ValueError:
            print("mspsim_run: --seed wants hex bytes", file=sys.stderr)
            return 2
        server = Server(a.serve, seed)
        server.timing = a.timing
        return run(a.elf, a.timeout, server, Pacer(a.realtime) if a.realtime else None, a.stack)
    return run(a.elf, a.timeout, Stream(a.input, a.port), Pacer(a.realtime) if a.realtime else None, a.stack)


if __name__ == "__main__":
    sys.exit(main())
