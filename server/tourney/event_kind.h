/* An event's kind: the one table (event_kind.c) that says what a kind is made of here, in
 * pure logic: its name as stored and answered, its settings read once from their stored
 * JSON into a typed struct and checked (the same reader for a request's settings and for
 * the stored text), written back as JSON, and the parts of a match's label it gives. The
 * kind's behaviour (what a decided match moves, the gate, late entry closed) is the
 * operations' half of the same row, ops/event/kinds.c. No kind name is compared anywhere but
 * here; the rest of the code holds enum event_kind_id and enum event_state.
 *
 * A new kind: a value of enum event_kind_id, its settings struct in union event_settings,
 * one row in event_kind.c (its name, read, json, label parts) and one in ops/event/kinds.c. */
#ifndef TOURNEY_EVENT_KIND_H
#define TOURNEY_EVENT_KIND_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

enum event_kind_id {
    EK_KNOCKOUT, /* a bracket (KO-*), a Main or a Consolation or Last Chance fed by one */
    EK_SWING,    /* a Swing chip pool (SWING-*) */
    EK_DAVIS,    /* a Davis Cup team event (DAVIS-*) */
    EK_SWISS,    /* a Swiss (SWISS-1, SWISS-2) */
};
#define EK_COUNT 4

/* open (entries taken, not drawn or started) -> running -> finished (and back to running
 * when a correction takes the end away). */
enum event_state {
    ES_OPEN,
    ES_RUNNING,
    ES_FINISHED,
};
#define ES_COUNT 3

#define KO_MAX_ROUNDS 16 /* log2(KO_MAX_SIZE) */
#define KO_LENGTH_MAX 99 /* longest match, points */
#define SWING_MAX_SCHEDULE 64
/* a late-entry deadline as the TD wrote it (17 to 30 characters, api/api_knockout.c) */
#define EK_DEADLINE_MAX 31
#define EK_FLIGHT_MAX (40 * 4 + 1) /* 40 characters of UTF-8 */

/* KO-4: the late places of a bracket (a knockout's, a Davis Cup knockout of teams') and
 * the deadline that closes them. */
struct late_entry {
    int places;
    int64_t deadline_ms;            /* 0: until the TD closes late entry */
    char deadline[EK_DEADLINE_MAX]; /* as written; "" none */
    unsigned given;                 /* LATE_GIVEN_*: which the TD wrote (a knockout's) */
};
enum { LATE_GIVEN_PLACES = 1, LATE_GIVEN_DEADLINE = 2 };

/* The knockout's settings (KO-1, KO-2, KO-4..KO-7). `given` keeps which of them the TD
 * wrote (KO_GIVEN_*), so the settings read back as they were written. */
struct ko_settings {
    struct late_entry late;
    int lengths[KO_MAX_ROUNDS], n_lengths; /* KO-7: by round, the last the final's */
    int seeded, seeds;
    int64_t feeds_from; /* KO-5, KO-6: the knockout whose losers enter; 0: a Main draw */
    int progressive;
    char flight[EK_FLIGHT_MAX]; /* KO-1: "Championship", "Intermediate", ... */
    int third_place; /* PLACE-1: the semi-finals' losers play off for 3rd (a match of the
                      * final's round, slot 2) */
    unsigned given;
};
enum {
    KO_GIVEN_SEEDED = 4,
    KO_GIVEN_SEEDS = 8,
    KO_GIVEN_FEEDS = 16,
    KO_GIVEN_PROGRESSIVE = 32,
    KO_GIVEN_FLIGHT = 64,
    KO_GIVEN_THIRD = 128,
};

/* SWING-4: how much a point of a game is worth when a stack is shorter than the CPP. */
enum swing_allin {
    /* stake per point = min(CPP, the smaller stack): a short stack plays for its stack
     * (the source's rule, and the default) */
    SWING_ALLIN_SHORT_STACK = 0,
    /* stake per point = CPP; only the loser's holdings cap what moves */
    SWING_ALLIN_CPP = 1,
};

struct swing_settings {
    int64_t start_chips; /* SWING-1: everyone's stack at the start */
    int n_schedule;      /* SWING-5: explicit CPP per round 1..n (0 = use growth) */
    int64_t schedule[SWING_MAX_SCHEDULE];
    int64_t cpp_start;  /* with growth: round 1's CPP */
    int growth_percent; /* each later round: previous x (100 + p) / 100 */
    int64_t growth_add; /* ... plus this many chips */
    int allow_decrease; /* a CPP lower than the round before, on purpose */
    enum swing_allin allin;
    unsigned given; /* SW_GIVEN_*: which of the optional ones the TD wrote */
};
enum {
    SW_GIVEN_GROWTH_PERCENT = 1,
    SW_GIVEN_GROWTH_ADD = 2,
    SW_GIVEN_DECREASE = 4,
};

/* The Davis Cup's settings (DAVIS-1..3), always written whole. */
struct davis_settings {
    int lengths[3]; /* match length of phases 1, 2, 3 */
    int play_dead;  /* DAVIS-2: rubbers that can no longer change the winner are played */
    int knockout;   /* DAVIS-3: a knockout of teams (else a round robin) */
    struct late_entry late;
};

/* The Swiss's settings (SWISS-1, SWISS-2): how long it lasts (a number of rounds, or
 * lives: out after that many losses; either or both), the match length by round, the
 * standings' tie-breaks in the TD's order and how a bye and a walkover count in them, and
 * the wins a late entry starts with unless the TD says otherwise. Always written whole. */
#define SWISS_TB_MAX 5 /* tourney/swiss.h SWISS_MAX_TIEBREAKS */
struct swiss_settings {
    int rounds;                               /* 0: until lives leave fewer than two */
    int lives;                                /* 0: none */
    int lengths[KO_MAX_ROUNDS], n_lengths;    /* by round, the last for every later round */
    int tiebreaks[SWISS_TB_MAX], n_tiebreaks; /* enum swiss_tiebreak, in the TD's order */
    int bye_counts;                           /* enum swiss_bye_counts */
    int walkover_counts;                      /* enum swiss_walkover_counts */
    int late_wins;                            /* a late entry's wins by default */
};

/* An event's settings, typed: the member its kind names. */
union event_settings {
    struct ko_settings ko;
    struct swing_settings swing;
    struct davis_settings davis;
    struct swiss_settings swiss;
};

/* Why settings were refused: the field as the API names it ("knockout.lengths"), the
 * sentence, and a title for a refusal of the settings as a whole (NULL: a field's). */
struct kind_fault {
    char field[48];
    char msg[256];
    const char *title;
};

/* The kinds' names, stored and answered, by enum event_kind_id: "knockout", "swing",
 * "davis", "swiss"; NULL-terminated (the API's choices of a new event's kind). */
extern const char *const event_kind_names[EK_COUNT + 1];

/* What a kind is, as pure logic: one row each, indexed by enum event_kind_id (its name is
 * event_kind_names[] at the same index). */
struct event_kind {
    /* Reads and checks the settings object j (NULL: none given) into *s, filling the
     * defaults; 0, or -1 with the fault. The same for a request and for the stored text. */
    int (*read)(json_t *j, union event_settings *s, struct kind_fault *f);
    /* The settings as JSON, as they were written (a new reference). */
    json_t *(*json)(const union event_settings *s);
    /* KO-4: its late entry's settings, or NULL for a kind that has none. */
    struct late_entry *(*late)(union event_settings *s);
    /* The label's parts (match_label.c): the rounds are named back from the bracket's
     * final (0: numbered, a pool has no final), a tie's rubbers are named. */
    int bracket_rounds, rubbers;
};

/* The row of kind k (a valid kind). */
const struct event_kind *event_kind_of(enum event_kind_id k);
/* The kind of that name, or -1. */
int event_kind_from_name(const char *name);
const char *event_kind_name(enum event_kind_id k);
/* "open", "running", "finished"; the state of that name, or -1. */
const char *event_state_name(enum event_state s);
int event_state_from_name(const char *name);

/* Reads the settings of kind k from j (NULL: none); 0, or -1 with the fault. */
int event_settings_read(enum event_kind_id k, json_t *j, union event_settings *s,
                        struct kind_fault *f);
/* The same from the stored text; a text that is no JSON is refused too. */
int event_settings_read_text(enum event_kind_id k, const char *text, union event_settings *s,
                             struct kind_fault *f);
/* The settings written as compact JSON with sorted keys (malloc'd), or NULL. */
char *event_settings_text(enum event_kind_id k, const union event_settings *s);

/* KO-7: a list of match lengths by round, the last the final's, read into lengths (*n of
 * them); 0, or -1 with the fault naming field. */
int ko_lengths_read(json_t *l, const char *field, int *lengths, int *n, struct kind_fault *f);

/* The Swiss's tie-breaks by name ("buchholz", "median_buchholz", "sonneborn_berger",
 * "points_diff", "head_to_head"), indexed by enum swiss_tiebreak - 1; NULL-terminated. */
extern const char *const swiss_tiebreak_names[SWISS_TB_MAX + 1];
/* The match length of round r (1..) of a Swiss. */
int swiss_length_of(const struct swiss_settings *s, int round);

#endif
