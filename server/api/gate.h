/* The gate every API request passes before its body is read: the CSRF defence on changes
 * and the role table's check (GOV-1). Each is API_REPLIES: 0 to go on, or -1 having written
 * the refusal. */
#ifndef API_GATE_H
#define API_GATE_H

#include "api/route.h"

/* Whether method changes something (anything but GET and HEAD). */
int api_is_change(const char *method);
/* The CSRF defence on a change (403). */
API_REPLIES int api_gate_csrf(struct api_req *req, struct api_resp *resp);
/* The role table's check of route r (GOV-1: 401, or 403 naming the rule). */
API_REPLIES int api_gate_role(const struct route *r, struct api_req *req, struct api_resp *resp);

#endif
