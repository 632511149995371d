/* The report's queries (GOV-8); see report.h. Times are UTC: a date as YYYY-MM-DD, a
 * moment as YYYY-MM-DDTHH:MM:SSZ. Who acted is named as the audit log names them
 * ("official:3"), turned into the official's name where there is one. */
#include "store/report.h"

#include <stdlib.h>

#include "store/sql.h"
#include "store/store.h"

#define DATE(ms) "strftime('%Y-%m-%d', (" ms ") / 1000, 'unixepoch')"
#define MOMENT(ms) "strftime('%Y-%m-%dT%H:%M:%SZ', (" ms ") / 1000, 'unixepoch')"
#define WHO(actor)                                                                                 \
    "coalesce((SELECT o.name FROM officials o WHERE 'official:' || o.id = " actor "), " actor ")"
/* when a match was decided: its last change of state */
#define DECIDED "coalesce((SELECT max(at_ms) FROM match_states s WHERE s.match_id = m.id), " \
                "m.updated_ms)"
/* the audit row of a match's last disqualification */
#define DQ_ROW                                                                                     \
    "(SELECT max(a.id) FROM audit_log a WHERE a.entity = 'match' AND a.entity_id = m.id AND "    \
    "a.action = 'match.disqualify')"

static const char *const queries[] = {
    [DBR_TOURNAMENT] = "SELECT id AS tournament_id, name, venue, start_date, end_date "
                       "FROM tournaments WHERE id = ?1",
    [DBR_RESULTS] =
        "SELECT m.id AS match_id, " DATE(DECIDED) " AS date, " MOMENT(DECIDED) " AS decided_at, "
        "m.event_id AS event_id, e.name AS event, NULL AS flight, m.round AS round, "
        "m.player_a AS player_a_id, pa.name AS player_a, pa.federation_id AS "
        "player_a_federation_id, m.player_b AS player_b_id, pb.name AS player_b, "
        "pb.federation_id AS player_b_federation_id, m.length AS length, m.score_a AS score_a, "
        "m.score_b AS score_b, CASE m.winner WHEN 0 THEN m.player_a WHEN 1 THEN m.player_b END "
        "AS winner_id, CASE m.winner WHEN 0 THEN pa.name WHEN 1 THEN pb.name END AS winner, "
        "m.ended AS ended, m.state AS state "
        "FROM matches m LEFT JOIN events e ON e.id = m.event_id "
        "LEFT JOIN players pa ON pa.id = m.player_a LEFT JOIN players pb ON pb.id = m.player_b "
        "WHERE m.tournament_id = ?1 AND m.state IN ('verified', 'forfeited', 'withdrawn') "
        "ORDER BY " DECIDED ", m.id",
    [DBR_RULINGS] =
        "SELECT r.id AS ruling_id, r.match_id AS match_id, " DATE("r.created_ms") " AS date, "
        MOMENT("r.created_ms") " AS decided_at, m.event_id AS event_id, e.name AS event, "
        "m.round AS round, pa.name AS player_a, pb.name AS player_b, r.question AS question, "
        "r.facts AS facts, r.decision AS decision, r.reasons AS reasons, r.effect AS effect, "
        "r.state AS state, r.official AS official "
        "FROM rulings r JOIN matches m ON m.id = r.match_id "
        "LEFT JOIN events e ON e.id = m.event_id "
        "LEFT JOIN players pa ON pa.id = m.player_a LEFT JOIN players pb ON pb.id = m.player_b "
        "WHERE r.tournament_id = ?1 ORDER BY r.id",
    [DBR_SANCTIONS] =
        "SELECT 'disqualification' AS kind, m.id AS match_id, " DATE("a.at_ms") " AS date, "
        MOMENT("a.at_ms") " AS decided_at, m.event_id AS event_id, e.name AS event, "
        "m.round AS round, p.id AS player_id, p.name AS player, p.federation_id AS "
        "federation_id, json_extract(a.after_json, '$.reason') AS reason, " WHO("a.actor")
        " AS official "
        "FROM matches m JOIN audit_log a ON a.id = " DQ_ROW " "
        "LEFT JOIN events e ON e.id = m.event_id "
        "LEFT JOIN players p ON p.id = CASE m.winner WHEN 0 THEN m.player_b ELSE m.player_a END "
        "WHERE m.tournament_id = ?1 AND m.ended = 'disqualified' ORDER BY a.id",
    [DBR_ENTRIES] =
        "SELECT d.id AS decision_id, d.decision AS decision, " DATE("d.created_ms") " AS date, "
        MOMENT("d.created_ms") " AS decided_at, d.player_id AS player_id, p.name AS player, "
        "p.federation_id AS federation_id, d.reason AS reason, d.from_event AS from_event_id, "
        "fe.name AS from_event, NULL AS from_flight, d.to_event AS to_event_id, te.name AS "
        "to_event, NULL AS to_flight, " WHO("d.official") " AS official "
        "FROM entry_decisions d JOIN players p ON p.id = d.player_id "
        "LEFT JOIN events fe ON fe.id = d.from_event LEFT JOIN events te ON te.id = d.to_event "
        "WHERE d.tournament_id = ?1 AND d.decision IN ('refused', 'moved_up') ORDER BY d.id",
    /* a case's last motion decides it: its text, and the votes cast on it */
    [DBR_APPEALS] =
        "SELECT a.id AS appeal_id, a.kind AS kind, a.match_id AS match_id, " DATE("a.created_ms")
        " AS date, " MOMENT("a.created_ms") " AS lodged_at, m.event_id AS event_id, e.name AS "
        "event, m.round AS round, pa.name AS player_a, pb.name AS player_b, ap.name AS "
        "appellant, a.ruling_id AS ruling_id, a.audit_id AS audit_id, " WHO("a.decided_by")
        " AS decided_by, a.grounds AS grounds, a.state AS state, a.outcome AS outcome, "
        "a.outcome_text AS decision, mo.text AS motion, "
        "(SELECT count(*) FROM appeal_votes v WHERE v.motion_id = mo.id AND v.vote = 'yes') "
        "AS votes_for, "
        "(SELECT count(*) FROM appeal_votes v WHERE v.motion_id = mo.id AND v.vote = 'no') "
        "AS votes_against, "
        "CASE WHEN a.closed_ms IS NULL THEN NULL ELSE " MOMENT("a.closed_ms") " END AS closed_at "
        "FROM appeals a JOIN matches m ON m.id = a.match_id "
        "LEFT JOIN events e ON e.id = m.event_id "
        "LEFT JOIN players pa ON pa.id = m.player_a LEFT JOIN players pb ON pb.id = m.player_b "
        "LEFT JOIN players ap ON ap.id = a.player_id "
        "LEFT JOIN appeal_motions mo ON mo.id = "
        "(SELECT max(id) FROM appeal_motions x WHERE x.appeal_id = a.id) "
        "WHERE a.tournament_id = ?1 ORDER BY a.id",
    /* the members, never a PIN; the form the TD set (000's standing one by default) */
    [DBR_COMMITTEE] =
        "SELECT c.id AS member_id, c.name AS name, c.player_id AS player_id, "
        "p.federation_id AS federation_id, c.reserve AS reserve, "
        "CASE WHEN c.removed_ms IS NULL THEN 'sitting' ELSE 'removed' END AS status, "
        "coalesce((SELECT form FROM committee_settings s WHERE s.tournament_id = ?1), "
        "'standing') AS form "
        "FROM committee_members c LEFT JOIN players p ON p.id = c.player_id "
        "WHERE c.tournament_id = ?1 ORDER BY c.id",
    [DBR_OFFICIALS] = "SELECT id AS official_id, name, role, status FROM officials "
                      "WHERE ?1 > 0 ORDER BY id",
    [DBR_NO_FEDID] = "SELECT id AS player_id, name, country, club FROM players "
                     "WHERE tournament_id = ?1 AND federation_id = '' AND entry <> 'refused' "
                     "ORDER BY id",
};

int db_report_rows(struct db *db, enum db_report_query q, int64_t tid, db_report_row row,
                   void *ctx)
{
    sqlite3_stmt *st = db_stmt(db, queries[q]);
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    int n = sqlite3_column_count(st), rc;
    const char **names = calloc((size_t)n, sizeof *names);
    struct db_cell *cells = calloc((size_t)n, sizeof *cells);
    int out = names && cells ? CW_OK : CW_ENOMEM;
    for (int i = 0; out == CW_OK && i < n; i++)
        names[i] = sqlite3_column_name(st, i);
    if (out == CW_OK && row(ctx, n, names, NULL)) /* the columns, rows or not */
        out = CW_ENOMEM;
    while (out == CW_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int i = 0; i < n; i++) {
            int t = sqlite3_column_type(st, i);
            cells[i].type = t == SQLITE_NULL ? DBC_NULL : t == SQLITE_INTEGER ? DBC_INT : DBC_TEXT;
            cells[i].i = t == SQLITE_INTEGER ? sqlite3_column_int64(st, i) : 0;
            cells[i].s = t == SQLITE_NULL || t == SQLITE_INTEGER
                             ? NULL
                             : (const char *)sqlite3_column_text(st, i);
        }
        if (row(ctx, n, names, cells))
            out = CW_ENOMEM;
    }
    if (out == CW_OK && rc != SQLITE_DONE)
        out = CW_EDB;
    free(names);
    free(cells);
    db_done(st);
    return out;
}
