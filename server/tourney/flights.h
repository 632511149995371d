/* GOV-4 (003 1.4): a knockout's flight as a rank, for the TD's moving a player up from a
 * lower flight into a higher one. The flights of KO-1, from the top: Championship (also
 * "Open", "Masters"), Intermediate (also "Advanced"), then every other (Novice, Beginner,
 * Amateur, a flight not named). */
#ifndef TOURNEY_FLIGHTS_H
#define TOURNEY_FLIGHTS_H

/* 3, 2 or 1 as above (any case); NULL or "" is 1. */
int flight_rank(const char *flight);

#endif
