/* A small deterministic random generator for draws: the same seed gives the same numbers on
 * every machine, so anyone can re-derive a draw from its recorded seed (KO-2). */
#ifndef TOURNEY_RNG_H
#define TOURNEY_RNG_H

#include <stddef.h>
#include <stdint.h>

/* xoshiro256** (Blackman and Vigna, 2018), its 256-bit state filled from the 64-bit seed
 * by four outputs of splitmix64. Not for secrets: for reproducible lots only. The seed
 * always comes from the caller (the TD, or the operating system through the API); nothing
 * here reads the clock or a device. */
struct rng {
    uint64_t s[4];
};

/* splitmix64 step: x += 0x9e3779b97f4a7c15, then the two multiply-xorshift rounds.
 * s[0..3] = the first four outputs from x = seed. Never all zero. */
void rng_seed(struct rng *r, uint64_t seed);

/* The next 64-bit output of xoshiro256**. */
uint64_t rng_next(struct rng *r);

/* A uniform integer in [0, n), n >= 1, without modulo bias: outputs x below
 * t = 2^64 mod n are rejected (drawn again), then x mod n is returned. For n = 1 nothing is
 * drawn (returns 0). Re-implementations must follow exactly this rule to re-derive draws. */
uint64_t rng_below(struct rng *r, uint64_t n);

/* Fisher-Yates (Durstenfeld): for i = n-1 down to 1, j = rng_below(i + 1), swap elements
 * i and j. base holds n elements of `size` bytes each (size at most 256). */
void rng_shuffle(struct rng *r, void *base, size_t n, size_t size);

/* A seed as text: decimal 0..18446744073709551615 or 0x followed by 1-16 hex digits, no sign,
 * no spaces. 0, or -1 if the text is not such a number. JSON carries seeds as strings
 * because its numbers lose precision above 2^53. */
int rng_seed_parse(const char *text, uint64_t *seed);

/* A seed as the TD gives it, everywhere (a knockout's draw, a Davis Cup knockout, a Swing
 * round; KO-2, SWISS-1): any text of 1..RNG_SEED_CHARS characters without control
 * characters (the API also takes a JSON integer, as its decimal digits). Text that is a
 * number (rng_seed_parse) reads as that number, so every seed recorded as a number reads
 * as it always did; any other text reads as its FNV-1a 64-bit hash (offset basis
 * 14695981039346656037, prime 1099511628211, over its UTF-8 bytes). */
#define RNG_SEED_CHARS 32
#define RNG_SEED_BYTES (RNG_SEED_CHARS * 4 + 1) /* the longest seed's UTF-8 and its NUL */

/* The number text reads as (above). */
uint64_t rng_seed_read(const char *text);
/* The same, and the seed as it is recorded into recorded (len bytes, RNG_SEED_BYTES is
 * enough): a number as its decimal digits ("0x2a" is recorded "42"), other text as it is.
 * The recorded text reads as the same number. */
uint64_t rng_seed_record(const char *text, char *recorded, size_t len);

#endif
