/* CSV import benchmark (issue 34): a file of 5,000 players as a spreadsheet writes it (UTF-8
 * with a BOM, `;`, CRLF, decimal commas, accents, quoted names) read, checked and matched
 * against 1,000 registered players (half of the file's federation ids among them), the
 * preview's work; the median of 21 runs. Prints `bench csv.import_5000_ms VALUE ms` (target
 * under 1,000 ms). This is the pure part only: the stored import adds the database's part
 * (the players inserted and updated in one transaction), measured when its route lands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/benchlib.h"
#include "tourney/players_csv.h"

#define ROWS 5000
#define REGISTERED 1000
#define RUNS 21

int main(void)
{
    size_t len;
    char *file = bench_players_csv(ROWS, &len);
    /* the register: every other of the file's first 2,000 players */
    struct pcsv_player *reg = calloc(REGISTERED, sizeof *reg);
    char(*names)[64] = calloc(REGISTERED, 64), (*feds)[16] = calloc(REGISTERED, 16);
    if (!reg || !names || !feds)
        return 1;
    for (int i = 0; i < REGISTERED; i++) {
        int j = i * 2;
        bench_player_name(j, names[i], sizeof names[i]);
        /* a third registered without a federation id: found by name, perhaps the same */
        snprintf(feds[i], sizeof feds[i], i % 3 ? "%07d" : "", j * 2);
        reg[i] = (struct pcsv_player){.id = i + 1,
                                      .name = names[i],
                                      .country = "ITA",
                                      .club = "",
                                      .federation_id = feds[i],
                                      .email = "",
                                      .flight = "",
                                      .has_rating = 1,
                                      .rating = 1500};
    }
    struct pcsv_import *imp = malloc(sizeof *imp);
    double t[RUNS];
    size_t seen[4] = {0};
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now_ms();
        if (pcsv_read(file, len, 0, imp) || pcsv_classify(imp, reg, REGISTERED)) {
            fprintf(stderr, "bench_csv: refused: line %ld: %s\n", imp->errors[0].line,
                    imp->errors[0].reason);
            return 1;
        }
        t[r] = bench_now_ms() - t0;
        memcpy(seen, imp->count, sizeof seen);
        pcsv_free(imp);
    }
    /* the work was done: every row read, some matched each way */
    if (seen[PCSV_ADD] + seen[PCSV_UPDATE] + seen[PCSV_UNCHANGED] + seen[PCSV_POSSIBLE] != ROWS ||
        !seen[PCSV_UPDATE] || !seen[PCSV_POSSIBLE]) {
        fprintf(stderr, "bench_csv: rows %zu %zu %zu %zu\n", seen[0], seen[1], seen[2], seen[3]);
        return 1;
    }
    bench_sort(t, RUNS);
    printf("bench csv.import_5000_ms %.3f ms\n", t[RUNS / 2]);
    free(imp), free(reg), free(names), free(feds), free(file);
    return 0;
}
