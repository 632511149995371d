/* The kinds of event (event_kind.h): one row each, their settings read from JSON once into
 * typed values and checked, and written back as they were written. A request's settings
 * reach the reader after api/fields.c checked their types and ranges; the stored text was
 * read by the same reader when it was written, so it reads again as it was. */
#include "tourney/event_kind.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "tourney/swing.h"
#include "tourney/swiss.h"

static const char *const state_names[ES_COUNT] = {"open", "running", "finished"};

static int fault(struct kind_fault *f, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fault(struct kind_fault *f, const char *field, const char *fmt, ...)
{
    snprintf(f->field, sizeof f->field, "%s", field);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->msg, sizeof f->msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* A late-entry deadline: a UTC time as the TD wrote it, or null. */
static int read_deadline(json_t *v, const char *field, struct late_entry *l, struct kind_fault *f)
{
    l->deadline_ms = 0;
    l->deadline[0] = 0;
    if (!v || json_is_null(v))
        return 0;
    const char *dl = json_string_value(v);
    if (!dl || strlen(dl) >= sizeof l->deadline || cw_parse_iso8601(dl, &l->deadline_ms))
        return fault(f, field, "must be a UTC time written YYYY-MM-DDTHH:MM[:SS]Z");
    snprintf(l->deadline, sizeof l->deadline, "%s", dl);
    return 0;
}

static json_t *deadline_json(const struct late_entry *l)
{
    return l->deadline[0] ? json_string(l->deadline) : json_null();
}

int ko_lengths_read(json_t *l, const char *field, int *lengths, int *n, struct kind_fault *f)
{
    if (!json_is_array(l) || json_array_size(l) < 1 || json_array_size(l) > KO_MAX_ROUNDS)
        return fault(f, field,
                     "must list match lengths by round, the last the final's, e.g. [7, 7, 9, 11, "
                     "13] (KO-7)");
    for (size_t i = 0; i < json_array_size(l); i++) {
        json_t *v = json_array_get(l, i);
        if (!json_is_integer(v) || json_integer_value(v) < 1 ||
            json_integer_value(v) > KO_LENGTH_MAX)
            return fault(f, field, "value %zu must be 1 to %d points", i + 1, KO_LENGTH_MAX);
        lengths[i] = (int)json_integer_value(v);
    }
    *n = (int)json_array_size(l);
    return 0;
}

/* ---- the knockout ---- */

static int ko_read(json_t *j, union event_settings *u, struct kind_fault *f)
{
    struct ko_settings *s = &u->ko;
    if (j && !json_is_object(j))
        return fault(f, "knockout", "must be an object");
    json_t *v;
    if ((v = json_object_get(j, "late_places"))) {
        s->late.given |= LATE_GIVEN_PLACES;
        s->late.places = (int)json_integer_value(v);
    }
    if ((v = json_object_get(j, "late_deadline"))) {
        s->late.given |= LATE_GIVEN_DEADLINE;
        if (read_deadline(v, "knockout.late_deadline", &s->late, f))
            return -1;
    }
    if ((v = json_object_get(j, "lengths"))) {
        if (ko_lengths_read(v, "knockout.lengths", s->lengths, &s->n_lengths, f))
            return -1;
    } else {
        s->lengths[0] = 7; /* KO-7: every round to 7 until the TD says otherwise */
        s->n_lengths = 1;
    }
    if ((v = json_object_get(j, "seeded"))) {
        s->given |= KO_GIVEN_SEEDED;
        s->seeded = json_is_true(v);
    }
    if ((v = json_object_get(j, "seeds"))) {
        s->given |= KO_GIVEN_SEEDS;
        s->seeds = (int)json_integer_value(v);
    }
    if ((v = json_object_get(j, "feeds_from"))) {
        s->given |= KO_GIVEN_FEEDS;
        s->feeds_from = json_integer_value(v);
    }
    if ((v = json_object_get(j, "progressive"))) {
        s->given |= KO_GIVEN_PROGRESSIVE;
        s->progressive = json_is_true(v);
    }
    if ((v = json_object_get(j, "third_place"))) {
        s->given |= KO_GIVEN_THIRD;
        s->third_place = json_is_true(v);
    }
    if ((v = json_object_get(j, "flight"))) {
        s->given |= KO_GIVEN_FLIGHT;
        snprintf(s->flight, sizeof s->flight, "%s",
                 json_string_value(v) ? json_string_value(v) : "");
    }
    return 0;
}

static json_t *ko_json(const union event_settings *u)
{
    const struct ko_settings *s = &u->ko;
    json_t *j = json_object(), *l = json_array();
    for (int i = 0; i < s->n_lengths; i++)
        json_array_append_new(l, json_integer(s->lengths[i]));
    json_object_set_new(j, "lengths", l);
    if (s->late.given & LATE_GIVEN_PLACES)
        json_object_set_new(j, "late_places", json_integer(s->late.places));
    if (s->late.given & LATE_GIVEN_DEADLINE)
        json_object_set_new(j, "late_deadline", deadline_json(&s->late));
    if (s->given & KO_GIVEN_SEEDED)
        json_object_set_new(j, "seeded", json_boolean(s->seeded));
    if (s->given & KO_GIVEN_SEEDS)
        json_object_set_new(j, "seeds", json_integer(s->seeds));
    if (s->given & KO_GIVEN_FEEDS)
        json_object_set_new(j, "feeds_from",
                            s->feeds_from ? json_integer(s->feeds_from) : json_null());
    if (s->given & KO_GIVEN_PROGRESSIVE)
        json_object_set_new(j, "progressive", json_boolean(s->progressive));
    if (s->given & KO_GIVEN_FLIGHT)
        json_object_set_new(j, "flight", json_string(s->flight));
    if (s->given & KO_GIVEN_THIRD)
        json_object_set_new(j, "third_place", json_boolean(s->third_place));
    return j;
}

static struct late_entry *ko_late(union event_settings *u)
{
    return &u->ko.late;
}

/* ---- the Swing ---- */

static int swing_read(json_t *j, union event_settings *u, struct kind_fault *f)
{
    struct swing_settings *s = &u->swing;
    if (!json_is_object(j))
        return fault(f, "swing", "must be an object with start_chips and the CPP schedule");
    json_t *cpp = json_object_get(j, "cpp"), *v;
    int has_list = cpp != NULL, has_start = json_object_get(j, "cpp_start") != NULL;
    if (has_list == has_start)
        return fault(f, "swing.cpp",
                     "give either cpp (a list, one value per round) or cpp_start (with "
                     "growth_percent or growth_add)");
    if (has_list) {
        if (!json_is_array(cpp) || json_array_size(cpp) < 1 ||
            json_array_size(cpp) > SWING_MAX_SCHEDULE)
            return fault(f, "swing.cpp", "must be a list of 1 to %d integers", SWING_MAX_SCHEDULE);
        for (size_t i = 0; i < json_array_size(cpp); i++) {
            if (!json_is_integer(json_array_get(cpp, i)))
                return fault(f, "swing.cpp", "value %zu is not an integer", i + 1);
            s->schedule[i] = json_integer_value(json_array_get(cpp, i));
        }
        s->n_schedule = (int)json_array_size(cpp);
    }
    s->start_chips = json_integer_value(json_object_get(j, "start_chips"));
    s->cpp_start = json_integer_value(json_object_get(j, "cpp_start"));
    if ((v = json_object_get(j, "growth_percent"))) {
        s->given |= SW_GIVEN_GROWTH_PERCENT;
        s->growth_percent = (int)json_integer_value(v);
    }
    if ((v = json_object_get(j, "growth_add"))) {
        s->given |= SW_GIVEN_GROWTH_ADD;
        s->growth_add = json_integer_value(v);
    }
    if ((v = json_object_get(j, "allow_decrease"))) {
        s->given |= SW_GIVEN_DECREASE;
        s->allow_decrease = json_is_true(v);
    }
    const char *a = json_string_value(json_object_get(j, "allin"));
    s->allin = a && !strcmp(a, "cpp") ? SWING_ALLIN_CPP : SWING_ALLIN_SHORT_STACK;
    char err[sizeof f->msg];
    if (swing_check_settings(s, err, sizeof err)) {
        fault(f, has_list ? "swing.cpp" : "swing", "%s", err);
        f->title = "Invalid Swing settings";
        return -1;
    }
    return 0;
}

static json_t *swing_json(const union event_settings *u)
{
    const struct swing_settings *s = &u->swing;
    json_t *j = json_object();
    json_object_set_new(j, "start_chips", json_integer(s->start_chips));
    if (s->n_schedule) {
        json_t *l = json_array();
        for (int i = 0; i < s->n_schedule; i++)
            json_array_append_new(l, json_integer(s->schedule[i]));
        json_object_set_new(j, "cpp", l);
    } else {
        json_object_set_new(j, "cpp_start", json_integer(s->cpp_start));
    }
    if (s->given & SW_GIVEN_GROWTH_PERCENT)
        json_object_set_new(j, "growth_percent", json_integer(s->growth_percent));
    if (s->given & SW_GIVEN_GROWTH_ADD)
        json_object_set_new(j, "growth_add", json_integer(s->growth_add));
    if (s->given & SW_GIVEN_DECREASE)
        json_object_set_new(j, "allow_decrease", json_boolean(s->allow_decrease));
    json_object_set_new(j, "allin",
                        json_string(s->allin == SWING_ALLIN_CPP ? "cpp" : "short_stack"));
    return j;
}

/* ---- the Davis Cup ---- */

static int davis_read(json_t *j, union event_settings *u, struct kind_fault *f)
{
    struct davis_settings *s = &u->davis;
    if (j && !json_is_object(j))
        return fault(f, "davis", "must be an object");
    const char *format = json_string_value(json_object_get(j, "format"));
    s->knockout = format && !strcmp(format, "knockout");
    json_t *l = json_object_get(j, "lengths");
    if (l && (!json_is_array(l) || json_array_size(l) != 3))
        return fault(f, "davis.lengths",
                     "must list the match length of the three phases, e.g. [7, 7, 7]");
    for (size_t i = 0; i < 3; i++) {
        json_t *len = json_array_get(l, i);
        if (l &&
            (!json_is_integer(len) || json_integer_value(len) < 1 || json_integer_value(len) > 99))
            return fault(f, "davis.lengths", "phase %zu: a length from 1 to 99", i + 1);
        s->lengths[i] = l ? (int)json_integer_value(len) : 5;
    }
    s->play_dead = json_is_true(json_object_get(j, "play_dead"));
    s->late.places = (int)json_integer_value(json_object_get(j, "late_places"));
    s->late.given = LATE_GIVEN_PLACES | LATE_GIVEN_DEADLINE; /* always written whole */
    return read_deadline(json_object_get(j, "late_deadline"), "davis.late_deadline", &s->late, f);
}

static json_t *davis_json(const union event_settings *u)
{
    const struct davis_settings *s = &u->davis;
    return json_pack("{s:s, s:[i, i, i], s:b, s:i, s:o}", "format",
                     s->knockout ? "knockout" : "round_robin", "lengths", s->lengths[0],
                     s->lengths[1], s->lengths[2], "play_dead", s->play_dead, "late_places",
                     s->late.places, "late_deadline", deadline_json(&s->late));
}

static struct late_entry *davis_late(union event_settings *u)
{
    return &u->davis.late;
}

/* ---- the Swiss ---- */

_Static_assert(SWISS_TB_MAX == SWISS_MAX_TIEBREAKS, "one count of tie-breaks");

const char *const swiss_tiebreak_names[SWISS_TB_MAX + 1] = {
    [SWISS_TB_BUCHHOLZ - 1] = "buchholz",
    [SWISS_TB_MEDIAN_BUCHHOLZ - 1] = "median_buchholz",
    [SWISS_TB_SONNEBORN_BERGER - 1] = "sonneborn_berger",
    [SWISS_TB_POINTS_DIFF - 1] = "points_diff",
    [SWISS_TB_HEAD_TO_HEAD - 1] = "head_to_head",
    [SWISS_TB_MAX] = NULL,
};
static const char *const bye_counts_names[] = {"zero", "own", NULL};
static const char *const walkover_counts_names[] = {"as_played", "as_bye", NULL};

static int name_index(const char *const *names, const char *name)
{
    for (int i = 0; name && names[i]; i++)
        if (!strcmp(names[i], name))
            return i;
    return -1;
}

/* A count of rounds or lives: absent (0), or 1..max. */
static int read_count(json_t *j, const char *key, const char *field, int max, int *out,
                      struct kind_fault *f)
{
    json_t *v = json_object_get(j, key);
    *out = 0;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > max)
        return fault(f, field, "must be a whole number from 1 to %d (SWISS-1)", max);
    *out = (int)json_integer_value(v);
    return 0;
}

int swiss_length_of(const struct swiss_settings *s, int round)
{
    if (s->n_lengths < 1)
        return 7;
    return s->lengths[round >= 1 && round <= s->n_lengths ? round - 1 : s->n_lengths - 1];
}

static int swiss_read(json_t *j, union event_settings *u, struct kind_fault *f)
{
    struct swiss_settings *s = &u->swiss;
    if (!json_is_object(j))
        return fault(f, "swiss", "must be an object with rounds or lives (SWISS-1)");
    if (read_count(j, "rounds", "swiss.rounds", SWISS_MAX_ROUNDS, &s->rounds, f) ||
        read_count(j, "lives", "swiss.lives", SWISS_MAX_ROUNDS, &s->lives, f))
        return -1;
    if (!s->rounds && !s->lives)
        return fault(f, "swiss.rounds",
                     "give the number of rounds, or lives (out after that "
                     "many losses), or both (SWISS-1)");
    json_t *v = json_object_get(j, "length");
    if (!v) {
        s->lengths[0] = 7; /* as a knockout's rounds until the TD says otherwise */
        s->n_lengths = 1;
    } else if (json_is_array(v)) {
        if (ko_lengths_read(v, "swiss.length", s->lengths, &s->n_lengths, f))
            return -1;
    } else if (json_is_integer(v) && json_integer_value(v) >= 1 &&
               json_integer_value(v) <= KO_LENGTH_MAX) {
        s->lengths[0] = (int)json_integer_value(v);
        s->n_lengths = 1;
    } else {
        return fault(f, "swiss.length",
                     "must be a match length of 1 to %d points, or a list of them by round",
                     KO_LENGTH_MAX);
    }
    struct swiss_rules r = {0};
    json_t *tb = json_object_get(j, "tiebreaks");
    if (tb && (!json_is_array(tb) || json_array_size(tb) > SWISS_TB_MAX))
        return fault(f, "swiss.tiebreaks", "must list at most %d tie-breaks (SWISS-2)",
                     SWISS_TB_MAX);
    if (!tb) { /* the common order: Buchholz, then Sonneborn-Berger */
        s->tiebreaks[s->n_tiebreaks++] = SWISS_TB_BUCHHOLZ;
        s->tiebreaks[s->n_tiebreaks++] = SWISS_TB_SONNEBORN_BERGER;
    }
    for (size_t i = 0; tb && i < json_array_size(tb); i++) {
        int k = name_index(swiss_tiebreak_names, json_string_value(json_array_get(tb, i)));
        if (k < 0)
            return fault(f, "swiss.tiebreaks",
                         "value %zu must be one of buchholz, median_buchholz, sonneborn_berger, "
                         "points_diff, head_to_head (SWISS-2)",
                         i + 1);
        s->tiebreaks[s->n_tiebreaks++] = k + 1;
    }
    r.n_tiebreaks = s->n_tiebreaks;
    for (int i = 0; i < s->n_tiebreaks; i++)
        r.tiebreaks[i] = (enum swiss_tiebreak)s->tiebreaks[i];
    char err[200];
    if (swiss_check_rules(&r, err, sizeof err))
        return fault(f, "swiss.tiebreaks", "%s (SWISS-2)", err);
    v = json_object_get(j, "bye_counts");
    s->bye_counts = v ? name_index(bye_counts_names, json_string_value(v)) : 0;
    if (s->bye_counts < 0)
        return fault(f, "swiss.bye_counts", "must be zero or own (SWISS-2)");
    v = json_object_get(j, "walkover_counts");
    s->walkover_counts = v ? name_index(walkover_counts_names, json_string_value(v)) : 0;
    if (s->walkover_counts < 0)
        return fault(f, "swiss.walkover_counts", "must be as_played or as_bye (SWISS-2)");
    v = json_object_get(j, "late_wins");
    if (v && (!json_is_integer(v) || json_integer_value(v) < 0 ||
              json_integer_value(v) > SWISS_MAX_ROUNDS))
        return fault(f, "swiss.late_wins", "must be a whole number from 0 to %d", SWISS_MAX_ROUNDS);
    s->late_wins = v ? (int)json_integer_value(v) : 0;
    return 0;
}

static json_t *swiss_json(const union event_settings *u)
{
    const struct swiss_settings *s = &u->swiss;
    json_t *j = json_object(), *l = json_array(), *tb = json_array();
    if (s->rounds)
        json_object_set_new(j, "rounds", json_integer(s->rounds));
    if (s->lives)
        json_object_set_new(j, "lives", json_integer(s->lives));
    for (int i = 0; i < s->n_lengths; i++)
        json_array_append_new(l, json_integer(s->lengths[i]));
    json_object_set_new(j, "length", l);
    for (int i = 0; i < s->n_tiebreaks; i++)
        json_array_append_new(tb, json_string(swiss_tiebreak_names[s->tiebreaks[i] - 1]));
    json_object_set_new(j, "tiebreaks", tb);
    json_object_set_new(j, "bye_counts", json_string(bye_counts_names[s->bye_counts]));
    json_object_set_new(j, "walkover_counts",
                        json_string(walkover_counts_names[s->walkover_counts]));
    json_object_set_new(j, "late_wins", json_integer(s->late_wins));
    return j;
}

/* ---- the table ---- */

const char *const event_kind_names[EK_COUNT + 1] = {
    [EK_KNOCKOUT] = "knockout", [EK_SWING] = "swing", [EK_DAVIS] = "davis",
    [EK_SWISS] = "swiss",       [EK_COUNT] = NULL,
};

static const struct event_kind kinds[EK_COUNT] = {
    [EK_KNOCKOUT] = {ko_read, ko_json, ko_late, 1, 0},
    [EK_SWING] = {swing_read, swing_json, NULL, 0, 0},
    [EK_DAVIS] = {davis_read, davis_json, davis_late, 1, 1},
    [EK_SWISS] = {swiss_read, swiss_json, NULL, 0, 0},
};

const struct event_kind *event_kind_of(enum event_kind_id k)
{
    return &kinds[(unsigned)k < EK_COUNT ? k : EK_KNOCKOUT];
}

int event_kind_from_name(const char *name)
{
    for (int k = 0; name && k < EK_COUNT; k++)
        if (!strcmp(event_kind_names[k], name))
            return k;
    return -1;
}

const char *event_kind_name(enum event_kind_id k)
{
    return event_kind_names[(unsigned)k < EK_COUNT ? k : EK_KNOCKOUT];
}

const char *event_state_name(enum event_state s)
{
    return (unsigned)s < ES_COUNT ? state_names[s] : "open";
}

int event_state_from_name(const char *name)
{
    for (int s = 0; name && s < ES_COUNT; s++)
        if (!strcmp(state_names[s], name))
            return s;
    return -1;
}

int event_settings_read(enum event_kind_id k, json_t *j, union event_settings *s,
                        struct kind_fault *f)
{
    memset(s, 0, sizeof *s);
    memset(f, 0, sizeof *f);
    return event_kind_of(k)->read(j, s, f);
}

int event_settings_read_text(enum event_kind_id k, const char *text, union event_settings *s,
                             struct kind_fault *f)
{
    json_t *j = text && *text ? json_loads(text, 0, NULL) : NULL;
    if (text && *text && !j) {
        memset(s, 0, sizeof *s);
        return fault(f, event_kind_name(k), "is no JSON");
    }
    int rc = event_settings_read(k, j, s, f);
    json_decref(j);
    return rc;
}

char *event_settings_text(enum event_kind_id k, const union event_settings *s)
{
    json_t *j = event_kind_of(k)->json(s);
    char *text = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(j);
    return text;
}
