#!/usr/bin/env python3
"""The thermostat's device facts for one firmware build, as a C header in flash:

    device_header.py NAME KIND PASSWORD_FILE > sz_device.h

NAME and KIND are what the status page shows (sz_thermostat.h); the password of POST /config
is the first line of PASSWORD_FILE (never a command-line argument, which other users can read),
1 to 32 printable ASCII bytes, stored zero-padded to 32 then its length (sz_password_gate.h).
The header is a build product beside the firmware image: it is never committed.
"""
import sys

MAX_PASSWORD = 32
MAX_LABEL = 32  # SZ_MAX_LABEL (sz_thermostat.h)
LABEL_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ._-")


def c_bytes(b):
    return ", ".join("0x%02x" % x for x in b)


def main(argv):
    if len(argv) != 3:
        print("usage: device_header.py NAME KIND PASSWORD_FILE", file=sys.stderr)
        return 2
    name, kind, path = argv
    try:
        with open(path, "rb") as f:
            password = f.readline().rstrip(b"\r\n")
    except OSError as e:
        print("device_header.py: cannot read the password file: %s" % e, file=sys.stderr)
        return 1
    if not 1 <= len(password) <= MAX_PASSWORD or any(c < 0x21 or c > 0x7e for c in password):
        print("device_header.py: the password must be 1 to %d printable ASCII bytes without spaces" % MAX_PASSWORD,
              file=sys.stderr)
        return 1
    for what, v in (("name", name), ("kind", kind)):
        if not 1 <= len(v) <= MAX_LABEL or not all(c in LABEL_CHARS for c in v):
            print("device_header.py: the device %s must be 1 to %d of A-Z a-z 0-9 space . _ -" % (what, MAX_LABEL),
                  file=sys.stderr)
            return 1
    print("/* Made by device_header.py: the thermostat's name, kind and password (a secret: never commit). */")
    print("#ifndef SZ_DEVICE_H\n#define SZ_DEVICE_H")
    print('#include "ks_config.h"')
    print("#define SZ_DEVICE_NAME_LEN %d" % len(name))
    print("static const uint8_t sz_device_name[SZ_DEVICE_NAME_LEN] KS_FLASH = {%s};" % c_bytes(name.encode()))
    print("#define SZ_DEVICE_KIND_LEN %d" % len(kind))
    print("static const uint8_t sz_device_kind[SZ_DEVICE_KIND_LEN] KS_FLASH = {%s};" % c_bytes(kind.encode()))
    print("static const uint8_t sz_device_secret[%d] KS_FLASH = {%s};" % (
        MAX_PASSWORD + 1, c_bytes(password.ljust(MAX_PASSWORD, b"\0") + bytes([len(password)]))))
    print("#endif")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
