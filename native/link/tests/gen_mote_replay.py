#!/usr/bin/env python3
"""Turns transcripts of the Java device (vectors/NAME-RADIO.txt: "> command" lines, each
followed by the reply the Java DeviceLink gave) into a C header for mote_replay.c: each
command in binary, then the reply the C end must give in the binary form mote_replay.c's
hooks write (so a mote compares with memcmp, no parsing). Written at build time, never
committed. Usage: gen_mote_replay.py OUT.h TRANSCRIPT...

Command: op (1 init, 2 start, 3 rx, 4 done, 5 tick, 6 send, 7 ready, 8 close, 9 stats), u32
time (init: the capacity; stats: 0), and for rx/send u16 length + bytes.
Reply: u16 length, then 'T' u8 len frame | 'O' conn | 'R' conn u16 len bytes | 'S' conn |
'C' conn reason | 'A' result | 'Z' then (counter u8, u16 value) for each non-zero one, 0 |
'E' radio u32 deadline (0xFFFFFFFF: none)."""
import struct
import sys

OPS = {"init": 1, "start": 2, "rx": 3, "done": 4, "tick": 5, "send": 6, "ready": 7, "close": 8, "stats": 9}
COUNTERS = ["ok", "short", "long", "bad_crc", "bad_type", "bad_flags", "bad_conn", "bad_field",
            "bad_payload", "not_for_me", "wrong_peer", "stale_conn", "stale_msg", "no_first",
            "bad_index", "bad_size", "duplicate", "too_long", "unexpected", "response_dropped",
            "frames_in", "frames_out", "retransmits", "timeouts", "messages_in", "messages_out",
            "nacks_out", "acks_out", "polls"]


def command(line):
    w = line.split(" ")
    t = int(w[1]) if len(w) > 1 else 0
    b = bytes([OPS[w[0]]]) + struct.pack(">I", t)
    if w[0] in ("rx", "send"):
        data = bytes.fromhex(w[2])
        b += struct.pack(">H", len(data)) + data
    return b, w[0], (int(w[1]) if w[0] == "init" else 0), (len(bytes.fromhex(w[2])) if w[0] == "send" else 0)


def reply(lines):
    b = b""
    for line in lines:
        w = line.split(" ")
        if w[0] == "tx":
            f = bytes.fromhex(w[1])
            b += b"T" + bytes([len(f)]) + f
        elif w[0] == "opened":
            b += b"O" + bytes([int(w[1])])
        elif w[0] == "received":
            m = bytes.fromhex(w[2])
            b += b"R" + bytes([int(w[1])]) + struct.pack(">H", len(m)) + m
        elif w[0] == "sent":
            b += b"S" + bytes([int(w[1])])
        elif w[0] == "closed":
            b += b"C" + bytes([int(w[1]), int(w[2])])
        elif w[0] == "send":
            b += b"A" + bytes([int(w[1])])
        elif w[0] == "stats":
            b += b"Z"
            for kv in w[1:]:
                k, v = kv.split("=")
                b += bytes([COUNTERS.index(k)]) + struct.pack(">H", int(v))
            b += b"\0"
        elif w[0] == "end":
            b += b"E" + bytes([int(w[1])]) + struct.pack(">I", 0xFFFFFFFF if w[2] == "-" else int(w[2]))
        else:
            raise SystemExit("unknown reply line: " + line)
    return struct.pack(">H", len(b)) + b


def main():
    out, files = sys.argv[1], sys.argv[2:]
    text = ["/* Written by gen_mote_replay.py from " + ", ".join(f.split("/")[-1] for f in files) + ": do not edit. */"]
    cap = msg = longest = 0
    names = []
    for n, path in enumerate(files):
        data = b""
        cmd = None
        got = []
        commands = 0
        for line in open(path).read().split("\n") + ["> "]:
            if line.startswith("> "):
                if cmd is not None:
                    b, op, c, s = command(cmd)
                    r = reply(got)
                    data += b + r
                    cap, msg, longest = max(cap, c), max(msg, s), max(longest, len(r))
                    commands += 1
                cmd, got = line[2:], []
            elif line:
                got.append(line)
        data += b"\0"
        text.append("static const uint8_t replay_%d[] MOTE_FLASH = {%s};" % (n, ",".join(str(x) for x in data)))
        names.append((path.split("/")[-1], commands))
    text.append("#define REPLAY_FILES %d" % len(files))
    text.append("static const uint8_t *const replay_data[REPLAY_FILES] = {%s};" % ",".join("replay_%d" % i for i in range(len(files))))
    text.append("static const char *const replay_name[REPLAY_FILES] = {%s};" % ",".join('"%s"' % n for n, _ in names))
    text.append("#define REPLAY_CAPACITY %d\n#define REPLAY_MESSAGE %d\n#define REPLAY_REPLY %d" % (cap, max(msg, 1), longest))
    open(out, "w").write("\n".join(text) + "\n")


main()
