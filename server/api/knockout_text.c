/* The phone's sentences about a player's place in a bracket. */
#include <stdio.h>
#include <time.h>

#include "api/knockout_text.h"

int api_knockout_status_text(const struct ko_pstatus *st, const char *opponent, char *buf,
                             size_t len)
{
    const char *who = opponent && *opponent ? opponent : "your opponent";
    switch (st->state) {
    case KO_P_ABSENT:
        return snprintf(buf, len, "You are not in this event.");
    case KO_P_READY:
        return snprintf(buf, len, "Round %d: you play %s; wait for the call to your table.",
                        st->round, who);
    case KO_P_WAIT_OPPONENT:
        return snprintf(buf, len, "Round %d: you wait for the winner of round %d match %d.",
                        st->round, st->from_round, st->from_index + 1);
    case KO_P_WAIT_LATE:
        if (st->deadline_ms > 0) {
            time_t t = (time_t)(st->deadline_ms / 1000);
            struct tm tm;
            char when[32];
            gmtime_r(&t, &tm);
            strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
            return snprintf(buf, len,
                            "Round %d: you wait for late arrival %d until %s; if nobody takes "
                            "that place by then, you advance to round %d.",
                            st->round, st->late, when, st->round + 1);
        }
        return snprintf(buf, len,
                        "Round %d: you wait for late arrival %d until the director closes late "
                        "entry; if nobody takes that place, you advance to round %d.",
                        st->round, st->late, st->round + 1);
    case KO_P_OUT:
        if (st->decision == KO_WITHDRAWAL)
            return snprintf(buf, len, "You withdrew in round %d.", st->round);
        if (st->decision == KO_DISQUALIFIED)
            return snprintf(buf, len, "You were disqualified in round %d.", st->round);
        return snprintf(buf, len, "You lost in round %d.", st->round);
    case KO_P_CHAMPION:
        return snprintf(buf, len, "You won the event.");
    case KO_P_WAIT_ENTRANT:
        return snprintf(buf, len,
                        "Round %d: your opponent is not known yet: after a corrected result, "
                        "the player a result still to come in the event that feeds this one "
                        "sends here takes that place.",
                        st->round);
    case KO_P_WAIT_DRAW:
        if (st->missing > 0)
            return snprintf(buf, len,
                            "You enter round %d of this event. Its draw is made when the %d "
                            "result%s that may still add players %s in.",
                            st->round, st->missing, st->missing == 1 ? "" : "s",
                            st->missing == 1 ? "is" : "are");
        return snprintf(buf, len,
                        "You enter round %d of this event. Every entrant is known: the draw "
                        "can be made.",
                        st->round);
    }
    return snprintf(buf, len, "?");
}
