/* A ruling's effect as a request gives it (api_rulings.c): the state change a ruling makes,
 * and the decision the Committee states when it replaces one (api_appeals.c, GOV-7). */
#ifndef API_RULING_EFFECT_H
#define API_RULING_EFFECT_H

#include "api/fields.h"
#include "ops/table/table_acts.h"

/* The effect's fields: kind (none, score, penalty, forfeit, clock), score {a, b},
 * report_id, side, points, winner. */
extern const struct api_field api_ruling_effect_fields[];
/* The effect given (an F_OBJ value checked against api_ruling_effect_fields) into in: the
 * members its kind needs and none it does not. 0, or -1 with the fields in bad. */
int api_ruling_effect(const struct api_val *given, struct ruling_in *in, struct problem *bad);

#endif
