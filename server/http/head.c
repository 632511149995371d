/* The request headers read in one walk (head.h). */
#include "http/head.h"

#include <string.h>
#include <strings.h>

#include "api/api.h"

static void take(const char **slot, const char *value)
{
    if (!*slot) /* the first, as a lookup by name finds */
        *slot = value;
}

static enum MHD_Result header(void *cls, enum MHD_ValueKind kind, const char *key,
                              const char *value)
{
    struct http_head *h = cls;
    (void)kind;
    if (!key || !value)
        return MHD_YES;
    /* by length first: most names are compared with none */
    switch (strlen(key)) {
    case 4:
        if (!strcasecmp(key, "Host"))
            take(&h->host, value);
        break;
    case 6:
        if (!strcasecmp(key, "Origin"))
            take(&h->origin, value);
        else if (!strcasecmp(key, "Expect"))
            take(&h->expect, value);
        else if (!strcasecmp(key, "Cookie"))
            take(&h->cookie, value);
        break;
    case 10:
        if (!strcasecmp(key, "X-Crawford"))
            take(&h->csrf, value);
        break;
    case 12:
        if (!strcasecmp(key, "Content-Type"))
            take(&h->content_type, value);
        break;
    case 13:
        if (!strcasecmp(key, "Authorization"))
            take(&h->authorization, value);
        else if (!strcasecmp(key, "If-None-Match"))
            take(&h->if_none_match, value);
        else if (!strcasecmp(key, "Last-Event-ID"))
            take(&h->last_event_id, value);
        break;
    case 14:
        if (!strcasecmp(key, "Content-Length"))
            take(&h->content_length, value);
        break;
    case 15:
        if (!strcasecmp(key, "Idempotency-Key"))
            take(&h->idem_key, value);
        else if (!strcasecmp(key, "Accept-Encoding"))
            take(&h->accept_encoding, value);
        else if (!strcasecmp(key, "X-Forwarded-For"))
            take(&h->forwarded_for, value);
        break;
    case 17:
        if (!strcasecmp(key, "X-Forwarded-Proto"))
            take(&h->forwarded_proto, value);
        break;
    }
    return MHD_YES;
}

static enum MHD_Result cookie(void *cls, enum MHD_ValueKind kind, const char *key,
                              const char *value)
{
    struct http_head *h = cls;
    (void)kind;
    /* compared as MHD_lookup_connection_value compares them: without case */
    if (!key || !value)
        return MHD_YES;
    if (!strcasecmp(key, API_SESSION_COOKIE))
        take(&h->session, value);
    else if (!strcasecmp(key, API_PLAYER_COOKIE))
        take(&h->player, value);
    else if (!strcasecmp(key, API_DEVICE_COOKIE))
        take(&h->device, value);
    return MHD_YES;
}

void http_head_read(struct MHD_Connection *c, struct http_head *h)
{
    memset(h, 0, sizeof *h);
    MHD_get_connection_values(c, MHD_HEADER_KIND, header, h);
    if (h->cookie) /* no Cookie header, no cookies to walk */
        MHD_get_connection_values(c, MHD_COOKIE_KIND, cookie, h);
}
