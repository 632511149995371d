/* What the event files share: the event record (event_record.c), the kinds' settings. */
#ifndef API_EVENTS_H
#define API_EVENTS_H

#include <jansson.h>

#include "api/api.h"
#include "ops/event.h"
#include "store/store.h"

/* Reads event ids[1] of tournament ids[0]; 0, or -1 with a 404 or 500 in resp. */
int api_event_load(struct api_req *req, struct event *e, struct api_resp *resp);
/* The same, and checks it is a knockout: 0, or -1 with a 404, 409 or 500 in resp. */
int api_ko_event_load(struct api_req *req, struct event *e, struct api_resp *resp);
/* Writes the event, bumps the tournament, audits (before is consumed) and adds the stream entry action. */
int api_event_save(struct api_req *req, struct event *e, json_t *before, const char *action);

/* api_swing.c: checks the "swing" settings object and returns its canonical form. */
int api_swing_settings(json_t *in, json_t **out, struct api_resp *resp);
/* api_knockout.c: checks the "knockout" settings object (may be NULL). */
int api_knockout_settings(json_t *in, json_t **out, struct api_resp *resp);
/* Answers with the bracket of knockout event e (or what a fed event waits for). */
void api_knockout_bracket_json(struct api_req *req, const struct event *e, struct api_resp *resp);

/* api_davis.c: checks the "davis" settings object (may be NULL) and returns its canonical form. */
int api_davis_settings(json_t *in, json_t **out, struct api_resp *resp);

#endif
