/* The label of a match (match_label.h): the round's name counted back from the final, a
 * Davis Cup rubber's phase, and the English text every reply carries. */
#include "tourney/match_label.h"

#include <stdio.h>
#include <string.h>

#include "tourney/davis.h"

const char *label_kind_name(enum label_kind k)
{
    return k > LABEL_STANDALONE && k <= EK_COUNT ? event_kind_name((enum event_kind_id)(k - 1))
                                                 : "standalone";
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

void match_label(const struct match *m, const struct label_event *e, struct match_label *out)
{
    memset(out, 0, sizeof *out);
    if (!m->event_id || !e || (unsigned)e->kind >= EK_COUNT) {
        out->kind = LABEL_STANDALONE;
        snprintf(out->text, sizeof out->text, "Match %lld", (long long)m->id);
        return;
    }
    /* the kind's parts: rounds named back from a bracket's final, a tie's rubbers */
    const struct event_kind *k = event_kind_of(e->kind);
    out->kind = (enum label_kind)(1 + e->kind);
    out->event = e->name;
    out->round = m->round > 0 ? m->round : 0;
    out->rounds = k->bracket_rounds ? e->rounds : 0;
    /* PLACE-1: the play-off for 3rd is a match of the final's round beside the final */
    out->playoff = !m->tie_id && out->rounds && m->round == out->rounds && m->slot == 2;
    if (out->playoff)
        snprintf(out->round_name, sizeof out->round_name, "Play-off for 3rd");
    else if (out->round)
        round_name(out->round, out->rounds, out->round_name, sizeof out->round_name);
    int n = out->round ? snprintf(out->text, sizeof out->text, "%s · %s", e->name, out->round_name)
                       : snprintf(out->text, sizeof out->text, "%s", e->name);
    if (!k->rubbers || !m->tie_id)
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
