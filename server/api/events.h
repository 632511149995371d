/* What the event files share: the event record (event_record.c), the kinds' settings. */
#ifndef API_EVENTS_H
#define API_EVENTS_H

#include <jansson.h>

#include "api/api.h"
#include "ops/records/event.h"
#include "store/store.h"

/* In a command of the frame (api/tx.h): reads event ids[1] of tournament ids[0]; 0, or -1
 * with a 404 or 500 as the reply. */
API_REPLIES int api_event_load(struct api_req *req, const struct op *o, struct event *e,
                               struct api_resp *resp);
/* The same, and checks it is a knockout: 0, or -1 with a 404, 409 or 500 as the reply. */
API_REPLIES int api_ko_event_load(struct api_req *req, const struct op *o, struct event *e,
                                  struct api_resp *resp);

/* The settings of each kind of event, their fields checked (api/fields.c), then read by
 * the kind (api_event_settings_read) into *out; 0, or -1 with the refusal as the reply.
 * api_swing.c: the "swing" settings object. */
API_REPLIES int api_swing_settings(json_t *in, union event_settings *out, struct api_resp *resp);
/* api_knockout.c: the "knockout" settings object (may be NULL); its feeds_from is the
 * knockout that feeds it (KO-5, KO-6). */
API_REPLIES int api_knockout_settings(json_t *in, union event_settings *out, struct api_resp *resp);
/* Answers with the bracket of knockout event e (or what a fed event waits for). */
void api_knockout_bracket_json(struct api_req *req, const struct event *e, struct api_resp *resp);

/* api_swiss.c: the "swiss" settings object (SWISS-1, SWISS-2). */
API_REPLIES int api_swiss_settings(json_t *in, union event_settings *out, struct api_resp *resp);
/* api_davis.c: the "davis" settings object (may be NULL). */
API_REPLIES int api_davis_settings(json_t *in, union event_settings *out, struct api_resp *resp);
/* event_record.c: settings object in (its fields checked) read by kind k into *out
 * (tourney/event_kind.c); 0, or -1 with the refusal, naming the field, as the reply. */
API_REPLIES int api_event_settings_read(enum event_kind_id k, json_t *in, union event_settings *out,
                                        struct api_resp *resp);

#endif
