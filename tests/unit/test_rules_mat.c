/* .mat transcripts with match replay: the gnubg corpus validates as recorded and is written back
 * byte for byte, broken transcripts are refused where they break, and each format quirk reads. */
#include <check.h>
#include <glob.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_mat.h"
#include "../check_main.h"
#include "mat_test_util.h"

#define DATA "tests/data/"

/* Parses and replays a text under a policy; the caller frees rec and rep. */
static int replay_text(const char *text, size_t len, bg_policy policy, bg_match_rec *rec,
                       bg_match_report *rep)
{
    bg_err e;
    bg_mat_parse(text, len, rec, &e);
    rec->rules.policy = policy;
    return bg_match_replay(rec, rep);
}

static int replay_str(const char *text, bg_match_rec *rec, bg_match_report *rep)
{
    return replay_text(text, strlen(text), BG_POLICY_LEGAL, rec, rep);
}

/* Every file of an index.jsonl folder: valid, and each game as gnubg recorded it. */
static void check_corpus(const char *dir, int *files, int *games)
{
    char path[512];
    snprintf(path, sizeof path, DATA "gnubg/%s/index.jsonl", dir);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "no %s", path);
    char line[65536];
    while (fgets(line, sizeof line, f)) {
        json_error_t je;
        json_t *idx = json_loads(line, 0, &je);
        ck_assert_msg(idx != NULL, "index line: %s", je.text);
        const char *file = json_string_value(json_object_get(idx, "file"));
        snprintf(path, sizeof path, DATA "gnubg/%s/%s", dir, file);
        size_t len;
        char *text = slurp(path, &len);
        bg_match_rec rec;
        bg_match_report rep;
        bg_err e;
        ck_assert_msg(bg_mat_parse(text, len, &rec, &e) == 0, "%s: %s", file, e.message);
        ck_assert_msg(bg_match_replay(&rec, &rep) == 0 && rep.valid, "%s: %s", file,
                      rep.err.message);
        ck_assert_int_eq(rec.rules.match_length,
                         json_integer_value(json_object_get(idx, "match_length")));
        json_t *names = json_object_get(idx, "names");
        ck_assert_str_eq(rec.names[0], json_string_value(json_array_get(names, 0)));
        ck_assert_str_eq(rec.names[1], json_string_value(json_array_get(names, 1)));
        json_t *fs = json_object_get(idx, "final_score");
        ck_assert_msg(rep.score[0] == json_integer_value(json_array_get(fs, 0)) &&
                          rep.score[1] == json_integer_value(json_array_get(fs, 1)),
                      "%s: final score %d-%d", file, rep.score[0], rep.score[1]);
        json_t *gs = json_object_get(idx, "games");
        ck_assert_int_eq(rep.n_games, (int)json_array_size(gs));
        ck_assert_int_eq(rep.n_games, json_integer_value(json_object_get(idx, "n_games")));
        /* The match winner: the first to reach N (MATCH-1); money sessions have none. */
        if (rec.rules.match_length > 0) {
            ck_assert(rep.over);
            ck_assert_str_eq(rec.names[rep.winner],
                             json_string_value(json_object_get(idx, "winner")));
        } else {
            ck_assert(!rep.over);
        }
        for (int g = 0; g < rep.n_games; g++) {
            json_t *jg = json_array_get(gs, (size_t)g);
            const bg_game_summary *s = &rep.games[g];
            int w = !strcmp(json_string_value(json_object_get(jg, "winner")), "O");
            json_t *sb = json_object_get(jg, "score_before");
            ck_assert_msg(s->out.winner == w, "%s game %d winner", file, g + 1);
            ck_assert_msg(s->out.points == json_integer_value(json_object_get(jg, "points")),
                          "%s game %d: %d points", file, g + 1, s->out.points);
            ck_assert_msg(s->out.resigned == json_is_true(json_object_get(jg, "resigned")),
                          "%s game %d resigned", file, g + 1);
            ck_assert_int_eq(s->out.turns, json_integer_value(json_object_get(jg, "turns")));
            ck_assert_int_eq(s->out.doubles, json_integer_value(json_object_get(jg, "doubles")));
            ck_assert_int_eq(s->out.takes, json_integer_value(json_object_get(jg, "takes")));
            ck_assert_int_eq(s->out.drops, json_integer_value(json_object_get(jg, "drops")));
            ck_assert_int_eq(s->score_before[0], json_integer_value(json_array_get(sb, 0)));
            ck_assert_int_eq(s->score_before[1], json_integer_value(json_array_get(sb, 1)));
            (*games)++;
        }
        /* Written back exactly as gnubg wrote it. */
        size_t olen;
        char *back = bg_mat_export(&rec, &rep, &olen, &e);
        ck_assert_msg(back != NULL, "%s: export: %s", file, e.message);
        ck_assert_msg(olen == len && !memcmp(back, text, len), "%s: export differs", file);
        bg_mat_text_free(back);
        /* The money games also come as single-game .gam files. */
        json_t *gam = json_object_get(json_object_get(idx, "files"), "gam");
        if (gam) {
            snprintf(path, sizeof path, DATA "gnubg/%s/%s", dir, json_string_value(gam));
            size_t glen;
            char *gtext = slurp(path, &glen);
            bg_match_rec grec;
            bg_match_report grep;
            ck_assert_int_eq(replay_text(gtext, glen, BG_POLICY_LEGAL, &grec, &grep), 0);
            ck_assert(grec.mat_gam);
            ck_assert_int_eq(grep.score[0], rep.score[0]);
            ck_assert_int_eq(grep.score[1], rep.score[1]);
            back = bg_mat_export(&grec, &grep, &olen, &e);
            ck_assert_msg(back && olen == glen && !memcmp(back, gtext, glen), "%s differs",
                          json_string_value(gam));
            bg_mat_text_free(back);
            bg_match_report_free(&grep);
            bg_match_rec_free(&grec);
            free(gtext);
        }
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        free(text);
        json_decref(idx);
        (*files)++;
    }
    fclose(f);
}

START_TEST(test_MATCH_2_gnubg_matches_validate_as_recorded)
{
    int files = 0, games = 0;
    check_corpus("matches", &files, &games);
    ck_assert_int_eq(files, 120);
    ck_assert_int_eq(games, 551);
}
END_TEST

START_TEST(test_MATCH_2_gnubg_money_sessions_validate_as_recorded)
{
    int files = 0, games = 0;
    check_corpus("money", &files, &games);
    ck_assert_int_eq(files, 30);
    ck_assert_int_eq(games, 30);
}
END_TEST

/* Each hand-broken transcript is refused at the game, move, side and rule its index names. */
START_TEST(test_broken_transcripts_refused_at_the_right_place)
{
    FILE *f = fopen(DATA "broken/index.jsonl", "r");
    ck_assert_ptr_nonnull(f);
    int n = 0;
    json_t *x;
    const char *file;
    char *text;
    size_t len;
    while (index_next(f, DATA "broken/", &x, &file, &text, &len)) {
        bg_match_rec rec;
        bg_match_report rep;
        ck_assert_msg(replay_text(text, len, BG_POLICY_LEGAL, &rec, &rep) != 0, "%s accepted",
                      file);
        ck_assert(!rep.valid);
        ck_assert_msg(rep.err.game == json_integer_value(json_object_get(x, "game")),
                      "%s: game %d: %s", file, rep.err.game, rep.err.message);
        ck_assert_msg(rep.err.move == json_integer_value(json_object_get(x, "move")),
                      "%s: move %d: %s", file, rep.err.move, rep.err.message);
        ck_assert_msg(rep.err.side == json_integer_value(json_object_get(x, "side")),
                      "%s: side %d: %s", file, rep.err.side, rep.err.message);
        ck_assert_msg(!strcmp(rep.err.rule, json_string_value(json_object_get(x, "rule"))),
                      "%s: rule %s: %s", file, rep.err.rule, rep.err.message);
        /* The sentence says where: "Game G" and, for a move, "move M". */
        char where[32];
        snprintf(where, sizeof where, "Game %d", rep.err.game);
        ck_assert_msg(strstr(rep.err.message, where) != NULL, "%s", rep.err.message);
        json_t *resp = json_object_get(x, "responsible");
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        if (resp) {
            /* MATCH-6: the same file under Responsible Moves. */
            int ok = replay_text(text, len, BG_POLICY_RESPONSIBLE, &rec, &rep) == 0;
            ck_assert_int_eq(ok, json_is_true(json_object_get(resp, "valid")));
            ck_assert_int_eq(rep.notes.n, json_integer_value(json_object_get(resp, "flagged")));
            ck_assert_str_eq(rep.notes.v[0].rule, json_string_value(json_object_get(x, "rule")));
            ck_assert_int_eq(rep.notes.v[0].move, json_integer_value(json_object_get(x, "move")));
            json_t *fs = json_object_get(resp, "final_score");
            ck_assert_int_eq(rep.score[0], json_integer_value(json_array_get(fs, 0)));
            ck_assert_int_eq(rep.score[1], json_integer_value(json_array_get(fs, 1)));
            bg_match_report_free(&rep);
            bg_match_rec_free(&rec);
        }
        free(text);
        json_decref(x);
        n++;
    }
    fclose(f);
    ck_assert_int_ge(n, 8);
}
END_TEST

/* Each partial record is valid as far as it goes, as its index says: where it starts, the
 * games finished, the score, and a last game cut off (not counted). */
START_TEST(test_MATCH_2_partial_records_valid_as_far_as_they_go)
{
    FILE *f = fopen(DATA "partial/index.jsonl", "r");
    ck_assert_ptr_nonnull(f);
    int n = 0;
    json_t *x;
    const char *file;
    char *text;
    size_t len;
    while (index_next(f, DATA "partial/", &x, &file, &text, &len)) {
        bg_match_rec rec;
        bg_match_report rep;
        ck_assert_msg(replay_text(text, len, BG_POLICY_LEGAL, &rec, &rep) == 0, "%s: %s", file,
                      rep.err.message);
        json_t *st = json_object_get(x, "start_score"), *fs = json_object_get(x, "final_score");
        ck_assert_int_eq(rep.start[0], json_integer_value(json_array_get(st, 0)));
        ck_assert_int_eq(rep.start[1], json_integer_value(json_array_get(st, 1)));
        ck_assert_int_eq(rep.score[0], json_integer_value(json_array_get(fs, 0)));
        ck_assert_int_eq(rep.score[1], json_integer_value(json_array_get(fs, 1)));
        ck_assert_int_eq(rep.n_games, json_integer_value(json_object_get(x, "games")));
        ck_assert_int_eq(rep.unfinished, json_integer_value(json_object_get(x, "unfinished_game")));
        ck_assert(!rep.over);
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        free(text);
        json_decref(x);
        n++;
    }
    fclose(f);
    ck_assert_int_ge(n, 4);
}
END_TEST

/* Replays t; 0 and the report, or the rule of the refusal in rule. */
static int quirk(const char *t, bg_match_rec *rec, bg_match_report *rep)
{
    int rc = replay_str(t, rec, rep);
    if (rc != 0) fprintf(stderr, "quirk refused: %s\n", rep->err.message);
    return rc;
}

#define HEAD3 "\n 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"

/* ENG-3: one checker moved by both dice, written as one step (Galaxy, Studio), is the play
 * through whichever intermediate point is open; through none it is refused. */
START_TEST(test_ENG_3_combined_steps_through_an_open_point)
{
    bg_match_rec rec;
    bg_match_report rep;
    /* "bar/21" is 3-1 entered with both dice, but Bob's 6-3 hit nothing: no checker is there */
    const char *nobar = HEAD3 "  1) 42: 8/4 6/4                 63: 24/15\n"
                              "  2) 31: bar/21 6/5              44: 13/5(2)\n"
                              "      Wins 1 point\n\n";
    ck_assert_int_ne(replay_str(nobar, &rec, &rep), 0);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    const char *ok2 = HEAD3 "  1) 42: 8/4 6/4                 63: 24/18 13/10\n"
                            "  2) 31: 13/9                   44: 13/5(2)\n"
                            "  3) 61: 13/6                   \n"
                            "      Wins 1 point\n\n";
    ck_assert_int_eq(quirk(ok2, &rec, &rep), 0);
    ck_assert_int_eq(rep.games[0].out.turns, 5);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    /* 5-3 from 22: the 17- and 19-points (Bob's 8 and 6) are both held, so 22/14 cannot be */
    const char *blocked = HEAD3 "  1) 21: 24/22 24/23            31: 8/5 6/5\n"
                                "  2) 53: 22/14\n"
                                "      Wins 1 point\n\n";
    ck_assert_int_ne(replay_str(blocked, &rec, &rep), 0);
    ck_assert_int_eq(rep.err.game, 1);
    ck_assert_int_eq(rep.err.move, 2);
    ck_assert_int_eq(rep.err.side, 0);
    ck_assert_msg(!strncmp(rep.err.rule, "ENG-", 4), "%s", rep.err.message);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
}
END_TEST

/* "Cannot Move", the loser's line in either place, a last game capped (MATCH-1), an empty
 * name, a FIBS rating, a byte-order mark and a Windows-1252 name all read as meant. */
START_TEST(test_mat_quirks_of_other_programs)
{
    bg_match_rec rec;
    bg_match_report rep;
    /* "Cannot Move" is a roll with no play: Bob's 6-6 here can be played, so it is refused. */
    const char *cannot = HEAD3 "  1) 42: 8/4 6/4                 66: Cannot Move\n"
                               "  2) 31: 8/5 6/5\n"
                               "      Wins 1 point\n\n";
    ck_assert_int_ne(replay_str(cannot, &rec, &rep), 0);
    ck_assert_str_eq(rep.err.rule, "ENG-6");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    /* The loser's line beside the result, alone, or before an empty line (Galaxy). */
    const char *losses[] = {
        HEAD3 "  1) 42: 8/4 6/4                 63: 24/15\n"
              "  2)  Losses 1 point                                 Wins 1 point\n\n",
        HEAD3 "  1) 42: 8/4 6/4                 63: 24/15\n"
              " Losses 1 point\n\n                                  Wins 1 point\n\n",
        HEAD3 "  1) 42: 8/4 6/4                 63: 24/15\n"
              "  2) 31: 8/5 6/5                 Losses 1 point\n      Wins 1 point\n\n",
    };
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(quirk(losses[i], &rec, &rep), 0);
        ck_assert_int_eq(rep.n_games, 1);
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
    }
    /* ... and a loser's line that contradicts the result is refused. */
    const char *contra =
        HEAD3 "  1) 42: 8/4 6/4                 63: 24/15\n"
              "  2)  Losses 2 points                                Wins 1 point\n\n";
    ck_assert_int_ne(replay_str(contra, &rec, &rep), 0);
    ck_assert_str_eq(rep.err.rule, "FORMAT");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    /* MATCH-1: a resignation of a gammon at cube 2 (worth 4) written capped at the 3 Alice
     * needs: "Wins 3 point and the match"; Alice at 1 capped at the length (Galaxy) too. */
    const char *cap = HEAD3 "  1) 42: 8/4 6/4                  Doubles => 2\n"
                            "  2)  Takes                      63: 24/15\n"
                            "      Wins 3 point and the match\n\n";
    ck_assert_int_eq(quirk(cap, &rec, &rep), 0);
    ck_assert(rep.over);
    ck_assert_int_eq(rep.winner, 0);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    /* 2 points is neither the cap nor a value of the game: refused */
    const char *cap2 = "\n 5 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
                       "  1) 42: 8/4 6/4                  Doubles => 2\n"
                       "  2)  Takes                      63: 24/15\n"
                       "      Wins 3 points\n\n";
    ck_assert_int_ne(replay_str(cap2, &rec, &rep), 0);
    ck_assert_str_eq(rep.err.rule, "ENG-8");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    /* "and the match" on a game that does not end it contradicts the score: MATCH-1 */
    const char *claim = "\n 5 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
                        "  1) 42: 8/4 6/4                 63: 24/15\n"
                        "      Wins 1 point and the match\n\n";
    ck_assert_int_ne(replay_str(claim, &rec, &rep), 0);
    ck_assert_str_eq(rep.err.rule, "MATCH-1");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    /* A byte-order mark, CRLF, a guest with no name, a FIBS rating, a Windows-1252 name. */
    const char *names = "\xef\xbb\xbf\r\n 3 point match\r\n\r\n Game 1\r\n"
                        " Jos\xe9,1650 : 0                        : 0\r\n"
                        "  1) 42: 8/4 6/4                 63: 24/15\r\n"
                        "      Wins 1 point\r\n\r\n";
    ck_assert_int_eq(quirk(names, &rec, &rep), 0);
    ck_assert_str_eq(rec.names[0], "Jos\xc3\xa9");
    ck_assert_str_eq(rec.names[1], "");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    /* UTF-8 stays as it is; "\x80" is the euro sign in Windows-1252 */
    const char *utf =
        "\n 3 point match\n\n Game 1\n Jos\xc3\xa9 : 0                      Ren\x80 : 0\n"
        "  1) 42: 8/4 6/4                 63: 24/15\n"
        "      Wins 1 point\n\n";
    ck_assert_int_eq(quirk(utf, &rec, &rep), 0);
    ck_assert_str_eq(rec.names[0], "Jos\xc3\xa9");
    ck_assert_str_eq(rec.names[1], "Ren\xe2\x82\xac");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
}
END_TEST

/* A short money session: Alice (left) 4-3 opening, Bob drops an immediate double. */
static const char *const SMALL = "; [Event \"t\"]\n"
                                 "\n"
                                 " 0 point match\n"
                                 "\n"
                                 " Game 1\n"
                                 " Alice : 0                      Bob : 0\n"
                                 "  1) 43: 24/20 13/10             61: 13/7 8/7 \n"
                                 "  2) 62: 20/14 13/11              Doubles => 2\n"
                                 "  3)  Drops                       Wins 1 point \n"
                                 "\n";

START_TEST(test_MATCH_1_points_beyond_n_count_in_final_score_only)
{
    /* The file's "Wins" is not capped at what the winner needed (MAT_FORMAT.md 6). */
    bg_match_rec rec;
    bg_match_report rep;
    const char *t = "\n 1 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
                    "  1) 43: 24/20 13/10             61: 13/7 8/7 \n"
                    "  2) 62: 20/14 13/11             \n"
                    "      Wins 3 points\n\n";
    ck_assert_int_eq(replay_str(t, &rec, &rep), 0);
    ck_assert_int_eq(rep.score[0], 3);
    ck_assert(rep.over);
    ck_assert_int_eq(rep.winner, 0);
    ck_assert_int_eq(rep.games[0].out.how, BG_HOW_RESIGN);
    ck_assert_int_eq(rep.games[0].out.level, 3);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
}
END_TEST

START_TEST(test_mat_quirk_names_with_spaces_and_long_left_cells)
{
    bg_match_rec rec;
    bg_match_report rep;
    /* Names with spaces and colons; "name0 : score0" of 31+ characters leaves no space before
     * the second name; a 31-character left cell pushes the right cell past column 33. */
    const char *t = "\n 3 point match\n\n Game 1\n"
                    " Jean Paul de la Tour : 0       Mary Ann : 0\n"
                    "  1) 43: 24/20 13/10             61: 13/7 8/7 \n"
                    "  2) 62: 20/14 13/11             \n"
                    "      Wins 3 points\n\n";
    ck_assert_int_eq(replay_str(t, &rec, &rep), 0);
    ck_assert_str_eq(rec.names[0], "Jean Paul de la Tour");
    ck_assert_str_eq(rec.names[1], "Mary Ann");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);

    const char *t2 = "\n 3 point match\n\n Game 1\n"
                     " A Very Long Player Name Here : 0B : 0\n"
                     "  1) 43: 24/20 13/10             61: 13/7 8/7 \n"
                     "  2) 62: 20/14 13/11             \n"
                     "      Wins 3 points\n\n";
    ck_assert_int_eq(replay_str(t2, &rec, &rep), 0);
    ck_assert_str_eq(rec.names[0], "A Very Long Player Name Here");
    ck_assert_str_eq(rec.names[1], "B");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
}
END_TEST

START_TEST(test_mat_quirk_right_player_first_and_shifted_columns)
{
    bg_match_rec rec;
    bg_match_report rep;
    /* Bob (right) wins the opening roll: the first line has an empty left cell. Line 2 shows
     * a right cell shifted by a wide left cell; steps are unsorted and interleaved. */
    const char *t = "\n 0 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
                    "  1)                             21: 13/11 24/23 \n"
                    "  2) 66: 24/18 24/18 13/7 13/7 43: 11/8 13/9 \n"
                    "      Wins 1 point\n\n";
    ck_assert_int_eq(replay_str(t, &rec, &rep), 0);
    ck_assert_int_eq(rec.games[0].act[0].side, 1);
    ck_assert_int_eq(rec.games[0].act[1].side, 0);
    ck_assert_int_eq(rec.games[0].act[2].side, 1);
    ck_assert_int_eq(rec.games[0].act[2].n, 2);
    ck_assert_int_eq(rep.games[0].out.winner, 0);
    ck_assert(rep.games[0].out.resigned);
    ck_assert_int_eq(rec.rules.match_length, 0); /* a money session */
    ck_assert(!rep.over);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
}
END_TEST

START_TEST(test_mat_quirk_crlf_header_and_lenient_notation)
{
    bg_match_rec rec;
    bg_match_report rep;
    /* CRLF line ends, "bar"/"off" words and a "(2)" repeat, which other programs write. */
    const char *t = "; [Site \"x\"]\r\n\r\n 1 point match\r\n\r\n Game 1\r\n"
                    " Alice : 0                      Bob : 0\r\n"
                    "  1) 43: 24/20 13/10             66: 13/7(2) 8/2(2)\r\n"
                    "  2) 62: 20/14 13/11             \r\n"
                    "      Wins 1 point and the match\r\n\r\n";
    ck_assert_int_eq(replay_str(t, &rec, &rep), 0);
    ck_assert_int_eq(rec.games[0].act[1].n, 4);
    ck_assert_str_eq(rec.mat_header, "; [Site \"x\"]\n");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
}
END_TEST

START_TEST(test_mat_small_transcript_round_trips)
{
    bg_match_rec rec;
    bg_match_report rep;
    ck_assert_int_eq(replay_str(SMALL, &rec, &rep), 0);
    ck_assert_int_eq(rep.games[0].out.how, BG_HOW_DROP);
    ck_assert_int_eq(rep.games[0].out.winner, 1);
    size_t len;
    bg_err e;
    char *back = bg_mat_export(&rec, &rep, &len, &e);
    ck_assert_ptr_nonnull(back);
    ck_assert_str_eq(back, SMALL);
    bg_mat_text_free(back);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
}
END_TEST

START_TEST(test_mat_bad_input_gives_format_errors)
{
    static const char *const bad[] = {
        "",
        "hello",
        "\n 3 point match\n\n",
        "\n 3 point match\n\n Game 2\n",
        "\n 3 point match\n\n Game 1\n Alice 0 Bob 0\n",
        "\n 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n  1) 77: 8/1\n",
        "\n 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
        "  1) 43: 24/20 13/10 8/5 6/5 6/2  \n",
        "\n 99999 point match\n",
        "\n 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
        "  1) 43: 24/20 13/10             61: 13/7 8/7 \n"
        "  2)                             62: 24/18 13/11\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bg_match_rec rec;
        bg_match_report rep;
        bg_err e;
        ck_assert_msg(bg_mat_parse(bad[i], strlen(bad[i]), &rec, &e) != 0, "case %zu read", i);
        ck_assert_str_eq(e.rule, "FORMAT");
        ck_assert(rec.has_tail_err);
        ck_assert_int_ne(bg_match_replay(&rec, &rep), 0);
        ck_assert_msg(!strcmp(rep.err.rule, "FORMAT"), "case %zu: %s", i, rep.err.message);
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
    }
}
END_TEST

/* Every prefix of a real file, and each byte of it flipped, reads without a crash, a hang or
 * an out-of-bounds read (AddressSanitizer watches); a cut file is never valid as a match. */
START_TEST(test_mat_every_prefix_and_mutation_is_safe)
{
    size_t len;
    char *text = slurp(DATA "gnubg/matches/0016_03pt.mat", &len);
    int valid_prefixes = 0, over_prefixes = 0;
    for (size_t n = 0; n <= len; n++) {
        char *copy = malloc(n ? n : 1); /* exactly n bytes: ASan catches a read past them */
        memcpy(copy, text, n);
        bg_match_rec rec;
        bg_match_report rep;
        bg_mat_parse(copy, n, &rec, NULL);
        if (bg_match_replay(&rec, &rep) == 0) {
            valid_prefixes++;
            over_prefixes += rep.over;
            /* gnubg_B wins 3-0: no part of the file says more */
            ck_assert(rep.score[0] == 0 && rep.score[1] <= 3);
        }
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        free(copy);
    }
    /* A cut file is a partial record, valid as far as it goes (a line cut in the middle is
     * dropped): most prefixes are valid, and only the whole file and the file cut inside its
     * final "points\n\n" end the match. */
    ck_assert_int_le(over_prefixes, 4);
    ck_assert_int_ge(over_prefixes, 1);
    ck_assert_uint_ge((size_t)valid_prefixes, len / 2);
    for (size_t i = 0; i < len; i += 7) {
        char *copy = malloc(len);
        memcpy(copy, text, len);
        copy[i] = (char)(copy[i] ^ 0x5a);
        bg_match_rec rec;
        bg_match_report rep;
        bg_mat_parse(copy, len, &rec, NULL);
        bg_match_replay(&rec, &rep);
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        free(copy);
    }
    free(text);
}
END_TEST

/* Inputs the fuzzer once broke (tests/fuzz/regressions/fuzz_mat): the properties fuzz_mat.c
 * checks hold for each of them: a located refusal, or an export that reads back the same. */
START_TEST(test_mat_fuzz_regressions)
{
    glob_t gl;
    ck_assert_int_eq(glob("tests/fuzz/regressions/fuzz_mat/*", 0, NULL, &gl), 0);
    ck_assert_uint_ge(gl.gl_pathc, 1);
    for (size_t i = 0; i < gl.gl_pathc; i++) {
        size_t len;
        char *text = slurp(gl.gl_pathv[i], &len);
        for (int policy = 0; policy < 2; policy++) {
            bg_match_rec rec, again;
            bg_match_report rep, rep2;
            int valid = replay_text(text, len, policy, &rec, &rep) == 0;
            if (!valid) {
                ck_assert_msg(rep.err.rule[0] && rep.err.message[0], "%s", gl.gl_pathv[i]);
            } else {
                size_t olen;
                bg_err e;
                char *back = bg_mat_export(&rec, &rep, &olen, &e);
                ck_assert_ptr_nonnull(back);
                ck_assert_msg(replay_text(back, olen, policy, &again, &rep2) == 0, "%s: %s",
                              gl.gl_pathv[i], rep2.err.message);
                ck_assert_int_eq(rep2.score[0], rep.score[0]);
                ck_assert_int_eq(rep2.score[1], rep.score[1]);
                ck_assert_int_eq(rep2.turns, rep.turns);
                bg_match_report_free(&rep2);
                bg_match_rec_free(&again);
                bg_mat_text_free(back);
            }
            bg_match_report_free(&rep);
            bg_match_rec_free(&rec);
        }
        free(text);
    }
    globfree(&gl);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules_mat");
    TCase *tc = tcase_create("mat");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_MATCH_2_gnubg_matches_validate_as_recorded);
    tcase_add_test(tc, test_MATCH_2_gnubg_money_sessions_validate_as_recorded);
    tcase_add_test(tc, test_broken_transcripts_refused_at_the_right_place);
    tcase_add_test(tc, test_MATCH_2_partial_records_valid_as_far_as_they_go);
    tcase_add_test(tc, test_ENG_3_combined_steps_through_an_open_point);
    tcase_add_test(tc, test_mat_quirks_of_other_programs);
    tcase_add_test(tc, test_MATCH_1_points_beyond_n_count_in_final_score_only);
    tcase_add_test(tc, test_mat_quirk_names_with_spaces_and_long_left_cells);
    tcase_add_test(tc, test_mat_quirk_right_player_first_and_shifted_columns);
    tcase_add_test(tc, test_mat_quirk_crlf_header_and_lenient_notation);
    tcase_add_test(tc, test_mat_small_transcript_round_trips);
    tcase_add_test(tc, test_mat_bad_input_gives_format_errors);
    tcase_add_test(tc, test_mat_every_prefix_and_mutation_is_safe);
    tcase_add_test(tc, test_mat_fuzz_regressions);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
