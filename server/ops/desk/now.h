/* The TD's desk (issue 32): the "Now" view, every item that needs an official, oldest
 * first, and the claims ("I'm on it") that keep two officials from walking to the same
 * table. An item's kind is one row of the sources' table in now.c: a function that adds the
 * items it finds; another kind (a pending appeal, a failing backup) is one more row. */
#ifndef OPS_DESK_NOW_H
#define OPS_DESK_NOW_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* A report waits for the opponent's confirmation (MATCH-7) this long before the desk is
 * told: the opponent is usually at the same table and confirms within minutes. */
#define NOW_CONFIRM_WAIT_MS (10 * 60 * 1000)

/* The matches waiting for a table the desk shows, the next in line (the others counted). */
#define NOW_TABLES_SHOWN 10

struct op_snapshot_status;

/* The items of tournament t needing an official now, oldest first, each with its claim
 * (or null): {"items": [...], "server_time_ms"}; backup: the snapshots' status (a failing
 * one is an item of every tournament), NULL when not known. NULL on a failure of the
 * server. */
json_t *op_now_items(const struct op *o, const struct tournament *t,
                     const struct op_snapshot_status *backup);

/* An official claims the item of key (release: gives up their own claim); backup as
 * above. 0 with the claim's JSON in *out (release: null), or -1 with the problem: the key
 * names no item needing an official now (422 on the field item), another official's claim
 * (409, named). */
int op_now_claim(const struct op *o, const struct tournament *t,
                 const struct op_snapshot_status *backup, const char *key, int release,
                 json_t **out, struct problem *pb);

#endif
