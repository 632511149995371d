/* The JSON of the records, for the API's files: the builders are the operations' own
 * (ops/frame/record.h: the time; ops/tournament/tournaments.h: a tournament). */
#ifndef API_JSON_H
#define API_JSON_H

#include "ops/frame/record.h"
#include "ops/tournament/tournaments.h"

#endif
