/* What a link end counts (LINK.md §8): mirrors sizzle/link/LinkStats.java, the same numbers
 * in the same order (the reason codes double as sz_link_decode's results), so that a host
 * test can compare the C end's counters with the Java end's name for name. */
#ifndef SZ_LINK_STATS_H
#define SZ_LINK_STATS_H

#include "sz_link_config.h"

/* Codec-level rejections: the frame itself is malformed. */
#define SZ_LS_SHORT 1
#define SZ_LS_LONG 2
#define SZ_LS_BAD_CRC 3
#define SZ_LS_BAD_TYPE 4
#define SZ_LS_BAD_FLAGS 5
#define SZ_LS_BAD_CONN 6
#define SZ_LS_BAD_FIELD 7
#define SZ_LS_BAD_PAYLOAD 8
/* State-level drops: a well-formed frame this end cannot use now. */
#define SZ_LS_NOT_FOR_ME 9
#define SZ_LS_WRONG_PEER 10
#define SZ_LS_STALE_CONN 11
#define SZ_LS_STALE_MSG 12
#define SZ_LS_NO_FIRST 13
#define SZ_LS_BAD_INDEX 14
#define SZ_LS_BAD_SIZE 15
#define SZ_LS_DUPLICATE 16
#define SZ_LS_TOO_LONG 17
#define SZ_LS_UNEXPECTED 18
#define SZ_LS_RESPONSE_DROPPED 19
/* Traffic. */
#define SZ_LS_FRAMES_IN 20
#define SZ_LS_FRAMES_OUT 21
#define SZ_LS_RETRANSMITS 22
#define SZ_LS_TIMEOUTS 23
#define SZ_LS_MESSAGES_IN 24
#define SZ_LS_MESSAGES_OUT 25
#define SZ_LS_NACKS_OUT 26
#define SZ_LS_ACKS_OUT 27
#define SZ_LS_POLLS 28
#define SZ_LS_COUNTERS 29

#if SZ_LINK_STATS
#define SZ_LINK_COUNT(l, c) ((l)->stats[c]++)
#else
#define SZ_LINK_COUNT(l, c) ((void)0)
#endif

#endif
