/* A player card's QR code: an SVG of the address of the player's page, drawn on the server
 * with libqrencode so the TD console needs no library and no network. The address names
 * the tournament and the player, never the PIN. */
#include <qrencode.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/handlers.h"
#include "api/player_read.h"
#include "store/store.h"

#define QR_BASE_MAX 200
#define QR_QUIET 4

/* Characters allowed in a base address: those of a URL that need no escaping in XML
 * except '&', which is escaped where it is written. */
static int url_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           strchr("-._~:/?#[]@!$&()*+,;=%", c) != NULL;
}

static int plain_base(const char *s)
{
    size_t n = strlen(s);
    if (n > QR_BASE_MAX)
        return 0;
    size_t skip;
    if (!strncmp(s, "http://", 7))
        skip = 7;
    else if (!strncmp(s, "https://", 8))
        skip = 8;
    else
        return 0;
    if (n == skip)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!url_char(s[i]))
            return 0;
    return 1;
}

/* A growing text buffer; on allocation failure it stays NULL and every append is dropped. */
struct sbuf {
    char *s;
    size_t len, cap;
    int failed;
};

static void sb_add(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(struct sbuf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = 1;
            return;
        }
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)n;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->failed = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

static void sb_add_xml(struct sbuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            sb_add(b, "&amp;");
        else if (*s == '<')
            sb_add(b, "&lt;");
        else if (*s == '>')
            sb_add(b, "&gt;");
        else
            sb_add(b, "%c", *s);
    }
}

void api_player_qr(struct api_req *req, struct api_resp *resp)
{
    const char *base = api_arg(req, "base");
    char host_base[QR_BASE_MAX + 16];
    if (base) {
        if (!plain_base(base)) {
            api_problem(resp, 400, "validation", "The request has invalid fields",
                        "base: must be an http:// or https:// address of at most %d plain "
                        "characters.",
                        QR_BASE_MAX);
            api_problem_field(resp, "base",
                              "must be an http:// or https:// address of at most %d plain "
                              "characters",
                              QR_BASE_MAX);
            resp->status = 400;
            json_object_set_new(resp->json, "status", json_integer(400));
            return;
        }
    } else {
        const char *host = req->host && req->host[0] ? req->host : "localhost";
        snprintf(host_base, sizeof host_base, "http://%.200s", host);
        if (!plain_base(host_base)) {
            api_problem(resp, 400, "validation", "The request has invalid fields",
                        "The Host header is not a plain address; give base=http://... instead.");
            api_problem_field(resp, "base", "is needed: the Host header is not a plain address");
            resp->status = 400;
            json_object_set_new(resp->json, "status", json_integer(400));
            return;
        }
        base = host_base;
    }
    struct player p;
    if (api_read_player(req, resp, &p))
        return;
    size_t bl = strlen(base);
    while (bl > 0 && base[bl - 1] == '/')
        bl--;
    char url[QR_BASE_MAX + 80];
    snprintf(url, sizeof url, "%.*s/play/?t=%lld&p=%lld", (int)bl, base, (long long)req->ids[0],
             (long long)req->ids[1]);

    QRcode *qr = QRcode_encodeString(url, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!qr) {
        api_internal_error(resp, "drawing the QR code");
        return;
    }
    int w = qr->width, size = w + 2 * QR_QUIET;
    struct sbuf b = {0};
    sb_add(&b,
           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
           "height=\"%d\" shape-rendering=\"crispEdges\" role=\"img\" "
           "data-qr-version=\"%d\" data-qr-modules=\"%d\">\n<title>",
           size, size, size * 4, size * 4, qr->version, w);
    sb_add_xml(&b, url);
    sb_add(&b,
           "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n<path fill=\"#000\" d=\"",
           size, size);
    /* one subpath per horizontal run of dark modules: "M x,y h n v1 h -n z" */
    for (int y = 0; y < w; y++) {
        for (int x = 0; x < w;) {
            if (!(qr->data[y * w + x] & 1)) {
                x++;
                continue;
            }
            int run = 1;
            while (x + run < w && (qr->data[y * w + x + run] & 1))
                run++;
            sb_add(&b, "M%d,%dh%dv1h-%dz", x + QR_QUIET, y + QR_QUIET, run, run);
            x += run;
        }
    }
    sb_add(&b, "\"/>\n</svg>\n");
    QRcode_free(qr);
    if (b.failed) {
        free(b.s);
        api_internal_error(resp, "writing the QR code");
        return;
    }
    resp->status = 200;
    resp->body = b.s;
    resp->body_len = b.len;
    snprintf(resp->content_type, sizeof resp->content_type, "image/svg+xml");
}
