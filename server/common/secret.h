/* Secrets: the TD password hash (libsodium's Argon2id crypto_pwhash), session tokens and
 * player PINs. Nothing here logs or prints what it handles. */
#ifndef CW_SECRET_H
#define CW_SECRET_H

#include <stddef.h>

#define CW_PWHASH_LEN 128    /* crypto_pwhash_STRBYTES */
#define CW_TOKEN_LEN 43      /* 32 random bytes, base64url without padding */
#define CW_TOKEN_HASH_LEN 64 /* hex of a 32-byte BLAKE2b hash */
#define CW_PIN_DIGITS 6
#define CW_PASSWORD_MIN 8
#define CW_PASSWORD_MAX 256

int cw_secret_init(void);
/* Returns 0, or -1 when the hash could not be computed (out of memory). */
int cw_password_hash(const char *password, char out[CW_PWHASH_LEN]);
/* 1 when password matches stored, 0 otherwise. */
int cw_password_verify(const char *stored, const char *password);
/* A fresh random token (NUL-terminated, CW_TOKEN_LEN chars). */
void cw_token_new(char out[CW_TOKEN_LEN + 1]);
/* What is stored in the database for a token: never the token itself. */
void cw_token_hash(const char *token, char out[CW_TOKEN_HASH_LEN + 1]);
/* A uniformly random PIN of CW_PIN_DIGITS digits. */
void cw_pin_new(char out[CW_PIN_DIGITS + 1]);
/* Constant-time comparison of two NUL-terminated strings of equal length. */
int cw_secret_equal(const char *a, const char *b);
/* Uniform random 64-bit value from the operating system's source. */
unsigned long long cw_random_u64(void);

#endif
