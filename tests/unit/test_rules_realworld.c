/* Match files as players bring them (tests/data/realworld: Backgammon Galaxy, Backgammon Studio,
 * FIBS clients): each is accepted with gnubg's final score or refused for the defect its
 * manifest names, at that game, move and rule; at least 97% of them are accepted. */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_mat.h"
#include "../check_main.h"
#include "mat_test_util.h"

#define DIR "tests/data/realworld/"

static int int_at(json_t *a, size_t i)
{
    return (int)json_integer_value(json_array_get(a, i));
}

/* Line n (1-based) of text, without its end, into out. */
static void line_of(const char *text, int n, char *out, size_t outlen)
{
    const char *p = text;
    for (int i = 1; i < n && p; i++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    size_t k = 0;
    while (p && *p && *p != '\n' && *p != '\r' && k + 1 < outlen)
        out[k++] = *p++;
    out[k] = '\0';
}

/* The words of a and b are the same (the manifest quotes a line without its exact spacing). */
static int same_words(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ')
            a++;
        while (*b == ' ')
            b++;
        if (!*a || !*b) return !*a && !*b;
        while (*a && *a != ' ' && *a == *b) {
            a++;
            b++;
        }
        if ((*a && *a != ' ') || (*b && *b != ' ')) return 0;
    }
}

static void check_accepted(const char *file, json_t *x, const bg_match_rec *rec,
                           const bg_match_report *rep)
{
    json_t *fs = json_object_get(x, "final_score"), *st = json_object_get(x, "start_score");
    ck_assert_msg(rep->valid, "%s refused: %s", file, rep->err.message);
    ck_assert_int_eq(rec->rules.match_length,
                     json_integer_value(json_object_get(x, "match_length")));
    ck_assert_msg(rep->score[0] == int_at(fs, 0) && rep->score[1] == int_at(fs, 1),
                  "%s: final score %d-%d, gnubg's %d-%d", file, rep->score[0], rep->score[1],
                  int_at(fs, 0), int_at(fs, 1));
    ck_assert_int_eq(rep->start[0], int_at(st, 0));
    ck_assert_int_eq(rep->start[1], int_at(st, 1));
    ck_assert_int_eq(rep->n_games, json_integer_value(json_object_get(x, "games")));
    ck_assert_int_eq(rep->over, json_is_true(json_object_get(x, "finished")));
    ck_assert_int_eq(rep->unfinished, json_integer_value(json_object_get(x, "unfinished_game")));
}

static void check_refused(const char *file, json_t *x, const char *text, const bg_match_report *rep)
{
    ck_assert_msg(!rep->valid, "%s accepted, but its manifest names a defect", file);
    ck_assert_msg(rep->err.game == json_integer_value(json_object_get(x, "game")) &&
                      rep->err.move == json_integer_value(json_object_get(x, "move")) &&
                      rep->err.side == json_integer_value(json_object_get(x, "side")) &&
                      !strcmp(rep->err.rule, json_string_value(json_object_get(x, "rule"))),
                  "%s: refused elsewhere: %s", file, rep->err.message);
    char where[32], line[512];
    snprintf(where, sizeof where, "Game %d", rep->err.game);
    ck_assert_msg(strstr(rep->err.message, where) != NULL, "%s", rep->err.message);
    /* The line the manifest quotes is in the file where it says. */
    line_of(text, (int)json_integer_value(json_object_get(x, "line")), line, sizeof line);
    ck_assert_msg(same_words(line, json_string_value(json_object_get(x, "text"))),
                  "%s: line %lld is \"%s\"", file,
                  (long long)json_integer_value(json_object_get(x, "line")), line);
}

START_TEST(test_mat_realworld_files_accepted_or_refused_for_their_defect)
{
    FILE *f = fopen(DIR "manifest.jsonl", "r");
    ck_assert_ptr_nonnull(f);
    int files = 0, accepted = 0;
    json_t *x;
    const char *file;
    char *text;
    size_t len;
    while (index_next(f, DIR, &x, &file, &text, &len)) {
        bg_match_rec rec;
        bg_match_report rep;
        bg_mat_parse(text, len, &rec, NULL);
        rec.rules.policy = BG_POLICY_LEGAL;
        bg_match_replay(&rec, &rep);
        if (json_is_true(json_object_get(x, "accepted"))) {
            check_accepted(file, x, &rec, &rep);
            accepted++;
        } else {
            check_refused(file, x, text, &rep);
        }
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        free(text);
        json_decref(x);
        files++;
    }
    fclose(f);
    ck_assert_int_eq(files, 482);
    ck_assert_msg(accepted * 100 >= files * 97, "%d of %d accepted", accepted, files);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules_realworld");
    TCase *tc = tcase_create("realworld");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_mat_realworld_files_accepted_or_refused_for_their_defect);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
