#!/bin/sh
# Runs each test command given as one argument ("binary args..."), shows its output, and
# ends with the sum of their "N passed, N failed" lines. A binary that crashes or ends
# without its summary line (a sanitizer abort) counts as one more failure.
pass=0
fail=0
for cmd in "$@"; do
    echo "== $cmd"
    out=$($cmd 2>&1)
    rc=$?
    echo "$out" | tail -n 30
    line=$(echo "$out" | grep -E '[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    p=$(echo "$line" | sed -nE 's/(^|.* )([0-9]+) passed, ([0-9]+) failed$/\2/p')
    f=$(echo "$line" | sed -nE 's/(^|.* )([0-9]+) passed, ([0-9]+) failed$/\3/p')
    p=${p:-0}
    f=${f:-0}
    if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
    fi
    pass=$((pass + p))
    fail=$((fail + f))
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
