#!/bin/sh
# The flash of each cipher component on a mote: each source compiled alone with the
# firmware's flags, its object's sizes as one "check flash_bytes" line (text: code and flash
# constants; data: initialised RAM, also in flash; bss: static RAM).
#   cipher_sizes.sh CC SIZE-TOOL OBJDIR "SOURCES" FLAGS...
cc=$1 size=$2 objs=$3 srcs=$4
shift 4
mkdir -p "$objs" || exit 1
for src in $srcs; do
    f=$(basename "$src")
    f=${f%.*}
    $cc "$@" -c "$src" -o "$objs/$f.o" || exit 1
    # (a source the build's choices leave empty, ks_aes_ct.c on a mote, is left out)
    $size "$objs/$f.o" | awk -v f="$f" 'NR == 2 && $1 + $2 > 0 {print "check flash_bytes component=" f " text=" $1 " data=" $2 " bss=" $3 " ok=1"}'
done
