/* The label of a match (match_label.h): the round's name counted back from the final, a
 * Davis Cup rubber's phase, and the English text every reply carries. */
#include "tourney/match_label.h"

#include <stdio.h>
#include <string.h>

#include "tourney/davis.h"

static const char *const kind_names[] = {"standalone", "knockout", "swing", "davis"};

const char *label_kind_name(enum label_kind k)
{
    return k >= LABEL_STANDALONE && k <= LABEL_DAVIS ? kind_names[k] : "standalone";
}

const char *label_phase_name(int phase)
{
    return phase == 2 ? "doubles" : phase == 1 || phase == 3 ? "singles" : NULL;
}

/* The last three rounds of a bracket have names of their own; a round robin's and a Swing
 * pool's rounds (rounds 0) are numbered. */
static void round_name(int round, int rounds, char *buf, size_t len)
{
    int left = rounds > 0 && round <= rounds ? rounds - round : -1;
    if (left == 0)
        snprintf(buf, len, "Final");
    else if (left == 1)
        snprintf(buf, len, "Semi-final");
    else if (left == 2)
        snprintf(buf, len, "Quarter-final");
    else
        snprintf(buf, len, "Round %d", round);
}

static enum label_kind kind_of(const struct label_event *e)
{
    if (!e || !e->kind)
        return LABEL_STANDALONE;
    if (!strcmp(e->kind, "knockout"))
        return LABEL_KNOCKOUT;
    if (!strcmp(e->kind, "swing"))
        return LABEL_SWING;
    if (!strcmp(e->kind, "davis"))
        return LABEL_DAVIS;
    return LABEL_STANDALONE;
}

void match_label(const struct match *m, const struct label_event *e, struct match_label *out)
{
    memset(out, 0, sizeof *out);
    out->kind = m->event_id ? kind_of(e) : LABEL_STANDALONE;
    if (out->kind == LABEL_STANDALONE) {
        snprintf(out->text, sizeof out->text, "Match %lld", (long long)m->id);
        return;
    }
    out->event = e->name;
    out->round = m->round > 0 ? m->round : 0;
    out->rounds = out->kind == LABEL_SWING ? 0 : e->rounds;
    if (out->round)
        round_name(out->round, out->rounds, out->round_name, sizeof out->round_name);
    int n = out->round ? snprintf(out->text, sizeof out->text, "%s · %s", e->name, out->round_name)
                       : snprintf(out->text, sizeof out->text, "%s", e->name);
    if (out->kind != LABEL_DAVIS || !m->tie_id)
        return;
    out->tie = m->tie_id;
    if (m->rubber >= 1 && m->rubber <= DAVIS_RUBBERS) {
        out->rubber = m->rubber;
        out->phase = davis_rubbers[m->rubber - 1].phase;
        if (n >= 0 && (size_t)n < sizeof out->text)
            snprintf(out->text + n, sizeof out->text - (size_t)n, " · Rubber %d (%s)", out->rubber,
                     label_phase_name(out->phase));
    }
}
