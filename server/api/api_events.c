/* Events of a tournament (knockout, swing, davis): create, list, read, and their entries.
 * The kind-specific parts live in api_swing.c (and the knockout and Davis files). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/tx.h"
#include "common/clock.h"
#include "store/store.h"
#include "tourney/knockout.h"

static const char *const kinds[] = {"knockout", "swing", "davis", NULL};

static const struct api_field event_fields[] = {
    {"kind", F_ENUM, 1, 0, 0, 0, kinds, NULL},
    {"name", F_STR, 1, 0, 1, E_NAME_MAX, NULL, NULL},
    {"priority", F_INT, 0, 0, -1000, 1000, NULL, NULL},
    {"swing", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"davis", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"knockout", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_event_create(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, event_fields, 0, resp))
        return;
    struct event e;
    memset(&e, 0, sizeof e);
    e.tournament_id = req->ids[0];
    snprintf(e.kind, sizeof e.kind, "%s", api_str(req->json, "kind"));
    snprintf(e.name, sizeof e.name, "%s", api_str(req->json, "name"));
    e.priority = (int)json_integer_value(json_object_get(req->json, "priority"));
    strcpy(e.state, "open");
    json_t *settings = NULL;
    if (!strcmp(e.kind, "swing") &&
        api_swing_settings(json_object_get(req->json, "swing"), &settings, resp))
        return;
    if (!strcmp(e.kind, "davis") &&
        api_davis_settings(json_object_get(req->json, "davis"), &settings, resp))
        return;
    if (!strcmp(e.kind, "knockout") &&
        api_knockout_settings(json_object_get(req->json, "knockout"), &settings, resp))
        return;
    char *text = json_dumps(settings, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(settings);
    if (!text || strlen(text) >= sizeof e.settings) {
        free(text);
        api_problem(resp, 413, "too-large", "Settings too large",
                    "The event's settings are too large.");
        return;
    }
    strcpy(e.settings, text);
    free(text);
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct tournament t;
    int rc = db_tournament_get(db, e.tournament_id, &t);
    if (rc == CW_ENOTFOUND) {
        api_tx_rollback(req);
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)e.tournament_id);
        return;
    }
    /* KO-5/KO-6: a Consolation or Last Chance is fed by a knockout of the same tournament */
    json_t *ko = json_object_get(req->json, "knockout");
    json_t *from = ko ? json_object_get(ko, "feeds_from") : NULL;
    if (rc == CW_OK && json_is_integer(from)) {
        struct event f;
        int frc = db_event_get(db, e.tournament_id, json_integer_value(from), &f);
        if (frc == CW_ENOTFOUND || (frc == CW_OK && strcmp(f.kind, "knockout"))) {
            api_tx_rollback(req);
            api_problem(resp, 422, "validation", "Cannot be fed from there",
                        "Event %lld is not a knockout of this tournament.",
                        (long long)json_integer_value(from));
            api_problem_field(resp, "knockout.feeds_from", "is not a knockout of this tournament");
            return;
        }
        rc = frc;
    }
    if (rc == CW_OK)
        rc = db_event_insert(db, &e, req->now_ms);
    if (rc == CW_OK)
        rc = api_event_save(req, &e, NULL, "event.create");
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "creating the event");
        return;
    }
    snprintf(resp->location, sizeof resp->location, "/api/v1/tournaments/%lld/competitions/%lld",
             (long long)e.tournament_id, (long long)e.id);
    api_reply_json(resp, 201, op_event_json(db, &e));
    api_tx_commit(req, resp);
}

static const struct api_field event_update_fields[] = {
    {"name", F_STR, 0, 0, 1, E_NAME_MAX, NULL, NULL},
    {"priority", F_INT, 0, 0, -1000, 1000, NULL, NULL},
    {"late_deadline", F_STR, 0, 1, 17, 30, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The TD renames an event, changes its table priority, or moves the late-entry deadline of
 * a knockout (or a Davis knockout) while late entry is open (KO-4; null: until the TD
 * closes it). */
void api_event_update(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, event_update_fields, 1, resp))
        return;
    json_t *dl = json_object_get(req->json, "late_deadline");
    int64_t dl_ms = 0;
    if (json_is_string(dl) && cw_parse_iso8601(json_string_value(dl), &dl_ms)) {
        api_problem_field(resp, "late_deadline",
                          "must be a UTC time written YYYY-MM-DDTHH:MM[:SS]Z, or null");
        return;
    }
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    if (api_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    json_t *before = op_event_json(db, &e);
    if (api_str(req->json, "name"))
        snprintf(e.name, sizeof e.name, "%s", api_str(req->json, "name"));
    if (json_is_integer(json_object_get(req->json, "priority")))
        e.priority = (int)json_integer_value(json_object_get(req->json, "priority"));
    int rc = CW_OK;
    if (dl) {
        json_t *settings = json_loads(e.settings, 0, NULL);
        int late = (int)json_integer_value(json_object_get(settings, "late_places"));
        struct ko_bracket b;
        int drawn = late ? db_ko_load(db, e.id, &b) : CW_ENOTFOUND;
        const char *why = !late ? "has no late places"
                          : drawn == CW_OK && (b.late_closed || b.late_filled >= b.n_late)
                              ? "has closed late entry"
                              : NULL;
        if (why) {
            if (drawn == CW_OK)
                ko_bracket_free(&b);
            json_decref(settings);
            json_decref(before);
            api_tx_rollback(req);
            api_problem(resp, 409, "late-closed", "No late entry to move",
                        "%s %s: there is no deadline to set (KO-4).", e.name, why);
            return;
        }
        json_object_set(settings, "late_deadline", dl);
        char *text = json_dumps(settings, JSON_COMPACT | JSON_SORT_KEYS);
        json_decref(settings);
        if (!text || strlen(text) >= sizeof e.settings)
            rc = CW_EDB;
        else
            strcpy(e.settings, text);
        free(text);
        if (drawn == CW_OK) {
            b.late_deadline_ms = dl_ms;
            if (rc == CW_OK)
                rc = db_ko_update(db, e.id, &b);
            ko_bracket_free(&b);
        } else if (drawn != CW_ENOTFOUND) {
            rc = drawn;
        }
    }
    if (rc == CW_OK)
        rc = api_event_save(req, &e, before, "event.update");
    else
        json_decref(before);
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "updating the event");
        return;
    }
    api_reply_json(resp, 200, op_event_json(db, &e));
    api_tx_commit(req, resp);
}

void api_events_list(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct event *es = NULL;
    int n = 0;
    struct tournament t;
    db_lock(db);
    int rc = db_tournament_get(db, req->ids[0], &t);
    if (rc == CW_OK)
        rc = db_event_list(db, t.id, &es, &n);
    json_t *arr = json_array();
    for (int i = 0; rc == CW_OK && i < n; i++)
        json_array_append_new(arr, op_event_json(db, &es[i]));
    db_unlock(db);
    free(es);
    if (rc != CW_OK) {
        json_decref(arr);
        if (rc == CW_ENOTFOUND)
            api_problem(resp, 404, "not-found", "No such tournament",
                        "There is no tournament %lld.", (long long)req->ids[0]);
        else
            api_internal_error(resp, "listing events");
        return;
    }
    api_reply_json(resp, 200, json_pack("{s:o}", "events", arr));
}

void api_event_get(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct event e;
    db_lock(db);
    int rc = api_event_load(req, &e, resp);
    json_t *j = rc == 0 ? op_event_json(db, &e) : NULL;
    db_unlock(db);
    if (j)
        api_reply_json(resp, 200, j);
}

/* ---- entries ---- */

static const struct api_field entry_fields[] = {
    {"player_id", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_entry_add(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, entry_fields, 0, resp))
        return;
    int64_t pid = json_integer_value(json_object_get(req->json, "player_id"));
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    if (api_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    if (!strcmp(e.kind, "davis")) {
        /* DAVIS-1: a pair, registered together; a lone entry would bypass the team rules */
        api_tx_rollback(req);
        api_problem(resp, 409, "davis-teams", "Players enter a Davis Cup event as teams",
                    "Players enter a Davis Cup event as teams: POST "
                    "/api/v1/tournaments/%lld/competitions/%lld/davis/teams with the team's name, "
                    "player1 and player2 (DAVIS-1).",
                    (long long)e.tournament_id, (long long)e.id);
        return;
    }
    json_t *before = op_event_json(db, &e);
    struct player p;
    int rc = db_player_get(db, e.tournament_id, pid, &p);
    const char *why = NULL;
    if (rc == CW_ENOTFOUND)
        why = "is not a player of this tournament";
    else if (rc == CW_OK && !strcmp(p.status, "withdrawn"))
        why = "has withdrawn from the tournament";
    if (why) {
        json_decref(before);
        api_tx_rollback(req);
        api_problem(resp, 422, "validation", "Cannot enter this player", "Player %lld %s.",
                    (long long)pid, why);
        api_problem_field(resp, "player_id", "%s", why);
        return;
    }
    if (rc == CW_OK && strcmp(e.state, "open")) {
        json_decref(before);
        api_tx_rollback(req);
        api_problem(resp, 409, "event-started", "Entries are closed",
                    "%s has started; new entries are no longer taken%s.", e.name,
                    !strcmp(e.kind, "knockout") ? " (a late arrival takes a late place)" : "");
        api_problem_field(resp, "player_id", "cannot enter %s: it has started", e.name);
        return;
    }
    if (rc == CW_OK && !strcmp(e.kind, "knockout") && strstr(e.settings, "\"feeds_from\":") &&
        !strstr(e.settings, "\"feeds_from\":null")) {
        json_decref(before);
        api_tx_rollback(req);
        api_problem(resp, 409, "fed-event", "Entries come from the event that feeds it",
                    "%s takes its entrants from the losers of the event that feeds it (KO-5).",
                    e.name);
        api_problem_field(resp, "player_id",
                          "cannot enter %s: its entrants come from the event "
                          "that feeds it",
                          e.name);
        return;
    }
    if (rc == CW_OK)
        rc = db_entry_add(db, e.id, pid, req->now_ms);
    if (rc == CW_ECONFLICT) {
        json_decref(before);
        api_tx_rollback(req);
        api_problem(resp, 409, "duplicate-entry", "Already entered", "%s is already entered in %s.",
                    p.name, e.name);
        api_problem_field(resp, "player_id", "is already entered in %s", e.name);
        return;
    }
    if (rc == CW_OK)
        rc = api_event_save(req, &e, before, "event.entry_add");
    else
        json_decref(before);
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "entering the player");
        return;
    }
    api_reply_json(resp, 201, op_event_json(db, &e));
    api_tx_commit(req, resp);
}

void api_entry_remove(struct api_req *req, struct api_resp *resp)
{
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    if (api_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    if (strcmp(e.state, "open")) {
        api_tx_rollback(req);
        api_problem(resp, 409, "event-started", "Entries are closed",
                    "%s has started; a player leaves it by withdrawing.", e.name);
        return;
    }
    json_t *before = op_event_json(db, &e);
    int rc = db_entry_remove(db, e.id, req->ids[2]);
    if (rc == CW_ENOTFOUND) {
        json_decref(before);
        api_tx_rollback(req);
        api_problem(resp, 404, "not-found", "No such entry", "Player %lld is not entered in %s.",
                    (long long)req->ids[2], e.name);
        return;
    }
    if (rc == CW_OK)
        rc = api_event_save(req, &e, before, "event.entry_remove");
    else
        json_decref(before);
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "removing the entry");
        return;
    }
    api_reply_json(resp, 200, op_event_json(db, &e));
    api_tx_commit(req, resp);
}
