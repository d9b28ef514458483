#!/usr/bin/env python3
"""The one-connection mode (sz_server_loop.c, as OneConnectionServer) when clients come
together, as a browser's do (headless Chromium opens two connections at once and sends its
hello on both): a connection whose hello is waiting is not "accepted but silent" and must be
served, whatever waits behind it.

    one_connection.py PLATFORM=SPEC TRANSCRIPT

PLATFORM=SPEC as replay.py's (a transcript build). The firmware is seeded with the
transcript's seed and held busy by a first client that sent one byte; meanwhile client A
connects and sends the transcript's first client record (its hello), and client B connects
behind it. The first client then leaves: the firmware accepts A with B already waiting. A must
get the transcript's first connection byte for byte, its handshake and first response (nothing
was drawn before it), then B, served next, a ServerHello. The transcript's first connection
must carry two requests. Last line: "N passed, N failed".
"""
import socket
import sys

from replay import Transcript, replay_on
from sz_launch import KINDS, connect, free_port, read_exact, start, stop


def cases(kind, spec, path):
    t = Transcript(path)
    _, records = t.connections[0]
    port = free_port()
    # The transcript application answers its k-th connection with the k-th size of its seed:
    # the first client takes a size of its own (the first one's, again).
    seed = t.firmware_seed()
    seed = seed[:36] + bytes([seed[36] + 1]) + seed[37:39] + seed[37:]
    proc = start(kind, spec, port, seed)
    results = []
    try:
        first = connect(port, timeout=120)
        first.sendall(records[0][2][:1])  # busy: a record begun
        a = connect(port, timeout=120)
        a.sendall(records[0][2])  # A's hello waits in its socket
        b = connect(port, timeout=120)
        first.close()  # the firmware ends the first client and accepts A, with B waiting
        # Its handshake and first response, byte-equal: later ones may differ, as they should
        # (with B waiting, A is ended at its next idle moment, or its next response is its last).
        requests = [i for i, r in enumerate(records) if r[0] == "C" and r[1] == "application_data"]
        why = replay_on(a, records[1:requests[1]] + [("C", "close", None)], 0, expect_close=False)
        results.append(("the client with its hello waiting is served, byte-equal" + ("" if why is None else ": " + why),
                        why is None))
        b.sendall(records[0][2])
        head = read_exact(b, 6)
        results.append(("the client waiting behind it is served next (ServerHello: %s)" % head.hex(),
                        len(head) == 6 and head[0] == 0x16 and head[5] == 0x02))
        b.close()
    except OSError as e:
        results.append(("link error: %s" % e, False))
    finally:
        if proc.poll() is None:
            proc.kill()
        stop(proc, 5)
    return results


def main(argv):
    if len(argv) != 2 or argv[0].partition("=")[0] not in KINDS:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    kind, _, spec = argv[0].partition("=")
    passed = failed = 0
    for name, ok in cases(kind, spec, argv[1]):
        print("%-7s %-90s %s" % (kind, name, "ok" if ok else "FAILED"))
        passed, failed = passed + ok, failed + (not ok)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
