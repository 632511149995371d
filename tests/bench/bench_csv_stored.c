/* The stored CSV import benchmark (issue 34): a file of 5,000 players as a spreadsheet
 * writes it (UTF-8 with a BOM, `;`, CRLF, decimal commas, accents, quoted names) posted to a
 * release server: previewed, then imported all at once (5,000 players inserted in one
 * transaction, committed durably), each into a tournament of its own; the median of 5 runs
 * of both requests together. Prints `bench csv.import_5000_stored_ms VALUE ms` (target under
 * 1,000 ms, as the pure part's csv.import_5000_ms). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/benchlib.h"

#define ROWS 5000
#define RUNS 5

int main(void)
{
    char *file = bench_players_csv(ROWS, NULL); /* sent as a string */
    struct bench_server s;
    bench_start(&s, "\"max_body_bytes\": 4194304");
    bench_login(&s);
    double t[RUNS];
    for (int k = 0; k < RUNS; k++) {
        long long tid = bench_post_id(&s, "/api/v1/tournaments", "{\"name\": \"Import bench\"}");
        char path[128];
        double t0 = bench_now_ms();
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/import?preview=1", tid);
        char *a = bench_request(&s, "POST", path, s.cookie, file);
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/import", tid);
        char *b = bench_request(&s, "POST", path, s.cookie, file);
        t[k] = bench_now_ms() - t0;
        if (bench_json_int(a, "add") != ROWS || bench_json_int(b, "added") != ROWS) {
            fprintf(stderr, "bench_csv_stored: %.300s\n%.300s\n", a, b);
            bench_fail("the import did not add every player");
        }
        free(a);
        free(b);
    }
    bench_stop(&s);
    bench_sort(t, RUNS);
    printf("bench csv.import_5000_stored_ms %.3f ms\n", t[RUNS / 2]);
    free(file);
    return 0;
}
