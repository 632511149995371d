/* The sentence a player reads about their place in a bracket (the status route's `text`):
 * composed here, in the API, from the facts tourney/knockout.c returns. */
#ifndef API_KNOCKOUT_TEXT_H
#define API_KNOCKOUT_TEXT_H

#include <stddef.h>

#include "tourney/knockout.h"

/* The sentence for status st; opponent is the opponent's name (or NULL). The deadline is
 * written in ISO 8601 UTC. Returns the length snprintf would write. */
int api_knockout_status_text(const struct ko_pstatus *st, const char *opponent, char *buf,
                             size_t len);

#endif
