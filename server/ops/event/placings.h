/* An event's placings (PLACE-1, PLACE-2), for every kind: the kind's row says how far each
 * entrant got (ops/event/kinds.h, `placings`); here, the same for all, the keys of PLACE-2
 * from the event's decided matches and the players' ratings, then the bands and the
 * finishing order in the TD's order (tourney/placings.c). What the route, the phone, the
 * display, the federation report and the exports read. */
#ifndef OPS_EVENT_PLACINGS_H
#define OPS_EVENT_PLACINGS_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"
#include "tourney/placings.h"

/* The placings of event e, best first, split by `order` (NULL: the tournament's
 * placing_order). While the event runs they are the placings so far (out->final 0):
 * those still in play share the top band, those out are placed below them, and a band
 * may still move until its round is over; once finished, final. 0 (free out with
 * placings_free), or -1 with pb. */
int op_event_placings(const struct op *o, const struct event *e, const struct place_order *order,
                      struct placings *out, struct problem *pb);

/* The placings as the API, the pages and the exports answer them: the event, whether
 * final, the order, and each entrant best first (place "3-4", rank, why, the keys). */
json_t *op_placings_json(const struct event *e, const struct placings *ps);

#endif
