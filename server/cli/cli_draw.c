/* crawford draw: prints a knockout draw offline from a seed and a list of entries, the same
 * bracket the server stores for those inputs, so anyone can re-derive a draw (KO-2). */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tourney/knockout.h"
#include "tourney/rng.h"

static const char usage[] =
    "usage: crawford draw --seed S --entries FILE [--late N] [--seeded [--seeds N]] [--json]\n"
    "Prints the Main draw of the entries in FILE (one a line: an id or a name, optionally a\n"
    "tab and a rating; blank lines and lines starting with # are skipped). S is the seed, as\n"
    "the server takes it: text of 1 to 32 characters; a number (0..18446744073709551615, or\n"
    "0x and up to 16 hex digits) reads as itself, other text through FNV-1a. When every line\n"
    "is a number the numbers are the entry ids, otherwise the entries are numbered 1, 2, ...\n"
    "in file order.\n"
    "--late N keeps N late places, --seeded seeds by rating (--seeds N of them), --json\n"
    "prints JSON.\n";

#define LABEL_MAX 200

struct entries {
    struct ko_entry *e;
    char **label;
    int n, cap;
};

static void entries_free(struct entries *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->label[i]);
    free(l->label);
    free(l->e);
}

/* Prints one sentence after the command's name; returns 2, the status of bad input. */
static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail(const char *fmt, ...)
{
    va_list ap;
    fputs("crawford draw: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

static char *trim(char *s)
{
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = 0;
    return s;
}

static int all_digits(const char *s)
{
    if (!*s || strlen(s) > 18)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* Reads FILE into l. 0, or 2 after printing a sentence. */
static int read_entries(const char *path, struct entries *l)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return fail("cannot read the entries file %s: %s.", path, strerror(errno));
    char line[4096];
    long no = 0;
    int rc = 0, numeric = 1;
    while (fgets(line, sizeof line, f)) {
        no++;
        if (!strchr(line, '\n') && !feof(f)) {
            rc = fail("%s line %ld is longer than 4,095 characters.", path, no);
            break;
        }
        char *tab = strchr(line, '\t'), *rating = NULL;
        if (tab) {
            *tab = 0;
            rating = trim(tab + 1);
        }
        char *label = trim(line);
        if (!*label && (!rating || !*rating))
            continue;
        if (label[0] == '#')
            continue;
        if (!*label) {
            rc = fail("%s line %ld has a rating but no id or name.", path, no);
            break;
        }
        if (strlen(label) > LABEL_MAX) {
            rc = fail("%s line %ld: the name is longer than 200 characters.", path, no);
            break;
        }
        if (l->n >= KO_MAX_SIZE) {
            rc = fail("%s has more than %d entries.", path, KO_MAX_SIZE);
            break;
        }
        struct ko_entry e = {0};
        if (rating && *rating) {
            char *end;
            errno = 0;
            e.rating = strtod(rating, &end);
            if (*end || errno || !isfinite(e.rating)) {
                rc = fail("%s line %ld: the rating after the tab is not a number.", path, no);
                break;
            }
            e.has_rating = 1;
        }
        if (!all_digits(label) || strtoll(label, NULL, 10) <= 0)
            numeric = 0;
        if (l->n == l->cap) {
            int cap = l->cap ? 2 * l->cap : 64;
            struct ko_entry *ne = realloc(l->e, (size_t)cap * sizeof *ne);
            if (ne)
                l->e = ne;
            char **nl = realloc(l->label, (size_t)cap * sizeof *nl);
            if (nl)
                l->label = nl;
            if (!ne || !nl) {
                rc = fail("out of memory reading %s (line %ld).", path, no);
                break;
            }
            l->cap = cap;
        }
        for (int i = 0; i < l->n && !rc; i++)
            if (!strcmp(l->label[i], label))
                rc = fail("%s line %ld repeats the entry \"%s\": each entry appears once.", path,
                          no, label);
        if (rc)
            break;
        if (!(l->label[l->n] = strdup(label))) {
            rc = fail("out of memory reading %s (line %ld).", path, no);
            break;
        }
        l->e[l->n] = e;
        l->n++;
    }
    if (!rc && ferror(f))
        rc = fail("cannot read the entries file %s (error after line %ld).", path, no);
    fclose(f);
    if (rc)
        return rc;
    for (int i = 0; i < l->n; i++)
        l->e[i].id = numeric ? strtoll(l->label[i], NULL, 10) : i + 1;
    return 0;
}

static const char *label_of(const struct entries *l, int64_t id)
{
    for (int i = 0; i < l->n; i++)
        if (l->e[i].id == id)
            return l->label[i];
    return "?";
}

static const struct ko_entry *entry_of(const struct entries *l, int64_t id)
{
    for (int i = 0; i < l->n; i++)
        if (l->e[i].id == id)
            return &l->e[i];
    return NULL;
}

static void side_text(const struct ko_bracket *b, const struct entries *l, const struct ko_slot *s,
                      char *buf, size_t len)
{
    if (s->kind == KO_SLOT_BYE) {
        snprintf(buf, len, "bye");
    } else if (s->kind == KO_SLOT_LATE) {
        snprintf(buf, len, "late place %d", s->late);
    } else {
        const struct ko_entry *e = entry_of(l, s->id);
        char extra[64] = "";
        if (s->rating_seed)
            snprintf(extra, sizeof extra, " [seed %d]", s->rating_seed);
        if (e && e->has_rating)
            snprintf(buf, len, "%s (%g)%s", label_of(l, s->id), e->rating, extra);
        else
            snprintf(buf, len, "%s%s", label_of(l, s->id), extra);
    }
}

static void print_text(const struct ko_bracket *b, const struct entries *l, int byes)
{
    printf("Knockout draw, algorithm %d, seed %s\n", b->version, b->seed_text);
    printf("%d entries, %d late place%s, seeding %s: bracket of %d, %d round%s, %d bye%s\n",
           b->n_entries, b->n_late, b->n_late == 1 ? "" : "s", b->opts.seeded ? "on" : "off",
           b->size, b->rounds, b->rounds == 1 ? "" : "s", byes, byes == 1 ? "" : "s");
    printf("Round 1:\n");
    int width = 0;
    char a[LABEL_MAX + 96], c[LABEL_MAX + 96];
    for (int s = 0; s < b->size; s += 2) {
        side_text(b, l, &b->slots[s], a, sizeof a);
        if ((int)strlen(a) > width)
            width = (int)strlen(a);
    }
    for (int s = 0; s < b->size; s += 2) {
        side_text(b, l, &b->slots[s], a, sizeof a);
        side_text(b, l, &b->slots[s + 1], c, sizeof c);
        printf("%5d  %-*s  v  %s\n", s / 2 + 1, width, a, c);
    }
}

static json_t *side_json(const struct entries *l, const struct ko_slot *s)
{
    json_t *o = json_object();
    json_object_set_new(o, "position", json_integer(s->position));
    if (s->kind == KO_SLOT_BYE) {
        json_object_set_new(o, "kind", json_string("bye"));
    } else if (s->kind == KO_SLOT_LATE) {
        json_object_set_new(o, "kind", json_string("late"));
        json_object_set_new(o, "late", json_integer(s->late));
    } else {
        const struct ko_entry *e = entry_of(l, s->id);
        json_object_set_new(o, "kind", json_string("entry"));
        json_object_set_new(o, "id", json_integer(s->id));
        json_object_set_new(o, "name", json_string(label_of(l, s->id)));
        if (e && e->has_rating)
            json_object_set_new(o, "rating", json_real(e->rating));
        if (s->rating_seed)
            json_object_set_new(o, "seed", json_integer(s->rating_seed));
    }
    return o;
}

static int print_json(const struct ko_bracket *b, const struct entries *l, int byes)
{
    const char *seed = b->seed_text;
    json_t *root = json_object(), *entries = json_array(), *matches = json_array();
    json_object_set_new(root, "algorithm", json_integer(b->version));
    json_object_set_new(root, "seed", json_string(seed));
    json_object_set_new(root, "seeded", json_boolean(b->opts.seeded));
    json_object_set_new(root, "size", json_integer(b->size));
    json_object_set_new(root, "rounds", json_integer(b->rounds));
    json_object_set_new(root, "late_places", json_integer(b->n_late));
    json_object_set_new(root, "byes", json_integer(byes));
    for (int i = 0; i < l->n; i++) {
        json_t *e = json_object();
        json_object_set_new(e, "id", json_integer(l->e[i].id));
        json_object_set_new(e, "name", json_string(l->label[i]));
        if (l->e[i].has_rating)
            json_object_set_new(e, "rating", json_real(l->e[i].rating));
        json_array_append_new(entries, e);
    }
    json_object_set_new(root, "entries", entries);
    for (int s = 0; s < b->size; s += 2) {
        json_t *m = json_object();
        json_object_set_new(m, "match", json_integer(s / 2 + 1));
        json_object_set_new(m, "a", side_json(l, &b->slots[s]));
        json_object_set_new(m, "b", side_json(l, &b->slots[s + 1]));
        json_array_append_new(matches, m);
    }
    json_object_set_new(root, "round1", matches);
    int rc = json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    putchar('\n');
    json_decref(root);
    return rc ? 1 : 0;
}

static int parse_count(const char *opt, const char *v, int *out)
{
    char *end;
    errno = 0;
    long n = v ? strtol(v, &end, 10) : -1;
    if (!v || !*v || *end || errno || n < 0 || n > KO_MAX_SIZE)
        return fail("%s needs a whole number from 0 to %d.", opt, KO_MAX_SIZE);
    *out = (int)n;
    return 0;
}

int cli_draw(int argc, char **argv)
{
    const char *seed_text = NULL, *file = NULL;
    int late = 0, json = 0, rc;
    struct ko_draw_opts opts = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(a, "--seed") && i + 1 < argc) {
            seed_text = argv[++i];
        } else if (!strcmp(a, "--entries") && i + 1 < argc) {
            file = argv[++i];
        } else if (!strcmp(a, "--late")) {
            if ((rc = parse_count("--late", i + 1 < argc ? argv[++i] : NULL, &late)))
                return rc;
        } else if (!strcmp(a, "--seeds")) {
            if ((rc = parse_count("--seeds", i + 1 < argc ? argv[++i] : NULL, &opts.seeds)))
                return rc;
        } else if (!strcmp(a, "--seeded")) {
            opts.seeded = 1;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else {
            fprintf(stderr, "crawford draw: unknown option '%s' (or its value is missing).\n%s", a,
                    usage);
            return 2;
        }
    }
    if (!seed_text || !file) {
        fprintf(stderr, "crawford draw: --seed and --entries are both needed.\n%s", usage);
        return 2;
    }
    size_t chars = 0;
    int control = 0;
    for (const unsigned char *c = (const unsigned char *)seed_text; *c; c++) {
        chars += (*c & 0xC0) != 0x80;
        control |= *c < 0x20 || *c == 0x7f;
    }
    if (!chars || chars > RNG_SEED_CHARS || control)
        return fail("the seed \"%s\" is not 1 to %d characters of one line.", seed_text,
                    RNG_SEED_CHARS);
    char recorded[RNG_SEED_BYTES];
    uint64_t seed = rng_seed_record(seed_text, recorded, sizeof recorded);
    struct entries l = {0};
    if ((rc = read_entries(file, &l))) {
        entries_free(&l);
        return rc;
    }
    struct ko_bracket b;
    char err[256];
    if (ko_draw(seed, l.e, l.n, late, &opts, &b, err, sizeof err)) {
        fprintf(stderr, "crawford draw: %s\n", err);
        entries_free(&l);
        return 2;
    }
    snprintf(b.seed_text, sizeof b.seed_text, "%s", recorded);
    int byes = b.size - b.n_entries - b.n_late;
    rc = 0;
    if (json)
        rc = print_json(&b, &l, byes);
    else
        print_text(&b, &l, byes);
    ko_bracket_free(&b);
    entries_free(&l);
    return rc;
}
