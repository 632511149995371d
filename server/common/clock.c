/* Wall-clock and monotonic time, and the ISO 8601 forms the API speaks. */
#include "common/clock.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

int64_t cw_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t cw_mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* digits of v, n of them, from the right */
static void digits(char *p, int v, int n)
{
    while (n--) {
        p[n] = (char)('0' + v % 10);
        v /= 10;
    }
}

void cw_iso8601(int64_t ms, char *out, size_t outlen)
{
    if (ms < 0 || ms >= 253402300800000LL) { /* before 1970 or past 9999: the library's way */
        time_t secs = (time_t)(ms / 1000);
        struct tm tm;
        gmtime_r(&secs, &tm);
        snprintf(out, outlen, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(ms % 1000));
        return;
    }
    /* every reply names times in this form: the civil date of a day count (H. Hinnant's
     * days_from_civil inverse) costs a tenth of gmtime_r and snprintf */
    int64_t days = ms / 86400000, rest = ms % 86400000;
    int64_t z = days + 719468, era = z / 146097, doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    int d = (int)(doy - (153 * mp + 2) / 5 + 1), m = (int)(mp < 10 ? mp + 3 : mp - 9);
    int y = (int)(yoe + era * 400 + (m <= 2));
    char b[25] = "0000-00-00T00:00:00.000Z";
    digits(b, y, 4);
    digits(b + 5, m, 2);
    digits(b + 8, d, 2);
    digits(b + 11, (int)(rest / 3600000), 2);
    digits(b + 14, (int)(rest / 60000 % 60), 2);
    digits(b + 17, (int)(rest / 1000 % 60), 2);
    digits(b + 20, (int)(rest % 1000), 3);
    if (!outlen)
        return;
    size_t n = outlen - 1 < 24 ? outlen - 1 : 24;
    memcpy(out, b, n);
    out[n] = '\0';
}

int cw_parse_date(const char *s, int *y, int *m, int *d)
{
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
        return -1;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
            return -1;
    int yy = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int mm = (s[5] - '0') * 10 + (s[6] - '0');
    int dd = (s[8] - '0') * 10 + (s[9] - '0');
    if (yy < 1900 || mm < 1 || mm > 12 || dd < 1)
        return -1;
    int leap = (yy % 4 == 0 && yy % 100 != 0) || yy % 400 == 0;
    int max = mdays[mm - 1] + (mm == 2 && leap);
    if (dd > max)
        return -1;
    *y = yy, *m = mm, *d = dd;
    return 0;
}

int cw_parse_iso8601(const char *s, int64_t *ms)
{
    char date[11];
    int y, mo, d, h = 0, mi = 0, sec = 0, milli = 0, used = 0;
    size_t n = strlen(s);
    if (n < 17 || s[10] != 'T' || s[n - 1] != 'Z')
        return -1;
    memcpy(date, s, 10);
    date[10] = 0;
    if (cw_parse_date(date, &y, &mo, &d))
        return -1;
    const char *t = s + 11;
    if (sscanf(t, "%2d:%2d%n", &h, &mi, &used) != 2 || used != 5)
        return -1;
    t += used;
    if (*t == ':') {
        if (sscanf(t, ":%2d%n", &sec, &used) != 1 || used != 3)
            return -1;
        t += used;
        if (*t == '.') {
            if (sscanf(t, ".%3d%n", &milli, &used) != 1 || used != 4)
                return -1;
            t += used;
        }
    }
    if (strcmp(t, "Z") || h > 23 || mi > 59 || sec > 59)
        return -1;
    /* days from the civil date (Howard Hinnant's algorithm), valid for the Gregorian era */
    int yy = mo <= 2 ? y - 1 : y;
    int era = yy / 400;
    int yoe = yy - era * 400;
    int doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    int64_t days = (int64_t)era * 146097 + doe - 719468;
    *ms = ((days * 24 + h) * 60 + mi) * 60000LL + sec * 1000LL + milli;
    return 0;
}
