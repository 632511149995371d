/* The route table's index (api/route_match.c, issue 37): a request finds its route by the
 * shape of its path at one lookup. It must answer as the walk of the whole table does: every
 * route found by a path made from its pattern (and with a trailing slash), the first of the
 * table when two share a method and pattern, HEAD as GET, and the walk's 404 and 405 for what
 * no route of the method takes (an id of 0, a segment that is not all digits, a double slash). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "api/api.h"
#include "api/route.h"
#include "api/route_match.h"
#include "../check_main.h"

/* The route of method and path, or NULL with the status of the refusal in *status. */
static const struct route *find(const char *method, const char *path, int *status)
{
    struct api_req req;
    struct api_resp resp;
    memset(&req, 0, sizeof req);
    memset(&resp, 0, sizeof resp);
    req.method = method;
    req.path = path;
    const struct route *r = api_route_find(&req, &resp);
    *status = r ? 0 : resp.status;
    api_resp_free(&resp);
    return r;
}

/* A path for pattern: each "{id}" written as a number (7, 8, ...). */
static void path_of(const char *pattern, char *out, size_t len)
{
    size_t n = 0;
    int id = 7;
    for (const char *p = pattern; *p && n + 4 < len;) {
        if (!strncmp(p, "{id}", 4)) {
            n += (size_t)snprintf(out + n, len - n, "%d", id++);
            p += 4;
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = 0;
}

START_TEST(test_every_route_is_found_by_its_own_path)
{
    for (int i = 0; i < api_route_count(); i++) {
        const struct route *want = api_route(i);
        for (int j = 0; j < i; j++) /* the first of the table with its method and pattern */
            if (!strcmp(api_route(j)->method, want->method) &&
                !strcmp(api_route(j)->pattern, want->pattern)) {
                want = api_route(j);
                break;
            }
        char path[400], slash[404];
        path_of(want->pattern, path, sizeof path);
        snprintf(slash, sizeof slash, "%s/", path);
        int status;
        ck_assert_msg(find(want->method, path, &status) == want, "%s %s", want->method, path);
        ck_assert_msg(find(want->method, slash, &status) == want, "%s %s", want->method, slash);
        if (!strcmp(want->method, "GET"))
            ck_assert_msg(find("HEAD", path, &status) == want, "HEAD %s", path);
    }
}
END_TEST

START_TEST(test_what_no_route_takes_is_refused_as_by_the_table)
{
    int status;
    ck_assert_ptr_null(find("GET", "/api/v1/tournaments/0", &status));
    ck_assert_int_eq(status, 404);
    ck_assert_ptr_null(find("GET", "/api/v1/tournaments/12a", &status));
    ck_assert_int_eq(status, 404);
    ck_assert_ptr_null(find("GET", "/api/v1/tournaments/1//", &status));
    ck_assert_int_eq(status, 404);
    ck_assert_ptr_null(find("GET", "/api/v1/nothing", &status));
    ck_assert_int_eq(status, 404);
    ck_assert_ptr_null(find("GET", "/api/v1/tournaments/1234567890123456", &status));
    ck_assert_int_eq(status, 404);
    ck_assert_ptr_null(find("TRACE", "/api/v1/tournaments/3", &status));
    ck_assert_int_eq(status, 405);
    ck_assert_ptr_nonnull(find("GET", "/api/v1/tournaments/123456789012345", &status));
}
END_TEST

/* The ids are read as the route's pattern reads them, whatever the index found. */
START_TEST(test_the_ids_are_the_paths_numbers)
{
    struct api_req req;
    struct api_resp resp;
    memset(&req, 0, sizeof req);
    memset(&resp, 0, sizeof resp);
    req.method = "POST";
    req.path = "/api/v1/tournaments/12/matches/000345/games/";
    const struct route *r = api_route_find(&req, &resp);
    ck_assert_ptr_nonnull(r);
    ck_assert_str_eq(r->pattern, "/api/v1/tournaments/{id}/matches/{id}/games");
    ck_assert_int_eq(req.nids, 2);
    ck_assert_int_eq(req.ids[0], 12);
    ck_assert_int_eq(req.ids[1], 345);
    api_resp_free(&resp);
}
END_TEST

static Suite *route_index_suite(void)
{
    Suite *s = suite_create("route_index");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_every_route_is_found_by_its_own_path);
    tcase_add_test(tc, test_what_no_route_takes_is_refused_as_by_the_table);
    tcase_add_test(tc, test_the_ids_are_the_paths_numbers);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(route_index_suite)
