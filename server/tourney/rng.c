/* splitmix64 seeding, xoshiro256**, unbiased bounded integers and Fisher-Yates. */
#include "tourney/rng.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void rng_seed(struct rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
    /* splitmix64 is a bijection of a counter, so four consecutive outputs are never all
     * zero; no fix-up is needed for the all-zero state xoshiro cannot leave. */
}

uint64_t rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
    if (n <= 1)
        return 0;
    /* 2^64 mod n, computed in 64 bits: (2^64 - n) mod n. The values [0, t) are the
     * surplus that would make small remainders more likely; rejecting them leaves a range
     * that is an exact multiple of n. At most half of the range is ever rejected. */
    uint64_t t = (0 - n) % n;
    uint64_t x;
    do
        x = rng_next(r);
    while (x < t);
    return x % n;
}

void rng_shuffle(struct rng *r, void *base, size_t n, size_t size)
{
    unsigned char *a = base, tmp[256];
    if (n < 2 || size > sizeof tmp)
        return;
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)rng_below(r, (uint64_t)i + 1);
        if (j == i)
            continue;
        memcpy(tmp, a + i * size, size);
        memcpy(a + i * size, a + j * size, size);
        memcpy(a + j * size, tmp, size);
    }
}

int rng_seed_parse(const char *text, uint64_t *seed)
{
    if (!text || !*text)
        return -1;
    uint64_t v = 0;
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        const char *p = text + 2;
        size_t n = strlen(p);
        if (n < 1 || n > 16)
            return -1;
        for (; *p; p++) {
            int d;
            if (*p >= '0' && *p <= '9')
                d = *p - '0';
            else if (*p >= 'a' && *p <= 'f')
                d = *p - 'a' + 10;
            else if (*p >= 'A' && *p <= 'F')
                d = *p - 'A' + 10;
            else
                return -1;
            v = v << 4 | (uint64_t)d;
        }
    } else {
        for (const char *p = text; *p; p++) {
            if (*p < '0' || *p > '9')
                return -1;
            uint64_t d = (uint64_t)(*p - '0');
            if (v > (UINT64_MAX - d) / 10)
                return -1;
            v = v * 10 + d;
        }
    }
    *seed = v;
    return 0;
}

uint64_t rng_seed_read(const char *text)
{
    uint64_t v;
    if (rng_seed_parse(text, &v) == 0)
        return v;
    uint64_t h = 14695981039346656037ull;
    for (const char *t = text ? text : ""; *t; t++)
        h = (h ^ (unsigned char)*t) * 1099511628211ull;
    return h;
}

uint64_t rng_seed_record(const char *text, char *recorded, size_t len)
{
    uint64_t v;
    if (rng_seed_parse(text, &v) == 0)
        snprintf(recorded, len, "%" PRIu64, v);
    else
        snprintf(recorded, len, "%s", text ? text : "");
    return rng_seed_read(recorded);
}
