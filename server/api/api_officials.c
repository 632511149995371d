/* Officials and machine tokens (GOV-1), the head TD's: listed, added, renamed, suspended
 * or reinstated, given a password, removed; tokens made (the secret shown once) and
 * revoked. Passwords are hashed here, before the transaction (Argon2id is slow). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "common/secret.h"
#include "common/utf8.h"
#include "ops/people/officials.h"
#include "store/store.h"

static const char *const role_choices[] = {"td", "assistant", NULL};
static const char *const status_choices[] = {"active", "suspended", NULL};

enum { OF_NAME, OF_ROLE, OF_PASSWORD, OF_STATUS, OF__N };
static const struct api_field official_fields[] = {
    [OF_NAME] = {"name", F_NAME, 1, 0, 1, O_NAME_MAX, NULL, NULL},
    [OF_ROLE] = {"role", F_ENUM, 1, 0, 0, 0, role_choices, NULL},
    [OF_PASSWORD] = {"password", F_STR, 1, 0, CW_PASSWORD_MIN, CW_PASSWORD_MAX, NULL, NULL},
    [OF_STATUS] = {"status", F_ENUM, 0, 0, 0, 0, status_choices, NULL},
    [OF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

enum { KF_LABEL, KF_ROLE, KF__N };
static const struct api_field token_fields[] = {
    [KF_LABEL] = {"label", F_NAME, 1, 0, 1, O_NAME_MAX, NULL, NULL},
    [KF_ROLE] = {"role", F_ENUM, 1, 0, 0, 0, role_choices, NULL},
    [KF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The hash of the checked password (pw, may be NULL) into out, or "" without one. 0, or
 * -1 with a 500. */
static int hash_password(const char *pw, struct api_resp *resp, char out[CW_PWHASH_LEN])
{
    out[0] = 0;
    if (pw && cw_password_hash(pw, out)) {
        api_internal_error(resp, "hashing the password");
        return -1;
    }
    return 0;
}

static int list_officials(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct official *ws = NULL;
    struct machine_token *ks = NULL;
    int n = 0, nk = 0;
    int rc = db_officials_list(o->db, &ws, &n);
    if (rc == CW_OK)
        rc = db_tokens_list(o->db, &ks, &nk);
    if (rc != CW_OK) {
        free(ws);
        api_internal_error(resp, "listing the officials");
        return -1;
    }
    json_t *arr = json_array(), *toks = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, op_official_json(&ws[i]));
    for (int i = 0; i < nk; i++)
        json_array_append_new(toks, op_token_json(&ks[i]));
    free(ws);
    free(ks);
    api_reply_json(resp, 200, json_pack("{s:o, s:o}", "officials", arr, "tokens", toks));
    return 0;
}

void api_officials_list(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, list_officials, NULL);
}

/* The head TD's change of an official or a token, with its input. */
struct official_cmd {
    enum { OC_ADD, OC_CHANGE, OC_REMOVE, OC_TOKEN, OC_REVOKE } what;
    struct official *w;      /* OC_ADD: the new official */
    const char *hash;        /* OC_ADD: their password's hash */
    struct official_in *in;  /* OC_CHANGE */
    struct machine_token *k; /* OC_TOKEN: the new token */
    char *secret;            /* OC_TOKEN: its secret, for the reply alone */
};

static int official_run(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct official_cmd *c = in;
    struct problem pb = {0, NULL};
    struct official w;
    struct machine_token k;
    int rc;
    switch (c->what) {
    case OC_ADD:
        if (op_official_add(o, c->w, c->hash, &pb))
            return api_refuse(resp, &pb);
        snprintf(resp->location, sizeof resp->location, "/api/v1/officials/%lld",
                 (long long)c->w->id);
        api_reply_json(resp, 201, op_official_json(c->w));
        return API_DONE;
    case OC_TOKEN: /* answered once committed (api_run_unkeyed) */
        return op_token_create(o, c->k, c->secret, &pb) ? api_refuse(resp, &pb) : API_DONE;
    case OC_REVOKE:
        if (op_token_revoke(o, req->ids[0], &k, &pb))
            return api_refuse(resp, &pb);
        api_reply_json(resp, 200, op_token_json(&k));
        return API_DONE;
    case OC_CHANGE:
        rc = op_official_change(o, req->ids[0], c->in, &w, &pb);
        break;
    default:
        rc = op_official_remove(o, req->ids[0], &w, &pb);
    }
    if (rc)
        return api_refuse(resp, &pb);
    api_reply_json(resp, 200, op_official_json(&w));
    return API_DONE;
}

void api_official_add(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[OF__N];
    if (api_fields(req->json, official_fields, 0, v, resp))
        return;
    if (v[OF_STATUS].set) {
        api_problem_field(resp, "status", "is set later: a new official is active");
        return;
    }
    char hash[CW_PWHASH_LEN];
    if (hash_password(v[OF_PASSWORD].s, resp, hash))
        return;
    struct official w;
    memset(&w, 0, sizeof w);
    cw_utf8_copy(w.name, sizeof w.name, v[OF_NAME].s);
    w.role = (enum role)role_from_name(v[OF_ROLE].s);
    struct official_cmd c = {.what = OC_ADD, .w = &w, .hash = hash};
    api_run(req, resp, official_run, &c);
}

void api_official_update(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[OF__N];
    if (api_fields(req->json, official_fields, 1, v, resp))
        return;
    char hash[CW_PWHASH_LEN];
    if (hash_password(v[OF_PASSWORD].s, resp, hash))
        return;
    const char *role = v[OF_ROLE].s;
    struct official_in in = {v[OF_NAME].s, role ? role_from_name(role) : -1, v[OF_STATUS].s,
                             hash[0] ? hash : NULL};
    struct official_cmd c = {.what = OC_CHANGE, .in = &in};
    api_run(req, resp, official_run, &c);
}

void api_official_remove(struct api_req *req, struct api_resp *resp)
{
    struct official_cmd c = {.what = OC_REMOVE};
    api_run(req, resp, official_run, &c);
}

/* Not under an Idempotency-Key: its stored answer would keep the secret, which only the
 * reply may hold. */
void api_token_create(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[KF__N];
    if (api_fields(req->json, token_fields, 0, v, resp))
        return;
    struct machine_token k;
    memset(&k, 0, sizeof k);
    cw_utf8_copy(k.label, sizeof k.label, v[KF_LABEL].s);
    k.role = (enum role)role_from_name(v[KF_ROLE].s);
    char secret[CW_TOKEN_LEN + 1];
    struct official_cmd c = {.what = OC_TOKEN, .k = &k, .secret = secret};
    if (api_run_unkeyed(req, resp, official_run, &c))
        return;
    json_t *j = op_token_json(&k);
    json_object_set_new(j, "token", json_string(secret));
    snprintf(resp->location, sizeof resp->location, "/api/v1/tokens/%lld", (long long)k.id);
    api_reply_json(resp, 201, j);
}

void api_token_revoke(struct api_req *req, struct api_resp *resp)
{
    struct official_cmd c = {.what = OC_REVOKE};
    api_run(req, resp, official_run, &c);
}
