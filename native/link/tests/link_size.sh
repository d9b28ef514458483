#!/usr/bin/env bash
# The device end's cost on each mote (make -C native link-size; run by sizzle-test): RAM is
# sizeof (struct sz_link) as the mote's compiler lays it out (one instance, counters out), held
# to LINK.md §11's budget of 150 bytes plus the frame size; flash is the .text of the link's
# objects at -Os (the link alone: its caller's radio driver and server not counted). Each mote
# with its own radio: the ATmega128 (Mica2) with the CC1000's 29-byte frames, the MSP430F1611
# (TelosB) with the CC2420's 102. Last line "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 1   # native/
N=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo '#include "sz_link.h"
struct sz_link sz_link_instance;' > "$tmp/inst.c"
pass=0 fail=0
measure() { # name frame-size compiler-and-flags... ; sets ram, flash
    local name=$1 f=$2; shift 2
    (cd "$tmp" && "$@" -Os -std=gnu99 -Wall -Werror -ffunction-sections -fdata-sections -I"$N/kernels" \
        -I"$N/link" -DSZ_LINK_STATS=0 -c "$N"/link/*.c inst.c) || { fail=$((fail + 1)); return; }
    ram=$($NM -S "$tmp/inst.o" | awk '/sz_link_instance/ {print $2}')
    ram=$((16#$ram))
    flash=$($SIZE "$tmp"/sz_link_*.o | awk 'NR > 1 {s += $1 + $2} END {print s}')
    local budget=$((150 + f))
    echo "$name (F = $f): RAM $ram B (budget $budget), flash $flash B"
    if [ "$ram" -le "$budget" ]; then pass=$((pass + 1)); else echo "FAIL: $name RAM over budget"; fail=$((fail + 1)); fi
    rm -f "$tmp"/*.o
}
NM=avr-nm SIZE=avr-size measure "ATmega128, CC1000" 29 avr-gcc -mmcu=atmega128 -I"$N/avr" -DKS_PORT_HEADER='"ks_port_avr.h"' -DSZ_LINK_CC1000
NM=llvm-nm-16 SIZE=llvm-size-16 measure "MSP430F1611, CC2420" 102 clang-16 --target=msp430 -mmcu=msp430f1611 -ffreestanding \
    -nostdlib -I"$N/msp430/include" -I"$N/msp430"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
