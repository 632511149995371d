/* What the event handlers share (api_events.c, api_swing.c). */
#ifndef API_EVENTS_H
#define API_EVENTS_H

#include <jansson.h>

#include "api/api.h"
#include "store/store.h"

json_t *api_event_json(struct db *db, const struct event *e);
/* Reads event ids[1] of tournament ids[0]; 0, or -1 with a 404 or 500 in resp. */
int api_event_load(struct api_req *req, struct event *e, struct api_resp *resp);
/* Writes the event, bumps the tournament, audits (before is consumed) and emits action. */
int api_event_save(struct api_req *req, struct event *e, json_t *before, const char *action);

/* api_swing.c: checks the "swing" settings object and returns its canonical form. */
int api_swing_settings(json_t *in, json_t **out, struct api_resp *resp);
/* api_davis.c: checks the "davis" settings object (may be NULL) and returns its canonical form. */
int api_davis_settings(json_t *in, json_t **out, struct api_resp *resp);

#endif
