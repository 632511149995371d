/* One label for a match, the same wherever a reply, a stream entry or a page names it: its
 * event, the event's kind, the round (named as the bracket names it) and, for a Davis Cup
 * rubber, its tie and phase. Composed here from the facts (the match, what the caller read
 * of its event); ops/records/match_json.c writes it as JSON. The text is English; a page in another
 * language composes its own from the fields. */
#ifndef TOURNEY_MATCH_LABEL_H
#define TOURNEY_MATCH_LABEL_H

#include <stdint.h>

#include "tourney/model.h"

/* A match's kind: standalone, or its event's kind (tourney/event_kind.h) one up. */
enum label_kind {
    LABEL_STANDALONE,                 /* a match the TD created, in no event */
    LABEL_KNOCKOUT = 1 + EK_KNOCKOUT, /* a Main, or a Consolation or Last Chance fed by it */
    LABEL_SWING = 1 + EK_SWING,       /* one money-style game of a Swing round */
    LABEL_DAVIS = 1 + EK_DAVIS,       /* a rubber of a Davis Cup tie */
    LABEL_SWISS = 1 + EK_SWISS,       /* a match of a Swiss round */
};

/* What a label needs of the match's event; NULL for a standalone match. */
struct label_event {
    const char *name; /* the event's name */
    enum event_kind_id kind;
    int rounds; /* the rounds of its bracket (a knockout, a Davis Cup knockout of
                   teams), or 0 when it has none (a round robin, a Swing pool, a
                   knockout not drawn yet) */
};

struct match_label {
    enum label_kind kind;
    const char *event;   /* the event's name (the caller's string), NULL when standalone */
    int round;           /* 1.., or 0 for a standalone match */
    int rounds;          /* the bracket's rounds, 0 when the event has no bracket */
    char round_name[24]; /* "Final", "Semi-final", "Quarter-final" (counted back from the
                            bracket's last round), else "Round N"; "" when standalone;
                            "Play-off for 3rd" */
    int playoff;         /* a bracket's play-off for 3rd (PLACE-1): its final's round, slot 2 */
    int64_t tie;         /* a Davis Cup rubber: its tie, and which of the five it is, in */
    int rubber;          /* which phase (DAVIS-2: 1 singles, 2 the doubles, 3 singles); */
    int phase;           /* 0 for any other match */
    /* "Main · Quarter-final", "Cup · Round 2 · Rubber 3 (doubles)", "Swing · Round 4",
     * "Match 12" */
    char text[E_NAME_MAX * 4 + 96];
};

/* Fills *out for match m of event e (NULL: a standalone match, or an event that could not
 * be read: then the match is named by its number). */
void match_label(const struct match *m, const struct label_event *e, struct match_label *out);
/* "standalone", or the event kind's name: the names the API uses. */
const char *label_kind_name(enum label_kind k);
/* "singles" or "doubles" for a Davis Cup phase (1..3), NULL for another. */
const char *label_phase_name(int phase);

#endif
