#!/bin/sh
# Cycles of one SHA-256 compression on the simulated motes (bench/sha256_cycles.c, portable
# C at -O2 as the kernels are built): the unit of the hedged ECDSA nonce's cost in README.
# Run from the repository root: sh native/bench/sha256-cycles.sh
set -e
N=$(cd "$(dirname "$0")/.." && pwd)
B=$N/build
mkdir -p "$B/avr" "$B/msp430/sha256_cycles.elf.objs"
make -s -C "$N" "$B/avr_harness" >/dev/null
avr-gcc -mmcu=atmega128 -DF_CPU=7372800UL -O2 -std=gnu99 -Wall -I"$N/sim" -I"$N/avr" \
    -o "$B/avr/sha256_cycles.elf" "$N/bench/sha256_cycles.c" "$N/sim/mote_print.c" "$N/avr/mote_avr.c"
echo "avr (ATmega128, avr-gcc -O2):"
"$B/avr_harness" -c 100000000 "$B/avr/sha256_cycles.elf" 2>/dev/null
O=$B/msp430/sha256_cycles.elf.objs
for f in "$N/bench/sha256_cycles.c" "$N/sim/mote_print.c" "$N/msp430/crt0.S" "$N/msp430/mspabi.S" \
         "$N/msp430/mem.c" "$N/msp430/mote_msp430.c"; do
    clang-16 --target=msp430 -mmcu=msp430f1611 -ffreestanding -nostdlib -O2 -std=gnu99 -Wall \
        -I"$N/msp430/include" -I"$N/sim" -I"$N/msp430" -c "$f" -o "$O/$(basename "$f").o"
done
ld.lld-16 -T "$N/msp430/msp430f1611.ld" --gc-sections -o "$B/msp430/sha256_cycles.elf" "$O"/*.o
echo "msp430 (MSP430F1611, clang-16 -O2; mspdebug's counts read ~10% high):"
python3 "$N/msp430/mspsim_run.py" --timeout 300 "$B/msp430/sha256_cycles.elf"
