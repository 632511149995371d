/* The response of a kept body, built once. A GET of a tournament from a screen or a phone
 * not logged in is answered from the body kept for the tournament's revision (api/cache.c);
 * building a libmicrohttpd response for it each time, seven headers each copied twice by the
 * library and freed again, was a quarter of such a GET's instructions (issue 37). The
 * response is built with the first such request (of each HTTP thread, below) and kept with
 * the body: it carries the
 * same headers a request would add, so the answer is byte for byte the one built each time;
 * libmicrohttpd counts the connections sending it, and the body outlives them (each holds a
 * reference to it until its request is completed). */
#include "http/kept.h"

#include <stdlib.h>
#include <string.h>

#include "api/cache.h"

/* Each HTTP thread queues a response of its own (issue 37): libmicrohttpd counts a
 * response's connections under the response's mutex, twice a request, so one response shared
 * by every thread was a lock all of them took for every GET of the tournament (under load,
 * a thread switched out holding it stalled the others). A connection stays on its thread,
 * so a thread's response is counted by that thread alone. Threads past KEPT_SLOTS share. */
#define KEPT_SLOTS 64

struct kept {
    struct api_blob_kept base; /* first: the blob frees it through base.free */
    struct api_blob *blob;
    int gz;
    char etag[88];
    struct MHD_Response *r[KEPT_SLOTS]; /* atomic: each built by the first request of its thread */
};

static void kept_free(struct api_blob_kept *k)
{
    struct kept *kp = (struct kept *)k;
    for (int i = 0; i < KEPT_SLOTS; i++)
        if (kp->r[i])
            MHD_destroy_response(kp->r[i]);
    free(kp);
}

/* this thread's slot */
static unsigned slot_of_thread(void)
{
    static unsigned next;
    static __thread unsigned slot; /* its slot + 1; 0 until the first */
    if (!slot)
        slot = __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED) % KEPT_SLOTS + 1;
    return slot - 1;
}

void http_common_headers(struct MHD_Response *r)
{
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
}

void http_blob_headers(struct MHD_Response *r, int gz)
{
    if (gz)
        MHD_add_response_header(r, "Content-Encoding", "gzip");
    MHD_add_response_header(r, "Vary", "Accept-Encoding");
    MHD_add_response_header(r, "Content-Type", "application/json");
}

void http_etag_headers(struct MHD_Response *r, const char *etag, int personal)
{
    MHD_add_response_header(r, "ETag", etag);
    MHD_add_response_header(r, "Cache-Control", personal ? "private, no-cache" : "no-cache");
}

/* The response with its headers, in the order server.c's serve_api adds them to a kept body
 * for someone not logged in (the same functions write them). */
static struct MHD_Response *build(const struct kept *k)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(k->blob->len, k->blob->data, MHD_RESPMEM_PERSISTENT);
    if (!r)
        return NULL;
    http_blob_headers(r, k->gz);
    http_etag_headers(r, k->etag, 0);
    http_common_headers(r);
    return r;
}

struct MHD_Response *http_kept_response(struct api_blob *blob, int gz, const char *etag)
{
    struct kept *k = (struct kept *)__atomic_load_n(&blob->kept, __ATOMIC_ACQUIRE);
    if (!k) {
        if (strlen(etag) >= sizeof k->etag || !(k = calloc(1, sizeof *k)))
            return NULL;
        k->base.free = kept_free;
        k->blob = blob;
        k->gz = gz;
        memcpy(k->etag, etag, strlen(etag) + 1);
        struct api_blob_kept *none = NULL;
        if (!__atomic_compare_exchange_n(&blob->kept, &none, &k->base, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE)) {
            /* another thread kept its own first: that one serves */
            free(k);
            k = (struct kept *)none;
        }
    }
    if (strcmp(k->etag, etag) || k->gz != gz)
        return NULL;
    unsigned i = slot_of_thread();
    struct MHD_Response *r = __atomic_load_n(&k->r[i], __ATOMIC_ACQUIRE);
    if (r)
        return r;
    if (!(r = build(k)))
        return NULL;
    struct MHD_Response *none = NULL;
    if (__atomic_compare_exchange_n(&k->r[i], &none, r, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return r;
    /* a thread sharing the slot built it first */
    MHD_destroy_response(r);
    return none;
}
