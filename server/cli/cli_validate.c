/* `crawford validate`: replays .mat transcripts with the rules engine and says, per file,
 * whether it is a valid match and the final score, or the first illegal thing in it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli/cli.h"
#include "codec/bg_json.h"
#include "rules/bg_mat.h"

/* A .mat file of a long match is some tens of kilobytes; anything past this is not one. */
#define VALIDATE_MAX_FILE (64u << 20)

static void usage(FILE *to)
{
    fprintf(to,
            "usage: crawford validate [--policy legal|responsible] [--json] FILE...\n"
            "  replays each .mat (or .gam) transcript; FILE - reads stdin\n"
            "  --policy  illegal plays: legal (default) refuses the file; responsible lets a\n"
            "            physically possible illegal play stand, flagged (MATCH-6)\n"
            "  --json    one JSON object a line: file, valid, match_length, players, games,\n"
            "            final_score, winner, start_score, finished, unfinished_game, and\n"
            "            error {game, move, side, rule, message}\n"
            "  a partial record (games so far, a match resumed at a score, a file cut off in a\n"
            "  game) is valid as far as it goes: games counts the finished games, finished\n"
            "  says whether the match is over, unfinished_game is a last game not counted\n"
            "  exit status: 0 all valid, 1 some file invalid, 2 usage error or unreadable file\n");
}

/* Reads a whole file (or stdin for "-"); NULL with errno-style text in why. */
static char *slurp(const char *path, size_t *len, char *why, size_t whylen)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        snprintf(why, whylen, "%s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            if (cap >= VALIDATE_MAX_FILE) {
                snprintf(why, whylen, "larger than %u MB", VALIDATE_MAX_FILE >> 20);
                free(buf);
                buf = NULL;
                break;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                snprintf(why, whylen, "out of memory");
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                snprintf(why, whylen, "%s", strerror(errno ? errno : EIO));
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (!buf && why[0] == '\0') snprintf(why, whylen, "out of memory");
    if (f != stdin) fclose(f);
    *len = n;
    return buf;
}

/* A player with no name in the file (Galaxy writes one for a guest) is called as the rules
 * engine calls them. */
static const char *display_name(const char *name, int side)
{
    return name[0] ? name : side ? "player 2" : "player 1";
}

static void print_json(json_t *o)
{
    char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (s) {
        puts(s);
        free(s);
    }
    json_decref(o);
}

/* The lines for one file; returns its exit status (0 valid, 1 invalid, 2 unreadable). */
static int validate_file(const char *path, bg_policy policy, int as_json)
{
    char why[128] = "";
    size_t len = 0;
    char *buf = slurp(path, &len, why, sizeof why);
    if (!buf) {
        fprintf(stderr, "crawford validate: %s: cannot read: %s\n", path, why);
        if (as_json) {
            bg_err e = {0, 0, -1, "IO", ""};
            snprintf(e.message, sizeof e.message, "cannot read the file: %s", why);
            json_t *o = json_object();
            json_object_set_new(o, "file", bg_json_string(path));
            json_object_set_new(o, "valid", json_false());
            json_object_set_new(o, "error", bg_json_from_err(&e));
            print_json(o);
        }
        return 2;
    }
    bg_match_rec rec;
    bg_match_report rep;
    bg_mat_parse(buf, len, &rec, NULL);
    free(buf);
    rec.rules.policy = policy;
    bg_match_replay(&rec, &rep);
    int n = rec.rules.match_length;
    /* A money session has no match winner; name whoever is ahead. */
    int winner = rep.over ? rep.winner : -1;
    if (n == 0 && rep.valid && rep.score[0] != rep.score[1])
        winner = rep.score[0] > rep.score[1] ? 0 : 1;
    if (as_json) {
        json_t *o = json_object();
        json_object_set_new(o, "file", bg_json_string(path));
        json_object_set_new(o, "valid", json_boolean(rep.valid));
        json_object_set_new(o, "match_length", json_integer(n));
        json_object_set_new(
            o, "players",
            json_pack("[oo]", bg_json_string(rec.names[0]), bg_json_string(rec.names[1])));
        json_object_set_new(o, "games", json_integer(rep.n_games));
        json_object_set_new(o, "final_score", json_pack("[ii]", rep.score[0], rep.score[1]));
        json_object_set_new(o, "start_score", json_pack("[ii]", rep.start[0], rep.start[1]));
        json_object_set_new(o, "finished", json_boolean(n > 0 && rep.over));
        json_object_set_new(o, "unfinished_game",
                            rep.unfinished ? json_integer(rep.unfinished) : json_null());
        json_object_set_new(o, "winner",
                            winner >= 0 ? bg_json_string(rec.names[winner]) : json_null());
        if (rep.notes.n) {
            json_t *notes = json_array();
            for (int i = 0; i < rep.notes.n; i++)
                json_array_append_new(notes, bg_json_from_err(&rep.notes.v[i]));
            json_object_set_new(o, "flagged", notes);
        }
        if (!rep.valid) json_object_set_new(o, "error", bg_json_from_err(&rep.err));
        print_json(o);
    } else if (rep.valid) {
        char what[48];
        if (n > 0)
            snprintf(what, sizeof what, "%d-point match", n);
        else
            snprintf(what, sizeof what, "money session");
        const char *name[2] = {display_name(rec.names[0], 0), display_name(rec.names[1], 1)};
        printf("%s: valid, %s%s, %s %d - %s %d", path,
               n > 0 && !rep.over ? "partial record of a " : "", what, name[0], rep.score[0],
               name[1], rep.score[1]);
        if (winner >= 0) printf(", %s %s", name[winner], n > 0 ? "wins the match" : "is ahead");
        printf(" (");
        if (rep.start[0] || rep.start[1]) printf("starts at %d-%d, ", rep.start[0], rep.start[1]);
        printf("%d game%s", rep.n_games, rep.n_games == 1 ? "" : "s");
        if (rep.unfinished) printf(", game %d unfinished and not counted", rep.unfinished);
        if (n > 0 && !rep.over) printf(", the match is not finished");
        /* the notes by kind: plays let stand (MATCH-6), gaps for the TD, other remarks */
        int illegal = 0, gaps = 0;
        for (int i = 0; i < rep.n_games; i++)
            illegal += rep.games[i].out.illegal;
        for (int i = 0; i < rep.notes.n; i++)
            gaps += !strcmp(rep.notes.v[i].rule, BG_GAP_RULE);
        int remarks = rep.notes.n - illegal - gaps;
        if (illegal) printf(", %d illegal play%s let stand", illegal, illegal == 1 ? "" : "s");
        if (gaps) printf(", %d gap%s for the TD", gaps, gaps == 1 ? "" : "s");
        if (remarks > 0) printf(", %d remark%s", remarks, remarks == 1 ? "" : "s");
        printf(")\n");
        for (int i = 0; i < rep.notes.n; i++)
            printf("%s: note: %s\n", path, rep.notes.v[i].message);
    } else {
        printf("%s: invalid: %s\n", path, rep.err.message);
    }
    int rc = rep.valid ? 0 : 1;
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    return rc;
}

int cli_validate(int argc, char **argv)
{
    bg_policy policy = BG_POLICY_LEGAL;
    int as_json = 0, nfiles = 0, opts = 1;
    /* Options may come before or after the files; "--" ends them. */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        if (opts && !strcmp(a, "--")) {
            opts = 0;
            continue;
        }
        if (!opts || a[0] != '-' || a[1] == '\0') {
            nfiles++;
            continue;
        }
        if (!strcmp(a, "--json")) {
            as_json = 1;
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--policy")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "crawford validate: --policy needs legal or responsible\n");
                usage(stderr);
                return 2;
            }
            val = argv[++i];
        } else if (!strncmp(a, "--policy=", 9)) {
            val = a + 9;
        } else {
            fprintf(stderr, "crawford validate: unknown option %s\n", a);
            usage(stderr);
            return 2;
        }
        if (!strcmp(val, "legal"))
            policy = BG_POLICY_LEGAL;
        else if (!strcmp(val, "responsible"))
            policy = BG_POLICY_RESPONSIBLE;
        else {
            fprintf(stderr, "crawford validate: --policy must be legal or responsible, not %s\n",
                    val);
            usage(stderr);
            return 2;
        }
    }
    if (nfiles == 0) {
        fprintf(stderr, "crawford validate: no file given\n");
        usage(stderr);
        return 2;
    }
    int worst = 0;
    opts = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (opts && !strcmp(a, "--")) {
            opts = 0;
            continue;
        }
        if (opts && a[0] == '-' && a[1] != '\0') {
            if (!strcmp(a, "--policy")) i++;
            continue;
        }
        int rc = validate_file(a, policy, as_json);
        if (rc > worst) worst = rc;
        fflush(stdout);
    }
    return worst;
}
