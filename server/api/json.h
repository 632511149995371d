/* The JSON of the records, for the API's files: the builders are the operations' own
 * (ops/record.h: the time; ops/tournaments.h: a tournament). */
#ifndef API_JSON_H
#define API_JSON_H

#include "ops/record.h"
#include "ops/tournaments.h"

#endif
