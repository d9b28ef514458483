#!/bin/sh
# The control of the constant-time check: the table AES (KS_AES_TABLES 1, the motes' build,
# whose S-box reads are indexed by the secret state) run through the same valgrind test must
# draw reports, or the check could not see a secret-dependent address at all.
#   expect_leak.sh VALGRIND-COMMAND... BINARY
out=$("$@" 2>&1)
rc=$?
n=$(echo "$out" | grep -c "uninitialised value")
if [ $rc -ne 0 ] && [ "$n" -gt 0 ]; then
    echo "control: the table AES drew $n valgrind reports, as it must: 1 passed, 0 failed"
else
    echo "control: the table AES drew no valgrind report (exit $rc): the check is blind: 0 passed, 1 failed"
fi
