/* The handlers of the routes, one file per resource (api_*.c). */
#ifndef API_HANDLERS_H
#define API_HANDLERS_H

#include "api/api.h"

typedef void (*api_handler)(struct api_req *req, struct api_resp *resp);

/* api_lists.c: players in from a CSV file (?preview=1 answers what it would do), the lists
 * out as CSV files, the ratings (RAT-1) and their settings (issue 34) */
void api_players_import(struct api_req *req, struct api_resp *resp);
void api_export_players(struct api_req *req, struct api_resp *resp);
void api_export_results(struct api_req *req, struct api_resp *resp);
void api_export_standings(struct api_req *req, struct api_resp *resp);
void api_export_ratings(struct api_req *req, struct api_resp *resp);
void api_ratings_get(struct api_req *req, struct api_resp *resp);
void api_ratings_settings(struct api_req *req, struct api_resp *resp);
/* api_auth.c */
void api_login(struct api_req *req, struct api_resp *resp);
void api_logout(struct api_req *req, struct api_resp *resp);
void api_session_get(struct api_req *req, struct api_resp *resp);
/* api_resume.c: the TD confirms the times of a restored copy; and the server's facts an
 * official's session read carries (public_url, whether play waits for that). */
void api_resume_post(struct api_req *req, struct api_resp *resp);
json_t *api_server_json(struct api_req *req);
/* Who the officials' cookie or a machine token (Authorization: Bearer) says acts: fills
 * req->is_td, official_id, token_id and role, or req->suspended for a suspended
 * official's session and req->token_revoked for a revoked token (GOV-1); nothing for
 * none or an expired session. */
void api_official_session(struct api_req *req);
/* 1 when it carries a valid player session; fills req->player_id and player_tournament. */
int api_player_session(struct api_req *req);
void api_player_login(struct api_req *req, struct api_resp *resp);
/* The limiter key of a player's PIN failures. */
#define API_PIN_KEY_FMT "pin:%lld"

/* api_backup.c: the snapshots' status, one now, the download of a fresh copy (the TD's) */
void api_snapshots_get(struct api_req *req, struct api_resp *resp);
void api_snapshot_take(struct api_req *req, struct api_resp *resp);
void api_backup_download(struct api_req *req, struct api_resp *resp);
/* GOV-4 entries (api_entries.c), GOV-8 the report to the federation (api_fed_report.c) */
void api_entries_list(struct api_req *req, struct api_resp *resp);
void api_entry_approve(struct api_req *req, struct api_resp *resp);
void api_entry_refuse(struct api_req *req, struct api_resp *resp);
void api_entry_move_up(struct api_req *req, struct api_resp *resp);
void api_report_download(struct api_req *req, struct api_resp *resp);

/* api_officials.c: officials and machine tokens (GOV-1), the head TD's */
void api_officials_list(struct api_req *req, struct api_resp *resp);
void api_official_add(struct api_req *req, struct api_resp *resp);
void api_official_update(struct api_req *req, struct api_resp *resp);
void api_official_remove(struct api_req *req, struct api_resp *resp);
void api_token_create(struct api_req *req, struct api_resp *resp);
void api_token_revoke(struct api_req *req, struct api_resp *resp);

/* api_tournaments.c */
void api_tournaments_list(struct api_req *req, struct api_resp *resp);
void api_tournament_create(struct api_req *req, struct api_resp *resp);
void api_tournament_get(struct api_req *req, struct api_resp *resp);
void api_tournament_update(struct api_req *req, struct api_resp *resp);

/* api_players.c */
void api_players_list(struct api_req *req, struct api_resp *resp);
void api_player_create(struct api_req *req, struct api_resp *resp);
void api_player_get(struct api_req *req, struct api_resp *resp);
void api_player_update(struct api_req *req, struct api_resp *resp);
void api_player_check_in(struct api_req *req, struct api_resp *resp);
void api_player_undo_check_in(struct api_req *req, struct api_resp *resp);
void api_player_withdraw(struct api_req *req, struct api_resp *resp);
void api_player_reinstate(struct api_req *req, struct api_resp *resp);
void api_player_new_pin(struct api_req *req, struct api_resp *resp);
void api_player_merge(struct api_req *req, struct api_resp *resp);
void api_player_pin_get(struct api_req *req, struct api_resp *resp);
void api_player_cards(struct api_req *req, struct api_resp *resp);
/* api_qr.c: the SVG QR code of a player's page, for the player card */
void api_player_qr(struct api_req *req, struct api_resp *resp);
/* ... and every card's, for the print sheet, in one JSON reply */
void api_cards_qr(struct api_req *req, struct api_resp *resp);

/* api_matches.c */
void api_match_create(struct api_req *req, struct api_resp *resp);
void api_matches_list(struct api_req *req, struct api_resp *resp);
void api_match_get(struct api_req *req, struct api_resp *resp);
void api_match_update(struct api_req *req, struct api_resp *resp);
void api_match_call(struct api_req *req, struct api_resp *resp);
void api_match_forfeit(struct api_req *req, struct api_resp *resp);
void api_match_withdraw(struct api_req *req, struct api_resp *resp);
void api_match_disqualify(struct api_req *req, struct api_resp *resp);

/* api_reports.c */
void api_match_report(struct api_req *req, struct api_resp *resp);
void api_match_unreport(struct api_req *req, struct api_resp *resp);
void api_match_confirm(struct api_req *req, struct api_resp *resp);
void api_match_verify(struct api_req *req, struct api_resp *resp);
void api_match_correct(struct api_req *req, struct api_resp *resp);
void api_match_reports(struct api_req *req, struct api_resp *resp);
/* api_games.c */
void api_match_add_game(struct api_req *req, struct api_resp *resp);
void api_match_undo_game(struct api_req *req, struct api_resp *resp);

/* api_events.c, api_swing.c */
void api_event_update(struct api_req *req, struct api_resp *resp);
void api_event_create(struct api_req *req, struct api_resp *resp);
void api_events_list(struct api_req *req, struct api_resp *resp);
void api_event_get(struct api_req *req, struct api_resp *resp);
/* any event's start and board, by its kind (api_event_board.c) */
void api_event_start(struct api_req *req, struct api_resp *resp);
void api_event_board(struct api_req *req, struct api_resp *resp);
void api_entry_add(struct api_req *req, struct api_resp *resp);
void api_entry_remove(struct api_req *req, struct api_resp *resp);
void api_swing_round_start(struct api_req *req, struct api_resp *resp);
void api_swing_board(struct api_req *req, struct api_resp *resp);
void api_event_placings(struct api_req *req, struct api_resp *resp); /* api_placings.c */
void api_swing_ledger(struct api_req *req, struct api_resp *resp);
/* api_swiss.c */
void api_swiss_pair(struct api_req *req, struct api_resp *resp);
void api_swiss_repair(struct api_req *req, struct api_resp *resp);
void api_swiss_swap(struct api_req *req, struct api_resp *resp);
void api_swiss_enter(struct api_req *req, struct api_resp *resp);
void api_swiss_withdraw(struct api_req *req, struct api_resp *resp);
void api_swiss_board(struct api_req *req, struct api_resp *resp);
void api_swiss_standings(struct api_req *req, struct api_resp *resp);
void api_davis_team_add(struct api_req *req, struct api_resp *resp);
void api_davis_late_close(struct api_req *req, struct api_resp *resp);
void api_davis_start(struct api_req *req, struct api_resp *resp);
void api_davis_board(struct api_req *req, struct api_resp *resp);
void api_knockout_draw(struct api_req *req, struct api_resp *resp);
void api_knockout_late(struct api_req *req, struct api_resp *resp);
void api_knockout_lengths(struct api_req *req, struct api_resp *resp);
void api_knockout_late_close(struct api_req *req, struct api_resp *resp);
void api_knockout_get(struct api_req *req, struct api_resp *resp);
void api_knockout_player(struct api_req *req, struct api_resp *resp);
void api_tables_assign(struct api_req *req, struct api_resp *resp);

/* api_audit.c */
void api_audit_list(struct api_req *req, struct api_resp *resp);
void api_health(struct api_req *req, struct api_resp *resp);

/* match clocks (api_clock.c), lateness and breaks (api_lateness.c), penalties (api_penalties.c) */
void api_clock_get(struct api_req *req, struct api_resp *resp);
void api_clock_set(struct api_req *req, struct api_resp *resp);
void api_clock_start(struct api_req *req, struct api_resp *resp);
void api_clock_press(struct api_req *req, struct api_resp *resp);
void api_clock_double(struct api_req *req, struct api_resp *resp);
void api_clock_take(struct api_req *req, struct api_resp *resp);
void api_clock_drop(struct api_req *req, struct api_resp *resp);
void api_clock_pause(struct api_req *req, struct api_resp *resp);
void api_clock_resume(struct api_req *req, struct api_resp *resp);
void api_clock_pickup(struct api_req *req, struct api_resp *resp);
void api_clock_reverse_flag(struct api_req *req, struct api_resp *resp);
void api_lateness_get(struct api_req *req, struct api_resp *resp);
void api_lateness_arrive(struct api_req *req, struct api_resp *resp);
void api_lateness_confirm(struct api_req *req, struct api_resp *resp);
void api_lateness_clock(struct api_req *req, struct api_resp *resp);
void api_match_postpone(struct api_req *req, struct api_resp *resp);
void api_breaks_get(struct api_req *req, struct api_resp *resp);
void api_break_start(struct api_req *req, struct api_resp *resp);
void api_break_end(struct api_req *req, struct api_resp *resp);
void api_penalties_list(struct api_req *req, struct api_resp *resp);
void api_penalty_add(struct api_req *req, struct api_resp *resp);

/* calls and warnings (api_calls.c), observers (api_observers.c), rulings (api_rulings.c) */
void api_call_open(struct api_req *req, struct api_resp *resp);
void api_call_take(struct api_req *req, struct api_resp *resp);
void api_call_close(struct api_req *req, struct api_resp *resp);
void api_match_warn(struct api_req *req, struct api_resp *resp);
void api_calls_of_match(struct api_req *req, struct api_resp *resp);
void api_calls_open(struct api_req *req, struct api_resp *resp);
void api_calls_tables(struct api_req *req, struct api_resp *resp);
void api_observer_appoint(struct api_req *req, struct api_resp *resp);
void api_observer_remove(struct api_req *req, struct api_resp *resp);
void api_ruling_give(struct api_req *req, struct api_resp *resp);
void api_rulings_of_match(struct api_req *req, struct api_resp *resp);
void api_rulings_list(struct api_req *req, struct api_resp *resp);
/* the TD's desk (api_now.c) */
void api_now_get(struct api_req *req, struct api_resp *resp);
void api_now_claim(struct api_req *req, struct api_resp *resp);
void api_now_release(struct api_req *req, struct api_resp *resp);
/* the Tournament Committee (GOV-2, api_committee.c) and appeals (GOV-7, api_appeals.c) */
void api_committee_get(struct api_req *req, struct api_resp *resp);
void api_committee_put(struct api_req *req, struct api_resp *resp);
void api_committee_member_add(struct api_req *req, struct api_resp *resp);
void api_committee_member_remove(struct api_req *req, struct api_resp *resp);
void api_committee_member_card(struct api_req *req, struct api_resp *resp);
void api_appeals_of_match(struct api_req *req, struct api_resp *resp);
void api_appeals_list(struct api_req *req, struct api_resp *resp);
void api_appeal_lodge(struct api_req *req, struct api_resp *resp);
void api_appeal_withdraw(struct api_req *req, struct api_resp *resp);
void api_appeal_release(struct api_req *req, struct api_resp *resp);
void api_appeal_statement(struct api_req *req, struct api_resp *resp);
void api_appeal_panel(struct api_req *req, struct api_resp *resp);
void api_appeal_panel_choice(struct api_req *req, struct api_resp *resp);
void api_appeal_motion(struct api_req *req, struct api_resp *resp);
void api_appeal_vote(struct api_req *req, struct api_resp *resp);

#endif
