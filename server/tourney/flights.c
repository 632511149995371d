/* A flight's rank (flights.h). */
#include "tourney/flights.h"

#include <strings.h>

int flight_rank(const char *flight)
{
    static const struct {
        const char *name;
        int rank;
    } named[] = {
        {"championship", 3}, {"open", 3},     {"masters", 3},
        {"intermediate", 2}, {"advanced", 2},
    };
    for (unsigned i = 0; flight && i < sizeof named / sizeof named[0]; i++)
        if (!strcasecmp(flight, named[i].name))
            return named[i].rank;
    return 1;
}
