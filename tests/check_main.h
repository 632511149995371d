/* The main() of every Check suite: run the suite, let Check print its summary line, and exit
 * non-zero when any test failed. */
#ifndef CRAWFORD_TESTS_CHECK_MAIN_H
#define CRAWFORD_TESTS_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

static inline int check_main_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#define CHECK_MAIN(make_suite)                                                                     \
    int main(void)                                                                                 \
    {                                                                                              \
        return check_main_run(make_suite());                                                       \
    }

#endif
