/* HTTP tests that nothing reported is lost: the event stream (its heartbeat, a resume from
 * an id), and every acknowledged report surviving a SIGKILL of the server, one reporter or
 * eight at once, with the database file sound. */
#include <check.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/results_fx.h"
#include "../check_main.h"

/* A quiet stream stays alive: a comment line every 15 s (API_STREAM_HEARTBEAT_MS) when
 * nothing happens, so that proxies and phones do not time the connection out, and a
 * vanished client is noticed. */
START_TEST(test_event_stream_heartbeat)
{
    long long tid = make_tournament(&S, "Quiet");
    char events[160], buf[8192];
    snprintf(events, sizeof events, "/api/v1/tournaments/%lld/events", tid);
    const char *beat[] = {"\n:\n\n", NULL};
    ck_assert_msg(stream_until(&S, events, NULL, beat, 15000 + WAIT_MS, -1, buf, sizeof buf),
                  "no heartbeat in: %s", buf);
}
END_TEST

START_TEST(test_event_stream_and_resume)
{
    struct fixture f;
    setup_match(&f, 3);
    char events[160];
    snprintf(events, sizeof events, "/api/v1/tournaments/%lld/events", f.tid);
    /* a stream opened now sees the report made while it listens: the child says when
     * its stream is open, then reads until both events came */
    int pipefd[2], ready[2];
    ck_assert_int_eq(pipe(pipefd), 0);
    ck_assert_int_eq(pipe(ready), 0);
    pid_t child = fork();
    if (child == 0) {
        char buf[16384];
        const char *both[] = {"event: match.reported", "event: match.verified", NULL};
        stream_until(&S, events, NULL, both, WAIT_MS, ready[1], buf, sizeof buf);
        if (write(pipefd[1], buf, strlen(buf)) < 0)
            _exit(1);
        _exit(0);
    }
    close(pipefd[1]);
    close(ready[1]);
    ck_assert_msg(wait_ready(ready[0], WAIT_MS), "the event stream did not open");
    close(ready[0]);
    struct res r;
    report_score(&f.a, &f, 3, 2, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* ... and the opponent's confirmation */
    char cpath[160];
    match_path(&f, "/confirm", cpath, sizeof cpath);
    td(&f.b, "POST", cpath, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    char buf[16384];
    size_t n = 0;
    ssize_t k;
    while ((k = read(pipefd[0], buf + n, sizeof buf - 1 - n)) > 0)
        n += (size_t)k;
    buf[n] = 0;
    waitpid(child, NULL, 0);
    ck_assert_ptr_nonnull(strstr(buf, "event: match.reported"));
    ck_assert_ptr_nonnull(strstr(buf, "event: match.verified"));
    ck_assert(strstr(buf, "event: match.reported") < strstr(buf, "event: match.verified"));
    ck_assert_ptr_null(strstr(buf, f.pin_a)); /* no PIN in the stream */
    ck_assert_ptr_null(strstr(buf, "\"pin\""));
    /* every change so far, from the first id: a resume from id 1 loses nothing */
    char all[65536];
    const char *last[] = {"event: match.verified", NULL};
    ck_assert(stream_until(&S, events, "0", last, WAIT_MS, -1, all, sizeof all));
    int ids = 0;
    long long expect = 1;
    for (char *p = strstr(all, "\nid: "); p; p = strstr(p + 1, "\nid: ")) {
        ck_assert_int_eq(atoll(p + 5), expect);
        expect++;
        ids++;
    }
    ck_assert_int_ge(ids, 4); /* two players, the match, the report */
    char from[16];
    snprintf(from, sizeof from, "%d", ids - 1);
    char tail[16384];
    char want[32];
    snprintf(want, sizeof want, "id: %d\n", ids);
    const char *newest[] = {want, NULL};
    ck_assert(stream_until(&S, events, from, newest, WAIT_MS, -1, tail, sizeof tail));
    snprintf(want, sizeof want, "id: %d\n", ids - 1);
    ck_assert_ptr_null(strstr(tail, want));
    /* a stream of a tournament that does not exist */
    req(&S, "GET", "/api/v1/tournaments/999999/events", NULL, NULL, &r);
    ck_assert(problem_is(&r, 404));
    res_free(&r);
}
END_TEST

/* A server of the test's own (it is killed), standing in for the suite's S (saved in
 * *saved: S = *saved and srv_cleanup(mine) give it back), with n one-point matches on it. */
static void own_server_with_matches(struct srv *mine, struct srv *saved, struct fixture *f, int n)
{
    srv_start(mine, NULL);
    srv_login(mine);
    *saved = S;
    S = *mine;
    for (int i = 0; i < n; i++)
        setup_match(&f[i], 1);
}

START_TEST(test_durability_under_sigkill)
{
    struct srv mine, saved;
    enum { N = 60 };
    struct fixture f[N];
    own_server_with_matches(&mine, &saved, f, N);
    /* a child reports the matches one after another and tells which got a 2xx */
    int pipefd[2];
    ck_assert_int_eq(pipe(pipefd), 0);
    pid_t child = fork();
    if (child == 0) {
        close(pipefd[0]);
        for (int i = 0; i < N; i++) {
            struct res r;
            report_score(&f[i].a, &f[i], 1, 0, &r);
            if (r.status >= 200 && r.status < 300 &&
                write(pipefd[1], &i, sizeof i) != (ssize_t)sizeof i)
                _exit(1);
            res_free(&r);
        }
        _exit(0);
    }
    close(pipefd[1]);
    /* the kill comes once a first report was acknowledged (the rest are in flight), not
     * after a fixed time that a loaded machine may not have used for any report */
    int acked[N] = {0}, n_acked = 0, i;
    struct pollfd first = {.fd = pipefd[0], .events = POLLIN};
    ck_assert_msg(poll(&first, 1, WAIT_MS) == 1, "no report was acknowledged");
    kill(mine.pid, SIGKILL);
    waitpid(mine.pid, NULL, 0);
    mine.pid = 0;
    while (read(pipefd[0], &i, sizeof i) == (ssize_t)sizeof i) {
        acked[i] = 1;
        n_acked++;
    }
    waitpid(child, NULL, 0);
    ck_assert_int_gt(n_acked, 0);
    ck_assert(db_integrity_ok(mine.db)); /* the file is sound */
    /* and every acknowledged report is there after a restart */
    srv_restart(&mine);
    S = mine;
    for (int k = 0; k < N; k++) {
        if (!acked[k])
            continue;
        struct res r;
        get_match(&f[k], &r);
        ck_assert_msg(!strcmp(jstr(&r, "state"), "reported"), "match %d lost its report", k);
        res_free(&r);
    }
    S = saved;
    srv_cleanup(&mine);
}
END_TEST

enum { CONC_THREADS = 8, CONC_PER_THREAD = 10, CONC_N = CONC_THREADS * CONC_PER_THREAD };

struct reporter {
    struct fixture *f;
    int first, fd;
};

static void *reporter_run(void *arg)
{
    struct reporter *rp = arg;
    for (int i = rp->first; i < CONC_N; i += CONC_THREADS) {
        struct res r;
        report_score(&rp->f[i].a, &rp->f[i], 1, 0, &r);
        /* a 4-byte write to a pipe is atomic: the threads' acks do not mix */
        if (r.status >= 200 && r.status < 300 && write(rp->fd, &i, sizeof i) != (ssize_t)sizeof i)
            _exit(1);
        res_free(&r);
    }
    return NULL;
}

/* Eight reporters at once; SIGKILL once a few have been acknowledged, so it lands while the
 * others are in flight. Every acknowledged report survives and the file is sound. */
START_TEST(test_durability_concurrent_reports_under_sigkill)
{
    struct srv mine, saved;
    static struct fixture f[CONC_N];
    own_server_with_matches(&mine, &saved, f, CONC_N);
    int pipefd[2];
    ck_assert_int_eq(pipe(pipefd), 0);
    pid_t child = fork();
    if (child == 0) {
        close(pipefd[0]);
        pthread_t th[CONC_THREADS];
        struct reporter rp[CONC_THREADS];
        for (int t = 0; t < CONC_THREADS; t++) {
            rp[t] = (struct reporter){f, t, pipefd[1]};
            if (pthread_create(&th[t], NULL, reporter_run, &rp[t]))
                _exit(1);
        }
        for (int t = 0; t < CONC_THREADS; t++)
            pthread_join(th[t], NULL);
        _exit(0);
    }
    close(pipefd[1]);
    int acked[CONC_N] = {0}, n_acked = 0, i;
    while (n_acked < 2 * CONC_THREADS && read(pipefd[0], &i, sizeof i) == (ssize_t)sizeof i) {
        acked[i] = 1;
        n_acked++;
    }
    kill(mine.pid, SIGKILL);
    waitpid(mine.pid, NULL, 0);
    mine.pid = 0;
    while (read(pipefd[0], &i, sizeof i) == (ssize_t)sizeof i) {
        ck_assert(!acked[i]);
        acked[i] = 1;
        n_acked++;
    }
    close(pipefd[0]);
    waitpid(child, NULL, 0);
    ck_assert_int_ge(n_acked, 2 * CONC_THREADS);
    ck_assert_msg(n_acked < CONC_N, "the kill came after every report");
    ck_assert(db_integrity_ok(mine.db));
    srv_restart(&mine);
    S = mine;
    int stored = 0;
    for (int k = 0; k < CONC_N; k++) {
        struct res r;
        get_match(&f[k], &r);
        int reported = !strcmp(jstr(&r, "state"), "reported");
        ck_assert_msg(reported || !acked[k], "match %d lost its acknowledged report", k);
        ck_assert_msg(reported || !strcmp(jstr(&r, "state"), "scheduled"), "match %d is %s", k,
                      jstr(&r, "state"));
        stored += reported;
        res_free(&r);
    }
    ck_assert_int_ge(stored, n_acked);
    S = saved;
    srv_cleanup(&mine);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_results_durable");
    TCase *tc = tcase_create("durable");
    tcase_add_unchecked_fixture(tc, results_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_event_stream_and_resume);
    tcase_add_test(tc, test_event_stream_heartbeat);
    tcase_add_test(tc, test_durability_under_sigkill);
    tcase_add_test(tc, test_durability_concurrent_reports_under_sigkill);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
