#!/usr/bin/env python3
"""The server's CPU cycles per handshake on a simulated mote: a stored transcript replayed
against a transcript build of the firmware (sizzle/firmware, SZ_FW_APP=transcript) run with
the simulator's timing lines on (avr_harness -W, mspsim_run.py --timing).

    mote_handshakes.py avr|msp430 ELF TRANSCRIPT [--harness PATH] [--timeout S]

What is counted: the cycles the mote's CPU ran for the server, from the accept to the moment
it has taken the client's last handshake record and, having answered it, waits for the next
one (full: after its ChangeCipherSpec and Finished; abbreviated: after the client's Finished).
Not counted: time waiting for the link. The MSP430's bridge halts the CPU while it waits; the
ATmega128 busy-waits in the port's link code (the UARTs' byte times at 57,600 and 230,400 baud,
the polls of SIM_LINK while the client is silent), and the harness counts the cycles spent at
those addresses (the sz_port_* functions other than the clock and the seed) as link, not CPU.
On both, every cycle from the server's idle line to the client's next bytes is link too: the
server loop turns once a poll period while it waits, as many times as the client is slow.

The client sends each flight only once the server has gone idle after the previous one, so
every figure is taken at a point where the server has nothing left to do. The server's
handshake records are compared with the transcript's (the figure stands only for a handshake
that went as stored); after the handshake the server's records may be cut differently (the
ATmega128's record buffer is smaller than the transcripts' 1,500-byte responses), so they are
read, not compared. Prints one line per connection; as a module, `measure` returns them.
"""
import os
import re
import socket
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "sizzle", "tests"))
sys.path.insert(0, os.path.join(HERE, "..", "sizzle", "port", "tests"))
from replay import Transcript  # noqa: E402
from sz_launch import connect, free_port, stop  # noqa: E402

NATIVE = os.path.abspath(os.path.join(HERE, ".."))
# The port's link code on the ATmega128 (sizzle/port/sz_port_avr.c): busy-waits on the UARTs
# and polls of the link. sz_port_millis (the clock) and sz_port_seed stay CPU.
AVR_LINK_FUNCTIONS = ("sz_port_read", "sz_port_write", "sz_port_log", "sz_port_hangup",
                      "sz_port_pending", "sz_port_accept")
TIMING = re.compile(r"(?:avr_harness|mspsim_run): (idle|connection) cpu=(\d+) link=(\d+)")
RAM = re.compile(r"ram: static=(\d+) stack=(\d+) total=(\d+)")


def avr_link_ranges(elf):
    """The -W argument: the byte-address ranges of the port's link functions."""
    out = subprocess.run(["avr-nm", "-S", elf], check=True, capture_output=True, text=True).stdout
    ranges = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[3] in AVR_LINK_FUNCTIONS:
            lo, size = int(f[0], 16), int(f[1], 16)
            ranges.append("%x-%x" % (lo, lo + size))
    if len(ranges) != len(AVR_LINK_FUNCTIONS):
        raise RuntimeError("%s: not all of %s found" % (elf, ", ".join(AVR_LINK_FUNCTIONS)))
    return ",".join(ranges)


class Mote:
    """One firmware in its simulator with the timing lines on; its stderr and stdout (the log
    console) read by threads."""

    def __init__(self, arch, elf, seed, harness=None):
        self.port = free_port()
        if arch == "avr":
            cmd = [harness or os.path.join(NATIVE, "build", "avr_harness"), "-L", str(self.port), "-s", seed.hex(),
                   "-W", avr_link_ranges(elf), elf]
        else:
            cmd = ["python3", os.path.join(NATIVE, "msp430", "mspsim_run.py"), "--timeout", "0", "--serve",
                   str(self.port), "--seed", seed.hex(), "--timing", elf]
        self.events = []   # (kind, cpu, link), in order
        self.ram = []      # (static, stack, total) per "ram:" log line
        self.cond = threading.Condition()
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for stream, parse in ((self.proc.stderr, self._timing), (self.proc.stdout, self._log)):
            threading.Thread(target=self._pump, args=(stream, parse), daemon=True).start()

    def _pump(self, stream, parse):
        for raw in stream:
            parse(raw.decode("latin-1"))
        with self.cond:
            self.cond.notify_all()

    def _timing(self, line):
        m = TIMING.search(line)
        if m:
            with self.cond:
                self.events.append((m.group(1), int(m.group(2)), int(m.group(3))))
                self.cond.notify_all()

    def _log(self, line):
        m = RAM.search(line)
        if m:
            with self.cond:
                self.ram.append(tuple(int(g) for g in m.groups()))

    def wait_event(self, kind, after, timeout):
        """The first event of this kind with index >= after: (index, cpu, link)."""
        end = time.time() + timeout
        with self.cond:
            while True:
                for i in range(after, len(self.events)):
                    if self.events[i][0] == kind:
                        return i, self.events[i][1], self.events[i][2]
                left = end - time.time()
                if left <= 0 or self.proc.poll() is not None:
                    raise RuntimeError("no %s line from the simulator within %d s" % (kind, timeout))
                self.cond.wait(min(left, 1.0))

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()  # the simulator ends its run (a profile, -P, is written whole)
        stop(self.proc, 5)


def steps(records):
    """The connection's records as steps: (client records to send, server records that answer
    them, the handshake is over after this step). When the server's Finished came first
    (abbreviated), the client's flight is cut after its Finished (the record after its
    ChangeCipherSpec), so that the handshake's end is a step's end."""
    out, send, answer = [], [], []
    c_fin = s_fin = False
    c_after_ccs = s_after_ccs = False
    done_marked = False

    def flush():
        nonlocal send, answer, done_marked
        if send or answer:
            over = c_fin and s_fin and not done_marked
            done_marked = done_marked or over
            out.append((send, answer, over))
        send, answer = [], []

    for side, rtype, data in records:
        if side == "C":
            if answer:
                flush()
            send.append((rtype, data))
            if c_after_ccs and not c_fin:
                c_fin = True
                if s_fin:   # abbreviated: the client's Finished ends the handshake
                    flush()
            c_after_ccs = c_after_ccs or rtype == "change_cipher_spec"
        else:
            answer.append((rtype, data))
            if s_after_ccs and not s_fin:
                s_fin = True
            s_after_ccs = s_after_ccs or rtype == "change_cipher_spec"
    flush()
    return out


def read_for(s, want, timeout, quiet=0.5):
    """The server's bytes after a step: at least `want` bytes if the server sends them, then
    whatever else comes until the line is quiet (the server is idle by then). Gives up after
    `timeout` seconds in all (a server that never sends `want` bytes)."""
    got = b""
    deadline = time.monotonic() + timeout
    s.settimeout(quiet)
    while True:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            if len(got) >= want:
                return got
            if time.monotonic() >= deadline:
                raise RuntimeError("the server sent %d of %d bytes within %d s" % (len(got), want, timeout))
            continue
        except OSError:
            return got
        if not chunk:
            return got
        got += chunk


def connection(mote, records, timeout, pause=0.0):
    """One connection: {"kind": full|abbreviated, "handshake_cpu", "handshake_link",
    "cpu", "link", "equal": the handshake's server records as stored, "why"}. pause: seconds
    the client waits (wall time) after the server goes idle before each handshake flight, as a
    slow client or a slow host would; the figures must not depend on it."""
    result = {"kind": None, "handshake_cpu": None, "handshake_link": None, "cpu": None, "link": None,
              "equal": True, "why": None, "flights": []}
    first_event = len(mote.events)
    s = connect(mote.port, timeout=timeout)
    try:
        idle, _, _ = mote.wait_event("idle", first_event, timeout)   # waiting for the hello
        handshake = True
        before = 0   # the connection's CPU when the step began (its accept counts with the first)
        server_ccs_first = None
        for send, answer, over in steps(records):
            if handshake:
                time.sleep(pause)
            # the flight in one write: sent record by record, the server could take the first
            # and find the line empty before the next came, and say it was idle too early
            s.sendall(b"".join(data for _, data in send if data is not None))
            if any(data is None for _, data in send):
                s.shutdown(socket.SHUT_WR)
            if server_ccs_first is None and any(rtype == "change_cipher_spec" for rtype, _ in send):
                server_ccs_first = False
            if server_ccs_first is None and any(r == "change_cipher_spec" for r, _ in answer):
                server_ccs_first = True
            want = b"".join(d for _, d in answer)
            if handshake:
                got = b""
                s.settimeout(timeout)
                while len(got) < len(want):
                    chunk = s.recv(len(want) - len(got))
                    if not chunk:
                        break
                    got += chunk
                if got != want and result["equal"]:
                    at = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
                    result["equal"] = False
                    result["why"] = "server handshake bytes differ from the transcript at byte %d of the step" % at
                idle, cpu, link = mote.wait_event("idle", idle + 1, timeout)
                flight(result, send, answer, cpu - before, True)
                before = cpu
            else:
                read_for(s, len(want), timeout)
                if any(r == "application_data" for r, _ in send):   # a request: its page's CPU
                    try:
                        idle, cpu, link = mote.wait_event("idle", idle + 1, timeout)
                        flight(result, send, answer, cpu - before, False)
                        before = cpu
                    except RuntimeError:
                        pass   # no idle line: the page goes unmeasured, the handshake's figures stand
            if over:
                result["handshake_cpu"], result["handshake_link"] = cpu, link
                result["kind"] = "abbreviated" if server_ccs_first else "full"
                handshake = False
        s.settimeout(timeout)
        while True:   # the server's last records (already compared or not) and its close
            try:
                if not s.recv(65536):
                    break
            except OSError:
                break
    finally:
        s.close()
    _, result["cpu"], result["link"] = mote.wait_event("connection", first_event, timeout)
    return result


def flight(result, send, answer, cpu, handshake):
    """One step as the gateway benchmark replays it over the radio (bench/gateway_cycles.py):
    the client's records, the server's (as stored), the server's CPU cycles for the step."""
    result["flights"].append({"client": [d.hex() for _, d in send if d is not None],
                              "server": [d.hex() for _, d in answer], "cpu": cpu, "handshake": handshake})


def measure(arch, elf, transcript_path, harness=None, timeout=900, connections=None, pause=0.0):
    """[(connection header, result)] for the transcript's connections (the first N with
    connections=N), and the firmware's 'ram:' lines; pause as connection's."""
    t = Transcript(transcript_path)
    mote = Mote(arch, elf, t.firmware_seed(), harness)
    out = []
    try:
        for header, records in t.connections[:connections]:
            try:
                r = connection(mote, records, timeout, pause)
            except (OSError, RuntimeError) as e:
                r = {"kind": None, "handshake_cpu": None, "equal": False, "why": str(e)}
            out.append((header, r))
            if r.get("why"):
                break
    finally:
        mote.close()
    return out, list(mote.ram)


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("arch", choices=("avr", "msp430"))
    ap.add_argument("elf")
    ap.add_argument("transcript")
    ap.add_argument("--harness")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--connections", type=int)
    ap.add_argument("--pause", type=float, default=0.0, help="seconds the client waits before each flight")
    a = ap.parse_args(argv)
    results, ram = measure(a.arch, a.elf, a.transcript, a.harness, a.timeout, a.connections, a.pause)
    for header, r in results:
        print("%s: %s handshake cpu=%s link=%s; connection cpu=%s link=%s; %s" % (
            header, r.get("kind"), r.get("handshake_cpu"), r.get("handshake_link"), r.get("cpu"), r.get("link"),
            "as stored" if r.get("equal") and not r.get("why") else "FAILED: %s" % r.get("why")))
    for line in ram:
        print("ram: static=%d stack=%d total=%d" % line)
    return 0 if all(r.get("equal") and not r.get("why") for _, r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
