/* A Davis Cup event's ties (davis_tie.c) as its routes (api_davis.c) and the result
 * cascade's step share them: the settings, the rubbers of a tie, a knockout of teams. */
#ifndef API_DAVIS_TIE_H
#define API_DAVIS_TIE_H

#include <stddef.h>
#include <stdint.h>

#include "api/api.h"
#include "store/store.h"
#include "tourney/davis.h"
#include "tourney/knockout.h"

/* The "davis" settings of an event, read (they were checked when stored). */
struct davis_settings {
    int lengths[3]; /* match length of phases 1, 2, 3 */
    int play_dead;  /* DAVIS-2: rubbers that can no longer change the winner are played */
    int knockout;   /* DAVIS-3: a knockout of teams (else a round robin) */
    int late_places;
    int64_t late_deadline_ms;
};

void api_davis_settings_of(const struct event *e, struct davis_settings *s);

/* The bracket of a Davis knockout: its matches are ties, one row each in davis_ties at
 * (round, index + 1); a tie's result is its winner. */
struct dko {
    struct ko_bracket b;
    int loaded;
    int nm;
    struct davis_tie_row *ties;
    int n_ties;
    int *at; /* at[k]: index in ties of bracket match k, -1 when none */
    struct ko_result *res;
    struct ko_mview *v;
    struct davis_team_row *teams;
    int n_teams;
};

/* ---- the schedule (DAVIS-3) ---- */
int api_davis_make_rubbers(struct api_req *req, const struct event *e,
                           const struct davis_settings *s, const struct davis_tie_row *tie,
                           const struct davis_team_row *a, const struct davis_team_row *b);
/* ---- a knockout of teams (DAVIS-3 with the knockout's draw, byes and late places) ---- */
void api_dko_free(struct dko *x);
int api_dko_load(struct db *db, const struct event *e, struct dko *x, char *err, size_t len);
/* A changed bracket (late places) stored, x freed, and the ties brought in line; rc is the
 * result so far (nothing is stored unless CW_OK). */
int api_dko_store(struct api_req *req, const struct event *e, const struct davis_settings *s,
                  struct dko *x, int rc);
int api_dko_draw(struct api_req *req, struct event *e, const struct davis_settings *s,
                 const struct davis_team_row *teams, int n, uint64_t seed, char *err,
                 size_t errlen);
/* ---- the rubbers: who plays, when, and what a result decides ---- */
int api_davis_tie_results(const struct match *rubbers, const struct match *fresh, int out[5]);

#endif
