# The mote benchmark's smoke test (bench/test_mote_bench.py): `./sizzle bench mote --quick`'s
# core (bench/mote_bench.py --quick --json) run once, its JSON checked for every metric name of
# issue 8 and for positive figures (null only with the reason). Included by ../Makefile after
# the motes' fragments and sizzle/firmware/firmware.mk; run by `make sizzle-test`. Then, in
# turn (it builds the same legacy-ecc image), the gateway benchmark's cycle file for the Mica2's
# legacy profile and both motes' handshakes with a slow client (bench/test_gateway_cycles.py,
# ~45 s), whose last line adds the first's counts (tests/run_all.sh reads one summary line per
# command).
#   make -C native mote-bench-smoke
MOTE_BENCH_SMOKE_LOG := $(MOTE_NATIVE)/build/mote-bench-smoke.log
.PHONY: mote-bench-smoke
mote-bench-smoke: $(AVR_HARNESS)
	@mkdir -p $(dir $(MOTE_BENCH_SMOKE_LOG))
	@python3 $(MOTE_NATIVE)/bench/test_mote_bench.py > $(MOTE_BENCH_SMOKE_LOG) || { cat $(MOTE_BENCH_SMOKE_LOG); exit 1; }; cat $(MOTE_BENCH_SMOKE_LOG)
	@python3 $(MOTE_NATIVE)/bench/test_gateway_cycles.py --add "$$(tail -n 1 $(MOTE_BENCH_SMOKE_LOG))"
