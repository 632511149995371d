/* libFuzzer target: the .mat reader and match replay on any bytes under both MATCH-6 policies;
 * an accepted transcript must also be written back as text that replays to the same result. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_mat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A failed property: abort so libFuzzer keeps the input. */
static void must(int cond)
{
    if (!cond) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int policy = 0; policy < 2; policy++) {
        bg_match_rec rec;
        bg_match_report rep;
        bg_err err;
        int parsed = bg_mat_parse((const char *)data, size, &rec, &err) == 0;
        rec.rules.policy = policy ? BG_POLICY_RESPONSIBLE : BG_POLICY_LEGAL;
        int valid = bg_match_replay(&rec, &rep) == 0;
        must(valid == rep.valid);
        must(!valid || parsed);
        if (!valid) {
            /* A refusal is a located sentence. */
            must(rep.err.rule[0] != '\0');
            must(memchr(rep.err.message, '\0', sizeof rep.err.message) != NULL);
            must(rep.err.message[0] != '\0');
        }
        if (valid) {
            size_t len;
            char *text = bg_mat_export(&rec, &rep, &len, &err);
            must(text != NULL);
            bg_match_rec again;
            bg_match_report rep2;
            int reparsed = bg_mat_parse(text, len, &again, &err) == 0;
            again.rules.policy = rec.rules.policy;
            int revalid = bg_match_replay(&again, &rep2) == 0;
            must(reparsed && revalid);
            must(rep2.score[0] == rep.score[0] && rep2.score[1] == rep.score[1]);
            must(rep2.n_games == rep.n_games && rep2.turns == rep.turns);
            bg_match_report_free(&rep2);
            bg_match_rec_free(&again);
            bg_mat_text_free(text);
        }
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
    }
    return 0;
}
