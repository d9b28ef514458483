#!/usr/bin/env bash
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# Runs each test command given as one argument ("binary args..."), shows its output, and
# ends with the sum of their "N passed, N failed" lines. A binary that crashes or ends
# without its summary line (a sanitizer abort) counts as one more failure. Up to
# $RUN_ALL_JOBS commands (default: the machine's cores) run at once, each into its own file;
# their outputs are shown in the order given, so the log reads the same however they ran: the
# last $RUN_ALL_TAIL lines of each (default 30).
jobs=${RUN_ALL_JOBS:-$(nproc 2>/dev/null || echo 1)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
for cmd in "$@"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    ( $cmd > "$tmp/$i.out" 2>&1; echo $? > "$tmp/$i.rc" ) &
    i=$((i + 1))
done
wait
pass=0
fail=0
i=0
for cmd in "$@"; do
    echo "== $cmd"
    rc=$(cat "$tmp/$i.rc" 2>/dev/null || echo 1)
    tail -n "${RUN_ALL_TAIL:-30}" "$tmp/$i.out"
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed$' "$tmp/$i.out" | tail -n 1)
    p=$(echo "$line" | sed -nE 's/(^|.* )([0-9]+) passed, ([0-9]+) failed$/\2/p')
    f=$(echo "$line" | sed -nE 's/(^|.* )([0-9]+) passed, ([0-9]+) failed$/\3/p')
    p=${p:-0}
    f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
    fi
    pass=$((pass + p))
    fail=$((fail + f))
    i=$((i + 1))
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
