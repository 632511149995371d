/* The roles of officials (GOV-1): who runs a tournament. Which route each role may use is
 * the one role table, in server/api/routes.c; these are the names it and the store share. */
#ifndef TOURNEY_ROLES_H
#define TOURNEY_ROLES_H

#define O_NAME_MAX 100

enum role {
    ROLE_NONE = 0,  /* not an official: a player, or anyone */
    ROLE_HEAD,      /* the head TD: everything a TD does, and the officials and tokens */
    ROLE_TD,        /* a tournament director */
    ROLE_ASSISTANT, /* helps run the room: check-ins, clocks, verifying agreed results */
};
#define ROLE_COUNT 4

/* "", "head", "td", "assistant": the names the database and the API use. */
const char *role_name(enum role r);
/* The role of that name, or -1 when the name is none (ROLE_NONE's "" included). */
int role_from_name(const char *name);
/* "head TD", "TD", "assistant": the role in a sentence. */
const char *role_words(enum role r);

#endif
