/* `crawford moves`: every legal play for positions read as JSON lines on stdin, one JSON line
 * out per line in; the engine's public face, and how it is checked against gnubg. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli/cli.h"
#include "rules/bg_board.h"
#include "rules/bg_notation.h"

/* A case line of the gnubg data, moves included, is at most 36 KB; a line longer than this is
 * refused rather than buffered without end. */
#define MOVES_MAX_LINE (1u << 20)

static void usage(FILE *to)
{
    fprintf(to,
            "usage: crawford moves [--text]\n"
            "  reads JSON lines on stdin: {\"id\": ..., \"board\": {\"me\": [26 ints], \"opp\": "
            "[26 ints]}, \"dice\": [a, b]}\n"
            "  writes one JSON line each: {\"id\": ..., \"moves\": [[[from, to], ...], ...]}\n"
            "  (25 = bar, 0 = off), or {\"id\": ..., \"error\": \"...\"} for a bad line.\n"
            "  --text  also write \"text\": each play in standard notation, as gnubg writes it\n"
            "  exit status: 0 every line answered, 1 some line refused, 2 usage or read error\n");
}

/* Reads one line (without its newline) into *buf, growing it up to MOVES_MAX_LINE. Returns
 * its length, -1 at end of input, -2 when the line was too long (it is then skipped). */
static long read_line(FILE *in, char **buf, size_t *cap)
{
    size_t len = 0;
    int c, too_long = 0;
    if ((c = getc(in)) == EOF) return -1;
    for (; c != EOF && c != '\n'; c = getc(in)) {
        if (too_long) continue;
        if (len + 1 >= *cap) {
            if (*cap >= MOVES_MAX_LINE) {
                too_long = 1;
                continue;
            }
            size_t ncap = *cap ? *cap * 2 : 4096;
            char *nb = realloc(*buf, ncap);
            if (!nb) {
                too_long = 1;
                continue;
            }
            *buf = nb;
            *cap = ncap;
        }
        (*buf)[len++] = (char)c;
    }
    if (too_long) return -2;
    (*buf)[len] = '\0';
    return (long)len;
}

static int get_side(json_t *board, const char *name, uint8_t out[26], char *msg, size_t msglen)
{
    json_t *a = json_object_get(board, name);
    if (!json_is_array(a) || json_array_size(a) != 26) {
        snprintf(msg, msglen, "board.%s must be an array of 26 integers", name);
        return -1;
    }
    for (size_t i = 0; i < 26; i++) {
        json_t *v = json_array_get(a, i);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 15) {
            snprintf(msg, msglen, "board.%s[%zu] must be an integer from 0 to 15", name, i);
            return -1;
        }
        out[i] = (uint8_t)json_integer_value(v);
    }
    return 0;
}

/* Reads a position and a roll from one parsed line; -1 with a sentence in msg. */
static int get_case(json_t *root, bg_board *b, int *d1, int *d2, char *msg, size_t msglen)
{
    json_t *board = json_object_get(root, "board");
    if (!json_is_object(board)) {
        snprintf(msg, msglen, "board must be an object {\"me\": [26 ints], \"opp\": [26 ints]}");
        return -1;
    }
    if (get_side(board, "me", b->me, msg, msglen) || get_side(board, "opp", b->opp, msg, msglen))
        return -1;
    char why[200];
    if (bg_board_check(b, why, sizeof why)) {
        snprintf(msg, msglen, "impossible board: %s", why);
        return -1;
    }
    json_t *dice = json_object_get(root, "dice");
    int d[2];
    if (!json_is_array(dice) || json_array_size(dice) != 2) {
        snprintf(msg, msglen, "dice must be an array of two integers from 1 to 6");
        return -1;
    }
    for (size_t i = 0; i < 2; i++) {
        json_t *v = json_array_get(dice, i);
        if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 6) {
            snprintf(msg, msglen, "dice[%zu] must be an integer from 1 to 6", i);
            return -1;
        }
        d[i] = (int)json_integer_value(v);
    }
    *d1 = d[0];
    *d2 = d[1];
    return 0;
}

static json_t *plays_json(const bg_board *b, const bg_playlist *pl, json_t **text)
{
    json_t *moves = json_array();
    for (int i = 0; i < pl->n; i++) {
        json_t *steps = json_array();
        for (int k = 0; k < pl->plays[i].n; k++)
            json_array_append_new(
                steps, json_pack("[ii]", pl->plays[i].steps[k].from, pl->plays[i].steps[k].to));
        json_array_append_new(moves, steps);
        if (text) {
            char t[BG_PLAY_TEXT];
            bg_format_play(b, &pl->plays[i], t, sizeof t);
            json_array_append_new(*text, json_string(t));
        }
    }
    return moves;
}

static void emit(json_t *obj)
{
    char *s = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (s) {
        fputs(s, stdout);
        putchar('\n');
        /* A caller may write a line and wait for its answer before writing the next. */
        fflush(stdout);
        free(s);
    }
    json_decref(obj);
}

static void emit_error(json_t *id, const char *msg)
{
    json_t *o = json_object();
    json_object_set(o, "id", id ? id : json_null());
    json_object_set_new(o, "error", json_string(msg));
    emit(o);
}

int cli_moves(int argc, char **argv)
{
    int want_text = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--text"))
            want_text = 1;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "crawford moves: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    /* One list, reused: it is large (about 300 KB) and must not live on the stack. */
    bg_playlist *pl = malloc(sizeof *pl);
    if (!pl) {
        fprintf(stderr, "crawford moves: out of memory\n");
        return 2;
    }
    char *buf = NULL;
    size_t cap = 0;
    long len;
    int refused = 0;
    while ((len = read_line(stdin, &buf, &cap)) != -1) {
        char msg[300];
        if (len == -2) {
            snprintf(msg, sizeof msg, "the line is longer than %u bytes", MOVES_MAX_LINE);
            emit_error(NULL, msg);
            refused = 1;
            continue;
        }
        size_t n = (size_t)len;
        while (n && (buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t'))
            n--;
        size_t lead = 0;
        while (lead < n && (buf[lead] == ' ' || buf[lead] == '\t'))
            lead++;
        if (lead == n) continue; /* blank lines separate nothing and ask nothing */
        json_error_t jerr;
        json_t *root = json_loadb(buf + lead, n - lead, 0, &jerr);
        if (!root) {
            snprintf(msg, sizeof msg, "not JSON (column %d): %s", jerr.column, jerr.text);
            emit_error(NULL, msg);
            refused = 1;
            continue;
        }
        if (!json_is_object(root)) {
            emit_error(NULL, "each line must be a JSON object with board and dice");
            json_decref(root);
            refused = 1;
            continue;
        }
        json_t *id = json_object_get(root, "id");
        bg_board b;
        int d1, d2;
        if (get_case(root, &b, &d1, &d2, msg, sizeof msg)) {
            emit_error(id, msg);
            json_decref(root);
            refused = 1;
            continue;
        }
        bg_legal_plays(&b, d1, d2, pl);
        json_t *text = want_text ? json_array() : NULL;
        json_t *o = json_object();
        json_object_set(o, "id", id ? id : json_null());
        json_object_set_new(o, "moves", plays_json(&b, pl, want_text ? &text : NULL));
        if (text) json_object_set_new(o, "text", text);
        emit(o);
        json_decref(root);
    }
    free(buf);
    free(pl);
    if (ferror(stdin)) {
        fprintf(stderr, "crawford moves: reading stdin: %s\n", strerror(errno));
        return 2;
    }
    if (fflush(stdout) != 0) return 2;
    return refused ? 1 : 0;
}
