#!/usr/bin/env bash
# READY-SLEEP's name is never cut (LINK.md §6; run by link-test): the firmware's name as
# firmware.mk hands it to sz_port_link.c (SZ_LINK_NAME, and the first label's length that
# firmware.mk counts), compiled for the host with each radio's frame: the whole name where it
# fits, else its first label (sz_link_name_length read from the object), and a build that
# stops, naming the rule, where even the first label does not fit. Last line "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 1   # native/
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
label_length() { # the length firmware.mk computes for SZ_FW_NAME=$1
    make -s --no-print-directory --eval 'name-label: ; @echo $(SZF_LABEL_LENGTH)' name-label SZ_FW_NAME="$1"
}
build() { # name radio-flags... : compiles sz_port_link.c into $tmp/o.o, stderr in $tmp/err
    local name=$1; shift
    cc -std=c99 -c -ffunction-sections -fdata-sections -DSZ_FW_LINK=1 -DSZ_LINK_READY_ONLY=1 "$@" \
        -DSZ_LINK_NAME="\"$name\"" -DSZ_LINK_LABEL_LENGTH="$(label_length "$name")" \
        -Ilink -Isizzle -Isizzle/port -Isizzle/firmware -Iprim -Ikernels sizzle/port/sz_port_link.c -o "$tmp/o.o" 2> "$tmp/err"
}
announces() { # name expected-length radio-flags...
    local name=$1 want=$2; shift 2
    if ! build "$name" "$@"; then
        echo "FAIL: $name ($*) did not build: $(head -3 "$tmp/err")"; fail=$((fail + 1)); return
    fi
    objcopy -O binary --only-section=.rodata.sz_link_name_length "$tmp/o.o" "$tmp/len"
    local got; got=$(od -An -tu1 "$tmp/len" | tr -d ' ')
    if [ "$got" = "$want" ]; then pass=$((pass + 1)); else echo "FAIL: $name ($*) announces $got bytes, not $want"; fail=$((fail + 1)); fi
}
refused() { # name radio-flags...
    local name=$1; shift
    if build "$name" "$@"; then
        echo "FAIL: $name ($*) built: a name cut to fit"; fail=$((fail + 1))
    elif grep -q sz_link_name_or_its_first_label_must_fit_ready_sleep "$tmp/err"; then
        pass=$((pass + 1))
    else
        echo "FAIL: $name ($*) refused for another reason: $(head -3 "$tmp/err")"; fail=$((fail + 1))
    fi
}
CC1000_T="-DSZ_LINK_CC1000 -DSZ_LINK_TEMPLATES=1"   # the Mica2's images: 10 bytes of name
CC1000="-DSZ_LINK_CC1000 -DSZ_LINK_TEMPLATES=0"     # 16 bytes
CC2420="-DSZ_LINK_TEMPLATES=0"                      # F = 102: 89 bytes
announces mica2.sizzle.test 5 $CC1000_T
announces thermostat 10 $CC1000_T
announces mica2.sizzle.test 5 $CC1000
announces kitchen.sizzle.t 16 $CC1000
announces telosb.sizzle.test 18 $CC2420
refused thermostat-kitchen.sizzle.test $CC1000_T
refused thermostat-kitchen $CC1000
refused .sizzle.test $CC1000_T
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
