/* The route table: every route of the API, its method, pattern, handler, roles (the role
 * table, GOV-1) and flags (route.h). Nothing here is looked at: a request finds its route
 * through route_match.c and goes on through router.c. */
#include "api/route.h"

#define TDS (HEAD | TD | TOKEN)               /* the directors, and tokens with the role td */
#define STAFF (HEAD | TD | ASSISTANT | TOKEN) /* ... and the assistants, and their tokens */

#define T "/api/v1/tournaments/{id}"
#define P T "/players/{id}"
#define M T "/matches/{id}"
#define E T "/competitions/{id}"
static const struct route routes[] = {
    {"GET", "/api/v1/health", api_health, ANYONE, 0},
    {"POST", "/api/v1/login", api_login, ANYONE, R_JSON},
    {"POST", "/api/v1/logout", api_logout, ANYONE, 0},
    {"GET", "/api/v1/session", api_session_get, ANYONE, R_SNAPSHOT},
    {"POST", "/api/v1/resume", api_resume_post, TDS, R_OPTJSON},
    {"GET", "/api/v1/audit", api_audit_list, TDS, R_SNAPSHOT},
    {"GET", "/api/v1/officials", api_officials_list, HEAD, R_SNAPSHOT},
    {"POST", "/api/v1/officials", api_official_add, HEAD, R_JSON},
    {"PATCH", "/api/v1/officials/{id}", api_official_update, HEAD, R_JSON},
    {"DELETE", "/api/v1/officials/{id}", api_official_remove, HEAD, 0},
    {"POST", "/api/v1/tokens", api_token_create, HEAD, R_JSON},
    {"DELETE", "/api/v1/tokens/{id}", api_token_revoke, HEAD, 0},
    {"GET", "/api/v1/snapshots", api_snapshots_get, TDS, 0},
    {"POST", "/api/v1/snapshots", api_snapshot_take, TDS, 0},
    {"GET", "/api/v1/tournaments", api_tournaments_list, ANYONE, R_SNAPSHOT},
    {"POST", "/api/v1/tournaments", api_tournament_create, TDS, R_JSON},
    {"GET", T, api_tournament_get, ANYONE, 0},
    {"PATCH", T, api_tournament_update, TDS, R_JSON},
    {"GET", T "/audit", api_audit_list, TDS, R_SNAPSHOT},
    {"GET", T "/backup", api_backup_download, TDS, 0},
    {"GET", T "/report", api_report_download, TDS, R_SNAPSHOT},
    {"GET", T "/entries", api_entries_list, TDS, R_SNAPSHOT},
    /* the same list whoever asks (no PIN in it): the TD's console gets the kept copy too */
    {"GET", T "/players", api_players_list, ANYONE, R_ETAG | R_SHARED | R_PLAYERS | R_ANYONE},
    {"POST", T "/players", api_player_create, TDS, R_JSON},
    {"POST", T "/players/import", api_players_import, TDS, R_CSV},
    {"GET", T "/export/players.csv", api_export_players, TDS, R_SNAPSHOT},
    {"GET", T "/export/results.csv", api_export_results, ANYONE, R_SNAPSHOT},
    {"GET", T "/export/standings.csv", api_export_standings, ANYONE, R_SNAPSHOT},
    {"GET", T "/export/ratings.csv", api_export_ratings, ANYONE, R_SNAPSHOT},
    {"GET", T "/ratings", api_ratings_get, ANYONE, R_SNAPSHOT},
    {"PATCH", T "/ratings/settings", api_ratings_settings, TDS, R_JSON},
    {"GET", P, api_player_get, ANYONE, R_ETAG | R_SNAPSHOT},
    {"PATCH", P, api_player_update, TDS, R_JSON},
    {"POST", P "/check-in", api_player_check_in, STAFF, 0},
    {"DELETE", P "/check-in", api_player_undo_check_in, STAFF, 0},
    {"POST", P "/withdraw", api_player_withdraw, TDS, 0},
    {"POST", P "/reinstate", api_player_reinstate, TDS, 0},
    {"POST", P "/pin", api_player_new_pin, TDS, 0},
    {"POST", P "/merge", api_player_merge, TDS, R_JSON},
    {"POST", P "/approve", api_entry_approve, TDS, R_OPTJSON},
    {"POST", P "/refuse", api_entry_refuse, TDS, R_JSON},
    {"POST", P "/move-up", api_entry_move_up, TDS, R_JSON},
    {"GET", P "/pin", api_player_pin_get, TDS, 0},
    {"GET", T "/cards", api_player_cards, TDS, 0},
    {"GET", T "/cards/qr", api_cards_qr, TDS, R_SNAPSHOT},
    {"GET", P "/qr.svg", api_player_qr, TDS, R_SNAPSHOT},
    {"POST", P "/login", api_player_login, ANYONE, R_JSON},
    {"GET", T "/matches", api_matches_list, ANYONE, R_ETAG | R_SHARED | R_PLAYER_ARG | R_ANYONE},
    {"POST", T "/matches", api_match_create, TDS, R_JSON},
    {"GET", M, api_match_get, ANYONE, R_ETAG | R_SNAPSHOT},
    {"PATCH", M, api_match_update, TDS, R_JSON},
    {"POST", M "/call", api_match_call, STAFF, R_OPTJSON},
    {"POST", M "/forfeit", api_match_forfeit, TDS, R_JSON},
    {"POST", M "/withdraw", api_match_withdraw, TDS, R_JSON},
    {"POST", M "/disqualify", api_match_disqualify, TDS, R_JSON},
    {"POST", M "/report", api_match_report, ANYONE, R_JSON},
    {"DELETE", M "/report", api_match_unreport, ANYONE, 0},
    {"POST", M "/confirm", api_match_confirm, ANYONE, R_OPTJSON},
    {"POST", M "/games", api_match_add_game, ANYONE, R_JSON},
    {"DELETE", M "/games/last", api_match_undo_game, ANYONE, 0},
    {"GET", M "/reports", api_match_reports, ANYONE, R_ETAG | R_SNAPSHOT},
    {"GET", M "/clock", api_clock_get, ANYONE, 0},
    {"PUT", M "/clock", api_clock_set, TDS, R_JSON},
    {"POST", M "/clock/start", api_clock_start, ANYONE, R_JSON},
    {"POST", M "/clock/press", api_clock_press, ANYONE, R_JSON},
    {"POST", M "/clock/double", api_clock_double, ANYONE, R_JSON},
    {"POST", M "/clock/take", api_clock_take, ANYONE, R_JSON},
    {"POST", M "/clock/drop", api_clock_drop, ANYONE, R_JSON},
    {"POST", M "/clock/pause", api_clock_pause, ANYONE, R_JSON},
    {"POST", M "/clock/resume", api_clock_resume, ANYONE, R_OPTJSON},
    {"POST", M "/clock/pickup", api_clock_pickup, TDS, R_JSON},
    {"POST", M "/clock/reverse-flag", api_clock_reverse_flag, TDS, R_OPTJSON},
    {"GET", M "/lateness", api_lateness_get, ANYONE, 0},
    {"POST", M "/arrive", api_lateness_arrive, ANYONE, R_JSON},
    {"POST", M "/lateness/confirm", api_lateness_confirm, TDS, R_JSON},
    {"POST", M "/lateness/clock", api_lateness_clock, TDS, R_JSON},
    {"POST", M "/postpone", api_match_postpone, TDS, R_OPTJSON},
    {"GET", M "/breaks", api_breaks_get, ANYONE, 0},
    {"POST", M "/breaks", api_break_start, ANYONE, R_JSON},
    {"POST", M "/breaks/end", api_break_end, ANYONE, R_OPTJSON},
    {"GET", M "/penalties", api_penalties_list, ANYONE, R_SNAPSHOT},
    {"POST", M "/penalties", api_penalty_add, TDS, R_JSON},
    {"GET", M "/calls", api_calls_of_match, ANYONE, R_SNAPSHOT},
    {"POST", M "/calls", api_call_open, ANYONE, R_JSON},
    {"POST", M "/calls/{id}/take", api_call_take, STAFF, R_OPTJSON},
    {"POST", M "/calls/{id}/close", api_call_close, STAFF, R_JSON},
    {"POST", M "/warnings", api_match_warn, STAFF, R_JSON},
    {"POST", M "/observers", api_observer_appoint, STAFF, R_JSON},
    {"DELETE", M "/observers/{id}", api_observer_remove, STAFF, 0},
    {"GET", M "/rulings", api_rulings_of_match, ANYONE, R_SNAPSHOT},
    {"POST", M "/rulings", api_ruling_give, TDS, R_JSON},
    {"GET", T "/calls", api_calls_open, STAFF, R_SNAPSHOT},
    {"GET", T "/calls/tables", api_calls_tables, ANYONE, R_ETAG | R_SHARED | R_ANYONE},
    {"GET", T "/rulings", api_rulings_list, STAFF, R_SNAPSHOT},
    {"GET", T "/now", api_now_get, STAFF, R_SNAPSHOT},
    {"POST", T "/now/claims", api_now_claim, STAFF, R_JSON},
    {"POST", T "/now/claims/release", api_now_release, STAFF, R_JSON},
    {"GET", T "/committee", api_committee_get, ANYONE, R_SNAPSHOT},
    {"PUT", T "/committee", api_committee_put, TDS, R_JSON},
    {"POST", T "/committee/members", api_committee_member_add, TDS, R_JSON},
    {"DELETE", T "/committee/members/{id}", api_committee_member_remove, TDS, 0},
    {"GET", T "/committee/members/{id}/card", api_committee_member_card, TDS, 0},
    {"GET", M "/appeals", api_appeals_of_match, ANYONE, R_SNAPSHOT},
    {"POST", M "/appeals", api_appeal_lodge, ANYONE, R_JSON},
    {"GET", T "/appeals", api_appeals_list, ANYONE, R_SNAPSHOT},
    {"POST", T "/appeals/{id}/withdraw", api_appeal_withdraw, ANYONE, 0},
    {"POST", T "/appeals/{id}/release", api_appeal_release, TDS, 0},
    {"POST", T "/appeals/{id}/statements", api_appeal_statement, ANYONE, R_JSON},
    {"PUT", T "/appeals/{id}/panel", api_appeal_panel, TDS, R_JSON},
    {"POST", T "/appeals/{id}/panel/choices", api_appeal_panel_choice, ANYONE, R_JSON},
    {"POST", T "/appeals/{id}/motions", api_appeal_motion, TDS, R_JSON},
    {"POST", T "/appeals/{id}/votes", api_appeal_vote, ANYONE, R_JSON},
    {"POST", M "/verify", api_match_verify, STAFF, R_JSON},
    {"POST", M "/correct", api_match_correct, TDS, R_JSON},
    {"GET", T "/competitions", api_events_list, ANYONE, R_ETAG | R_SHARED | R_SNAPSHOT},
    {"POST", T "/competitions", api_event_create, TDS, R_JSON},
    {"GET", E, api_event_get, ANYONE, R_ETAG | R_SHARED | R_SNAPSHOT},
    {"PATCH", E, api_event_update, TDS, R_JSON},
    {"POST", E "/start", api_event_start, TDS, R_OPTJSON},
    {"GET", E "/board", api_event_board, ANYONE, R_ETAG | R_SNAPSHOT},
    {"POST", E "/entries", api_entry_add, TDS, R_JSON},
    {"DELETE", E "/entries/{id}", api_entry_remove, TDS, 0},
    {"POST", E "/swing/rounds", api_swing_round_start, TDS, R_OPTJSON},
    {"GET", E "/swing", api_swing_board, ANYONE, R_ETAG | R_SHARED | R_SNAPSHOT},
    {"GET", E "/swing/ledger", api_swing_ledger, ANYONE, R_ETAG | R_SNAPSHOT},
    {"GET", E "/swing/ledger/{id}", api_swing_ledger, ANYONE, R_ETAG | R_SNAPSHOT},
    {"POST", E "/swiss/rounds", api_swiss_pair, TDS, R_OPTJSON},
    {"POST", E "/swiss/rounds/{id}/repair", api_swiss_repair, TDS, R_OPTJSON},
    {"POST", E "/swiss/rounds/{id}/swap", api_swiss_swap, TDS, R_JSON},
    {"POST", E "/swiss/entries", api_swiss_enter, TDS, R_JSON},
    {"POST", E "/swiss/withdraw", api_swiss_withdraw, TDS, R_JSON},
    {"GET", E "/swiss", api_swiss_board, ANYONE, R_ETAG | R_SHARED | R_EVENTS | R_ANYONE},
    {"GET", E "/swiss/standings", api_swiss_standings, ANYONE,
     R_ETAG | R_SHARED | R_EVENTS | R_ANYONE},
    {"POST", E "/davis/teams", api_davis_team_add, TDS, R_JSON},
    {"POST", E "/davis/start", api_davis_start, TDS, R_OPTJSON},
    {"POST", E "/davis/late/close", api_davis_late_close, TDS, 0},
    {"GET", E "/davis", api_davis_board, ANYONE, R_ETAG | R_SNAPSHOT},
    {"GET", E "/placings", api_event_placings, ANYONE, R_ETAG | R_SNAPSHOT},
    {"POST", E "/knockout/draw", api_knockout_draw, TDS, R_OPTJSON},
    {"POST", E "/knockout/late", api_knockout_late, TDS, R_JSON},
    {"POST", E "/knockout/late/close", api_knockout_late_close, TDS, 0},
    {"PUT", E "/knockout/lengths", api_knockout_lengths, TDS, R_JSON},
    {"GET", E "/knockout", api_knockout_get, ANYONE, R_ETAG | R_SHARED | R_EVENTS | R_ANYONE},
    {"GET", E "/knockout/players/{id}", api_knockout_player, ANYONE, R_ETAG | R_SNAPSHOT},
    {"POST", T "/tables/assign", api_tables_assign, STAFF, 0},
};
#undef E
#undef M
#undef P
#undef T
#define NROUTES ((int)(sizeof routes / sizeof routes[0]))

int api_route_count(void)
{
    return NROUTES;
}

void api_route_at(int i, const char **method, const char **pattern)
{
    *method = routes[i].method;
    *pattern = routes[i].pattern;
}

const struct route *api_route(int i)
{
    return &routes[i];
}

int api_route_index(const struct route *r)
{
    return (int)(r - routes);
}
