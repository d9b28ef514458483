"""Starting a Sizzle firmware on one platform and talking to it over loopback TCP: the host
build (a plain process: SZ_PORT, SZ_SEED), the ATmega128 in simavr (sim/avr_harness -L) or the
MSP430F1611 in mspdebug's simulator (msp430/mspsim_run.py --serve). Shared by the link test
(link_test.py) and the transcript replay (../../tests/replay.py).

A platform is named as on their command lines: host=BINARY, avr=HARNESS:ELF,
msp430=BRIDGE:ELF.
"""
import os
import socket
import subprocess
import time

KINDS = ("host", "avr", "msp430")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start(kind, spec, port, seed, args=(), quiet=True):
    """Starts the firmware; seed: the bytes its random generator's seed requests get."""
    out = subprocess.DEVNULL if quiet else None
    if kind == "host":
        env = dict(os.environ, SZ_PORT=str(port), SZ_SEED=seed.hex())
        return subprocess.Popen([spec] + list(args), env=env, stderr=out)
    tool, elf = spec.split(":", 1)
    if kind == "avr":
        return subprocess.Popen([tool, "-L", str(port), "-s", seed.hex()] + list(args) + [elf],
                                stdout=out, stderr=out)
    return subprocess.Popen(["python3", tool, "--timeout", "0", "--serve", str(port), "--seed", seed.hex()]
                            + list(args) + [elf], stdout=out, stderr=out)


def connect(port, deadline=30.0, timeout=20):
    end = time.time() + deadline
    while True:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=1)
            s.settimeout(timeout)
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return s
        except OSError:
            if time.time() > end:
                raise
            time.sleep(0.1)


def read_exact(s, n):
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            break
        data += chunk
    return data


def at_eof(s):
    try:
        return s.recv(16) == b""
    except OSError:
        return True


def stop(proc, wait=30):
    """The firmware's exit status (None if it had to be killed)."""
    try:
        return proc.wait(wait)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return None
