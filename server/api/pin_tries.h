/* PIN guessing limited, whoever the PIN is: a player's login (api_auth.c) and a Committee
 * member's vote from a phone (api_appeals.c, GOV-2) go through the same three limiters of
 * app.h, none of which locks the real owner out of their own phone: per address and PIN
 * (pin_max_failures, then that pair is locked, longer at each lock), per address for any
 * PIN (pin_address_max_failures, the same), and per PIN from all addresses together (past
 * pin_max_failures each try waits a delay that doubles up to pin_player_max_delay_s). */
#ifndef API_PIN_TRIES_H
#define API_PIN_TRIES_H

#include "api/api.h"

/* The limiter keys of one attempt on the PIN named subject (API_PIN_KEY_FMT's for a
 * player, API_MEMBER_PIN_KEY_FMT's for a member). */
struct api_pin_try {
    char key[64], pair[160], ip[120];
};
#define API_MEMBER_PIN_KEY_FMT "cpin:%lld"

/* Starts an attempt (counted): 0, or -1 with a 429 and its Retry-After in resp. */
int api_pin_try_begin(struct api_req *req, struct api_resp *resp, const char *subject,
                      struct api_pin_try *t);
/* The PIN was right: the subject starts afresh from this address. */
void api_pin_try_right(struct api_req *req, const struct api_pin_try *t);
/* The PIN was wrong: when that reached a lock, resp's answer becomes the 429 saying so,
 * with the wait (1); else resp is left as it is (0). */
int api_pin_try_wrong(struct api_req *req, struct api_resp *resp, const struct api_pin_try *t);
/* No PIN was checked after all (refused before it): the attempt given back. */
void api_pin_try_refund(struct api_req *req, const struct api_pin_try *t);

#endif
