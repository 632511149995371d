/* Matches and money sessions (MATCH-1..6, CUBE-6/7): score before each game, Crawford, end of
 * match, penalties, and replay of records made of full games, score-only results or both. */
#ifndef BG_MATCH_H
#define BG_MATCH_H

#include "rules/bg_game.h"

#define BG_NAME_MAX 64

/* Penalty points (MATCH-5): `points` against `side`, added to the opponent's score, before
 * game `before_game` (0-based; n_games = after the last game). */
typedef struct bg_penalty {
    int before_game;
    int side;
    int points;
} bg_penalty;

/* Where a replay of score-only games stands after some of them, to go on from there
 * without replaying them again (issue 37: a phone's report, game by game, checks only its
 * new game; the games before were checked when they came). Made by bg_match_replay
 * (rep->resume) after its last game, before the penalties and the length correction that
 * follow that game; valid for a record whose rules, length correction and first `pen`
 * penalties are those it was made under (the stamp: bg_match_state_fits). */
typedef struct bg_match_state {
    /* the stamp: what the state was made under */
    int length0, length_fix, length_fix_game; /* rec->rules.match_length, rec->length_fix... */
    int pen;                                  /* penalties of rec->pen applied */
    unsigned pen_hash;                        /* ... and a hash of them */
    /* the running state (struct bg_match's) */
    int games, length, score[2], crawford_done, over, winner;
} bg_match_state;

/* A whole match (or money session) as reported. Build it field by field (the .mat reader and
 * the JSON codec do); release with bg_match_rec_free. */
typedef struct bg_match_rec {
    bg_rules rules;             /* rules.match_length: N, or 0 for a money session */
    char names[2][BG_NAME_MAX]; /* player 0, player 1 */
    bg_game_rec *games;
    int n_games, cap_games;
    bg_penalty *pen; /* in order of before_game */
    int n_pen, cap_pen;
    int complete; /* the record claims the whole match: it must end it */
    /* A partial record of a match resumed at a score (a FIBS log): the first game's stated
     * score is where it starts, not 0-0 (MATCH-2 checks every later one against it). */
    int resumed;
    /* MATCH-3: the length found wrong and corrected (length_fix > 0) before game
     * length_fix_game (0-based); rules.match_length is the length the match began at. The
     * correction is made with bg_match_correct_length: it stands only if it does not end the
     * match. */
    int length_fix, length_fix_game;
    /* A problem found after everything above (e.g. a .mat file that is cut off or has a line
     * that cannot be read): reported if nothing before it is wrong, so the error given is
     * always the first one in the transcript. */
    int has_tail_err;
    bg_err tail_err;
    char *mat_header; /* .mat: the comment lines before the match line, verbatim */
    int mat_gam;      /* .mat: a single-game .gam file (names line, no scores) */
    /* Not NULL: the replay goes on from this state (bg_match_state_fits(this, from) must
     * hold); games[] are then the games after its from->games, penalties are numbered over
     * the whole match as always. Score-only games of a match (not a money session). */
    const bg_match_state *from;
} bg_match_rec;

/* Appends an empty game record and returns it, or NULL when out of memory. */
bg_game_rec *bg_match_rec_add_game(bg_match_rec *m);
int bg_match_rec_add_penalty(bg_match_rec *m, const bg_penalty *p);
void bg_match_rec_free(bg_match_rec *m);

/* The running state of a match, game after game (what the HTTP layer keeps between reports). */
typedef struct bg_match {
    bg_rules rules;
    const char *names[2];
    int score[2];      /* running score, not capped (what .mat files and gnubg record) */
    int games;         /* games finished */
    int crawford_done; /* the Crawford game has been played (or started) */
    int over;          /* the match is over (never for money sessions) */
    int winner;        /* -1 until over */
} bg_match;

/* One game of a replayed match. */
typedef struct bg_game_summary {
    int score_before[2];
    int crawford;
    int post_crawford;
    int score_only; /* validated from its result alone */
    bg_outcome out;
    int score_after[2];
} bg_game_summary;

/* Starts a match; checks the rules (CUBE-9). Returns 0 or -1 with err. */
int bg_match_init(bg_match *m, const bg_rules *r, const char *name0, const char *name1,
                  bg_err *err);

/* The context of the next game: its number, the score, Crawford status (CUBE-6): the first
 * game in which either side is exactly one point from winning is the Crawford game. */
void bg_match_next_ctx(const bg_match *m, bg_game_ctx *ctx);

/* The match points of a side: the score capped at the match length (MATCH-1: points beyond
 * N do not count). */
int bg_match_points(const bg_match *m, int side);

/* Adds a finished game to the score. Refused (MATCH-2) when the match is already over. */
int bg_match_add_game(bg_match *m, const bg_game_ctx *ctx, const bg_outcome *o, bg_err *err);

/* MATCH-5: penalty points against `side`, added to the opponent's score between games. Reaching
 * N wins the match; reaching N-1 makes the next game the Crawford game (if there was none). */
int bg_match_penalty(bg_match *m, int side, int points, bg_err *err);

/* Validates a score-only game result against the match so far (score-only reports): the
 * winner is 0 or 1; the cube value is a power of two; the Crawford game has cube 1 and no
 * double; how is known and the multiplier 1..3 (a resignation states its level); a dropped
 * double scores the cube value before the double; stated points match; the cube can have
 * reached that value without redoubling a dead cube (CUBE-7). Fills *out (points, how, ...).
 * Does not add the game to the score. `move` 0. */
int bg_match_check_result(const bg_match *m, const bg_game_ctx *ctx, const bg_result *r,
                          bg_outcome *out, bg_err *err);

/* What a replayed match came to. */
typedef struct bg_match_report {
    int valid;
    bg_err err;             /* the first refusal, when !valid */
    bg_game_summary *games; /* one per game replayed without error */
    int n_games;
    int score[2];     /* after the last game replayed (running, uncapped) */
    int over, winner; /* winner -1 while the match is not over */
    bg_notes notes;   /* events accepted with a remark (MATCH-6, CUBE-8) */
    long turns;       /* roll cells replayed */
    /* A partial record: the score it starts at (0-0 unless rec->resumed), and a last game
     * cut off before its result (unfinished, 1-based number; 0 when none): its moves were
     * replayed and are legal, it is not counted in n_games or the score. */
    int start[2];
    int unfinished;
    /* the games before those replayed (rec->from->games, else 0): games[i] is game first+i+1 */
    int first;
    /* where the replay stood after its last game (valid when the replay is): a later game is
     * checked from here (bg_match_rec.from) */
    bg_match_state resume;
} bg_match_report;

/* Replays a whole record: penalties in place, each game (full record or score-only), the
 * stated scores checked (MATCH-2), no game after the end, and, when rec->complete, the match
 * must be over at the end. A partial record is valid as far as it goes: it may start at a
 * score (rec->resumed), end before the match does, or be cut off inside its last game. Always fills
 * rep (free it with bg_match_report_free); returns 0 if the record is valid, -1 if not (rep->err
 * says why). */
int bg_match_replay(const bg_match_rec *rec, bg_match_report *rep);
void bg_match_report_free(bg_match_report *rep);
/* 1 when a replay of rec may go on from s: the same rules and length correction, and the
 * first s->pen penalties of rec those s was made after (none taken back or put before them). */
int bg_match_state_fits(const bg_match_rec *rec, const bg_match_state *s);

/* MATCH-3 (WBGF 4.8): a match found to be played at a wrong length. Before the next game the
 * length is corrected to `correct`, unless the score already reached would end the match at
 * the correct length: then play continues to the wrong length. Returns 1 if corrected, 0 if
 * the wrong length stands, -1 if the match is already over (its result stands). */
int bg_match_correct_length(bg_match *m, int correct);

#endif
