/* Jellyfish .mat match transcripts (and single-game .gam files), read from and written to
 * memory exactly as ../shared/tools/gnubg/MAT_FORMAT.md describes gnubg 1.07's export. */
#ifndef BG_MAT_H
#define BG_MAT_H

#include <stddef.h>

#include "rules/bg_match.h"

/* Reads a transcript from buf (len bytes, any content: no NUL needed, never read past len).
 *
 * rec receives everything that could be read (free it with bg_match_rec_free even on error):
 * the match length (0 for a money session, " 0 point match", or a .gam file), the names, and
 * per game the stated score before it, its actions with the move numbers printed in the file,
 * and its "Wins" result. The reader does not judge the play: bg_match_replay does. Actions
 * go to the players by parity (the first line of a game with an empty left cell means the
 * right player began), and each line's cells must sit in their player's column.
 *
 * Also read, as other programs write them (README "Match files"): one checker's steps
 * combined ("22/13", "bar/21", "13/5(2)", split by the replay), "Cannot Move", the loser's line
 * "Losses N point(s)", "Wins N points and the match", empty names, FIBS "name,rating", a
 * UTF-8 byte-order mark, CRLF, and names in Windows-1252 / Latin-1 (stored as UTF-8).
 *
 * A file may hold a partial record, valid as far as it goes: rec->complete is not set; a
 * first score other than 0-0 sets rec->resumed; a file that ends inside a game (even inside
 * a line) leaves that game truncated without an error, and bg_match_replay does not count it.
 *
 * Returns 0 when the whole text was read; -1 when some of it could not be (a line that is not
 * .mat, a game cut off before its result, ...): err (may be NULL) says where and why, and the
 * same error is kept in rec->tail_err, after what was read, so that bg_match_replay reports
 * an illegal play that comes earlier in the file first. The rule id of such errors is
 * "FORMAT". */
int bg_mat_parse(const char *buf, size_t len, bg_match_rec *rec, bg_err *err);

/* Writes rec as gnubg writes a .mat file (a .gam file when rec->mat_gam): rec->mat_header,
 * the match line, score lines, moves with the hit stars recomputed from the positions, cube
 * cells with the values counted from 1, and "Wins" lines; resignation offers and answers are
 * not written (the format has none), nor the quirks of other programs that the reader accepts
 * (a combined step stays one step). A last game cut off (a partial record) is written without
 * its result. Each game's winner and points come from rep (a replay
 * of rec, may be NULL) or else from the stated result. Returns a malloc'd NUL-terminated
 * text (release with bg_mat_text_free; *len its length) or NULL with err. */
char *bg_mat_export(const bg_match_rec *rec, const bg_match_report *rep, size_t *len, bg_err *err);
void bg_mat_text_free(char *text);

#endif
