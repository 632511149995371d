/* SQL of two registrations of one player merged. See players_merge.h. */
#include "store/players_merge.h"

#include <stdio.h>
#include <string.h>

#include "store/sql.h"

/* The events player ?1 takes part in, in any way a record of the event says. */
#define IN_EVENTS(p)                                                                              \
    "SELECT event_id FROM event_entries WHERE player_id = " p                                     \
    " UNION SELECT event_id FROM matches WHERE event_id IS NOT NULL AND (player_a = " p           \
    " OR player_b = " p ") UNION SELECT event_id FROM davis_teams WHERE player1 = " p             \
    " OR player2 = " p " UNION SELECT event_id FROM swiss_entries WHERE player_id = " p          \
    " UNION SELECT event_id FROM chip_ledger WHERE from_player = " p " OR to_player = " p        \
    " UNION SELECT event_id FROM swing_rounds WHERE sitter = " p

static void read_clash(sqlite3_stmt *st, void *row)
{
    struct merge_conflict *c = row;
    c->id = sqlite3_column_int64(st, 0);
    const unsigned char *n = sqlite3_column_text(st, 1);
    snprintf(c->name, sizeof c->name, "%s", n ? (const char *)n : "");
}

int db_player_merge_conflict(struct db *db, int64_t tid, int64_t a, int64_t b,
                             struct merge_conflict *c)
{
    memset(c, 0, sizeof *c);
    static const char *const sql[] = {
        [MERGE_MATCH] = "SELECT id, '' FROM matches WHERE tournament_id = ?1 AND "
                        "((player_a = ?2 AND player_b = ?3) OR (player_a = ?3 AND player_b = ?2)) "
                        "ORDER BY id LIMIT 1",
        [MERGE_EVENT] = "SELECT id, name FROM events WHERE tournament_id = ?1 AND id IN (" IN_EVENTS(
            "?2") ") AND id IN (" IN_EVENTS("?3") ") ORDER BY id LIMIT 1",
        [MERGE_COMMITTEE] = "SELECT count(*), '' FROM committee_members WHERE tournament_id = ?1 "
                            "AND removed_ms IS NULL AND player_id IN (?2, ?3) HAVING count(*) > 1",
    };
    for (int k = MERGE_MATCH; k <= MERGE_COMMITTEE; k++) {
        sqlite3_stmt *st = db_stmt(db, sql[k]);
        if (!st)
            return CW_EDB;
        sqlite3_bind_int64(st, 1, tid);
        sqlite3_bind_int64(st, 2, a);
        sqlite3_bind_int64(st, 3, b);
        int rc = db_row(st, read_clash, c);
        if (rc == CW_OK) {
            c->clash = (enum merge_clash)k;
            return CW_OK;
        }
        if (rc != CW_ENOTFOUND)
            return CW_EDB;
    }
    return CW_OK;
}

int db_player_merge_move(struct db *db, int64_t from, int64_t to)
{
    /* every column that names a player (schema/: each REFERENCES players(id)) */
    static const char *const moves[] = {
        "UPDATE event_entries SET player_id = ?2 WHERE player_id = ?1",
        "UPDATE matches SET player_a = ?2 WHERE player_a = ?1",
        "UPDATE matches SET player_b = ?2 WHERE player_b = ?1",
        "UPDATE davis_teams SET player1 = ?2 WHERE player1 = ?1",
        "UPDATE davis_teams SET player2 = ?2 WHERE player2 = ?1",
        "UPDATE swing_rounds SET sitter = ?2 WHERE sitter = ?1",
        "UPDATE chip_ledger SET from_player = ?2 WHERE from_player = ?1",
        "UPDATE chip_ledger SET to_player = ?2 WHERE to_player = ?1",
        "UPDATE swiss_rounds SET bye = ?2 WHERE bye = ?1",
        "UPDATE swiss_entries SET player_id = ?2 WHERE player_id = ?1",
        "UPDATE calls SET player_id = ?2 WHERE player_id = ?1",
        "UPDATE entry_decisions SET player_id = ?2 WHERE player_id = ?1",
        "UPDATE committee_members SET player_id = ?2 WHERE player_id = ?1",
        "UPDATE appeals SET player_id = ?2 WHERE player_id = ?1",
        "UPDATE appeal_statements SET player_id = ?2 WHERE player_id = ?1",
        "DELETE FROM player_sessions WHERE player_id = ?1",
        "DELETE FROM players WHERE id = ?1",
    };
    /* the players' list and every event's (entries, brackets) are read again */
    db_part_changed(db, DB_PLAYERS);
    db_part_changed(db, DB_EVENTS);
    for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) {
        sqlite3_stmt *st = db_stmt(db, moves[i]);
        if (!st)
            return CW_EDB;
        sqlite3_bind_int64(st, 1, from);
        sqlite3_bind_int64(st, 2, to);
        int rc = db_step_done(st);
        if (rc != CW_OK)
            return rc;
    }
    return CW_OK;
}
