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

struct http_fair;
struct http_fair_conn;

struct http_fair_limits {
    int max_connections;     /* all connections that are not event streams */
    int per_address;         /* connections (not streams) of one address or /64 */
    int max_streams;         /* event streams in all */
    int streams_per_address; /* event streams of one address or /64 */
    int64_t header_ms;       /* a whole request within this from the connection's start */
    int64_t idle_ms;         /* ... and the next one within this after a reply */
};

/* The address key: 16 bytes, an IPv4 address as its IPv4-mapped IPv6 form, an IPv6 one
 * cut to its /64. Returns 0, or -1 for another family. */
int http_fair_key(const struct sockaddr *sa, unsigned char key[16]);
/* The key as text ("192.0.2.1", "2001:db8:1:2::/64"), for the login limits. */
void http_fair_key_text(const struct sockaddr *sa, char *out, size_t len);

struct http_fair *http_fair_new(const struct http_fair_limits *lim);
void http_fair_free(struct http_fair *f);
/* Exempts an address from the per-address limits (a trusted proxy: behind it every
 * client shares its address). */
void http_fair_exempt(struct http_fair *f, const struct sockaddr *sa);

/* 1 when a new connection from sa may be accepted now. */
int http_fair_admit(struct http_fair *f, const struct sockaddr *sa);
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
/* Shuts down the sockets past their deadline; returns how many. */
int http_fair_sweep(struct http_fair *f, int64_t now_ms);

/* Counts for tests and the log: connections (not streams) and streams of sa's key. */
void http_fair_counts(struct http_fair *f, const struct sockaddr *sa, int *conns, int *streams);

#endif
