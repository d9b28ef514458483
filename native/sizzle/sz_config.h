/*
 * What a Sizzle build carries (compile time, as Sizzle's build flags did): exactly one profile,
 * SZ_PROFILE_MODERN (the default), SZ_PROFILE_LEGACY_ECC or SZ_PROFILE_LEGACY_RSA, and the
 * limits below. Flash constants follow the kernels' convention (kernels/ks_config.h: KS_FLASH,
 * KS_READ_BYTE), so a table here is PROGMEM on the AVR.
 * Mirrors kssl-client/src/main/java/kssl/tls/Profile.java (versions and suites per profile)
 * and the server's defaults in TlsConfig.java.
 */
#ifndef SZ_CONFIG_H
#define SZ_CONFIG_H

#include <stdint.h>
#include <stddef.h>
#include "ks_config.h"

#if defined(SZ_PROFILE_LEGACY_ECC) + defined(SZ_PROFILE_LEGACY_RSA) + defined(SZ_PROFILE_MODERN) > 1
#error "one profile per build"
#endif
#if !defined(SZ_PROFILE_LEGACY_ECC) && !defined(SZ_PROFILE_LEGACY_RSA) && !defined(SZ_PROFILE_MODERN)
#define SZ_PROFILE_MODERN 1
#endif
#if defined(SZ_PROFILE_LEGACY_ECC) || defined(SZ_PROFILE_LEGACY_RSA)
#define SZ_LEGACY 1 /* SSL 3.0 / TLS 1.0, RC4: INSECURE, for old peers and the papers only */
#else
#define SZ_LEGACY 0
#endif

/* Application records longer than the buffer opened as they come (sz_tls_connection.c, README:
 * Records in), with the HTTP layer answering a request at its pull: the modern build, but for
 * the MSP430F1611's image, whose 1,536-byte buffer holds a browser's requests whole and whose
 * 48 KB of flash has no room for the ~1 KB of code. Elsewhere the code is as before. */
#ifndef SZ_STREAM_RECORDS
#if SZ_LEGACY || defined(__MSP430__)
#define SZ_STREAM_RECORDS 0
#else
#define SZ_STREAM_RECORDS 1
#endif
#endif

/* The master secret's PRF key prepared once a connection (sz_master_key: HMAC's chaining
 * values, 72 B in the legacy builds, 64 B in modern, beside the master secret): the key block
 * and both Finished then cost eight compressions fewer in TLS 1.0 (four in TLS 1.2). Not on the
 * ATmega128's modern and legacy-rsa images, whose RAM budgets have not the room, nor on the
 * MSP430F1611's modern one, whose image with the radio link has not the flash (~300 B). */
#ifndef SZ_PRF_KEYED
#if (defined(__AVR__) && !defined(SZ_PROFILE_LEGACY_ECC)) || (defined(__MSP430__) && !SZ_LEGACY)
#define SZ_PRF_KEYED 0
#else
#define SZ_PRF_KEYED 1
#endif
#endif

/* Protected records longer than the buffer written as they go (sz_writer_declare): the
 * application's unit goes out as the one record the Java writes, declared with its length and
 * sealed piece by piece. For an application that declares units (sz_app.unit): the transcripts'
 * (their 1,500-byte responses are one record each in a mote's smaller buffer). The thermostat
 * pulls its Java counterpart's chunks already, so its images carry none of it. */
#ifndef SZ_STREAM_OUT
#ifdef SZ_APP_TRANSCRIPT
#define SZ_STREAM_OUT 1
#else
#define SZ_STREAM_OUT 0
#endif
#endif

/* The largest plaintext fragment this server receives (it answers record_size_limit with it). */
#ifndef SZ_RECEIVE_LIMIT
#define SZ_RECEIVE_LIMIT 16384
#endif
/* The longest handshake message accepted (TlsConfig.maxHandshakeMessage). */
#ifndef SZ_MAX_HANDSHAKE_MESSAGE
#define SZ_MAX_HANDSHAKE_MESSAGE 65536UL
#endif
/* The signature pairs the server's chain is signed with (sz_scheme_bit of each certificate's
 * signature algorithm; bit 15: one the engine cannot name). Set by the build from the device
 * certificate; the default is the test PKI's chain (TestPki.P256: ecdsa-with-SHA256). */
#ifndef SZ_CHAIN_SCHEMES
#define SZ_CHAIN_SCHEMES 0x0040u
#endif

/* Over the radio link with templates, the modern build: its server takes a ClientHello as the
 * digest the gateway sends in its place (LINK.md §15.2; sz_port_hello_digest). */
#if defined(SZ_FW_LINK) && SZ_FW_LINK && defined(SZ_LINK_TEMPLATES) && SZ_LINK_TEMPLATES && !SZ_LEGACY
#define SZ_PORT_HELLO_DIGEST 1
#else
#define SZ_PORT_HELLO_DIGEST 0
#endif

#endif
