# The C HTTP layer and thermostat application (sizzle/sz_*.c of HTTP.md) on the host: their
# test replays the Java server's stored HTTP transcripts under AddressSanitizer + UBSan
# (sizzle/tests/test_http.c). Included by ../Makefile before its `test` rule, which runs
# $(SZ_HTTP_TEST) with the kernel tests.
SZ_DIR := sizzle
# The HTTP layer, then the application (listed: other sz_*.c files here are the TLS engine's).
SZ_HTTP_LAYER := sz_ascii.c sz_status.c sz_request.c sz_request_parser.c sz_response_writer.c sz_http_connection.c
SZ_HTTP_APP := sz_thermostat.c sz_thermostat_pages.c sz_config_form.c sz_password_gate.c sz_thermostat_app.c
SZ_HTTP_SRCS := $(addprefix $(SZ_DIR)/,$(SZ_HTTP_LAYER) $(SZ_HTTP_APP)) $(KDIR)/ks_wipe.c
SZ_HTTP_HDRS := $(wildcard $(SZ_DIR)/sz_*.h) $(KDIR)/ks_config.h $(KDIR)/ks_wipe.h
SZ_HTTP_TEST_SRCS := $(SZ_DIR)/tests/test_http.c $(SZ_DIR)/tests/http_transcript.c
SZ_HTTP_TRANSCRIPTS := $(wildcard ../sizzle-server/src/test/resources/http-transcripts/*.txt)

$(HOST)/test-http: $(SZ_HTTP_SRCS) $(SZ_HTTP_HDRS) $(SZ_HTTP_TEST_SRCS) $(SZ_DIR)/tests/http_transcript.h
	@mkdir -p $(HOST)
	$(CC) $(WARN) $(SAN) -I$(KDIR) -I$(SZ_DIR) -I$(SZ_DIR)/tests $(SZ_HTTP_SRCS) $(SZ_HTTP_TEST_SRCS) -o $@

SZ_HTTP_TEST := $(HOST)/test-http
SZ_HTTP_TEST_RUN := "$(HOST)/test-http $(SZ_HTTP_TRANSCRIPTS)"

.PHONY: http-test
http-test: $(SZ_HTTP_TEST)
	@bash tests/run_all.sh $(SZ_HTTP_TEST_RUN)
