/* A player's record as the TD changes it, and its JSON (players.c). */
#ifndef OPS_PLAYERS_H
#define OPS_PLAYERS_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"

/* The record as replies, the audit log and the stream show it; with_pin: only for the
 * tournament director's reply that hands a PIN over. */
json_t *op_player_json(const struct player *p, int with_pin);

/* GOV-4: a player registered in tournament t (alone, or by the TD's CSV import) is entered
 * once the TD approves, when t asks for approval: p's entry pending, else accepted. */
void op_entry_registered(const struct tournament *t, struct player *p);

/* GOV-4: 0 when p's entry is accepted; otherwise -1 with a 409 in pb naming GOV-4 and
 * field (a pending entry waits for the TD's approval, a refused one enters nothing). */
int op_entry_accepted(const struct player *p, const char *field, struct problem *pb);

/* What the TD gives of a player (checked): each part only when given. */
struct player_in {
    const char *name, *country, *federation_id; /* NULL: unchanged */
    enum { PI_KEEP, PI_RATING, PI_NO_RATING } rating;
    double rating_value;
    /* which official the player is (GOV-1, for GOV-6: an official who is a party) */
    enum { PO_KEEP, PO_SET, PO_NONE } official;
    int64_t official_id;
    const char *club; /* NULL: unchanged */
    int64_t experience;         /* RAT-1; -1: unchanged */
    const char *email, *flight; /* NULL: unchanged */
};
void op_player_apply(struct player *p, const struct player_in *in);

/* Player p (tournament, status, the record and its PIN filled) is registered, its entry
 * pending when the tournament asks for the TD's approval (GOV-4). 0 with its id, or -1 with the problem in pb (404 without the tournament, 409 registered already). */
int op_player_register(const struct op *o, struct player *p, struct problem *pb);

enum player_act { PA_EDIT, PA_CHECK_IN, PA_UNDO_CHECK_IN, PA_WITHDRAW, PA_REINSTATE, PA_NEW_PIN };
/* Player pid of tournament tid is read into *p, changed by act (PA_EDIT: with in) and
 * stored, audited and told to the stream as action. invalid (may be NULL, consumed): the
 * problem the request's fields came with, refused once the player is read (a bad body
 * hides no 404). 0, or -1 with the problem in pb. */
int op_player_change(const struct op *o, int64_t tid, int64_t pid, const char *action,
                     enum player_act act, const struct player_in *in, struct problem *invalid,
                     struct player *p, struct problem *pb);

/* The TD reads PINs: player pid's (player.pin_read), or the cards of every player of
 * tournament tid not withdrawn (pid 0: players.cards_printed). The read is recorded in
 * the audit log (who read which, never the PIN), in the caller's frame, which commits it
 * before any PIN is answered: none leaves the server unrecorded. 0 with *p (a player) or
 * *t and the players *ps (malloc'd), *n; or -1 with the problem in pb (404). */
int op_pins_read(const struct op *o, int64_t tid, int64_t pid, struct player *p,
                 struct tournament *t, struct player **ps, int *n, struct problem *pb);

#endif
