/* PIN guessing limited: see pin_tries.h. */
#include "api/pin_tries.h"

#include <stdio.h>

#include "api/limiter.h"
#include "app.h"

/* 429 with the wait in words and in Retry-After, in place of whatever resp held. */
static void too_many_pins(struct api_resp *resp, int64_t wait_ms, const char *whose)
{
    long long secs = (wait_ms + 999) / 1000;
    snprintf(resp->retry_after, sizeof resp->retry_after, "%lld", secs);
    api_reply_json(resp, 429, NULL);
    api_problem(resp, 429, "too-many-attempts", "Too many wrong PINs",
                "Too many wrong PINs %s; try again in %lld minutes (%lld seconds).", whose,
                (secs + 59) / 60, secs);
}

int api_pin_try_begin(struct api_req *req, struct api_resp *resp, const char *subject,
                      struct api_pin_try *t)
{
    struct app *app = req->app;
    const char *who = req->client_key ? req->client_key : req->client_ip;
    snprintf(t->key, sizeof t->key, "%s", subject);
    snprintf(t->pair, sizeof t->pair, "%s@%s", subject, who);
    snprintf(t->ip, sizeof t->ip, "pinip:%s", who);
    int64_t w;
    if ((w = api_limiter_take(app->pin_ip_lim, t->ip, req->now_ms)) > 0) {
        too_many_pins(resp, w, "from this address");
        return -1;
    }
    if ((w = api_limiter_take(app->pin_pair_lim, t->pair, req->now_ms)) > 0) {
        api_limiter_refund(app->pin_ip_lim, t->ip);
        too_many_pins(resp, w, "for this PIN from this address");
        return -1;
    }
    if ((w = api_limiter_take(app->pin_lim, t->key, req->now_ms)) > 0) {
        api_limiter_refund(app->pin_ip_lim, t->ip);
        api_limiter_refund(app->pin_pair_lim, t->pair);
        too_many_pins(resp, w, "for this PIN lately");
        return -1;
    }
    return 0;
}

void api_pin_try_right(struct api_req *req, const struct api_pin_try *t)
{
    api_limiter_reset(req->app->pin_lim, t->key);
    api_limiter_reset(req->app->pin_pair_lim, t->pair);
    api_limiter_refund(req->app->pin_ip_lim, t->ip);
}

int api_pin_try_wrong(struct api_req *req, struct api_resp *resp, const struct api_pin_try *t)
{
    int64_t wp = api_limiter_wait_ms(req->app->pin_pair_lim, t->pair, req->now_ms);
    int64_t wi = api_limiter_wait_ms(req->app->pin_ip_lim, t->ip, req->now_ms);
    if (wp <= 0 && wi <= 0)
        return 0;
    too_many_pins(resp, wp > 0 ? wp : wi,
                  wp > 0 ? "for this PIN from this address" : "from this address");
    return 1;
}

void api_pin_try_refund(struct api_req *req, const struct api_pin_try *t)
{
    api_limiter_refund(req->app->pin_ip_lim, t->ip);
    api_limiter_refund(req->app->pin_pair_lim, t->pair);
    api_limiter_refund(req->app->pin_lim, t->key);
}
