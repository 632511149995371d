/* The JSON game-record format of the HTTP API (server/codec/bg_json.h): the documented example
 * replays to the running score, every field is checked, and records survive JSON both ways. */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/bg_json.h"
#include "rules/bg_mat.h"
#include "../check_main.h"

static json_t *load(const char *path)
{
    json_error_t je;
    json_t *j = json_load_file(path, 0, &je);
    ck_assert_msg(j != NULL, "%s: %s", path, je.text);
    return j;
}

START_TEST(test_json_example_replays_to_the_running_score)
{
    json_t *j = load("tests/data/json/example_match.json");
    bg_match_rec rec;
    bg_match_report rep;
    bg_err e;
    ck_assert_msg(bg_json_to_match(j, &rec, &e) == 0, "%s", e.message);
    ck_assert_int_eq(rec.n_games, 3);
    ck_assert(!rec.games[0].score_only);
    ck_assert(rec.games[1].score_only);
    /* "24/13" with 6-5 from Alice's 24-point goes through the open 18 (Bob holds her 19). */
    const bg_action *a = &rec.games[0].act[4];
    ck_assert_int_eq(a->n, 2);
    ck_assert_int_eq(a->steps[0].from, 24);
    ck_assert_int_eq(a->steps[0].to, 18);
    ck_assert_int_eq(a->steps[1].to, 13);
    ck_assert_int_eq(rec.games[0].act[5].n, 4); /* "13/3(2)" with 5-5 */
    ck_assert_int_eq(bg_match_replay(&rec, &rep), 0);
    ck_assert_int_eq(rep.games[0].out.how, BG_HOW_RESIGN);
    ck_assert_int_eq(rep.games[0].out.points, 2);
    ck_assert(rep.games[1].crawford);
    ck_assert(rep.games[2].post_crawford);
    ck_assert_int_eq(rep.games[2].score_before[0], 2); /* after the penalty against Bob */
    ck_assert(rep.over);
    ck_assert_int_eq(rep.winner, 1);

    json_t *out = bg_json_from_report(&rec, &rep);
    ck_assert_ptr_nonnull(out);
    ck_assert(json_is_true(json_object_get(out, "valid")));
    ck_assert_str_eq(json_string_value(json_object_get(out, "winner")), "Bob");
    json_t *games = json_object_get(out, "games");
    ck_assert_int_eq(json_array_size(games), 3);
    json_t *g1 = json_array_get(games, 0);
    ck_assert_str_eq(json_string_value(json_object_get(g1, "how")), "resign");
    ck_assert_int_eq(json_integer_value(json_array_get(json_object_get(g1, "score_after"), 1)), 2);
    json_t *fs = json_object_get(out, "final_score");
    ck_assert_int_eq(json_integer_value(json_array_get(fs, 0)), 2);
    ck_assert_int_eq(json_integer_value(json_array_get(fs, 1)), 3);
    ck_assert_ptr_null(json_object_get(out, "error"));
    json_decref(out);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    json_decref(j);
}
END_TEST

START_TEST(test_json_refusals_carry_game_move_and_rule)
{
    json_t *j = load("tests/data/json/example_match.json");
    /* An illegal play: Bob's 6-4 as 24/14 (ten pips). */
    json_t *act = json_array_get(
        json_object_get(json_array_get(json_object_get(j, "games"), 0), "actions"), 1);
    json_object_set_new(act, "play", json_string("24/14 13/9"));
    bg_match_rec rec;
    bg_match_report rep;
    bg_err e;
    ck_assert_int_eq(bg_json_to_match(j, &rec, &e), 0);
    ck_assert_int_ne(bg_match_replay(&rec, &rep), 0);
    json_t *out = bg_json_from_report(&rec, &rep);
    json_t *err = json_object_get(out, "error");
    ck_assert_int_eq(json_integer_value(json_object_get(err, "game")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(err, "move")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(err, "side")), 1);
    ck_assert_str_eq(json_string_value(json_object_get(err, "rule")), "ENG-3");
    ck_assert(json_is_false(json_object_get(out, "valid")));
    json_decref(out);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    json_decref(j);
}
END_TEST

START_TEST(test_json_bad_fields_are_named)
{
    static const struct {
        const char *json;
        const char *word; /* the message names this */
        int game, move;
    } bad[] = {
        {"[]", "object", 0, 0},
        {"{\"games\": []}", "match_length", 0, 0},
        {"{\"match_length\": 3, \"games\": {}}", "games", 0, 0},
        {"{\"match_length\": 3, \"players\": [\"A\"], \"games\": []}", "players", 0, 0},
        {"{\"match_length\": 3, \"rules\": {\"policy\": \"lenient\"}, \"games\": []}", "policy", 0,
         0},
        {"{\"match_length\": 3, \"games\": [{}]}", "actions", 1, 0},
        {"{\"match_length\": 3, \"games\": [{\"actions\": [{\"type\": \"fly\", \"side\": 0}]}]}",
         "type", 1, 1},
        {"{\"match_length\": 3, \"games\": [{\"actions\": [{\"type\": \"move\", \"side\": 0, "
         "\"dice\": [7, 1]}]}]}",
         "dice", 1, 1},
        {"{\"match_length\": 3, \"games\": [{\"actions\": [{\"type\": \"move\", \"dice\": [3, "
         "1]}]}]}",
         "side", 1, 1},
        {"{\"match_length\": 3, \"games\": [{\"actions\": [{\"type\": \"move\", \"side\": 0, "
         "\"dice\": [3, 1], \"play\": \"8/5 6/5\"}, {\"type\": \"move\", \"side\": 1, \"dice\": "
         "[6, 6], \"play\": [[24,18],[24,18],[13,7],[13,7],[8,2]]}]}]}",
         "four", 1, 2},
        {"{\"match_length\": 3, \"games\": [{\"actions\": [{\"type\": \"move\", \"side\": 0, "
         "\"dice\": [3, 1], \"play\": \"hello\"}]}]}",
         "play", 1, 1},
        {"{\"match_length\": 3, \"games\": [{\"result\": {\"winner\": 0, \"how\": \"won\"}}]}",
         "how", 1, 0},
        {"{\"match_length\": 3, \"games\": [{\"result\": {\"winner\": 0, \"how\": \"single\"}}], "
         "\"penalties\": [{\"before_game\": 5, \"side\": 0, \"points\": 1}]}",
         "before_game", 0, 0},
        {"{\"match_length\": 3, \"games\": [{\"actions\": [{\"type\": \"resign\", \"side\": 0, "
         "\"level\": 4}]}]}",
         "level", 1, 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *j = json_loads(bad[i].json, 0, NULL);
        ck_assert_msg(j != NULL, "case %zu is not JSON", i);
        bg_match_rec rec;
        bg_err e;
        ck_assert_msg(bg_json_to_match(j, &rec, &e) != 0, "case %zu accepted", i);
        ck_assert_str_eq(e.rule, "JSON");
        ck_assert_msg(strstr(e.message, bad[i].word) != NULL, "case %zu: %s", i, e.message);
        ck_assert_int_eq(e.game, bad[i].game);
        ck_assert_int_eq(e.move, bad[i].move);
        bg_match_rec_free(&rec);
        json_decref(j);
    }
}
END_TEST

/* A gnubg transcript -> JSON text -> record again: same replay, same .mat text. */
START_TEST(test_json_round_trip_of_a_mat_transcript)
{
    static const char *const files[] = {"tests/data/gnubg/matches/0051_03pt.mat",
                                        "tests/data/gnubg/matches/0013_11pt.mat",
                                        "tests/data/gnubg/money/money_0001.mat"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        FILE *fp = fopen(files[f], "rb");
        ck_assert_ptr_nonnull(fp);
        static char buf[1 << 20];
        size_t n = fread(buf, 1, sizeof buf, fp);
        fclose(fp);
        bg_match_rec rec, back;
        bg_match_report rep, rep2;
        bg_err e;
        ck_assert_int_eq(bg_mat_parse(buf, n, &rec, &e), 0);
        ck_assert_int_eq(bg_match_replay(&rec, &rep), 0);
        json_t *j = bg_json_from_match(&rec);
        char *text = json_dumps(j, JSON_COMPACT);
        json_decref(j);
        j = json_loads(text, 0, NULL);
        free(text);
        ck_assert_msg(bg_json_to_match(j, &back, &e) == 0, "%s", e.message);
        json_decref(j);
        back.mat_header = rec.mat_header ? strdup(rec.mat_header) : NULL;
        ck_assert_int_eq(bg_match_replay(&back, &rep2), 0);
        ck_assert_int_eq(rep2.score[0], rep.score[0]);
        ck_assert_int_eq(rep2.score[1], rep.score[1]);
        ck_assert_int_eq(rep2.turns, rep.turns);
        size_t len;
        char *mat = bg_mat_export(&back, &rep2, &len, &e);
        ck_assert_ptr_nonnull(mat);
        ck_assert_msg(len == n && !memcmp(mat, buf, n), "%s differs after JSON", files[f]);
        bg_mat_text_free(mat);
        bg_match_report_free(&rep);
        bg_match_report_free(&rep2);
        bg_match_rec_free(&rec);
        bg_match_rec_free(&back);
    }
}
END_TEST

START_TEST(test_json_strings_are_always_utf8)
{
    json_t *s = bg_json_string("ok \xc3\xa9 bad \xff\xfe end \xe2\x82");
    ck_assert_ptr_nonnull(s);
    ck_assert_str_eq(json_string_value(s), "ok \xc3\xa9 bad ?? end ??");
    json_decref(s);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("codec_json");
    TCase *tc = tcase_create("json");
    tcase_add_test(tc, test_json_example_replays_to_the_running_score);
    tcase_add_test(tc, test_json_refusals_carry_game_move_and_rule);
    tcase_add_test(tc, test_json_bad_fields_are_named);
    tcase_add_test(tc, test_json_round_trip_of_a_mat_transcript);
    tcase_add_test(tc, test_json_strings_are_always_utf8);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
