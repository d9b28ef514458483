/*
 * The engine's state structs, each as an array of its size, for `make sizzle-engine-sizes`
 * (nm -S of this object on each mote: the sizes as the mote's compiler lays them out).
 */
#include "sz_server_loop.h"
#include "sz_transcript_app.h"
#include "sz_http_app.h"

char sz_size_sz_tls[sizeof(sz_tls)] = {1};
char sz_size_sz_server[sizeof(sz_server)] = {1};
char sz_size_sz_handshake_hash[sizeof(sz_handshake_hash)] = {1};
char sz_size_sz_protection[sizeof(sz_protection)] = {1};
char sz_size_sz_record_writer[sizeof(sz_record_writer)] = {1};
char sz_size_sz_session_cache[sizeof(sz_session_cache)] = {1};
char sz_size_sz_tls_config[sizeof(sz_tls_config)] = {1};
char sz_size_ks_hmac_drbg[sizeof(ks_hmac_drbg)] = {1};
char sz_size_sz_server_loop[sizeof(sz_server_loop)] = {1};
char sz_size_sz_transcript_app[sizeof(sz_transcript_app)] = {1};
char sz_size_sz_http_app[sizeof(sz_http_app)] = {1};
