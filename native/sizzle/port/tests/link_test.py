#!/usr/bin/env python3
"""The servers' link (sizzle/port/sz_port.h) on each platform, driven through its test
firmware (link_echo.c) by real TCP clients on loopback:

    link_test.py [host=BINARY] [avr=HARNESS:ELF] [msp430=BRIDGE:ELF]

For each platform given: the seed is the one the harness was told (fixed, for tests) and is
read once; bytes are echoed, a 3,000-byte burst included (the UART and mailbox pace it); a
client that closes is followed at once by the next; one that stays quiet is hung up on after
the firmware's idle limit; a quiet one is hung up on at once when another client waits (the
one-connection mode); one that resets its connection while the firmware writes to it is
followed by the next; connections are counted; the firmware ends on request. Last line:
"N passed, N failed".
"""
import socket
import struct
import sys

from sz_launch import KINDS, at_eof, connect, free_port, read_exact, start, stop

SEED = bytes(range(0x10, 0x30))  # 32 bytes; the firmware reads the first 16


def read_until(s, marker, limit=20000):
    data = b""
    while marker not in data and len(data) < limit:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def hello(n):
    return b"HELLO %04x %s\n" % (n, SEED[:16].hex().encode())


def cases(port):
    """(name, check) pairs, run in order against one running firmware."""
    state = {}

    def seed_and_count():
        state["a"] = connect(port)
        return read_until(state["a"], b"\n") == hello(0)

    def echo():
        a = state["a"]
        a.sendall(b"abc\n")
        return read_until(a, b"abc\n") == b"abc\n"

    def burst():
        a = state["a"]
        data = bytes((i * 7 + 1) % 251 for i in range(3000))
        data = data.replace(b"QUIT\n", b"quit\n").replace(b"EXIT\n", b"exit\n")
        a.sendall(data)
        return read_exact(a, len(data)) == data

    def quit_hangs_up():
        a = state["a"]
        a.sendall(b"QUIT\n")
        return read_until(a, b"BYE quit\n").endswith(b"QUIT\nBYE quit\n") and at_eof(a)

    def closed_client_then_next():
        b = connect(port)
        ok = read_until(b, b"\n") == hello(1)
        b.close()
        c = connect(port)
        state["c"] = c
        return ok and read_until(c, b"\n") == hello(2)

    def idle_limit():
        # The firmware names its reason; how long it waited is its clock's business, not a
        # wall-clock assertion here.
        c = state["c"]
        return read_until(c, b"\n") == b"BYE idle\n" and at_eof(c)

    def pending_client_ends_quiet_one():
        d = connect(port)
        ok = read_until(d, b"\n") == hello(3)
        d.sendall(b"x\n")
        ok = ok and read_until(d, b"x\n") == b"x\n"
        e = connect(port)  # waits behind d; d is ended for it, not for being idle
        ok = ok and read_until(d, b"\n") == b"BYE pending\n" and at_eof(d)
        state["e"] = e
        return ok and read_until(e, b"\n") == hello(4)

    def reset_client_then_next():
        # A client that resets its connection while the firmware still writes to it (it
        # left without reading, as a TLS client that closes without close_notify may): the
        # writes after the reset fail (EPIPE), and the link goes on to the next client. The
        # ATmega128's harness once died there of SIGPIPE, which reset the next client.
        e = state["e"]
        ok = True
        e.sendall(b"123456789\n" * 300)
        e.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        e.close()  # RST: the firmware is still echoing the 3,000 bytes
        f = connect(port)
        state["f"] = f
        return ok and read_until(f, b"\n") == hello(5)

    def exit_on_request():
        e = state["f"]
        e.sendall(b"EXIT\n")
        return read_until(e, b"BYE exit\n").endswith(b"BYE exit\n")

    return [("seed given and connection counted", seed_and_count), ("echo", echo),
            ("3,000-byte burst echoed", burst), ("QUIT hangs up", quit_hangs_up),
            ("a client that closes is followed by the next", closed_client_then_next),
            ("a quiet client is hung up on after the idle limit", idle_limit),
            ("a waiting client ends a quiet one at once", pending_client_ends_quiet_one),
            ("a client that resets while the firmware writes, then the next",
             reset_client_then_next), ("EXIT ends the firmware", exit_on_request)]


def run(kind, spec):
    port = free_port()
    proc = start(kind, spec, port, SEED)
    passed = failed = 0
    try:
        for name, check in cases(port):
            try:
                ok = check()
            except OSError as e:
                ok, name = False, "%s (%s)" % (name, e)
            print("%-7s %-55s %s" % (kind, name, "ok" if ok else "FAILED"))
            passed, failed = passed + ok, failed + (not ok)
        rc = stop(proc)
        ok = rc == 0
        print("%-7s %-55s %s" % (kind, "firmware exit status 0", "ok" if ok else "FAILED (%s)" % rc))
        passed, failed = passed + ok, failed + (not ok)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return passed, failed


def main(args):
    total_p = total_f = 0
    for a in args:
        kind, _, spec = a.partition("=")
        if kind not in KINDS or not spec:
            print("usage: link_test.py [host=BINARY] [avr=HARNESS:ELF] [msp430=BRIDGE:ELF]", file=sys.stderr)
            return 2
        p, f = run(kind, spec)
        total_p, total_f = total_p + p, total_f + f
    print("%d passed, %d failed" % (total_p, total_f))
    return 0 if total_f == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
