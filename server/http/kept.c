/* The response of a kept body, built once. A GET of a tournament from a screen or a phone
 * not logged in is answered from the body kept for the tournament's revision (api/cache.c);
 * building a libmicrohttpd response for it each time, seven headers each copied twice by the
 * library and freed again, was a quarter of such a GET's instructions (issue 37). The
 * response is built with the first such request and kept with the body: it carries the
 * same headers a request would add, so the answer is byte for byte the one built each time;
 * libmicrohttpd counts the connections sending it, and the body outlives them (each holds a
 * reference to it until its request is completed). */
#include "http/kept.h"

#include <stdlib.h>
#include <string.h>

#include "api/cache.h"

struct kept {
    struct api_blob_kept base; /* first: the blob frees it through base.free */
    struct MHD_Response *r;
    char etag[88];
};

static void kept_free(struct api_blob_kept *k)
{
    struct kept *kp = (struct kept *)k;
    MHD_destroy_response(kp->r);
    free(kp);
}

void http_common_headers(struct MHD_Response *r)
{
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
}

struct MHD_Response *http_kept_response(struct api_blob *blob, int gz, const char *etag)
{
    struct kept *k = (struct kept *)__atomic_load_n(&blob->kept, __ATOMIC_ACQUIRE);
    if (k)
        return strcmp(k->etag, etag) ? NULL : k->r;
    if (strlen(etag) >= sizeof k->etag || !(k = calloc(1, sizeof *k)))
        return NULL;
    k->base.free = kept_free;
    memcpy(k->etag, etag, strlen(etag) + 1);
    /* the same headers, in the same order, as server.c's serve_api adds to a kept body */
    k->r = MHD_create_response_from_buffer(blob->len, blob->data, MHD_RESPMEM_PERSISTENT);
    if (!k->r) {
        free(k);
        return NULL;
    }
    if (gz)
        MHD_add_response_header(k->r, "Content-Encoding", "gzip");
    MHD_add_response_header(k->r, "Vary", "Accept-Encoding");
    MHD_add_response_header(k->r, "Content-Type", "application/json");
    MHD_add_response_header(k->r, "ETag", etag);
    MHD_add_response_header(k->r, "Cache-Control", "no-cache");
    http_common_headers(k->r);
    struct api_blob_kept *none = NULL;
    if (__atomic_compare_exchange_n(&blob->kept, &none, &k->base, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
        return k->r;
    /* another thread kept its own first: this request builds one as usual */
    kept_free(&k->base);
    return NULL;
}
