/* A player card's QR code: an SVG of the address of the player's page, drawn on the server
 * with libqrencode so the TD console needs no library and no network. The address names
 * the tournament and the player, never the PIN. One card's as an SVG image, or the whole
 * print sheet's in one JSON reply (each card's modules as an SVG path the console draws
 * inline): a sheet of a thousand cards is one request, and nothing is left loading when
 * the print dialog opens. */
#include <qrencode.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/cache.h"
#include "api/handlers.h"
#include "api/player_read.h"
#include "app.h"
#include "common/config.h"
#include "store/store.h"

#define QR_BASE_MAX 200
#define QR_QUIET 4

static int plain_base(const char *s)
{
    return cw_plain_url(s, QR_BASE_MAX);
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

/* The base address of the cards' links: ?base=, or the setting public_url (the address
 * players use, which outlives this laptop), or this server as the request names it (Host),
 * with no trailing slash, into out. 0, or -1 with the refusal as the reply. */
API_REPLIES static int read_base(struct api_req *req, struct api_resp *resp,
                                 char out[QR_BASE_MAX + 16])
{
    const char *base = api_arg(req, "base");
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
            return -1;
        }
        snprintf(out, QR_BASE_MAX + 16, "%s", base);
    } else if (req->app->cfg.public_url[0]) {
        snprintf(out, QR_BASE_MAX + 16, "%s", req->app->cfg.public_url);
    } else {
        const char *host = req->host && req->host[0] ? req->host : "localhost";
        snprintf(out, QR_BASE_MAX + 16, "http://%.200s", host);
        if (!plain_base(out)) {
            api_problem(resp, 400, "validation", "The request has invalid fields",
                        "The Host header is not a plain address; give base=http://... instead.");
            api_problem_field(resp, "base", "is needed: the Host header is not a plain address");
            return -1;
        }
    }
    size_t bl = strlen(out);
    while (bl > 0 && out[bl - 1] == '/')
        out[--bl] = 0;
    return 0;
}

/* The address of player pid's page under base. */
static void player_url(const char *base, int64_t tid, int64_t pid, char out[QR_BASE_MAX + 80])
{
    snprintf(out, QR_BASE_MAX + 80, "%s/play/?t=%lld&p=%lld", base, (long long)tid, (long long)pid);
}

/* The QR code of url as the path of its dark modules, in a quiet zone of QR_QUIET, appended
 * to b: one subpath per horizontal run, "M x,y h n v1 h -n z". 0, or -1 when libqrencode
 * fails. */
static int qr_path(const char *url, struct sbuf *b, int *version, int *modules)
{
    QRcode *qr = QRcode_encodeString(url, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!qr)
        return -1;
    int w = qr->width;
    for (int y = 0; y < w; y++) {
        for (int x = 0; x < w;) {
            if (!(qr->data[y * w + x] & 1)) {
                x++;
                continue;
            }
            int run = 1;
            while (x + run < w && (qr->data[y * w + x + run] & 1))
                run++;
            sb_add(b, "M%d,%dh%dv1h-%dz", x + QR_QUIET, y + QR_QUIET, run, run);
            x += run;
        }
    }
    *version = qr->version;
    *modules = w;
    QRcode_free(qr);
    return 0;
}

void api_player_qr(struct api_req *req, struct api_resp *resp)
{
    char base[QR_BASE_MAX + 16];
    if (read_base(req, resp, base))
        return;
    struct player p;
    if (api_read_player(req, resp, &p))
        return;
    char url[QR_BASE_MAX + 80];
    player_url(base, req->ids[0], req->ids[1], url);
    struct sbuf path = {0};
    int version, w;
    if (qr_path(url, &path, &version, &w)) {
        api_internal_error(resp, "drawing the QR code");
        return;
    }
    int size = w + 2 * QR_QUIET;
    struct sbuf b = {0};
    sb_add(&b,
           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
           "height=\"%d\" shape-rendering=\"crispEdges\" role=\"img\" "
           "data-qr-version=\"%d\" data-qr-modules=\"%d\">\n<title>",
           size, size, size * 4, size * 4, version, w);
    sb_add_xml(&b, url);
    sb_add(&b,
           "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n<path fill=\"#000\" d=\"",
           size, size);
    sb_add(&b, "%s\"/>\n</svg>\n", path.s ? path.s : "");
    int failed = b.failed || path.failed;
    free(path.s);
    if (failed) {
        free(b.s);
        api_internal_error(resp, "writing the QR code");
        return;
    }
    resp->status = 200;
    resp->body = b.s;
    resp->body_len = b.len;
    snprintf(resp->content_type, sizeof resp->content_type, "image/svg+xml");
}

/* ?player=: the one card of the sheet (0: every card). 0, or -1 with the refusal. */
API_REPLIES static int read_player_arg(struct api_req *req, struct api_resp *resp, int64_t *pid)
{
    const char *s = api_arg(req, "player");
    *pid = 0;
    if (!s)
        return 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || v <= 0) {
        api_problem(resp, 400, "validation", "The request has invalid fields",
                    "player: must be a player id.");
        api_problem_field(resp, "player", "must be a player id");
        return -1;
    }
    *pid = v;
    return 0;
}

/* The QR codes of the cards GET .../cards prints (every player not withdrawn, in its
 * order), or of one player's (?player=, withdrawn or not): {"cards": [{player_id, url, version, modules,
 * size, path}]}, each path drawn in a square of size a side (its quiet zone around it). A
 * sheet of a thousand cards is some megabytes of paths: gzipped when the browser takes it.
 * No PIN: they are GET .../cards's, read apart and audited. */
void api_cards_qr(struct api_req *req, struct api_resp *resp)
{
    char base[QR_BASE_MAX + 16];
    int64_t only;
    if (read_base(req, resp, base) || read_player_arg(req, resp, &only))
        return;
    struct tournament t;
    struct player *ps;
    int n;
    if (api_read_players(req, resp, &t, &ps, &n))
        return;
    json_t *cards = json_array();
    int failed = !cards;
    for (int i = 0; i < n && !failed; i++) {
        /* the sheet leaves out who withdrew; a card asked for by name is that player's */
        if (only ? ps[i].id != only : !strcmp(ps[i].status, "withdrawn"))
            continue;
        char url[QR_BASE_MAX + 80];
        player_url(base, t.id, ps[i].id, url);
        struct sbuf path = {0};
        int version, w;
        failed = qr_path(url, &path, &version, &w) || path.failed;
        json_t *card = failed ? NULL
                              : json_pack("{s:I, s:s, s:i, s:i, s:i, s:s}", "player_id",
                                          (json_int_t)ps[i].id, "url", url, "version", version,
                                          "modules", w, "size", w + 2 * QR_QUIET, "path", path.s);
        failed = failed || json_array_append_new(cards, card);
        free(path.s);
    }
    free(ps);
    if (failed) {
        json_decref(cards);
        api_internal_error(resp, "drawing the QR codes");
        return;
    }
    if (only && json_array_size(cards) == 0) {
        json_decref(cards);
        api_problem(resp, 404, "not-found", "No such player",
                    "There is no player %lld in tournament %lld.",
                    (long long)only, (long long)t.id);
        return;
    }
    json_t *reply = json_pack("{s:I, s:o}", "tournament_id", (json_int_t)t.id, "cards", cards);
    char *text = reply && req->accept_gzip ? json_dumps(reply, JSON_COMPACT) : NULL;
    struct api_blob *gz = text ? api_blob_gzip(text, strlen(text)) : NULL;
    free(text);
    if (gz) {
        json_decref(reply);
        resp->status = 200;
        resp->blob = gz;
        resp->blob_gzip = 1;
        return;
    }
    api_reply_json(resp, 200, reply);
}
