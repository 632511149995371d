/* The names of the officials' roles (GOV-1). */
#include "tourney/roles.h"

#include <assert.h>
#include <string.h>

static const char *const names[ROLE_COUNT] = {"", "head", "td", "assistant"};
static const char *const words[ROLE_COUNT] = {"nobody", "head TD", "TD", "assistant"};

const char *role_name(enum role r)
{
    /* No input reaches a role outside the enum: roles are set from its constants, and a
     * name read back (a session's or an official's row) goes through role_from_name, whose
     * -1 the store takes as ROLE_NONE. */
    assert(r >= 0 && r < ROLE_COUNT);
    return names[r];
}

int role_from_name(const char *name)
{
    for (int r = 1; r < ROLE_COUNT; r++)
        if (!strcmp(names[r], name))
            return r;
    return -1;
}

const char *role_words(enum role r)
{
    /* as for role_name */
    assert(r >= 0 && r < ROLE_COUNT);
    return words[r];
}
