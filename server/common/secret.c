/* Secrets through libsodium: a well-kept library rather than hand-written crypto. */
#include "common/secret.h"

#include <sodium.h>
#include <string.h>

int cw_secret_init(void)
{
    return sodium_init() < 0 ? -1 : 0;
}

int cw_password_hash(const char *password, char out[CW_PWHASH_LEN])
{
    /* INTERACTIVE limits: about 64 MiB and a fraction of a second, the library's
     * recommendation for online logins. */
    return crypto_pwhash_str(out, password, strlen(password), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                             crypto_pwhash_MEMLIMIT_INTERACTIVE) == 0
               ? 0
               : -1;
}

int cw_password_verify(const char *stored, const char *password)
{
    return crypto_pwhash_str_verify(stored, password, strlen(password)) == 0;
}

void cw_token_new(char out[CW_TOKEN_LEN + 1])
{
    unsigned char raw[32];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2base64(out, CW_TOKEN_LEN + 1, raw, sizeof raw,
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(raw, sizeof raw);
}

void cw_token_hash(const char *token, char out[CW_TOKEN_HASH_LEN + 1])
{
    unsigned char h[32];
    crypto_generichash(h, sizeof h, (const unsigned char *)token, strlen(token), NULL, 0);
    sodium_bin2hex(out, CW_TOKEN_HASH_LEN + 1, h, sizeof h);
}

void cw_pin_new(char out[CW_PIN_DIGITS + 1])
{
    for (int i = 0; i < CW_PIN_DIGITS; i++)
        out[i] = (char)('0' + randombytes_uniform(10));
    out[CW_PIN_DIGITS] = 0;
}

int cw_secret_equal(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la != lb)
        return 0;
    return sodium_memcmp(a, b, la) == 0;
}

unsigned long long cw_random_u64(void)
{
    unsigned long long v;
    randombytes_buf(&v, sizeof v);
    return v;
}
