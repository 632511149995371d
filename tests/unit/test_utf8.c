/* Unit tests of common/utf8.c: the one cut of a text into a fixed buffer (never inside a
 * character), what a text field refuses, trimming, and the key of names that read alike. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "../check_main.h"

/* A cut at any length keeps whole characters only: "aé€😀" is 1+2+3+4 bytes. */
START_TEST(test_utf8_cut_between_characters)
{
    const char *s = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
    static const size_t fit[] = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10, 10, 10};
    for (size_t n = 0; n < sizeof fit / sizeof *fit; n++)
        ck_assert_msg(cw_utf8_fit(s, n) == fit[n], "fit %zu: %zu", n, cw_utf8_fit(s, n));
    char buf[6];
    cw_utf8_copy(buf, sizeof buf, s); /* 5 bytes of room: "aé" and not half of € */
    ck_assert_str_eq(buf, "a\xc3\xa9");
    cw_utf8_copy(buf, sizeof buf, "abc");
    ck_assert_str_eq(buf, "abc");
    cw_utf8_copy(buf, 1, s);
    ck_assert_str_eq(buf, "");
    /* a name of 120 bytes into the 96 bytes the records once had */
    char name[128] = "J\xc3\xbcrgen ", small[96];
    while (strlen(name) < 120)
        strcat(name, "\xc3\x9f");
    cw_utf8_copy(small, sizeof small, name);
    ck_assert_uint_eq(strlen(small), 94);
    ck_assert_uint_eq(cw_utf8_chars(small, strlen(small)), 7 + 43);
    /* what a cut left inside a message is dropped, the rest kept */
    char msg[] = "x\xc3 y \xe2\x82 z\xf0\x9f\x98\x80";
    cw_utf8_scrub(msg);
    ck_assert_str_eq(msg, "x y  z\xf0\x9f\x98\x80");
}
END_TEST

START_TEST(test_utf8_text_refusals)
{
    const char *const refused[] = {"a\x01",        "a\x7f",       "a\xc2\x85",    "a\xc2\x9b",
                                   "\xc2\x80",     "\xc2\x9f",    "\xe2\x80\xaa", "\xe2\x80\xae",
                                   "\xe2\x81\xa6", "\xe2\x81\xa9"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        ck_assert_msg(cw_text_refused(refused[i], strlen(refused[i]), 0), "%zu", i);
        ck_assert_msg(cw_text_refused(refused[i], strlen(refused[i]), 1), "%zu multi", i);
    }
    /* the neighbours pass: U+00A0, U+00E9, U+2029 in a multi-line text, U+202F, U+2065,
     * U+206A, right-to-left letters */
    const char *const fine[] = {"\xc2\xa0",     "\xc3\xa9",     "\xe2\x80\xaf",
                                "\xe2\x81\xa5", "\xe2\x81\xaa", "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d"};
    for (size_t i = 0; i < sizeof fine / sizeof *fine; i++)
        ck_assert_msg(!cw_text_refused(fine[i], strlen(fine[i]), 0), "fine %zu", i);
    ck_assert_ptr_null(cw_text_refused("a\nb\r\nc\td", 8, 1));
    ck_assert_ptr_nonnull(cw_text_refused("a\nb", 3, 0));
    ck_assert_ptr_nonnull(cw_text_refused("a\tb", 3, 0));
    ck_assert_ptr_nonnull(cw_text_refused("a\xe2\x80\xa8"
                                          "b",
                                          5, 0)); /* U+2028 */
    ck_assert_ptr_null(cw_text_refused("a\xe2\x80\xa8"
                                       "b",
                                       5, 1));
    ck_assert_ptr_nonnull(cw_text_refused("a\0b", 3, 0)); /* a NUL inside */
    ck_assert(strstr(cw_text_refused("\xe2\x80\xae", 3, 0), "bidirectional"));
}
END_TEST

START_TEST(test_utf8_trim_and_name_key)
{
    size_t start, n = cw_utf8_trim("  \xc2\xa0Petra Pan\xe3\x80\x80 ", &start);
    ck_assert_uint_eq(start, 4);
    ck_assert_uint_eq(n, 9);
    ck_assert_uint_eq(cw_utf8_trim("   ", &start), 0);
    ck_assert_uint_eq(cw_utf8_trim("", &start), 0);
    const char *const alike[] = {"Head TD",
                                 "head td",
                                 " HEAD  TD ",
                                 "\xef\xbc\xa8"
                                 "ead TD",             /* full-width H */
                                 "Head\xc2\xa0TD",     /* no-break space */
                                 "Head\xe3\x80\x80TD", /* ideographic space */
                                 "He\xe2\x80\x8b"
                                 "ad TD"}; /* zero-width space */
    char *want = cw_name_key("Head TD");
    ck_assert_str_eq(want, "head td");
    for (size_t i = 0; i < sizeof alike / sizeof *alike; i++) {
        char *k = cw_name_key(alike[i]);
        ck_assert_msg(k && !strcmp(k, want), "%zu: %s", i, k ? k : "(null)");
        free(k);
    }
    /* the ligature and the compatibility form; é composed or not; ß folds to ss */
    char *a = cw_name_key("\xef\xac\x81"
                          "ona"),
         *b = cw_name_key("Fiona");
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    a = cw_name_key("Ren\xc3\xa9");
    b = cw_name_key("Rene\xcc\x81");
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    a = cw_name_key("Strau\xc3\x9f");
    ck_assert_str_eq(a, "strauss");
    free(a);
    a = cw_name_key("Head TC");
    ck_assert_str_ne(a, want);
    free(a);
    free(want);
}
END_TEST

/* The looser key: accents dropped too, so that a list that lost them finds the player. */
START_TEST(test_utf8_name_fold_drops_accents)
{
    const char *const same[] = {"J\xC3\xBCrgen M\xC3\xBCller", "JURGEN  MULLER",
                                "Ju\xCC\x88rgen Mu\xCC\x88ller", "j\xC3\xBCrgen m\xC3\x9cller"};
    char *want = cw_name_fold(same[0]);
    ck_assert_str_eq(want, "jurgen muller");
    for (size_t i = 1; i < sizeof same / sizeof *same; i++) {
        char *k = cw_name_fold(same[i]);
        ck_assert_str_eq(k, want);
        free(k);
    }
    free(want);
    /* the strict key keeps them apart, and letters with no mark to drop stay themselves */
    char *a = cw_name_key("M\xC3\xBCller"), *b = cw_name_key("Muller");
    ck_assert_str_ne(a, b);
    free(a), free(b);
    a = cw_name_fold("S\xC3\xB8ren");
    ck_assert_str_eq(a, "s\xC3\xB8ren");
    free(a);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("utf8");
    TCase *tc = tcase_create("utf8");
    tcase_add_test(tc, test_utf8_cut_between_characters);
    tcase_add_test(tc, test_utf8_text_refusals);
    tcase_add_test(tc, test_utf8_trim_and_name_key);
    tcase_add_test(tc, test_utf8_name_fold_drops_accents);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
