/* Fair shares of the server among clients: how many connections and event streams each
 * address (an IPv6 client by its /64, since one host there owns millions of addresses)
 * may hold, and a deadline for a connection that has not yet sent a whole request.
 *
 * libmicrohttpd 0.9.75 has one idle timeout, reset by every byte that arrives, so a
 * client that sends a header byte every few seconds would keep its connection forever;
 * the deadline here counts from the connection's start (or from the end of its previous
 * request) and is enforced by http_fair_sweep, which shuts the socket down: the library
 * then sees the end of the stream and closes the connection itself. */
#ifndef HTTP_FAIRSHARE_H
#define HTTP_FAIRSHARE_H

#include <stdint.h>
#include <sys/socket.h>

#include "common/cidr.h"
#include "common/config.h"

/* Connections past a share (an address's, or the server's) are accepted and answered 503
 * with Retry-After once their request is in, not reset at accept: at most this many in
 * all and per address wait for that; beyond, in a flood, they are shut at once. */
#define HTTP_FAIR_OVER_MAX 512
#define HTTP_FAIR_OVER_PER_ADDRESS 64

struct http_fair;
struct http_fair_conn;

struct http_fair_limits {
    int max_connections;     /* all connections that are not event streams */
    int per_address;         /* connections (not streams) of one address or /64 */
    int max_streams;         /* event streams in all */
    int streams_per_address; /* event streams of one address or /64 */
    int replays_per_address; /* of them, replaying a long history at once */
    int64_t header_ms;       /* a whole request within this from the connection's start */
    int64_t idle_ms;         /* ... and the next one within this after a reply */
};

/* The address key: 16 bytes, an IPv4 address as its IPv4-mapped IPv6 form, an IPv6 one
 * cut to its /64. Returns 0, or -1 for another family. */
int http_fair_key(const struct sockaddr *sa, unsigned char key[16]);
/* The key as text ("192.0.2.1", "2001:db8:1:2::/64"), for the login limits. */
void http_fair_key_text(const struct sockaddr *sa, char *out, size_t len);

/* The limits the settings give; the open files they need at most (the process's limit
 * must be above it, or accept fails and clients wait unanswered). */
struct http_fair_limits http_fair_limits_of(const struct cw_config *cfg);
int http_fair_descriptors(const struct cw_config *cfg);

struct http_fair *http_fair_new(const struct http_fair_limits *lim);
void http_fair_free(struct http_fair *f);
/* Exempts an address range from the per-address limits (a trusted proxy: behind it every
 * client shares its address; the proxy's own limit_conn counts them apart). At most
 * CW_CIDR_MAX ranges; the connections still count towards the totals. */
void http_fair_exempt(struct http_fair *f, const struct cw_cidr *range);

/* 1 when a new connection from sa may be accepted now: within its share, or past it with
 * room to be answered 503 (http_fair_over). */
int http_fair_admit(struct http_fair *f, const struct sockaddr *sa);
/* 1 when the connection came past its address's (or the server's) share: its request is
 * answered 503 with Retry-After and the connection closed. */
int http_fair_over(const struct http_fair_conn *c);
/* A connection started (fd is its socket) or closed. */
struct http_fair_conn *http_fair_started(struct http_fair *f, const struct sockaddr *sa, int fd,
                                         int64_t now_ms);
void http_fair_closed(struct http_fair *f, struct http_fair_conn *c);
/* The headers of a request are all in: its body and reply within idle_ms (a body sent a
 * byte at a time, or a reply read so, must not hold the connection either). */
void http_fair_request(struct http_fair *f, struct http_fair_conn *c, int64_t now_ms);
/* A reply is done: the next request must come whole within idle_ms. */
void http_fair_replied(struct http_fair *f, struct http_fair_conn *c, int64_t now_ms);
/* The connection became an event stream: counted with the streams, no deadline. Returns
 * 0, or -1 when the address (or the server) holds all the streams it may. */
int http_fair_stream(struct http_fair *f, struct http_fair_conn *c);
/* The stream began with a long history (api/stream.h): 0 when its address has a replay to
 * spare (held until the stream ends), -1 when it has replays_per_address such streams
 * already. An exempt address (a proxy) is not counted. */
int http_fair_replay(struct http_fair *f, struct http_fair_conn *c);
/* Shuts down the sockets past their deadline; returns how many. */
int http_fair_sweep(struct http_fair *f, int64_t now_ms);

/* Counts for tests and the log: connections (not streams) and streams of sa's key. */
void http_fair_counts(struct http_fair *f, const struct sockaddr *sa, int *conns, int *streams);

#endif
