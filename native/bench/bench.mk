# The mote benchmark's smoke test (bench/test_mote_bench.py): `./sizzle bench mote --quick`'s
# core (bench/mote_bench.py --quick --json) run once, its JSON checked for every metric name of
# issue 8 and for positive figures (null only with the reason). Included by ../Makefile after
# the motes' fragments and sizzle/firmware/firmware.mk; run by `make sizzle-test`.
#   make -C native mote-bench-smoke
.PHONY: mote-bench-smoke
mote-bench-smoke: $(AVR_HARNESS)
	@python3 $(MOTE_NATIVE)/bench/test_mote_bench.py
