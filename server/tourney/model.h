/* The plain records of a tournament that every layer shares: no SQL, no HTTP here. */
#ifndef TOURNEY_MODEL_H
#define TOURNEY_MODEL_H

#include <stdint.h>

#include "tourney/event_kind.h"

#define T_NAME_MAX 200
#define T_VENUE_MAX 200
#define P_NAME_MAX 100
#define P_COUNTRY_MAX 56
#define P_FEDID_MAX 40
#define P_CLUB_MAX 80
#define P_EMAIL_MAX 254 /* an address is ASCII: bytes */
#define P_FLIGHT_MAX 40

struct tournament {
    int64_t id;
    char name[T_NAME_MAX * 4 + 1]; /* limits count characters; UTF-8 needs up to 4 bytes each */
    char venue[T_VENUE_MAX * 4 + 1];
    char start_date[11]; /* "YYYY-MM-DD" or empty */
    char end_date[11];
    char illegal_move_policy[12]; /* MATCH-6: "legal" | "responsible" */
    int late_grace_min;           /* PEN-1 */
    int late_step_min;
    char break_table[10];       /* PEN-4: "wbgf" | "italian" */
    char clock_mode[10];        /* CLK-1: "delay" | "bronstein" */
    int clock_bank_per_point_s; /* CLK-2 */
    int clock_delay_s;
    int clock_split_first_per_point_s; /* CLK-2 split bank: first part per point; 0 = none */
    char tables[4096];                 /* KO-7: JSON list of table labels, in handing-out order */
    int gap_waits_for_td; /* a report with a gap (GAP) waits for the TD even when agreed */
    int minutes_per_point; /* the pace the pages' estimate of the day's end starts from */
    char placing_order[48]; /* PLACE-2: tourney/placings.h's stored order, "" shared */
    int entries_need_approval; /* GOV-4: a player registered waits for the TD's approval */
    int64_t revision;
    int64_t created_ms, updated_ms;
};

struct player {
    int64_t id;
    int64_t tournament_id;
    char name[P_NAME_MAX * 4 + 1];
    char country[P_COUNTRY_MAX * 4 + 1];
    int has_rating;
    double rating;
    char federation_id[P_FEDID_MAX * 4 + 1];
    char club[P_CLUB_MAX * 4 + 1]; /* '' when not given */
    char pin[8];
    char status[12];       /* "registered" | "withdrawn" */
    int64_t checked_in_ms; /* 0 = not checked in */
    int64_t withdrawn_ms;  /* 0 = not withdrawn */
    int64_t created_ms, updated_ms;
    int64_t official_id; /* the official this player is (GOV-1, GOV-6), or 0 */
    int64_t experience;  /* RAT-1: rated match points before this tournament */
    char email[P_EMAIL_MAX + 1]; /* personal data: only the TD's own list shows it */
    char flight[P_FLIGHT_MAX * 4 + 1];
    char entry[10];      /* GOV-4: "pending" | "accepted" | "refused" */
};

#define M_TABLE_MAX 32

/* The states of a match: scheduled -> called -> playing -> reported -> verified, or
 * disputed (two different reports), forfeited, withdrawn; void: not played because it can
 * no longer change anything (a dead Davis rubber). Stored and answered by name
 * (match_state_name); the order is the schema's CHECK list, not a progression. */
enum match_state {
    MS_SCHEDULED,
    MS_CALLED,
    MS_PLAYING,
    MS_REPORTED,
    MS_DISPUTED,
    MS_VERIFIED,
    MS_FORFEITED,
    MS_WITHDRAWN,
    MS_VOID,
};
#define MS_COUNT 9

/* "scheduled", "called", ...: the name the database, the audit log and the API use. */
const char *match_state_name(enum match_state s);
/* The state of that name, or -1 when the name is no state. */
int match_state_from_name(const char *name);

/* How a decided match ended, stored for every decided match (schema/011): what the result
 * means for a federation report or a rating (a walkover is no game played). ME_NONE while
 * the match is undecided (and for a void rubber, which nobody won). */
enum match_end {
    ME_NONE,
    ME_PLAYED,       /* played out: the reports agreed, or the TD verified a played result */
    ME_CONCEDED,     /* MATCH-7: the loser conceded the match */
    ME_LATENESS,     /* PEN-2: forfeited for lateness */
    ME_TIME,         /* CLK-7: lost on time */
    ME_DISQUALIFIED, /* KO-8: the loser was disqualified (state withdrawn) */
    ME_WITHDRAWN,    /* KO-8: the loser withdrew */
    ME_BYE,          /* KO-3, KO-4: nobody on the other side; the bracket advanced the winner */
    ME_WALKOVER,     /* KO-8: the other side's player left; the bracket advanced the winner */
    ME_RULING,       /* the TD decided it: a forfeit, a disputed result, penalty points */
};
#define ME_COUNT 10

/* "", "played", "conceded", "lateness", "time", "disqualified", "withdrawn", "bye",
 * "walkover", "ruling": the names the database and the API use. */
const char *match_end_name(enum match_end e);
/* The end of that name, or -1 when the name is none. */
int match_end_from_name(const char *name);

struct match {
    int64_t id;
    int64_t tournament_id;
    int64_t event_id;  /* 0 = a standalone match */
    int round;         /* the round in its event (0 for a standalone match) */
    int slot;          /* its position in the round */
    int64_t tie_id;    /* a Davis Cup rubber: its tie (0 otherwise) */
    int rubber;        /* ... and which of the five (1..5) */
    int64_t player[2]; /* side a, side b; 0 = not known yet */
    int length;
    /* MATCH-3: corrected between games (first_length > 0): games 1..length_fix_game were
     * played to first_length, the later ones to length */
    int first_length, length_fix_game;
    char table[M_TABLE_MAX * 4 + 1];
    enum match_state state;
    int score[2];
    int winner;            /* 0, 1, or -1 while undecided */
    int64_t result_report; /* the report the result stands on, 0 = none */
    int penalty[2];        /* MATCH-5: penalty points awarded to each side (in score) */
    enum match_end ended;  /* how it ended; ME_NONE again with any change of state
                            * (op_match_set_state) */
    int64_t created_ms, updated_ms;
};

/* The match is over: verified, forfeited, withdrawn or void. Only the TD's correction
 * changes it now; reports, clocks, penalties and edits are refused. */
int match_finished(const struct match *m);
/* The match has a winner that counts: finished with a winner (a void rubber has none). */
int match_decided(const struct match *m);
/* KO-9: the match holds its table: it names one and was called to it and is not decided
 * yet (called, playing, reported, disputed). A disputed match keeps its table until the TD
 * decides it or moves it; a scheduled match's table is only the TD's choice for later. */
int match_holds_table(const struct match *m);

/* One side's (or the TD's) account of a match. games is a JSON list of game results. */
struct report {
    int64_t id;
    int64_t match_id;
    int side; /* 0, 1, or -1 for the TD */
    char actor[40];
    char kind[12]; /* "score" | "games" | "transcript" */
    int complete;  /* 1 when the match is over in this report */
    int current;
    int score[2];
    int winner;       /* -1 while incomplete */
    char *games;      /* malloc'd JSON text */
    char *transcript; /* malloc'd, or NULL */
    char *flags;      /* malloc'd JSON text, or NULL */
    int64_t created_ms;
    int conceded;    /* 1: a concession of the match (MATCH-7) by its loser, 1 - winner */
    int64_t resumes; /* a concession: the conceder's report in progress it replaced, current
                        again if the concession is withdrawn; 0: none */
    /* a games report: where the engine's replay of its games stood after the last one
     * (ops/replay/report_check.c writes and reads it), so the next game is checked alone;
     * "" for none. Written with the games, in the same row. */
    char replay[160]; /* OP_REPORT_STATE_MAX */
};
void report_free(struct report *r);

#define E_NAME_MAX 200
#define E_SETTINGS_MAX 8192 /* the settings' stored JSON text, at most */

/* An event of a tournament: a knockout (with its Consolation and Last Chance), a Swing
 * chip pool, or a Davis Cup team event. Its settings are read once, when the row is read
 * (tourney/event_kind.h: the stored JSON text is their storage form only). */
struct event {
    int64_t id;
    int64_t tournament_id;
    enum event_kind_id kind;
    char name[E_NAME_MAX * 4 + 1];
    int priority;                  /* KO-1: higher gets tables first */
    union event_settings settings; /* the member kind names */
    enum event_state state;
    int64_t created_ms, updated_ms;
};

/* Defaults of a new tournament: WBGF lateness (first point 5 minutes after the call, one
 * more every 5), WBGF break table, simple-delay clock with 2 minutes a point and 12 s. */
void tournament_defaults(struct tournament *t);

#endif
