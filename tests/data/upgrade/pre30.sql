-- The upgrade fixture: a database made by crawford 0.1.0, main at 6468cb2 (schema version 16),
-- with tests/data/upgrade/make_fixture.sh; never remade by a newer binary (see there).
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
CREATE TABLE tournaments (
    id                  INTEGER PRIMARY KEY,
    name                TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    venue               TEXT NOT NULL DEFAULT '',
    start_date          TEXT,
    end_date            TEXT,
    illegal_move_policy TEXT NOT NULL DEFAULT 'legal' CHECK (illegal_move_policy IN ('legal', 'responsible')),
    late_grace_min      INTEGER NOT NULL DEFAULT 5 CHECK (late_grace_min BETWEEN 0 AND 240),
    late_step_min       INTEGER NOT NULL DEFAULT 5 CHECK (late_step_min BETWEEN 1 AND 120),
    break_table         TEXT NOT NULL DEFAULT 'wbgf' CHECK (break_table IN ('wbgf', 'italian')),
    clock_mode          TEXT NOT NULL DEFAULT 'delay' CHECK (clock_mode IN ('delay', 'bronstein')),
    clock_bank_per_point_s INTEGER NOT NULL DEFAULT 120 CHECK (clock_bank_per_point_s BETWEEN 1 AND 3600),
    clock_delay_s       INTEGER NOT NULL DEFAULT 12 CHECK (clock_delay_s BETWEEN 0 AND 600),
    -- Optional split bank (CLK-2): seconds per point of the first part; 0 = no split.
    clock_split_first_per_point_s INTEGER NOT NULL DEFAULT 0 CHECK (clock_split_first_per_point_s >= 0),
    -- Bumped by every change inside the tournament: the ETag of its resources.
    revision            INTEGER NOT NULL DEFAULT 1,
    created_ms          INTEGER NOT NULL,
    updated_ms          INTEGER NOT NULL
, last_event_id INTEGER NOT NULL DEFAULT 0, tables TEXT NOT NULL DEFAULT '[]') STRICT;
INSERT INTO tournaments VALUES(1,'Upgrade Open','Roma',NULL,NULL,'legal',5,5,'wbgf','delay',120,12,0,129,1795830655754,1795830656235,124,'[]');
CREATE TABLE players (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    name           TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    country        TEXT NOT NULL DEFAULT '',
    rating         REAL,
    federation_id  TEXT NOT NULL DEFAULT '',
    pin            TEXT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'registered' CHECK (status IN ('registered', 'withdrawn')),
    checked_in_ms  INTEGER,
    withdrawn_ms   INTEGER,
    created_ms     INTEGER NOT NULL,
    updated_ms     INTEGER NOT NULL
, official_id INTEGER REFERENCES officials(id)) STRICT;
INSERT INTO players VALUES(1,1,'Alba','',NULL,'','227478','registered',1795830655998,NULL,1795830655982,1795830655998,NULL);
INSERT INTO players VALUES(2,1,'Bruno','',NULL,'','671356','registered',1795830656000,NULL,1795830655986,1795830656000,NULL);
INSERT INTO players VALUES(3,1,'Carla','',NULL,'','266360','registered',1795830656002,NULL,1795830655988,1795830656002,NULL);
INSERT INTO players VALUES(4,1,'Dario','',NULL,'','875066','registered',1795830656003,NULL,1795830655991,1795830656003,NULL);
INSERT INTO players VALUES(5,1,'Elena','',NULL,'','431039','registered',NULL,NULL,1795830655993,1795830655993,NULL);
INSERT INTO players VALUES(6,1,'Fabio','',NULL,'','784227','registered',NULL,NULL,1795830655994,1795830655994,NULL);
INSERT INTO players VALUES(7,1,'Gina','',NULL,'','988399','registered',NULL,NULL,1795830655996,1795830655996,NULL);
INSERT INTO players VALUES(8,1,'Ivo','',NULL,'','960886','registered',NULL,NULL,1795830655997,1795830655997,NULL);
INSERT INTO players VALUES(9,1,'Sara','',NULL,'','997239','registered',NULL,NULL,1795830656098,1795830656098,NULL);
INSERT INTO players VALUES(10,1,'Tino','',NULL,'','931793','registered',NULL,NULL,1795830656099,1795830656099,NULL);
INSERT INTO players VALUES(11,1,'Ugo','',NULL,'','878490','registered',NULL,NULL,1795830656103,1795830656103,NULL);
INSERT INTO players VALUES(12,1,'Vera','',NULL,'','245970','registered',NULL,NULL,1795830656105,1795830656105,NULL);
INSERT INTO players VALUES(13,1,'Walter','',NULL,'','207701','registered',NULL,NULL,1795830656106,1795830656106,NULL);
INSERT INTO players VALUES(14,1,'Xenia','',NULL,'','910211','registered',NULL,NULL,1795830656107,1795830656107,NULL);
INSERT INTO players VALUES(15,1,'Yuri','',NULL,'','368738','registered',NULL,NULL,1795830656109,1795830656109,NULL);
INSERT INTO players VALUES(16,1,'Anna Rossi','',NULL,'','232370','registered',NULL,NULL,1795830656149,1795830656149,NULL);
INSERT INTO players VALUES(17,1,'Berto Rossi','',NULL,'','699008','registered',NULL,NULL,1795830656150,1795830656150,NULL);
INSERT INTO players VALUES(18,1,'Ciro Verdi','',NULL,'','826538','registered',NULL,NULL,1795830656152,1795830656152,NULL);
INSERT INTO players VALUES(19,1,'Dina Verdi','',NULL,'','703451','registered',NULL,NULL,1795830656154,1795830656154,NULL);
INSERT INTO players VALUES(20,1,'Ezio Neri','',NULL,'','774002','registered',NULL,NULL,1795830656155,1795830656155,NULL);
INSERT INTO players VALUES(21,1,'Flora Neri','',NULL,'','475729','registered',NULL,NULL,1795830656157,1795830656157,NULL);
INSERT INTO players VALUES(22,1,'Gaia Blu','',NULL,'','722700','registered',NULL,NULL,1795830656181,1795830656181,NULL);
INSERT INTO players VALUES(23,1,'Enzo Blu','',NULL,'','612017','registered',NULL,NULL,1795830656184,1795830656184,NULL);
INSERT INTO players VALUES(24,1,'Ines Oro','',NULL,'','533424','registered',NULL,NULL,1795830656186,1795830656186,NULL);
INSERT INTO players VALUES(25,1,'Luca Oro','',NULL,'','752706','registered',NULL,NULL,1795830656187,1795830656187,NULL);
INSERT INTO players VALUES(26,1,'Marta Rame','',NULL,'','734438','registered',NULL,NULL,1795830656189,1795830656189,NULL);
INSERT INTO players VALUES(27,1,'Nico Rame','',NULL,'','319502','registered',NULL,NULL,1795830656190,1795830656190,NULL);
INSERT INTO players VALUES(28,1,'Olga Viola','',NULL,'','307552','registered',NULL,NULL,1795830656192,1795830656192,NULL);
INSERT INTO players VALUES(29,1,'Piero Viola','',NULL,'','957002','registered',NULL,NULL,1795830656193,1795830656193,NULL);
INSERT INTO players VALUES(30,1,'Walter Ritirato','',NULL,'','174687','withdrawn',NULL,1795830656235,1795830656233,1795830656235,NULL);
CREATE TABLE audit_log (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER REFERENCES tournaments(id),
    at_ms         INTEGER NOT NULL,
    actor         TEXT NOT NULL,
    action        TEXT NOT NULL,
    entity        TEXT NOT NULL,
    entity_id     INTEGER,
    before_json   TEXT,
    after_json    TEXT
, ruling_id INTEGER REFERENCES rulings(id)) STRICT;
INSERT INTO audit_log VALUES(1,NULL,1795830655316,'env','td.password_set','official',1,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(2,NULL,1795830655565,'official:1','td.login','official',1,NULL,'{"expires_at":"2026-11-28T17:50:55.565Z","role":"head"}',NULL);
INSERT INTO audit_log VALUES(3,1,1795830655754,'official:1','tournament.create','tournament',1,NULL,'{"id":1,"name":"Upgrade Open","venue":"Roma","start_date":null,"end_date":null,"illegal_move_policy":"legal","lateness":{"grace_minutes":5,"step_minutes":5},"break_table":"wbgf","clock":{"mode":"delay","bank_per_point_s":120,"delay_s":12,"split_first_per_point_s":0},"revision":1,"created_at":"2026-11-28T01:50:55.754Z","updated_at":"2026-11-28T01:50:55.754Z","tables":[]}',NULL);
INSERT INTO audit_log VALUES(4,NULL,1795830655756,'official:1','official.add','official',2,NULL,'{"created_at":"2026-11-28T01:50:55.756Z","has_password":true,"id":2,"name":"Ada Assistant","role":"assistant","status":"active","updated_at":"2026-11-28T01:50:55.756Z"}',NULL);
INSERT INTO audit_log VALUES(5,NULL,1795830655866,'official:2','td.login','official',2,NULL,'{"expires_at":"2026-11-28T17:50:55.866Z","role":"assistant"}',NULL);
INSERT INTO audit_log VALUES(6,1,1795830655982,'official:1','player.register','player',1,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.982Z","federation_id":"","id":1,"name":"Alba","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.982Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(7,1,1795830655986,'official:1','player.register','player',2,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.986Z","federation_id":"","id":2,"name":"Bruno","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.986Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(8,1,1795830655988,'official:1','player.register','player',3,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.988Z","federation_id":"","id":3,"name":"Carla","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.988Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(9,1,1795830655991,'official:1','player.register','player',4,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.991Z","federation_id":"","id":4,"name":"Dario","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.991Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(10,1,1795830655993,'official:1','player.register','player',5,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.993Z","federation_id":"","id":5,"name":"Elena","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.993Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(11,1,1795830655994,'official:1','player.register','player',6,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.994Z","federation_id":"","id":6,"name":"Fabio","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.994Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(12,1,1795830655996,'official:1','player.register','player',7,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.996Z","federation_id":"","id":7,"name":"Gina","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.996Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(13,1,1795830655997,'official:1','player.register','player',8,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.997Z","federation_id":"","id":8,"name":"Ivo","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.997Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(14,1,1795830655998,'official:1','player.check_in','player',1,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.982Z","federation_id":"","id":1,"name":"Alba","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.982Z","withdrawn_at":null}','{"checked_in":true,"checked_in_at":"2026-11-28T01:50:55.998Z","country":"","created_at":"2026-11-28T01:50:55.982Z","federation_id":"","id":1,"name":"Alba","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.998Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(15,1,1795830656000,'official:1','player.check_in','player',2,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.986Z","federation_id":"","id":2,"name":"Bruno","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.986Z","withdrawn_at":null}','{"checked_in":true,"checked_in_at":"2026-11-28T01:50:56.000Z","country":"","created_at":"2026-11-28T01:50:55.986Z","federation_id":"","id":2,"name":"Bruno","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.000Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(16,1,1795830656002,'official:1','player.check_in','player',3,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.988Z","federation_id":"","id":3,"name":"Carla","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.988Z","withdrawn_at":null}','{"checked_in":true,"checked_in_at":"2026-11-28T01:50:56.002Z","country":"","created_at":"2026-11-28T01:50:55.988Z","federation_id":"","id":3,"name":"Carla","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.002Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(17,1,1795830656003,'official:1','player.check_in','player',4,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:55.991Z","federation_id":"","id":4,"name":"Dario","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:55.991Z","withdrawn_at":null}','{"checked_in":true,"checked_in_at":"2026-11-28T01:50:56.003Z","country":"","created_at":"2026-11-28T01:50:55.991Z","federation_id":"","id":4,"name":"Dario","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.003Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(18,1,1795830656004,'official:1','event.create','event',1,NULL,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.004Z"}',NULL);
INSERT INTO audit_log VALUES(19,1,1795830656006,'official:1','event.create','event',2,NULL,'{"created_at":"2026-11-28T01:50:56.006Z","entries":[],"id":2,"kind":"knockout","knockout":{"feeds_from":1,"lengths":[3]},"name":"Consolation","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.006Z"}',NULL);
INSERT INTO audit_log VALUES(20,1,1795830656007,'official:1','event.create','event',3,NULL,'{"created_at":"2026-11-28T01:50:56.007Z","entries":[],"id":3,"kind":"knockout","knockout":{"feeds_from":2,"lengths":[3]},"name":"Last Chance","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.007Z"}',NULL);
INSERT INTO audit_log VALUES(21,1,1795830656009,'official:1','event.entry_add','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.004Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.009Z"}',NULL);
INSERT INTO audit_log VALUES(22,1,1795830656010,'official:1','event.entry_add','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[1],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.009Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.010Z"}',NULL);
INSERT INTO audit_log VALUES(23,1,1795830656012,'official:1','event.entry_add','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.010Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.012Z"}',NULL);
INSERT INTO audit_log VALUES(24,1,1795830656013,'official:1','event.entry_add','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.012Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.013Z"}',NULL);
INSERT INTO audit_log VALUES(25,1,1795830656014,'official:1','event.entry_add','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.013Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.014Z"}',NULL);
INSERT INTO audit_log VALUES(26,1,1795830656016,'official:1','event.entry_add','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.014Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5,6],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.016Z"}',NULL);
INSERT INTO audit_log VALUES(27,1,1795830656017,'official:1','event.entry_add','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5,6],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.016Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5,6,7],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.017Z"}',NULL);
INSERT INTO audit_log VALUES(28,1,1795830656019,'official:1','event.entry_add','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5,6,7],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.017Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5,6,7,8],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.019Z"}',NULL);
INSERT INTO audit_log VALUES(29,1,1795830656020,'official:1','knockout.drawn','event',1,'{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5,6,7,8],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.019Z"}','{"created_at":"2026-11-28T01:50:56.004Z","entries":[1,2,3,4,5,6,7,8],"id":1,"kind":"knockout","knockout":{"flight":"championship","lengths":[3]},"name":"Main","priority":0,"state":"running","tournament_id":1,"updated_at":"2026-11-28T01:50:56.020Z"}',NULL);
INSERT INTO audit_log VALUES(30,1,1795830656020,'official:1','bracket.advanced','match',1,'{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[7,4],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(31,1,1795830656020,'official:1','bracket.advanced','match',2,'{"id":2,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":2,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[5,2],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(32,1,1795830656020,'official:1','bracket.advanced','match',3,'{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[8,3],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(33,1,1795830656020,'official:1','bracket.advanced','match',4,'{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[6,1],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(34,1,1795830656028,'player:7','player.login','player',7,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(35,1,1795830656029,'player:7','match.reported','match',1,'{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[7,4],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[7,4],"score":{"a":3,"b":1},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(36,1,1795830656032,'player:4','player.login','player',4,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(37,1,1795830656033,'player:4','bracket.advanced','match',5,'{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[7,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(38,1,1795830656033,'player:4','match.verified','match',1,'{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[7,4],"score":{"a":3,"b":1},"winner":null,"result_report_id":null}','{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"verified","players":[7,4],"score":{"a":3,"b":1},"winner":"a","result_report_id":2}',NULL);
INSERT INTO audit_log VALUES(39,1,1795830656036,'official:1','bracket.advanced','match',5,'{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[7,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[7,2],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(40,1,1795830656036,'official:1','match.verified','match',2,'{"id":2,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[5,2],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":2,"event_id":1,"round":1,"length":3,"table":"","state":"verified","players":[5,2],"score":{"a":0,"b":3},"winner":"b","result_report_id":3}',NULL);
INSERT INTO audit_log VALUES(41,1,1795830656040,'player:3','player.login','player',3,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(42,1,1795830656041,'player:3','match.conceded','match',3,'{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[8,3],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[8,3],"score":{"a":3,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(43,1,1795830656044,'player:8','player.login','player',8,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(44,1,1795830656045,'player:8','bracket.advanced','match',6,'{"id":6,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":6,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[8,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(45,1,1795830656045,'player:8','match.verified','match',3,'{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[8,3],"score":{"a":3,"b":0},"winner":null,"result_report_id":null}','{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"verified","players":[8,3],"score":{"a":3,"b":0},"winner":"a","result_report_id":5}',NULL);
INSERT INTO audit_log VALUES(46,1,1795830656050,'player:6','player.login','player',6,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(47,1,1795830656051,'player:6','match.playing','match',4,'{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[6,1],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"playing","players":[6,1],"score":{"a":0,"b":1},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(48,1,1795830656056,'player:6','match.playing','match',4,'{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"playing","players":[6,1],"score":{"a":0,"b":1},"winner":null,"result_report_id":null}','{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"playing","players":[6,1],"score":{"a":2,"b":1},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(49,1,1795830656057,'player:6','match.reported','match',4,'{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"playing","players":[6,1],"score":{"a":2,"b":1},"winner":null,"result_report_id":null}','{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[6,1],"score":{"a":3,"b":1},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(50,1,1795830656060,'player:1','player.login','player',1,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(51,1,1795830656061,'player:1','bracket.advanced','match',6,'{"id":6,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[8,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":6,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(52,1,1795830656061,'player:1','knockout.drawn','event',2,'{"created_at":"2026-11-28T01:50:56.006Z","entries":[1,3,4,5],"id":2,"kind":"knockout","knockout":{"feeds_from":1,"lengths":[3]},"name":"Consolation","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.006Z"}','{"created_at":"2026-11-28T01:50:56.006Z","entries":[1,3,4,5],"id":2,"kind":"knockout","knockout":{"feeds_from":1,"lengths":[3]},"name":"Consolation","priority":0,"state":"running","tournament_id":1,"updated_at":"2026-11-28T01:50:56.061Z"}',NULL);
INSERT INTO audit_log VALUES(53,1,1795830656061,'player:1','bracket.advanced','match',8,'{"id":8,"event_id":2,"round":1,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":8,"event_id":2,"round":1,"length":3,"table":"","state":"scheduled","players":[4,3],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(54,1,1795830656061,'player:1','bracket.advanced','match',9,'{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"scheduled","players":[5,1],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(55,1,1795830656061,'player:1','match.verified','match',4,'{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[6,1],"score":{"a":3,"b":1},"winner":null,"result_report_id":null}','{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"verified","players":[6,1],"score":{"a":3,"b":1},"winner":"a","result_report_id":7}',NULL);
INSERT INTO audit_log VALUES(56,1,1795830656067,'player:7','match.reported','match',5,'{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[7,2],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"reported","players":[7,2],"score":{"a":3,"b":1},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(57,1,1795830656070,'official:1','match.call','match',6,'{"id":6,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"called","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(58,1,1795830656073,'official:1','match.playing','match',6,'{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"called","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"playing","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(59,1,1795830656075,'player:8','match.playing','match',6,'{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"playing","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"playing","players":[8,6],"score":{"a":1,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(60,1,1795830656080,'official:1','match.penalty','penalty',1,NULL,'{"id":1,"match_id":6,"side":"b","kind":"points","points":1,"reason":"slow play after warnings","before_game":1,"created_ms":1795830656080,"created_at":"2026-11-28T01:50:56.080Z"}',NULL);
INSERT INTO audit_log VALUES(61,1,1795830656080,'official:1','match.penalty','match',6,'{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"playing","players":[8,6],"score":{"a":1,"b":0},"winner":null,"result_report_id":null}','{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"playing","players":[8,6],"score":{"a":2,"b":0},"winner":null,"result_report_id":null,"penalty_points":{"a":1,"b":0}}',NULL);
INSERT INTO audit_log VALUES(62,1,1795830656083,'player:6','call.opened','call',1,NULL,'{"age_s":0,"closed_at":null,"closed_by":null,"created_at":"2026-11-28T01:50:56.083Z","created_ms":1795830656083,"id":1,"leave_minutes":null,"leave_until_ms":null,"match_id":6,"outcome":null,"player_id":6,"reason":"clock","side":"b","state":"open","table":"7","taken_at":null,"taken_by":null,"text":"please bring a clock"}',NULL);
INSERT INTO audit_log VALUES(63,1,1795830656085,'official:2','call.taken','call',1,'{"age_s":0,"closed_at":null,"closed_by":null,"created_at":"2026-11-28T01:50:56.083Z","created_ms":1795830656083,"id":1,"leave_minutes":null,"leave_until_ms":null,"match_id":6,"outcome":null,"player_id":6,"reason":"clock","side":"b","state":"open","table":"7","taken_at":null,"taken_by":null,"text":"please bring a clock"}','{"age_s":0,"closed_at":null,"closed_by":null,"created_at":"2026-11-28T01:50:56.083Z","created_ms":1795830656083,"id":1,"leave_minutes":null,"leave_until_ms":null,"match_id":6,"outcome":null,"player_id":6,"reason":"clock","side":"b","state":"taken","table":"7","taken_at":"2026-11-28T01:50:56.085Z","taken_by":"Ada Assistant","text":"please bring a clock"}',NULL);
INSERT INTO audit_log VALUES(64,1,1795830656089,'official:1','bracket.advanced','match',10,'{"id":10,"event_id":2,"round":2,"length":3,"table":"","state":"scheduled","players":[null,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":10,"event_id":2,"round":2,"length":3,"table":"","state":"scheduled","players":[4,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(65,1,1795830656089,'official:1','match.verified','match',8,'{"id":8,"event_id":2,"round":1,"length":3,"table":"","state":"scheduled","players":[4,3],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":8,"event_id":2,"round":1,"length":3,"table":"","state":"verified","players":[4,3],"score":{"a":3,"b":2},"winner":"a","result_report_id":10}',NULL);
INSERT INTO audit_log VALUES(66,1,1795830656094,'player:5','player.login','player',5,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(67,1,1795830656095,'player:5','match.reported','match',9,'{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"scheduled","players":[5,1],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"reported","players":[5,1],"score":{"a":3,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(68,1,1795830656097,'player:1','match.disputed','match',9,'{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"reported","players":[5,1],"score":{"a":3,"b":0},"winner":null,"result_report_id":null}','{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"disputed","players":[5,1],"score":{"a":3,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(69,1,1795830656098,'official:1','player.register','player',9,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.098Z","federation_id":"","id":9,"name":"Sara","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.098Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(70,1,1795830656099,'official:1','player.register','player',10,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.099Z","federation_id":"","id":10,"name":"Tino","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.099Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(71,1,1795830656101,'official:1','match.create','match',11,NULL,'{"id":11,"event_id":null,"round":0,"length":1,"table":"","state":"scheduled","players":[9,10],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(72,1,1795830656102,'official:1','match.call','match',11,'{"id":11,"event_id":null,"round":0,"length":1,"table":"","state":"scheduled","players":[9,10],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":11,"event_id":null,"round":0,"length":1,"table":"3","state":"called","players":[9,10],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(73,1,1795830656103,'official:1','player.register','player',11,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.103Z","federation_id":"","id":11,"name":"Ugo","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.103Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(74,1,1795830656105,'official:1','player.register','player',12,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.105Z","federation_id":"","id":12,"name":"Vera","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.105Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(75,1,1795830656106,'official:1','player.register','player',13,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.106Z","federation_id":"","id":13,"name":"Walter","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.106Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(76,1,1795830656107,'official:1','player.register','player',14,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.107Z","federation_id":"","id":14,"name":"Xenia","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.107Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(77,1,1795830656109,'official:1','player.register','player',15,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.109Z","federation_id":"","id":15,"name":"Yuri","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.109Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(78,1,1795830656110,'official:1','event.create','event',4,NULL,'{"created_at":"2026-11-28T01:50:56.110Z","entries":[],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.110Z"}',NULL);
INSERT INTO audit_log VALUES(79,1,1795830656112,'official:1','event.entry_add','event',4,'{"created_at":"2026-11-28T01:50:56.110Z","entries":[],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.110Z"}','{"created_at":"2026-11-28T01:50:56.110Z","entries":[11],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.112Z"}',NULL);
INSERT INTO audit_log VALUES(80,1,1795830656113,'official:1','event.entry_add','event',4,'{"created_at":"2026-11-28T01:50:56.110Z","entries":[11],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.112Z"}','{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.113Z"}',NULL);
INSERT INTO audit_log VALUES(81,1,1795830656115,'official:1','event.entry_add','event',4,'{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.113Z"}','{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12,13],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.115Z"}',NULL);
INSERT INTO audit_log VALUES(82,1,1795830656116,'official:1','event.entry_add','event',4,'{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12,13],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.115Z"}','{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12,13,14],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.116Z"}',NULL);
INSERT INTO audit_log VALUES(83,1,1795830656118,'official:1','event.entry_add','event',4,'{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12,13,14],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.116Z"}','{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12,13,14,15],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.118Z"}',NULL);
INSERT INTO audit_log VALUES(84,1,1795830656119,'official:1','event.start','event',4,'{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12,13,14,15],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"open","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.118Z"}','{"created_at":"2026-11-28T01:50:56.110Z","entries":[11,12,13,14,15],"id":4,"kind":"swing","name":"Swing","priority":0,"state":"running","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000},"tournament_id":1,"updated_at":"2026-11-28T01:50:56.119Z"}',NULL);
INSERT INTO audit_log VALUES(85,1,1795830656119,'official:1','swing.round_start','event',4,NULL,'{"event_id":4,"round":1,"cpp":10,"seed":"swing-1","forced":false,"sitter":12,"games":[{"id":12,"tournament_id":1,"event_id":4,"length":0,"table":"","state":"scheduled","sides":[{"side":"a","score":0,"player_id":15,"name":"Yuri","country":""},{"side":"b","score":0,"player_id":13,"name":"Walter","country":""}],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"times":{"scheduled":"2026-11-28T01:50:56.119Z"},"updated_at":"2026-11-28T01:50:56.119Z","penalty_points":{"a":0,"b":0},"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}},{"id":13,"tournament_id":1,"event_id":4,"length":0,"table":"","state":"scheduled","sides":[{"side":"a","score":0,"player_id":11,"name":"Ugo","country":""},{"side":"b","score":0,"player_id":14,"name":"Xenia","country":""}],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"times":{"scheduled":"2026-11-28T01:50:56.119Z"},"updated_at":"2026-11-28T01:50:56.119Z","penalty_points":{"a":0,"b":0},"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}}]}',NULL);
INSERT INTO audit_log VALUES(86,1,1795830656123,'player:15','player.login','player',15,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(87,1,1795830656125,'player:15','match.reported','match',12,'{"id":12,"event_id":4,"round":1,"length":0,"table":"","state":"scheduled","players":[15,13],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":12,"event_id":4,"round":1,"length":0,"table":"","state":"reported","players":[15,13],"score":{"a":1,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(88,1,1795830656127,'player:13','player.login','player',13,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(89,1,1795830656128,'player:13','match.verified','match',12,'{"id":12,"event_id":4,"round":1,"length":0,"table":"","state":"reported","players":[15,13],"score":{"a":1,"b":0},"winner":null,"result_report_id":null}','{"id":12,"event_id":4,"round":1,"length":0,"table":"","state":"verified","players":[15,13],"score":{"a":1,"b":0},"winner":"a","result_report_id":14}',NULL);
INSERT INTO audit_log VALUES(90,1,1795830656132,'player:11','player.login','player',11,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(91,1,1795830656134,'player:11','match.reported','match',13,'{"id":13,"event_id":4,"round":1,"length":0,"table":"","state":"scheduled","players":[11,14],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":13,"event_id":4,"round":1,"length":0,"table":"","state":"reported","players":[11,14],"score":{"a":0,"b":4},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(92,1,1795830656136,'player:14','player.login','player',14,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(93,1,1795830656137,'player:14','match.verified','match',13,'{"id":13,"event_id":4,"round":1,"length":0,"table":"","state":"reported","players":[11,14],"score":{"a":0,"b":4},"winner":null,"result_report_id":null}','{"id":13,"event_id":4,"round":1,"length":0,"table":"","state":"verified","players":[11,14],"score":{"a":0,"b":4},"winner":"b","result_report_id":16}',NULL);
INSERT INTO audit_log VALUES(94,1,1795830656139,'official:1','swing.round_start','event',4,NULL,'{"event_id":4,"round":2,"cpp":20,"seed":"swing-2","forced":false,"sitter":14,"games":[{"id":14,"tournament_id":1,"event_id":4,"length":0,"table":"","state":"scheduled","sides":[{"side":"a","score":0,"player_id":15,"name":"Yuri","country":""},{"side":"b","score":0,"player_id":12,"name":"Vera","country":""}],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"times":{"scheduled":"2026-11-28T01:50:56.139Z"},"updated_at":"2026-11-28T01:50:56.139Z","penalty_points":{"a":0,"b":0},"label":{"event":"Swing","kind":"swing","round":2,"rounds":null,"round_name":"Round 2","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 2"}},{"id":15,"tournament_id":1,"event_id":4,"length":0,"table":"","state":"scheduled","sides":[{"side":"a","score":0,"player_id":13,"name":"Walter","country":""},{"side":"b","score":0,"player_id":11,"name":"Ugo","country":""}],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"times":{"scheduled":"2026-11-28T01:50:56.139Z"},"updated_at":"2026-11-28T01:50:56.139Z","penalty_points":{"a":0,"b":0},"label":{"event":"Swing","kind":"swing","round":2,"rounds":null,"round_name":"Round 2","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 2"}}]}',NULL);
INSERT INTO audit_log VALUES(95,1,1795830656143,'player:12','player.login','player',12,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(96,1,1795830656145,'player:12','match.reported','match',14,'{"id":14,"event_id":4,"round":2,"length":0,"table":"","state":"scheduled","players":[15,12],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":14,"event_id":4,"round":2,"length":0,"table":"","state":"reported","players":[15,12],"score":{"a":3,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(97,1,1795830656146,'player:15','match.verified','match',14,'{"id":14,"event_id":4,"round":2,"length":0,"table":"","state":"reported","players":[15,12],"score":{"a":3,"b":0},"winner":null,"result_report_id":null}','{"id":14,"event_id":4,"round":2,"length":0,"table":"","state":"verified","players":[15,12],"score":{"a":3,"b":0},"winner":"a","result_report_id":18}',NULL);
INSERT INTO audit_log VALUES(98,1,1795830656149,'official:1','player.register','player',16,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.149Z","federation_id":"","id":16,"name":"Anna Rossi","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.149Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(99,1,1795830656150,'official:1','player.register','player',17,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.150Z","federation_id":"","id":17,"name":"Berto Rossi","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.150Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(100,1,1795830656152,'official:1','player.register','player',18,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.152Z","federation_id":"","id":18,"name":"Ciro Verdi","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.152Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(101,1,1795830656154,'official:1','player.register','player',19,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.154Z","federation_id":"","id":19,"name":"Dina Verdi","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.154Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(102,1,1795830656155,'official:1','player.register','player',20,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.155Z","federation_id":"","id":20,"name":"Ezio Neri","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.155Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(103,1,1795830656157,'official:1','player.register','player',21,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.157Z","federation_id":"","id":21,"name":"Flora Neri","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.157Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(104,1,1795830656158,'official:1','event.create','event',5,NULL,'{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.158Z"}',NULL);
INSERT INTO audit_log VALUES(105,1,1795830656160,'official:1','davis.team_add','event',5,'{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.158Z"}','{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.160Z"}',NULL);
INSERT INTO audit_log VALUES(106,1,1795830656162,'official:1','davis.team_add','event',5,'{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.160Z"}','{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.162Z"}',NULL);
INSERT INTO audit_log VALUES(107,1,1795830656163,'official:1','davis.team_add','event',5,'{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.162Z"}','{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.163Z"}',NULL);
INSERT INTO audit_log VALUES(108,1,1795830656165,'official:1','davis.start','event',5,'{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.163Z"}','{"created_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false},"entries":[],"id":5,"kind":"davis","name":"Cup","priority":0,"state":"running","tournament_id":1,"updated_at":"2026-11-28T01:50:56.165Z"}',NULL);
INSERT INTO audit_log VALUES(109,1,1795830656171,'player:20','player.login','player',20,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(110,1,1795830656173,'player:20','match.reported','match',16,'{"id":16,"event_id":5,"round":1,"length":3,"table":"","state":"scheduled","players":[20,19],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":16,"event_id":5,"round":1,"length":3,"table":"","state":"reported","players":[20,19],"score":{"a":3,"b":2},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(111,1,1795830656175,'player:19','player.login','player',19,NULL,NULL,NULL);
INSERT INTO audit_log VALUES(112,1,1795830656177,'player:19','match.verified','match',16,'{"id":16,"event_id":5,"round":1,"length":3,"table":"","state":"reported","players":[20,19],"score":{"a":3,"b":2},"winner":null,"result_report_id":null}','{"id":16,"event_id":5,"round":1,"length":3,"table":"","state":"verified","players":[20,19],"score":{"a":3,"b":2},"winner":"a","result_report_id":20}',NULL);
INSERT INTO audit_log VALUES(113,1,1795830656179,'official:1','match.verified','match',17,'{"id":17,"event_id":5,"round":1,"length":3,"table":"","state":"scheduled","players":[21,18],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":17,"event_id":5,"round":1,"length":3,"table":"","state":"verified","players":[21,18],"score":{"a":1,"b":3},"winner":"b","result_report_id":21}',NULL);
INSERT INTO audit_log VALUES(114,1,1795830656181,'official:1','player.register','player',22,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.181Z","federation_id":"","id":22,"name":"Gaia Blu","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.181Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(115,1,1795830656184,'official:1','player.register','player',23,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.184Z","federation_id":"","id":23,"name":"Enzo Blu","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.184Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(116,1,1795830656186,'official:1','player.register','player',24,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.186Z","federation_id":"","id":24,"name":"Ines Oro","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.186Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(117,1,1795830656187,'official:1','player.register','player',25,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.187Z","federation_id":"","id":25,"name":"Luca Oro","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.187Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(118,1,1795830656189,'official:1','player.register','player',26,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.189Z","federation_id":"","id":26,"name":"Marta Rame","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.189Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(119,1,1795830656190,'official:1','player.register','player',27,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.190Z","federation_id":"","id":27,"name":"Nico Rame","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.190Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(120,1,1795830656192,'official:1','player.register','player',28,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.192Z","federation_id":"","id":28,"name":"Olga Viola","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.192Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(121,1,1795830656193,'official:1','player.register','player',29,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.193Z","federation_id":"","id":29,"name":"Piero Viola","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.193Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(122,1,1795830656194,'official:1','event.create','event',6,NULL,'{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.194Z"}',NULL);
INSERT INTO audit_log VALUES(123,1,1795830656195,'official:1','davis.team_add','event',6,'{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.194Z"}','{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.195Z"}',NULL);
INSERT INTO audit_log VALUES(124,1,1795830656197,'official:1','davis.team_add','event',6,'{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.195Z"}','{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.197Z"}',NULL);
INSERT INTO audit_log VALUES(125,1,1795830656199,'official:1','davis.team_add','event',6,'{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.197Z"}','{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.199Z"}',NULL);
INSERT INTO audit_log VALUES(126,1,1795830656200,'official:1','davis.team_add','event',6,'{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.199Z"}','{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.200Z"}',NULL);
INSERT INTO audit_log VALUES(127,1,1795830656201,'official:1','davis.start','event',6,'{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"open","tournament_id":1,"updated_at":"2026-11-28T01:50:56.200Z"}','{"created_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false},"entries":[],"id":6,"kind":"davis","name":"Team Cup","priority":0,"state":"running","tournament_id":1,"updated_at":"2026-11-28T01:50:56.201Z"}',NULL);
INSERT INTO audit_log VALUES(128,1,1795830656213,'official:1','match.verified','match',31,'{"id":31,"event_id":6,"round":1,"length":1,"table":"","state":"scheduled","players":[26,29],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":31,"event_id":6,"round":1,"length":1,"table":"","state":"verified","players":[26,29],"score":{"a":1,"b":0},"winner":"a","result_report_id":22}',NULL);
INSERT INTO audit_log VALUES(129,1,1795830656218,'official:1','match.verified','match',32,'{"id":32,"event_id":6,"round":1,"length":1,"table":"","state":"scheduled","players":[27,28],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":32,"event_id":6,"round":1,"length":1,"table":"","state":"verified","players":[27,28],"score":{"a":1,"b":0},"winner":"a","result_report_id":23}',NULL);
INSERT INTO audit_log VALUES(130,1,1795830656220,'official:1','davis.rubber_void','match',34,'{"id":34,"event_id":6,"round":1,"length":1,"table":"","state":"scheduled","players":[26,28],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":34,"event_id":6,"round":1,"length":1,"table":"","state":"void","players":[26,28],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(131,1,1795830656220,'official:1','davis.rubber_void','match',35,'{"id":35,"event_id":6,"round":1,"length":1,"table":"","state":"scheduled","players":[27,29],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":35,"event_id":6,"round":1,"length":1,"table":"","state":"void","players":[27,29],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}',NULL);
INSERT INTO audit_log VALUES(132,1,1795830656220,'official:1','match.verified','match',33,'{"id":33,"event_id":6,"round":1,"length":1,"table":"","state":"scheduled","players":[26,28],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":33,"event_id":6,"round":1,"length":1,"table":"","state":"verified","players":[26,28],"score":{"a":1,"b":0},"winner":"a","result_report_id":24}',NULL);
INSERT INTO audit_log VALUES(133,1,1795830656228,'official:1','match.verified','match',36,'{"id":36,"event_id":6,"round":1,"length":1,"table":"","state":"scheduled","players":[22,25],"score":{"a":0,"b":0},"winner":null,"result_report_id":null}','{"id":36,"event_id":6,"round":1,"length":1,"table":"","state":"verified","players":[22,25],"score":{"a":0,"b":1},"winner":"b","result_report_id":25}',NULL);
INSERT INTO audit_log VALUES(134,1,1795830656233,'official:1','player.register','player',30,NULL,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.233Z","federation_id":"","id":30,"name":"Walter Ritirato","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.233Z","withdrawn_at":null}',NULL);
INSERT INTO audit_log VALUES(135,1,1795830656235,'official:1','player.withdraw','player',30,'{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.233Z","federation_id":"","id":30,"name":"Walter Ritirato","official_id":null,"rating":null,"status":"registered","tournament_id":1,"updated_at":"2026-11-28T01:50:56.233Z","withdrawn_at":null}','{"checked_in":false,"checked_in_at":null,"country":"","created_at":"2026-11-28T01:50:56.233Z","federation_id":"","id":30,"name":"Walter Ritirato","official_id":null,"rating":null,"status":"withdrawn","tournament_id":1,"updated_at":"2026-11-28T01:50:56.235Z","withdrawn_at":"2026-11-28T01:50:56.235Z"}',NULL);
CREATE TABLE tournament_events (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    id            INTEGER NOT NULL,
    type          TEXT NOT NULL,
    data          TEXT NOT NULL,
    at_ms         INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, id)
) STRICT, WITHOUT ROWID;
INSERT INTO tournament_events VALUES(1,1,'player.register','{"player":{"id":1,"tournament_id":1,"name":"Alba","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:55.982Z","updated_at":"2026-11-28T01:50:55.982Z","official_id":null}}',1795830655982);
INSERT INTO tournament_events VALUES(1,2,'player.register','{"player":{"id":2,"tournament_id":1,"name":"Bruno","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:55.986Z","updated_at":"2026-11-28T01:50:55.986Z","official_id":null}}',1795830655986);
INSERT INTO tournament_events VALUES(1,3,'player.register','{"player":{"id":3,"tournament_id":1,"name":"Carla","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:55.988Z","updated_at":"2026-11-28T01:50:55.988Z","official_id":null}}',1795830655988);
INSERT INTO tournament_events VALUES(1,4,'player.register','{"player":{"id":4,"tournament_id":1,"name":"Dario","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:55.991Z","updated_at":"2026-11-28T01:50:55.991Z","official_id":null}}',1795830655991);
INSERT INTO tournament_events VALUES(1,5,'player.register','{"player":{"id":5,"tournament_id":1,"name":"Elena","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:55.993Z","updated_at":"2026-11-28T01:50:55.993Z","official_id":null}}',1795830655993);
INSERT INTO tournament_events VALUES(1,6,'player.register','{"player":{"id":6,"tournament_id":1,"name":"Fabio","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:55.994Z","updated_at":"2026-11-28T01:50:55.994Z","official_id":null}}',1795830655994);
INSERT INTO tournament_events VALUES(1,7,'player.register','{"player":{"id":7,"tournament_id":1,"name":"Gina","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:55.996Z","updated_at":"2026-11-28T01:50:55.996Z","official_id":null}}',1795830655996);
INSERT INTO tournament_events VALUES(1,8,'player.register','{"player":{"id":8,"tournament_id":1,"name":"Ivo","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:55.997Z","updated_at":"2026-11-28T01:50:55.997Z","official_id":null}}',1795830655997);
INSERT INTO tournament_events VALUES(1,9,'player.check_in','{"player":{"id":1,"tournament_id":1,"name":"Alba","country":"","rating":null,"federation_id":"","status":"registered","checked_in":true,"checked_in_at":"2026-11-28T01:50:55.998Z","withdrawn_at":null,"created_at":"2026-11-28T01:50:55.982Z","updated_at":"2026-11-28T01:50:55.998Z","official_id":null}}',1795830655998);
INSERT INTO tournament_events VALUES(1,10,'player.check_in','{"player":{"id":2,"tournament_id":1,"name":"Bruno","country":"","rating":null,"federation_id":"","status":"registered","checked_in":true,"checked_in_at":"2026-11-28T01:50:56.000Z","withdrawn_at":null,"created_at":"2026-11-28T01:50:55.986Z","updated_at":"2026-11-28T01:50:56.000Z","official_id":null}}',1795830656000);
INSERT INTO tournament_events VALUES(1,11,'player.check_in','{"player":{"id":3,"tournament_id":1,"name":"Carla","country":"","rating":null,"federation_id":"","status":"registered","checked_in":true,"checked_in_at":"2026-11-28T01:50:56.002Z","withdrawn_at":null,"created_at":"2026-11-28T01:50:55.988Z","updated_at":"2026-11-28T01:50:56.002Z","official_id":null}}',1795830656002);
INSERT INTO tournament_events VALUES(1,12,'player.check_in','{"player":{"id":4,"tournament_id":1,"name":"Dario","country":"","rating":null,"federation_id":"","status":"registered","checked_in":true,"checked_in_at":"2026-11-28T01:50:56.003Z","withdrawn_at":null,"created_at":"2026-11-28T01:50:55.991Z","updated_at":"2026-11-28T01:50:56.003Z","official_id":null}}',1795830656003);
INSERT INTO tournament_events VALUES(1,13,'event.create','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.004Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656004);
INSERT INTO tournament_events VALUES(1,14,'event.create','{"event":{"id":2,"tournament_id":1,"kind":"knockout","name":"Consolation","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.006Z","updated_at":"2026-11-28T01:50:56.006Z","knockout":{"feeds_from":1,"lengths":[3]}}}',1795830656006);
INSERT INTO tournament_events VALUES(1,15,'event.create','{"event":{"id":3,"tournament_id":1,"kind":"knockout","name":"Last Chance","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.007Z","updated_at":"2026-11-28T01:50:56.007Z","knockout":{"feeds_from":2,"lengths":[3]}}}',1795830656007);
INSERT INTO tournament_events VALUES(1,16,'event.entry_add','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[1],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.009Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656009);
INSERT INTO tournament_events VALUES(1,17,'event.entry_add','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[1,2],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.010Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656010);
INSERT INTO tournament_events VALUES(1,18,'event.entry_add','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[1,2,3],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.012Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656012);
INSERT INTO tournament_events VALUES(1,19,'event.entry_add','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[1,2,3,4],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.013Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656013);
INSERT INTO tournament_events VALUES(1,20,'event.entry_add','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[1,2,3,4,5],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.014Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656014);
INSERT INTO tournament_events VALUES(1,21,'event.entry_add','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[1,2,3,4,5,6],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.016Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656016);
INSERT INTO tournament_events VALUES(1,22,'event.entry_add','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[1,2,3,4,5,6,7],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.017Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656017);
INSERT INTO tournament_events VALUES(1,23,'event.entry_add','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"open","entries":[1,2,3,4,5,6,7,8],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.019Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656019);
INSERT INTO tournament_events VALUES(1,24,'knockout.drawn','{"event":{"id":1,"tournament_id":1,"kind":"knockout","name":"Main","priority":0,"state":"running","entries":[1,2,3,4,5,6,7,8],"created_at":"2026-11-28T01:50:56.004Z","updated_at":"2026-11-28T01:50:56.020Z","knockout":{"flight":"championship","lengths":[3]}}}',1795830656020);
INSERT INTO tournament_events VALUES(1,25,'bracket.advanced','{"match":{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[7,4],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656020);
INSERT INTO tournament_events VALUES(1,26,'bracket.advanced','{"match":{"id":2,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[5,2],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656020);
INSERT INTO tournament_events VALUES(1,27,'bracket.advanced','{"match":{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[8,3],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656020);
INSERT INTO tournament_events VALUES(1,28,'bracket.advanced','{"match":{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"scheduled","players":[6,1],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656020);
INSERT INTO tournament_events VALUES(1,29,'match.reported','{"match":{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[7,4],"score":{"a":3,"b":1},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656029);
INSERT INTO tournament_events VALUES(1,30,'bracket.advanced','{"match":{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[7,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656033);
INSERT INTO tournament_events VALUES(1,31,'match.verified','{"match":{"id":1,"event_id":1,"round":1,"length":3,"table":"","state":"verified","players":[7,4],"score":{"a":3,"b":1},"winner":"a","result_report_id":2,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656033);
INSERT INTO tournament_events VALUES(1,32,'bracket.advanced','{"match":{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[7,2],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656036);
INSERT INTO tournament_events VALUES(1,33,'match.verified','{"match":{"id":2,"event_id":1,"round":1,"length":3,"table":"","state":"verified","players":[5,2],"score":{"a":0,"b":3},"winner":"b","result_report_id":3,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656036);
INSERT INTO tournament_events VALUES(1,34,'match.conceded','{"match":{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[8,3],"score":{"a":3,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656041);
INSERT INTO tournament_events VALUES(1,35,'bracket.advanced','{"match":{"id":6,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[8,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656045);
INSERT INTO tournament_events VALUES(1,36,'match.verified','{"match":{"id":3,"event_id":1,"round":1,"length":3,"table":"","state":"verified","players":[8,3],"score":{"a":3,"b":0},"winner":"a","result_report_id":5,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656045);
INSERT INTO tournament_events VALUES(1,37,'match.playing','{"match":{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"playing","players":[6,1],"score":{"a":0,"b":1},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656051);
INSERT INTO tournament_events VALUES(1,38,'match.playing','{"match":{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"playing","players":[6,1],"score":{"a":2,"b":1},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656056);
INSERT INTO tournament_events VALUES(1,39,'match.reported','{"match":{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"reported","players":[6,1],"score":{"a":3,"b":1},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656057);
INSERT INTO tournament_events VALUES(1,40,'bracket.advanced','{"match":{"id":6,"event_id":1,"round":2,"length":3,"table":"","state":"scheduled","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656061);
INSERT INTO tournament_events VALUES(1,41,'knockout.drawn','{"event":{"id":2,"tournament_id":1,"kind":"knockout","name":"Consolation","priority":0,"state":"running","entries":[1,3,4,5],"created_at":"2026-11-28T01:50:56.006Z","updated_at":"2026-11-28T01:50:56.061Z","knockout":{"feeds_from":1,"lengths":[3]}}}',1795830656061);
INSERT INTO tournament_events VALUES(1,42,'bracket.advanced','{"match":{"id":8,"event_id":2,"round":1,"length":3,"table":"","state":"scheduled","players":[4,3],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Consolation","kind":"knockout","round":1,"rounds":2,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Consolation · Semi-final"}}}',1795830656061);
INSERT INTO tournament_events VALUES(1,43,'bracket.advanced','{"match":{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"scheduled","players":[5,1],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Consolation","kind":"knockout","round":1,"rounds":2,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Consolation · Semi-final"}}}',1795830656061);
INSERT INTO tournament_events VALUES(1,44,'match.verified','{"match":{"id":4,"event_id":1,"round":1,"length":3,"table":"","state":"verified","players":[6,1],"score":{"a":3,"b":1},"winner":"a","result_report_id":7,"label":{"event":"Main","kind":"knockout","round":1,"rounds":3,"round_name":"Quarter-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Quarter-final"}}}',1795830656061);
INSERT INTO tournament_events VALUES(1,45,'match.reported','{"match":{"id":5,"event_id":1,"round":2,"length":3,"table":"","state":"reported","players":[7,2],"score":{"a":3,"b":1},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656067);
INSERT INTO tournament_events VALUES(1,46,'match.call','{"match":{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"called","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656070);
INSERT INTO tournament_events VALUES(1,47,'clock','{"clock":{"match_id":6,"mode":"delay","state":"running","running":"b","paused_side":null,"paused_reason":null,"cube":null,"sides":{"a":{"bank_ms":360000,"delay_ms":12000,"second_bank_ms":0,"lose_next_delay":false},"b":{"bank_ms":360000,"delay_ms":12000,"second_bank_ms":0,"lose_next_delay":false}},"server_time_ms":1795830656073,"since_ms":1795830656073,"flagged":null,"flag_reversed":false,"flag_at_ms":1795831028073,"settings":{"bank_per_point_ms":120000,"delay_ms":12000,"split_first_per_point_ms":0}},"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}',1795830656073);
INSERT INTO tournament_events VALUES(1,48,'match.playing','{"match":{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"playing","players":[8,6],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656073);
INSERT INTO tournament_events VALUES(1,49,'lateness','{"lateness":{"match_id":6,"called_ms":1795830656070,"postponed_min":0,"late_from_ms":1795830656070,"grace_min":5,"step_min":5,"server_time_ms":1795830656073,"sides":{"a":{"present":true,"arrived_ms":1795830656073,"absent_from_ms":1795830656070,"points":0,"on_break":false,"clock_instead":false},"b":{"present":true,"arrived_ms":1795830656073,"absent_from_ms":1795830656070,"points":0,"on_break":false,"clock_instead":false}},"confirmed":{"a":0,"b":0},"confirmed_total":{"a":0,"b":0}},"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}',1795830656073);
INSERT INTO tournament_events VALUES(1,50,'match.playing','{"match":{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"playing","players":[8,6],"score":{"a":1,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656075);
INSERT INTO tournament_events VALUES(1,51,'clock','{"clock":{"match_id":6,"mode":"delay","state":"paused","running":null,"paused_side":null,"paused_reason":"end_of_game","cube":null,"sides":{"a":{"bank_ms":360000,"delay_ms":12000,"second_bank_ms":0,"lose_next_delay":false},"b":{"bank_ms":360000,"delay_ms":12000,"second_bank_ms":0,"lose_next_delay":false}},"server_time_ms":1795830656077,"since_ms":null,"flagged":null,"flag_reversed":false,"flag_at_ms":0,"settings":{"bank_per_point_ms":120000,"delay_ms":12000,"split_first_per_point_ms":0}},"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}',1795830656077);
INSERT INTO tournament_events VALUES(1,52,'clock','{"clock":{"match_id":6,"mode":"delay","state":"paused","running":null,"paused_side":null,"paused_reason":"end_of_game","cube":null,"sides":{"a":{"bank_ms":312000,"delay_ms":12000,"second_bank_ms":0,"lose_next_delay":false},"b":{"bank_ms":287500,"delay_ms":12000,"second_bank_ms":0,"lose_next_delay":false}},"server_time_ms":1795830656078,"since_ms":null,"flagged":null,"flag_reversed":false,"flag_at_ms":0,"settings":{"bank_per_point_ms":120000,"delay_ms":12000,"split_first_per_point_ms":0}},"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}',1795830656078);
INSERT INTO tournament_events VALUES(1,53,'penalty','{"penalty":{"id":1,"match_id":6,"side":"b","kind":"points","points":1,"reason":"slow play after warnings","before_game":1,"created_ms":1795830656080,"created_at":"2026-11-28T01:50:56.080Z"},"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}',1795830656080);
INSERT INTO tournament_events VALUES(1,54,'match.penalty','{"match":{"id":6,"event_id":1,"round":2,"length":3,"table":"7","state":"playing","players":[8,6],"score":{"a":2,"b":0},"winner":null,"result_report_id":null,"penalty_points":{"a":1,"b":0},"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}}',1795830656080);
INSERT INTO tournament_events VALUES(1,55,'call.opened','{"call":{"id":1,"match_id":6,"table":"7","side":"b","reason":"clock","state":"open","taken_by":null,"created_ms":1795830656083,"created_at":"2026-11-28T01:50:56.083Z","leave_until_ms":null},"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}',1795830656083);
INSERT INTO tournament_events VALUES(1,56,'call.taken','{"call":{"id":1,"match_id":6,"table":"7","side":"b","reason":"clock","state":"taken","taken_by":"Ada Assistant","created_ms":1795830656083,"created_at":"2026-11-28T01:50:56.083Z","leave_until_ms":null},"label":{"event":"Main","kind":"knockout","round":2,"rounds":3,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Main · Semi-final"}}',1795830656085);
INSERT INTO tournament_events VALUES(1,57,'bracket.advanced','{"match":{"id":10,"event_id":2,"round":2,"length":3,"table":"","state":"scheduled","players":[4,null],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Consolation","kind":"knockout","round":2,"rounds":2,"round_name":"Final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Consolation · Final"}}}',1795830656089);
INSERT INTO tournament_events VALUES(1,58,'match.verified','{"match":{"id":8,"event_id":2,"round":1,"length":3,"table":"","state":"verified","players":[4,3],"score":{"a":3,"b":2},"winner":"a","result_report_id":10,"label":{"event":"Consolation","kind":"knockout","round":1,"rounds":2,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Consolation · Semi-final"}}}',1795830656089);
INSERT INTO tournament_events VALUES(1,59,'match.reported','{"match":{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"reported","players":[5,1],"score":{"a":3,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Consolation","kind":"knockout","round":1,"rounds":2,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Consolation · Semi-final"}}}',1795830656095);
INSERT INTO tournament_events VALUES(1,60,'match.disputed','{"match":{"id":9,"event_id":2,"round":1,"length":3,"table":"","state":"disputed","players":[5,1],"score":{"a":3,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Consolation","kind":"knockout","round":1,"rounds":2,"round_name":"Semi-final","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Consolation · Semi-final"}}}',1795830656097);
INSERT INTO tournament_events VALUES(1,61,'player.register','{"player":{"id":9,"tournament_id":1,"name":"Sara","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.098Z","updated_at":"2026-11-28T01:50:56.098Z","official_id":null}}',1795830656098);
INSERT INTO tournament_events VALUES(1,62,'player.register','{"player":{"id":10,"tournament_id":1,"name":"Tino","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.099Z","updated_at":"2026-11-28T01:50:56.099Z","official_id":null}}',1795830656099);
INSERT INTO tournament_events VALUES(1,63,'match.create','{"match":{"id":11,"event_id":null,"round":0,"length":1,"table":"","state":"scheduled","players":[9,10],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":null,"kind":"standalone","round":null,"rounds":null,"round_name":null,"tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Match 11"}}}',1795830656101);
INSERT INTO tournament_events VALUES(1,64,'match.call','{"match":{"id":11,"event_id":null,"round":0,"length":1,"table":"3","state":"called","players":[9,10],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":null,"kind":"standalone","round":null,"rounds":null,"round_name":null,"tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Match 11"}}}',1795830656102);
INSERT INTO tournament_events VALUES(1,65,'player.register','{"player":{"id":11,"tournament_id":1,"name":"Ugo","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.103Z","updated_at":"2026-11-28T01:50:56.103Z","official_id":null}}',1795830656103);
INSERT INTO tournament_events VALUES(1,66,'player.register','{"player":{"id":12,"tournament_id":1,"name":"Vera","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.105Z","updated_at":"2026-11-28T01:50:56.105Z","official_id":null}}',1795830656105);
INSERT INTO tournament_events VALUES(1,67,'player.register','{"player":{"id":13,"tournament_id":1,"name":"Walter","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.106Z","updated_at":"2026-11-28T01:50:56.106Z","official_id":null}}',1795830656106);
INSERT INTO tournament_events VALUES(1,68,'player.register','{"player":{"id":14,"tournament_id":1,"name":"Xenia","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.107Z","updated_at":"2026-11-28T01:50:56.107Z","official_id":null}}',1795830656107);
INSERT INTO tournament_events VALUES(1,69,'player.register','{"player":{"id":15,"tournament_id":1,"name":"Yuri","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.109Z","updated_at":"2026-11-28T01:50:56.109Z","official_id":null}}',1795830656109);
INSERT INTO tournament_events VALUES(1,70,'event.create','{"event":{"id":4,"tournament_id":1,"kind":"swing","name":"Swing","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.110Z","updated_at":"2026-11-28T01:50:56.110Z","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000}}}',1795830656110);
INSERT INTO tournament_events VALUES(1,71,'event.entry_add','{"event":{"id":4,"tournament_id":1,"kind":"swing","name":"Swing","priority":0,"state":"open","entries":[11],"created_at":"2026-11-28T01:50:56.110Z","updated_at":"2026-11-28T01:50:56.112Z","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000}}}',1795830656112);
INSERT INTO tournament_events VALUES(1,72,'event.entry_add','{"event":{"id":4,"tournament_id":1,"kind":"swing","name":"Swing","priority":0,"state":"open","entries":[11,12],"created_at":"2026-11-28T01:50:56.110Z","updated_at":"2026-11-28T01:50:56.113Z","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000}}}',1795830656113);
INSERT INTO tournament_events VALUES(1,73,'event.entry_add','{"event":{"id":4,"tournament_id":1,"kind":"swing","name":"Swing","priority":0,"state":"open","entries":[11,12,13],"created_at":"2026-11-28T01:50:56.110Z","updated_at":"2026-11-28T01:50:56.115Z","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000}}}',1795830656115);
INSERT INTO tournament_events VALUES(1,74,'event.entry_add','{"event":{"id":4,"tournament_id":1,"kind":"swing","name":"Swing","priority":0,"state":"open","entries":[11,12,13,14],"created_at":"2026-11-28T01:50:56.110Z","updated_at":"2026-11-28T01:50:56.116Z","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000}}}',1795830656116);
INSERT INTO tournament_events VALUES(1,75,'event.entry_add','{"event":{"id":4,"tournament_id":1,"kind":"swing","name":"Swing","priority":0,"state":"open","entries":[11,12,13,14,15],"created_at":"2026-11-28T01:50:56.110Z","updated_at":"2026-11-28T01:50:56.118Z","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000}}}',1795830656118);
INSERT INTO tournament_events VALUES(1,76,'event.start','{"event":{"id":4,"tournament_id":1,"kind":"swing","name":"Swing","priority":0,"state":"running","entries":[11,12,13,14,15],"created_at":"2026-11-28T01:50:56.110Z","updated_at":"2026-11-28T01:50:56.119Z","swing":{"allin":"short_stack","cpp":[10,20],"start_chips":1000}}}',1795830656119);
INSERT INTO tournament_events VALUES(1,77,'swing.round_started','{"event_id":4,"round":1,"cpp":10,"seed":"swing-1","forced":false,"sitter":12,"games":[{"id":12,"tournament_id":1,"event_id":4,"length":0,"table":"","state":"scheduled","sides":[{"side":"a","score":0,"player_id":15,"name":"Yuri","country":""},{"side":"b","score":0,"player_id":13,"name":"Walter","country":""}],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"times":{"scheduled":"2026-11-28T01:50:56.119Z"},"updated_at":"2026-11-28T01:50:56.119Z","penalty_points":{"a":0,"b":0},"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}},{"id":13,"tournament_id":1,"event_id":4,"length":0,"table":"","state":"scheduled","sides":[{"side":"a","score":0,"player_id":11,"name":"Ugo","country":""},{"side":"b","score":0,"player_id":14,"name":"Xenia","country":""}],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"times":{"scheduled":"2026-11-28T01:50:56.119Z"},"updated_at":"2026-11-28T01:50:56.119Z","penalty_points":{"a":0,"b":0},"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}}]}',1795830656119);
INSERT INTO tournament_events VALUES(1,78,'match.reported','{"match":{"id":12,"event_id":4,"round":1,"length":0,"table":"","state":"reported","players":[15,13],"score":{"a":1,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}}}',1795830656125);
INSERT INTO tournament_events VALUES(1,79,'swing.chips_moved','{"event_id":4,"match_id":12,"from":13,"to":15,"chips":10,"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}}',1795830656128);
INSERT INTO tournament_events VALUES(1,80,'match.verified','{"match":{"id":12,"event_id":4,"round":1,"length":0,"table":"","state":"verified","players":[15,13],"score":{"a":1,"b":0},"winner":"a","result_report_id":14,"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}}}',1795830656128);
INSERT INTO tournament_events VALUES(1,81,'match.reported','{"match":{"id":13,"event_id":4,"round":1,"length":0,"table":"","state":"reported","players":[11,14],"score":{"a":0,"b":4},"winner":null,"result_report_id":null,"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}}}',1795830656134);
INSERT INTO tournament_events VALUES(1,82,'swing.chips_moved','{"event_id":4,"match_id":13,"from":11,"to":14,"chips":40,"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}}',1795830656137);
INSERT INTO tournament_events VALUES(1,83,'match.verified','{"match":{"id":13,"event_id":4,"round":1,"length":0,"table":"","state":"verified","players":[11,14],"score":{"a":0,"b":4},"winner":"b","result_report_id":16,"label":{"event":"Swing","kind":"swing","round":1,"rounds":null,"round_name":"Round 1","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 1"}}}',1795830656137);
INSERT INTO tournament_events VALUES(1,84,'swing.round_started','{"event_id":4,"round":2,"cpp":20,"seed":"swing-2","forced":false,"sitter":14,"games":[{"id":14,"tournament_id":1,"event_id":4,"length":0,"table":"","state":"scheduled","sides":[{"side":"a","score":0,"player_id":15,"name":"Yuri","country":""},{"side":"b","score":0,"player_id":12,"name":"Vera","country":""}],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"times":{"scheduled":"2026-11-28T01:50:56.139Z"},"updated_at":"2026-11-28T01:50:56.139Z","penalty_points":{"a":0,"b":0},"label":{"event":"Swing","kind":"swing","round":2,"rounds":null,"round_name":"Round 2","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 2"}},{"id":15,"tournament_id":1,"event_id":4,"length":0,"table":"","state":"scheduled","sides":[{"side":"a","score":0,"player_id":13,"name":"Walter","country":""},{"side":"b","score":0,"player_id":11,"name":"Ugo","country":""}],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"times":{"scheduled":"2026-11-28T01:50:56.139Z"},"updated_at":"2026-11-28T01:50:56.139Z","penalty_points":{"a":0,"b":0},"label":{"event":"Swing","kind":"swing","round":2,"rounds":null,"round_name":"Round 2","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 2"}}]}',1795830656139);
INSERT INTO tournament_events VALUES(1,85,'match.reported','{"match":{"id":14,"event_id":4,"round":2,"length":0,"table":"","state":"reported","players":[15,12],"score":{"a":3,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Swing","kind":"swing","round":2,"rounds":null,"round_name":"Round 2","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 2"}}}',1795830656145);
INSERT INTO tournament_events VALUES(1,86,'swing.chips_moved','{"event_id":4,"match_id":14,"from":12,"to":15,"chips":60,"label":{"event":"Swing","kind":"swing","round":2,"rounds":null,"round_name":"Round 2","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 2"}}',1795830656146);
INSERT INTO tournament_events VALUES(1,87,'match.verified','{"match":{"id":14,"event_id":4,"round":2,"length":0,"table":"","state":"verified","players":[15,12],"score":{"a":3,"b":0},"winner":"a","result_report_id":18,"label":{"event":"Swing","kind":"swing","round":2,"rounds":null,"round_name":"Round 2","tie":null,"rubber":null,"phase":null,"phase_name":null,"text":"Swing · Round 2"}}}',1795830656146);
INSERT INTO tournament_events VALUES(1,88,'player.register','{"player":{"id":16,"tournament_id":1,"name":"Anna Rossi","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.149Z","updated_at":"2026-11-28T01:50:56.149Z","official_id":null}}',1795830656149);
INSERT INTO tournament_events VALUES(1,89,'player.register','{"player":{"id":17,"tournament_id":1,"name":"Berto Rossi","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.150Z","updated_at":"2026-11-28T01:50:56.150Z","official_id":null}}',1795830656150);
INSERT INTO tournament_events VALUES(1,90,'player.register','{"player":{"id":18,"tournament_id":1,"name":"Ciro Verdi","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.152Z","updated_at":"2026-11-28T01:50:56.152Z","official_id":null}}',1795830656152);
INSERT INTO tournament_events VALUES(1,91,'player.register','{"player":{"id":19,"tournament_id":1,"name":"Dina Verdi","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.154Z","updated_at":"2026-11-28T01:50:56.154Z","official_id":null}}',1795830656154);
INSERT INTO tournament_events VALUES(1,92,'player.register','{"player":{"id":20,"tournament_id":1,"name":"Ezio Neri","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.155Z","updated_at":"2026-11-28T01:50:56.155Z","official_id":null}}',1795830656155);
INSERT INTO tournament_events VALUES(1,93,'player.register','{"player":{"id":21,"tournament_id":1,"name":"Flora Neri","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.157Z","updated_at":"2026-11-28T01:50:56.157Z","official_id":null}}',1795830656157);
INSERT INTO tournament_events VALUES(1,94,'event.create','{"event":{"id":5,"tournament_id":1,"kind":"davis","name":"Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.158Z","updated_at":"2026-11-28T01:50:56.158Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false}}}',1795830656158);
INSERT INTO tournament_events VALUES(1,95,'davis.team_add','{"event":{"id":5,"tournament_id":1,"kind":"davis","name":"Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.158Z","updated_at":"2026-11-28T01:50:56.160Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false}}}',1795830656160);
INSERT INTO tournament_events VALUES(1,96,'davis.team_add','{"event":{"id":5,"tournament_id":1,"kind":"davis","name":"Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.158Z","updated_at":"2026-11-28T01:50:56.162Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false}}}',1795830656162);
INSERT INTO tournament_events VALUES(1,97,'davis.team_add','{"event":{"id":5,"tournament_id":1,"kind":"davis","name":"Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.158Z","updated_at":"2026-11-28T01:50:56.163Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false}}}',1795830656163);
INSERT INTO tournament_events VALUES(1,98,'davis.start','{"event":{"id":5,"tournament_id":1,"kind":"davis","name":"Cup","priority":0,"state":"running","entries":[],"created_at":"2026-11-28T01:50:56.158Z","updated_at":"2026-11-28T01:50:56.165Z","davis":{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false}}}',1795830656165);
INSERT INTO tournament_events VALUES(1,99,'match.reported','{"match":{"id":16,"event_id":5,"round":1,"length":3,"table":"","state":"reported","players":[20,19],"score":{"a":3,"b":2},"winner":null,"result_report_id":null,"label":{"event":"Cup","kind":"davis","round":1,"rounds":null,"round_name":"Round 1","tie":2,"rubber":1,"phase":1,"phase_name":"singles","text":"Cup · Round 1 · Rubber 1 (singles)"}}}',1795830656173);
INSERT INTO tournament_events VALUES(1,100,'match.verified','{"match":{"id":16,"event_id":5,"round":1,"length":3,"table":"","state":"verified","players":[20,19],"score":{"a":3,"b":2},"winner":"a","result_report_id":20,"label":{"event":"Cup","kind":"davis","round":1,"rounds":null,"round_name":"Round 1","tie":2,"rubber":1,"phase":1,"phase_name":"singles","text":"Cup · Round 1 · Rubber 1 (singles)"}}}',1795830656177);
INSERT INTO tournament_events VALUES(1,101,'match.verified','{"match":{"id":17,"event_id":5,"round":1,"length":3,"table":"","state":"verified","players":[21,18],"score":{"a":1,"b":3},"winner":"b","result_report_id":21,"label":{"event":"Cup","kind":"davis","round":1,"rounds":null,"round_name":"Round 1","tie":2,"rubber":2,"phase":1,"phase_name":"singles","text":"Cup · Round 1 · Rubber 2 (singles)"}}}',1795830656179);
INSERT INTO tournament_events VALUES(1,102,'player.register','{"player":{"id":22,"tournament_id":1,"name":"Gaia Blu","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.181Z","updated_at":"2026-11-28T01:50:56.181Z","official_id":null}}',1795830656181);
INSERT INTO tournament_events VALUES(1,103,'player.register','{"player":{"id":23,"tournament_id":1,"name":"Enzo Blu","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.184Z","updated_at":"2026-11-28T01:50:56.184Z","official_id":null}}',1795830656184);
INSERT INTO tournament_events VALUES(1,104,'player.register','{"player":{"id":24,"tournament_id":1,"name":"Ines Oro","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.186Z","updated_at":"2026-11-28T01:50:56.186Z","official_id":null}}',1795830656186);
INSERT INTO tournament_events VALUES(1,105,'player.register','{"player":{"id":25,"tournament_id":1,"name":"Luca Oro","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.187Z","updated_at":"2026-11-28T01:50:56.187Z","official_id":null}}',1795830656187);
INSERT INTO tournament_events VALUES(1,106,'player.register','{"player":{"id":26,"tournament_id":1,"name":"Marta Rame","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.189Z","updated_at":"2026-11-28T01:50:56.189Z","official_id":null}}',1795830656189);
INSERT INTO tournament_events VALUES(1,107,'player.register','{"player":{"id":27,"tournament_id":1,"name":"Nico Rame","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.190Z","updated_at":"2026-11-28T01:50:56.190Z","official_id":null}}',1795830656190);
INSERT INTO tournament_events VALUES(1,108,'player.register','{"player":{"id":28,"tournament_id":1,"name":"Olga Viola","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.192Z","updated_at":"2026-11-28T01:50:56.192Z","official_id":null}}',1795830656192);
INSERT INTO tournament_events VALUES(1,109,'player.register','{"player":{"id":29,"tournament_id":1,"name":"Piero Viola","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.193Z","updated_at":"2026-11-28T01:50:56.193Z","official_id":null}}',1795830656193);
INSERT INTO tournament_events VALUES(1,110,'event.create','{"event":{"id":6,"tournament_id":1,"kind":"davis","name":"Team Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.194Z","updated_at":"2026-11-28T01:50:56.194Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false}}}',1795830656194);
INSERT INTO tournament_events VALUES(1,111,'davis.team_add','{"event":{"id":6,"tournament_id":1,"kind":"davis","name":"Team Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.194Z","updated_at":"2026-11-28T01:50:56.195Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false}}}',1795830656195);
INSERT INTO tournament_events VALUES(1,112,'davis.team_add','{"event":{"id":6,"tournament_id":1,"kind":"davis","name":"Team Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.194Z","updated_at":"2026-11-28T01:50:56.197Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false}}}',1795830656197);
INSERT INTO tournament_events VALUES(1,113,'davis.team_add','{"event":{"id":6,"tournament_id":1,"kind":"davis","name":"Team Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.194Z","updated_at":"2026-11-28T01:50:56.199Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false}}}',1795830656199);
INSERT INTO tournament_events VALUES(1,114,'davis.team_add','{"event":{"id":6,"tournament_id":1,"kind":"davis","name":"Team Cup","priority":0,"state":"open","entries":[],"created_at":"2026-11-28T01:50:56.194Z","updated_at":"2026-11-28T01:50:56.200Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false}}}',1795830656200);
INSERT INTO tournament_events VALUES(1,115,'davis.start','{"event":{"id":6,"tournament_id":1,"kind":"davis","name":"Team Cup","priority":0,"state":"running","entries":[],"created_at":"2026-11-28T01:50:56.194Z","updated_at":"2026-11-28T01:50:56.201Z","davis":{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false}}}',1795830656201);
INSERT INTO tournament_events VALUES(1,116,'match.verified','{"match":{"id":31,"event_id":6,"round":1,"length":1,"table":"","state":"verified","players":[26,29],"score":{"a":1,"b":0},"winner":"a","result_report_id":22,"label":{"event":"Team Cup","kind":"davis","round":1,"rounds":2,"round_name":"Semi-final","tie":7,"rubber":1,"phase":1,"phase_name":"singles","text":"Team Cup · Semi-final · Rubber 1 (singles)"}}}',1795830656213);
INSERT INTO tournament_events VALUES(1,117,'match.verified','{"match":{"id":32,"event_id":6,"round":1,"length":1,"table":"","state":"verified","players":[27,28],"score":{"a":1,"b":0},"winner":"a","result_report_id":23,"label":{"event":"Team Cup","kind":"davis","round":1,"rounds":2,"round_name":"Semi-final","tie":7,"rubber":2,"phase":1,"phase_name":"singles","text":"Team Cup · Semi-final · Rubber 2 (singles)"}}}',1795830656218);
INSERT INTO tournament_events VALUES(1,118,'davis.rubber_void','{"match":{"id":34,"event_id":6,"round":1,"length":1,"table":"","state":"void","players":[26,28],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Team Cup","kind":"davis","round":1,"rounds":2,"round_name":"Semi-final","tie":7,"rubber":4,"phase":3,"phase_name":"singles","text":"Team Cup · Semi-final · Rubber 4 (singles)"}}}',1795830656220);
INSERT INTO tournament_events VALUES(1,119,'davis.rubber_void','{"match":{"id":35,"event_id":6,"round":1,"length":1,"table":"","state":"void","players":[27,29],"score":{"a":0,"b":0},"winner":null,"result_report_id":null,"label":{"event":"Team Cup","kind":"davis","round":1,"rounds":2,"round_name":"Semi-final","tie":7,"rubber":5,"phase":3,"phase_name":"singles","text":"Team Cup · Semi-final · Rubber 5 (singles)"}}}',1795830656220);
INSERT INTO tournament_events VALUES(1,120,'davis.tie','{"event_id":6,"tie_id":7,"winner":"a","rubbers_won":[3,0]}',1795830656220);
INSERT INTO tournament_events VALUES(1,121,'match.verified','{"match":{"id":33,"event_id":6,"round":1,"length":1,"table":"","state":"verified","players":[26,28],"score":{"a":1,"b":0},"winner":"a","result_report_id":24,"label":{"event":"Team Cup","kind":"davis","round":1,"rounds":2,"round_name":"Semi-final","tie":7,"rubber":3,"phase":2,"phase_name":"doubles","text":"Team Cup · Semi-final · Rubber 3 (doubles)"}}}',1795830656220);
INSERT INTO tournament_events VALUES(1,122,'match.verified','{"match":{"id":36,"event_id":6,"round":1,"length":1,"table":"","state":"verified","players":[22,25],"score":{"a":0,"b":1},"winner":"b","result_report_id":25,"label":{"event":"Team Cup","kind":"davis","round":1,"rounds":2,"round_name":"Semi-final","tie":8,"rubber":1,"phase":1,"phase_name":"singles","text":"Team Cup · Semi-final · Rubber 1 (singles)"}}}',1795830656228);
INSERT INTO tournament_events VALUES(1,123,'player.register','{"player":{"id":30,"tournament_id":1,"name":"Walter Ritirato","country":"","rating":null,"federation_id":"","status":"registered","checked_in":false,"checked_in_at":null,"withdrawn_at":null,"created_at":"2026-11-28T01:50:56.233Z","updated_at":"2026-11-28T01:50:56.233Z","official_id":null}}',1795830656233);
INSERT INTO tournament_events VALUES(1,124,'player.withdraw','{"player":{"id":30,"tournament_id":1,"name":"Walter Ritirato","country":"","rating":null,"federation_id":"","status":"withdrawn","checked_in":false,"checked_in_at":null,"withdrawn_at":"2026-11-28T01:50:56.235Z","created_at":"2026-11-28T01:50:56.233Z","updated_at":"2026-11-28T01:50:56.235Z","official_id":null}}',1795830656235);
CREATE TABLE player_sessions (
    token_hash    TEXT PRIMARY KEY,
    player_id     INTEGER NOT NULL REFERENCES players(id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    created_ms    INTEGER NOT NULL,
    expires_ms    INTEGER NOT NULL
) STRICT;
INSERT INTO player_sessions VALUES('f4b672951029062a07551e83d29fa3ad1b493989ec0c47f9c452aab9a438a016',7,1,1795830656028,1795888256028);
INSERT INTO player_sessions VALUES('5a72c01831be01f752a1f90715cca1ff5849031a57b1a38202a206c1dfe6b25c',4,1,1795830656032,1795888256032);
INSERT INTO player_sessions VALUES('4b917aff7a3c6b726bcf14a0b3fa193dddb7d01f93755da04e7bcfd2cf58a1d7',3,1,1795830656040,1795888256040);
INSERT INTO player_sessions VALUES('2c52e137c193d5fcdb89fa10d1739888418ff93ea9dbd703251ed379ddd4dac1',8,1,1795830656044,1795888256044);
INSERT INTO player_sessions VALUES('5b9e3165642e853d7e907b4be299e76486d0556af4a232bb399e0587930c1bda',6,1,1795830656050,1795888256050);
INSERT INTO player_sessions VALUES('2e1716f441eb4de8f455aad2d659664a924d5423cab0705d39aff9ff842c4ebe',1,1,1795830656060,1795888256060);
INSERT INTO player_sessions VALUES('132e9b673deb4cbb0381c300a518d2dcf81d51b91412de08f298b1c4f6bba666',5,1,1795830656094,1795888256094);
INSERT INTO player_sessions VALUES('d7be504fa9e714fdb703567c01f176c346a71c7f391280e60815005f554bcc5d',15,1,1795830656123,1795888256123);
INSERT INTO player_sessions VALUES('24e28cfd155369e37f7d21f03dea5490b6e5c8526e8981d4163f1f5223c2c59a',13,1,1795830656127,1795888256127);
INSERT INTO player_sessions VALUES('c44d09e6807b6f40f57bd7686bb215d836eb758b7117c836ab6b3c0915ffdcfd',11,1,1795830656132,1795888256132);
INSERT INTO player_sessions VALUES('5183494c4c62423364c6de6538b75d5ce94ebd98ec6155346cc916f285cc3d00',14,1,1795830656136,1795888256136);
INSERT INTO player_sessions VALUES('5c28144d715ec607686e6ebe2f65dd35316708ccf9e250bc783b97e85d4e3eee',12,1,1795830656143,1795888256143);
INSERT INTO player_sessions VALUES('4e12cf81f1a67887c09c127e71d51da20fd03b12aceedaa3100f32a6da17dd08',20,1,1795830656171,1795888256171);
INSERT INTO player_sessions VALUES('c5186b11e8b0ac9df90e3f5470a9e69bbb78d72742b693b0db300cb37fa54574',19,1,1795830656175,1795888256175);
CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    event_id      INTEGER,            -- NULL: a standalone match
    player_a      INTEGER REFERENCES players(id),
    player_b      INTEGER REFERENCES players(id),
    -- points to win; 0 = a single money-style game with the cube (Swing, SWING-2)
    length        INTEGER NOT NULL CHECK (length BETWEEN 0 AND 99),
    table_label   TEXT NOT NULL DEFAULT '',
    -- 'void': not played because it can no longer change anything (a dead Davis rubber)
    state         TEXT NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'called',
                  'playing', 'reported', 'disputed', 'verified', 'forfeited', 'withdrawn',
                  'void')),
    score_a       INTEGER NOT NULL DEFAULT 0,
    score_b       INTEGER NOT NULL DEFAULT 0,
    winner        INTEGER CHECK (winner IN (0, 1)),   -- 0 = side a, 1 = side b
    result_report INTEGER,                           -- the report the result stands on
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL
, round INTEGER NOT NULL DEFAULT 0, slot INTEGER NOT NULL DEFAULT 0, tie_id INTEGER REFERENCES davis_ties(id), rubber INTEGER NOT NULL DEFAULT 0, penalty_a INTEGER NOT NULL DEFAULT 0, penalty_b INTEGER NOT NULL DEFAULT 0, decided_how TEXT NOT NULL DEFAULT ''
    CHECK (decided_how IN ('', 'disqualified')), first_length INTEGER NOT NULL DEFAULT 0, length_fix_game INTEGER NOT NULL DEFAULT 0, ended TEXT NOT NULL DEFAULT '' CHECK (ended IN ('', 'played',
    'conceded', 'lateness', 'time', 'disqualified', 'withdrawn', 'bye', 'walkover', 'ruling'))) STRICT;
INSERT INTO matches VALUES(1,1,1,7,4,3,'','verified',3,1,0,2,1795830656020,1795830656033,1,1,NULL,0,0,0,'',0,0,'played');
INSERT INTO matches VALUES(2,1,1,5,2,3,'','verified',0,3,1,3,1795830656020,1795830656036,1,2,NULL,0,0,0,'',0,0,'played');
INSERT INTO matches VALUES(3,1,1,8,3,3,'','verified',3,0,0,5,1795830656020,1795830656045,1,3,NULL,0,0,0,'',0,0,'conceded');
INSERT INTO matches VALUES(4,1,1,6,1,3,'','verified',3,1,0,7,1795830656020,1795830656061,1,4,NULL,0,0,0,'',0,0,'played');
INSERT INTO matches VALUES(5,1,1,7,2,3,'','reported',3,1,NULL,NULL,1795830656020,1795830656067,2,1,NULL,0,0,0,'',0,0,'');
INSERT INTO matches VALUES(6,1,1,8,6,3,'7','playing',2,0,NULL,NULL,1795830656020,1795830656080,2,2,NULL,0,1,0,'',0,0,'');
INSERT INTO matches VALUES(7,1,1,NULL,NULL,3,'','scheduled',0,0,NULL,NULL,1795830656020,1795830656020,3,1,NULL,0,0,0,'',0,0,'');
INSERT INTO matches VALUES(8,1,2,4,3,3,'','verified',3,2,0,10,1795830656061,1795830656089,1,1,NULL,0,0,0,'',0,0,'played');
INSERT INTO matches VALUES(9,1,2,5,1,3,'','disputed',3,0,NULL,NULL,1795830656061,1795830656097,1,2,NULL,0,0,0,'',0,0,'');
INSERT INTO matches VALUES(10,1,2,4,NULL,3,'','scheduled',0,0,NULL,NULL,1795830656061,1795830656089,2,1,NULL,0,0,0,'',0,0,'');
INSERT INTO matches VALUES(11,1,NULL,9,10,1,'3','called',0,0,NULL,NULL,1795830656101,1795830656102,0,0,NULL,0,0,0,'',0,0,'');
INSERT INTO matches VALUES(12,1,4,15,13,0,'','verified',1,0,0,14,1795830656119,1795830656128,1,1,NULL,0,0,0,'',0,0,'played');
INSERT INTO matches VALUES(13,1,4,11,14,0,'','verified',0,4,1,16,1795830656119,1795830656137,1,2,NULL,0,0,0,'',0,0,'played');
INSERT INTO matches VALUES(14,1,4,15,12,0,'','verified',3,0,0,18,1795830656139,1795830656146,2,1,NULL,0,0,0,'',0,0,'played');
INSERT INTO matches VALUES(15,1,4,13,11,0,'','scheduled',0,0,NULL,NULL,1795830656139,1795830656139,2,2,NULL,0,0,0,'',0,0,'');
INSERT INTO matches VALUES(16,1,5,20,19,3,'','verified',3,2,0,20,1795830656165,1795830656177,1,21,2,1,0,0,'',0,0,'played');
INSERT INTO matches VALUES(17,1,5,21,18,3,'','verified',1,3,1,21,1795830656165,1795830656179,1,22,2,2,0,0,'',0,0,'played');
INSERT INTO matches VALUES(18,1,5,20,18,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,1,23,2,3,0,0,'',0,0,'');
INSERT INTO matches VALUES(19,1,5,20,18,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,1,24,2,4,0,0,'',0,0,'');
INSERT INTO matches VALUES(20,1,5,21,19,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,1,25,2,5,0,0,'',0,0,'');
INSERT INTO matches VALUES(21,1,5,20,17,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,2,11,3,1,0,0,'',0,0,'');
INSERT INTO matches VALUES(22,1,5,21,16,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,2,12,3,2,0,0,'',0,0,'');
INSERT INTO matches VALUES(23,1,5,20,16,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,2,13,3,3,0,0,'',0,0,'');
INSERT INTO matches VALUES(24,1,5,20,16,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,2,14,3,4,0,0,'',0,0,'');
INSERT INTO matches VALUES(25,1,5,21,17,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,2,15,3,5,0,0,'',0,0,'');
INSERT INTO matches VALUES(26,1,5,16,19,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,3,11,5,1,0,0,'',0,0,'');
INSERT INTO matches VALUES(27,1,5,17,18,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,3,12,5,2,0,0,'',0,0,'');
INSERT INTO matches VALUES(28,1,5,16,18,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,3,13,5,3,0,0,'',0,0,'');
INSERT INTO matches VALUES(29,1,5,16,18,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,3,14,5,4,0,0,'',0,0,'');
INSERT INTO matches VALUES(30,1,5,17,19,3,'','scheduled',0,0,NULL,NULL,1795830656165,1795830656165,3,15,5,5,0,0,'',0,0,'');
INSERT INTO matches VALUES(31,1,6,26,29,1,'','verified',1,0,0,22,1795830656201,1795830656213,1,11,7,1,0,0,'',0,0,'played');
INSERT INTO matches VALUES(32,1,6,27,28,1,'','verified',1,0,0,23,1795830656201,1795830656218,1,12,7,2,0,0,'',0,0,'played');
INSERT INTO matches VALUES(33,1,6,26,28,1,'','verified',1,0,0,24,1795830656201,1795830656220,1,13,7,3,0,0,'',0,0,'played');
INSERT INTO matches VALUES(34,1,6,26,28,1,'','void',0,0,NULL,NULL,1795830656201,1795830656220,1,14,7,4,0,0,'',0,0,'');
INSERT INTO matches VALUES(35,1,6,27,29,1,'','void',0,0,NULL,NULL,1795830656201,1795830656220,1,15,7,5,0,0,'',0,0,'');
INSERT INTO matches VALUES(36,1,6,22,25,1,'','verified',0,1,1,25,1795830656201,1795830656228,1,21,8,1,0,0,'',0,0,'played');
INSERT INTO matches VALUES(37,1,6,23,24,1,'','scheduled',0,0,NULL,NULL,1795830656201,1795830656201,1,22,8,2,0,0,'',0,0,'');
INSERT INTO matches VALUES(38,1,6,22,24,1,'','scheduled',0,0,NULL,NULL,1795830656201,1795830656201,1,23,8,3,0,0,'',0,0,'');
INSERT INTO matches VALUES(39,1,6,22,24,1,'','scheduled',0,0,NULL,NULL,1795830656201,1795830656201,1,24,8,4,0,0,'',0,0,'');
INSERT INTO matches VALUES(40,1,6,23,25,1,'','scheduled',0,0,NULL,NULL,1795830656201,1795830656201,1,25,8,5,0,0,'',0,0,'');
CREATE TABLE match_states (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    state    TEXT NOT NULL,
    at_ms    INTEGER NOT NULL,
    actor    TEXT NOT NULL
) STRICT;
INSERT INTO match_states VALUES(1,'scheduled',1795830656020,'system');
INSERT INTO match_states VALUES(2,'scheduled',1795830656020,'system');
INSERT INTO match_states VALUES(3,'scheduled',1795830656020,'system');
INSERT INTO match_states VALUES(4,'scheduled',1795830656020,'system');
INSERT INTO match_states VALUES(5,'scheduled',1795830656020,'system');
INSERT INTO match_states VALUES(6,'scheduled',1795830656020,'system');
INSERT INTO match_states VALUES(7,'scheduled',1795830656020,'system');
INSERT INTO match_states VALUES(1,'reported',1795830656029,'player:7');
INSERT INTO match_states VALUES(1,'verified',1795830656033,'player:4');
INSERT INTO match_states VALUES(2,'verified',1795830656036,'official:1');
INSERT INTO match_states VALUES(3,'reported',1795830656041,'player:3');
INSERT INTO match_states VALUES(3,'verified',1795830656045,'player:8');
INSERT INTO match_states VALUES(4,'playing',1795830656051,'player:6');
INSERT INTO match_states VALUES(4,'reported',1795830656057,'player:6');
INSERT INTO match_states VALUES(4,'verified',1795830656061,'player:1');
INSERT INTO match_states VALUES(8,'scheduled',1795830656061,'system');
INSERT INTO match_states VALUES(9,'scheduled',1795830656061,'system');
INSERT INTO match_states VALUES(10,'scheduled',1795830656061,'system');
INSERT INTO match_states VALUES(5,'reported',1795830656067,'player:7');
INSERT INTO match_states VALUES(6,'called',1795830656070,'official:1');
INSERT INTO match_states VALUES(6,'playing',1795830656073,'clock');
INSERT INTO match_states VALUES(8,'verified',1795830656089,'official:1');
INSERT INTO match_states VALUES(9,'reported',1795830656095,'player:5');
INSERT INTO match_states VALUES(9,'disputed',1795830656097,'player:1');
INSERT INTO match_states VALUES(11,'scheduled',1795830656101,'official:1');
INSERT INTO match_states VALUES(11,'called',1795830656102,'official:1');
INSERT INTO match_states VALUES(12,'scheduled',1795830656119,'official:1');
INSERT INTO match_states VALUES(13,'scheduled',1795830656119,'official:1');
INSERT INTO match_states VALUES(12,'reported',1795830656125,'player:15');
INSERT INTO match_states VALUES(12,'verified',1795830656128,'player:13');
INSERT INTO match_states VALUES(13,'reported',1795830656134,'player:11');
INSERT INTO match_states VALUES(13,'verified',1795830656137,'player:14');
INSERT INTO match_states VALUES(14,'scheduled',1795830656139,'official:1');
INSERT INTO match_states VALUES(15,'scheduled',1795830656139,'official:1');
INSERT INTO match_states VALUES(14,'reported',1795830656145,'player:12');
INSERT INTO match_states VALUES(14,'verified',1795830656146,'player:15');
INSERT INTO match_states VALUES(16,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(17,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(18,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(19,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(20,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(21,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(22,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(23,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(24,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(25,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(26,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(27,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(28,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(29,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(30,'scheduled',1795830656165,'official:1');
INSERT INTO match_states VALUES(16,'reported',1795830656173,'player:20');
INSERT INTO match_states VALUES(16,'verified',1795830656177,'player:19');
INSERT INTO match_states VALUES(17,'verified',1795830656179,'official:1');
INSERT INTO match_states VALUES(31,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(32,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(33,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(34,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(35,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(36,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(37,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(38,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(39,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(40,'scheduled',1795830656201,'official:1');
INSERT INTO match_states VALUES(31,'verified',1795830656213,'official:1');
INSERT INTO match_states VALUES(32,'verified',1795830656218,'official:1');
INSERT INTO match_states VALUES(33,'verified',1795830656220,'official:1');
INSERT INTO match_states VALUES(34,'void',1795830656220,'system');
INSERT INTO match_states VALUES(35,'void',1795830656220,'system');
INSERT INTO match_states VALUES(36,'verified',1795830656228,'official:1');
CREATE TABLE reports (
    id         INTEGER PRIMARY KEY,
    match_id   INTEGER NOT NULL REFERENCES matches(id),
    side       INTEGER CHECK (side IN (0, 1)),
    actor      TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('score', 'games', 'transcript')),
    complete   INTEGER NOT NULL,               -- 1 when the match is over in this report
    current    INTEGER NOT NULL DEFAULT 1,     -- 0 once superseded
    score_a    INTEGER NOT NULL,
    score_b    INTEGER NOT NULL,
    winner     INTEGER CHECK (winner IN (0, 1)),
    games      TEXT NOT NULL,                  -- JSON list of game results
    transcript TEXT,                           -- the uploaded transcript, when kind = transcript
    flags      TEXT,                           -- JSON: illegal plays let stand (MATCH-6)
    created_ms INTEGER NOT NULL
, conceded INTEGER NOT NULL DEFAULT 0 CHECK (conceded IN (0, 1)), resumes INTEGER REFERENCES reports(id)) STRICT;
INSERT INTO reports VALUES(1,1,0,'player:7','score',1,1,3,1,0,'[]',NULL,NULL,1795830656029,0,NULL);
INSERT INTO reports VALUES(2,1,1,'player:4','score',1,1,3,1,0,'[]',NULL,NULL,1795830656033,0,NULL);
INSERT INTO reports VALUES(3,2,NULL,'official:1','score',1,1,0,3,1,'[]',NULL,NULL,1795830656036,0,NULL);
INSERT INTO reports VALUES(4,3,1,'player:3','score',1,1,3,0,0,'[]',NULL,NULL,1795830656041,1,NULL);
INSERT INTO reports VALUES(5,3,0,'player:8','score',1,1,3,0,0,'[]',NULL,NULL,1795830656045,1,NULL);
INSERT INTO reports VALUES(6,4,0,'player:6','games',1,1,3,1,0,'b:1:single,a:2:single,a:1:single',NULL,NULL,1795830656051,0,NULL);
INSERT INTO reports VALUES(7,4,1,'player:1','games',1,1,3,1,0,'b:1:single,a:2:single,a:1:single',NULL,NULL,1795830656061,0,NULL);
INSERT INTO reports VALUES(8,5,0,'player:7','score',1,1,3,1,0,'[]',NULL,NULL,1795830656067,0,NULL);
INSERT INTO reports VALUES(9,6,0,'player:8','games',0,1,2,0,NULL,'a:1:single',NULL,NULL,1795830656075,0,NULL);
INSERT INTO reports VALUES(10,8,NULL,'official:1','score',1,1,3,2,0,'[]',NULL,NULL,1795830656089,0,NULL);
INSERT INTO reports VALUES(11,9,0,'player:5','score',1,1,3,0,0,'[]',NULL,NULL,1795830656095,0,NULL);
INSERT INTO reports VALUES(12,9,1,'player:1','score',1,1,1,3,1,'[]',NULL,NULL,1795830656097,0,NULL);
INSERT INTO reports VALUES(13,12,0,'player:15','games',1,1,1,0,0,'a:1:single',NULL,NULL,1795830656125,0,NULL);
INSERT INTO reports VALUES(14,12,1,'player:13','games',1,1,1,0,0,'a:1:single',NULL,NULL,1795830656128,0,NULL);
INSERT INTO reports VALUES(15,13,0,'player:11','games',1,1,0,4,1,'b:2:gammon',NULL,NULL,1795830656134,0,NULL);
INSERT INTO reports VALUES(16,13,1,'player:14','games',1,1,0,4,1,'b:2:gammon',NULL,NULL,1795830656137,0,NULL);
INSERT INTO reports VALUES(17,14,1,'player:12','games',1,1,3,0,0,'a:1:backgammon',NULL,NULL,1795830656145,0,NULL);
INSERT INTO reports VALUES(18,14,0,'player:15','games',1,1,3,0,0,'a:1:backgammon',NULL,NULL,1795830656146,0,NULL);
INSERT INTO reports VALUES(19,16,0,'player:20','score',1,1,3,2,0,'[]',NULL,NULL,1795830656173,0,NULL);
INSERT INTO reports VALUES(20,16,1,'player:19','score',1,1,3,2,0,'[]',NULL,NULL,1795830656177,0,NULL);
INSERT INTO reports VALUES(21,17,NULL,'official:1','score',1,1,1,3,1,'[]',NULL,NULL,1795830656179,0,NULL);
INSERT INTO reports VALUES(22,31,NULL,'official:1','score',1,1,1,0,0,'[]',NULL,NULL,1795830656213,0,NULL);
INSERT INTO reports VALUES(23,32,NULL,'official:1','score',1,1,1,0,0,'[]',NULL,NULL,1795830656218,0,NULL);
INSERT INTO reports VALUES(24,33,NULL,'official:1','score',1,1,1,0,0,'[]',NULL,NULL,1795830656220,0,NULL);
INSERT INTO reports VALUES(25,36,NULL,'official:1','score',1,1,0,1,1,'[]',NULL,NULL,1795830656228,0,NULL);
CREATE TABLE idempotency (
    scope      TEXT NOT NULL,   -- who sent it ("td", "player:12")
    key        TEXT NOT NULL,
    request    TEXT NOT NULL,   -- method and path: a key reused elsewhere is refused
    status     INTEGER NOT NULL,
    body       TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
) STRICT;
CREATE TABLE events (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    kind          TEXT NOT NULL CHECK (kind IN ('knockout', 'swing', 'davis')),
    name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    -- KO-1: tables go to higher priorities first (Championship, Intermediate, ...)
    priority      INTEGER NOT NULL DEFAULT 0,
    settings      TEXT NOT NULL DEFAULT '{}',   -- JSON, by kind
    state         TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'running', 'finished')),
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL
) STRICT;
INSERT INTO events VALUES(1,1,'knockout','Main',0,'{"flight":"championship","lengths":[3]}','running',1795830656004,1795830656020);
INSERT INTO events VALUES(2,1,'knockout','Consolation',0,'{"feeds_from":1,"lengths":[3]}','running',1795830656006,1795830656061);
INSERT INTO events VALUES(3,1,'knockout','Last Chance',0,'{"feeds_from":2,"lengths":[3]}','open',1795830656007,1795830656007);
INSERT INTO events VALUES(4,1,'swing','Swing',0,'{"allin":"short_stack","cpp":[10,20],"start_chips":1000}','running',1795830656110,1795830656119);
INSERT INTO events VALUES(5,1,'davis','Cup',0,'{"format":"round_robin","late_deadline":null,"late_places":0,"lengths":[3,3,3],"play_dead":false}','running',1795830656158,1795830656165);
INSERT INTO events VALUES(6,1,'davis','Team Cup',0,'{"format":"knockout","late_deadline":null,"late_places":0,"lengths":[1,1,1],"play_dead":false}','running',1795830656194,1795830656201);
CREATE TABLE event_entries (
    event_id   INTEGER NOT NULL REFERENCES events(id),
    player_id  INTEGER NOT NULL REFERENCES players(id),
    entered_ms INTEGER NOT NULL,
    PRIMARY KEY (event_id, player_id)
) STRICT, WITHOUT ROWID;
INSERT INTO event_entries VALUES(1,1,1795830656009);
INSERT INTO event_entries VALUES(1,2,1795830656010);
INSERT INTO event_entries VALUES(1,3,1795830656012);
INSERT INTO event_entries VALUES(1,4,1795830656013);
INSERT INTO event_entries VALUES(1,5,1795830656014);
INSERT INTO event_entries VALUES(1,6,1795830656016);
INSERT INTO event_entries VALUES(1,7,1795830656017);
INSERT INTO event_entries VALUES(1,8,1795830656019);
INSERT INTO event_entries VALUES(2,1,1795830656061);
INSERT INTO event_entries VALUES(2,3,1795830656061);
INSERT INTO event_entries VALUES(2,4,1795830656061);
INSERT INTO event_entries VALUES(2,5,1795830656061);
INSERT INTO event_entries VALUES(4,11,1795830656112);
INSERT INTO event_entries VALUES(4,12,1795830656113);
INSERT INTO event_entries VALUES(4,13,1795830656115);
INSERT INTO event_entries VALUES(4,14,1795830656116);
INSERT INTO event_entries VALUES(4,15,1795830656118);
CREATE TABLE davis_teams (
    id         INTEGER PRIMARY KEY,
    event_id   INTEGER NOT NULL REFERENCES events(id),
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    player1    INTEGER NOT NULL REFERENCES players(id),
    player2    INTEGER NOT NULL REFERENCES players(id),
    number     INTEGER NOT NULL,               -- 1-based, in the order registered
    created_ms INTEGER NOT NULL,
    CHECK (player1 <> player2),
    UNIQUE (event_id, number)
) STRICT;
INSERT INTO davis_teams VALUES(1,5,'Rossi',16,17,1,1795830656160);
INSERT INTO davis_teams VALUES(2,5,'Verdi',18,19,2,1795830656162);
INSERT INTO davis_teams VALUES(3,5,'Neri',20,21,3,1795830656163);
INSERT INTO davis_teams VALUES(4,6,'Blu',22,23,1,1795830656195);
INSERT INTO davis_teams VALUES(5,6,'Oro',24,25,2,1795830656197);
INSERT INTO davis_teams VALUES(6,6,'Rame',26,27,3,1795830656199);
INSERT INTO davis_teams VALUES(7,6,'Viola',28,29,4,1795830656200);
CREATE TABLE davis_ties (
    id       INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    round    INTEGER NOT NULL,
    slot     INTEGER NOT NULL,
    team_a   INTEGER REFERENCES davis_teams(id),
    team_b   INTEGER REFERENCES davis_teams(id),   -- NULL: team_a has the bye
    winner   INTEGER CHECK (winner IN (0, 1)),
    UNIQUE (event_id, round, slot)
) STRICT;
INSERT INTO davis_ties VALUES(1,5,1,1,1,NULL,0);
INSERT INTO davis_ties VALUES(2,5,1,2,3,2,NULL);
INSERT INTO davis_ties VALUES(3,5,2,1,3,1,NULL);
INSERT INTO davis_ties VALUES(4,5,2,2,2,NULL,0);
INSERT INTO davis_ties VALUES(5,5,3,1,1,2,NULL);
INSERT INTO davis_ties VALUES(6,5,3,2,3,NULL,0);
INSERT INTO davis_ties VALUES(7,6,1,1,6,7,0);
INSERT INTO davis_ties VALUES(8,6,1,2,4,5,NULL);
INSERT INTO davis_ties VALUES(9,6,2,1,6,NULL,NULL);
CREATE TABLE swing_rounds (
    event_id   INTEGER NOT NULL REFERENCES events(id),
    round      INTEGER NOT NULL,
    cpp        INTEGER NOT NULL CHECK (cpp > 0),
    seed       TEXT NOT NULL,
    sitter     INTEGER REFERENCES players(id),
    forced     INTEGER NOT NULL DEFAULT 0,    -- started before the previous one was complete
    started_ms INTEGER NOT NULL,
    PRIMARY KEY (event_id, round)
) STRICT, WITHOUT ROWID;
INSERT INTO swing_rounds VALUES(4,1,10,'swing-1',12,0,1795830656119);
INSERT INTO swing_rounds VALUES(4,2,20,'swing-2',14,0,1795830656139);
CREATE TABLE chip_ledger (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id),
    round       INTEGER NOT NULL,
    match_id    INTEGER REFERENCES matches(id),
    from_player INTEGER REFERENCES players(id),
    to_player   INTEGER NOT NULL REFERENCES players(id),
    chips       INTEGER NOT NULL CHECK (chips >= 0),
    why         TEXT NOT NULL,
    at_ms       INTEGER NOT NULL
) STRICT;
INSERT INTO chip_ledger VALUES(1,4,0,NULL,NULL,11,1000,'Starting stack (SWING-1): 1000 chips.',1795830656119);
INSERT INTO chip_ledger VALUES(2,4,0,NULL,NULL,12,1000,'Starting stack (SWING-1): 1000 chips.',1795830656119);
INSERT INTO chip_ledger VALUES(3,4,0,NULL,NULL,13,1000,'Starting stack (SWING-1): 1000 chips.',1795830656119);
INSERT INTO chip_ledger VALUES(4,4,0,NULL,NULL,14,1000,'Starting stack (SWING-1): 1000 chips.',1795830656119);
INSERT INTO chip_ledger VALUES(5,4,0,NULL,NULL,15,1000,'Starting stack (SWING-1): 1000 chips.',1795830656119);
INSERT INTO chip_ledger VALUES(6,4,1,12,13,15,10,'Round 1, match 12: Yuri beat Walter by a single game (x1) with the cube at 1: 1 point x 10 chips per point (the round''s CPP, SWING-3) = 10 chips from Walter to Yuri; as the players reported.',1795830656146);
INSERT INTO chip_ledger VALUES(7,4,1,13,11,14,40,'Round 1, match 13: Xenia beat Ugo by a gammon (x2) with the cube at 2: 4 points x 10 chips per point (the round''s CPP, SWING-3) = 40 chips from Ugo to Xenia; as the players reported.',1795830656146);
INSERT INTO chip_ledger VALUES(8,4,2,14,12,15,60,'Round 2, match 14: Yuri beat Vera by a backgammon (x3) with the cube at 1: 3 points x 20 chips per point (the round''s CPP, SWING-3) = 60 chips from Vera to Yuri; as the players reported.',1795830656146);
CREATE TABLE ko_brackets (
    event_id         INTEGER PRIMARY KEY REFERENCES events(id),
    version          INTEGER NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('main', 'fed')),
    seed             TEXT NOT NULL,          -- a 64-bit number, as text
    seeded           INTEGER NOT NULL DEFAULT 0,
    seeds            INTEGER NOT NULL DEFAULT 0,
    size             INTEGER NOT NULL,
    n_late           INTEGER NOT NULL DEFAULT 0,
    late_filled      INTEGER NOT NULL DEFAULT 0,
    late_closed      INTEGER NOT NULL DEFAULT 0,
    late_deadline_ms INTEGER NOT NULL DEFAULT 0,
    lengths          TEXT NOT NULL DEFAULT '[]',
    drawn_ms         INTEGER NOT NULL
) STRICT;
INSERT INTO ko_brackets VALUES(1,1,'main','upgrade-main',0,0,8,0,0,0,0,'[3,3,3]',1795830656020);
INSERT INTO ko_brackets VALUES(2,1,'fed','2280890044636384467',0,0,4,0,0,1,0,'[3,3]',1795830656061);
INSERT INTO ko_brackets VALUES(6,1,'main','upgrade-teams',0,0,4,0,0,0,0,'[0,0]',1795830656201);
CREATE TABLE ko_entries (
    event_id   INTEGER NOT NULL REFERENCES events(id),
    idx        INTEGER NOT NULL,
    entry_id   INTEGER NOT NULL,
    has_rating INTEGER NOT NULL DEFAULT 0,
    rating     REAL NOT NULL DEFAULT 0,
    round      INTEGER NOT NULL DEFAULT 1,
    had_bye    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, idx)
) STRICT, WITHOUT ROWID;
INSERT INTO ko_entries VALUES(1,0,1,0,0.0,1,0);
INSERT INTO ko_entries VALUES(1,1,2,0,0.0,1,0);
INSERT INTO ko_entries VALUES(1,2,3,0,0.0,1,0);
INSERT INTO ko_entries VALUES(1,3,4,0,0.0,1,0);
INSERT INTO ko_entries VALUES(1,4,5,0,0.0,1,0);
INSERT INTO ko_entries VALUES(1,5,6,0,0.0,1,0);
INSERT INTO ko_entries VALUES(1,6,7,0,0.0,1,0);
INSERT INTO ko_entries VALUES(1,7,8,0,0.0,1,0);
INSERT INTO ko_entries VALUES(2,0,4,0,0.0,1,0);
INSERT INTO ko_entries VALUES(2,1,5,0,0.0,1,0);
INSERT INTO ko_entries VALUES(2,2,3,0,0.0,1,0);
INSERT INTO ko_entries VALUES(2,3,1,0,0.0,1,0);
INSERT INTO ko_entries VALUES(6,0,4,0,0.0,1,0);
INSERT INTO ko_entries VALUES(6,1,5,0,0.0,1,0);
INSERT INTO ko_entries VALUES(6,2,6,0,0.0,1,0);
INSERT INTO ko_entries VALUES(6,3,7,0,0.0,1,0);
CREATE TABLE ko_slots (
    event_id    INTEGER NOT NULL REFERENCES events(id),
    slot        INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('entry', 'bye', 'late')),
    position    INTEGER NOT NULL,
    drawn       INTEGER,                 -- the entry the draw put here
    holder      INTEGER,                 -- who holds it now (a late arrival, a substitute)
    late        INTEGER NOT NULL DEFAULT 0,
    rating_seed INTEGER NOT NULL DEFAULT 0,
    round2      INTEGER NOT NULL DEFAULT 0,
    had_bye     INTEGER NOT NULL DEFAULT 0, vacant INTEGER NOT NULL DEFAULT 0 CHECK (vacant IN (0, 1)),
    PRIMARY KEY (event_id, slot)
) STRICT, WITHOUT ROWID;
INSERT INTO ko_slots VALUES(1,0,'entry',1,7,7,0,0,0,0,0);
INSERT INTO ko_slots VALUES(1,1,'entry',8,4,4,0,0,0,0,0);
INSERT INTO ko_slots VALUES(1,2,'entry',4,5,5,0,0,0,0,0);
INSERT INTO ko_slots VALUES(1,3,'entry',5,2,2,0,0,0,0,0);
INSERT INTO ko_slots VALUES(1,4,'entry',2,8,8,0,0,0,0,0);
INSERT INTO ko_slots VALUES(1,5,'entry',7,3,3,0,0,0,0,0);
INSERT INTO ko_slots VALUES(1,6,'entry',3,6,6,0,0,0,0,0);
INSERT INTO ko_slots VALUES(1,7,'entry',6,1,1,0,0,0,0,0);
INSERT INTO ko_slots VALUES(2,0,'entry',1,4,4,0,0,0,0,0);
INSERT INTO ko_slots VALUES(2,1,'entry',4,3,3,0,0,0,0,0);
INSERT INTO ko_slots VALUES(2,2,'entry',2,5,5,0,0,0,0,0);
INSERT INTO ko_slots VALUES(2,3,'entry',3,1,1,0,0,0,0,0);
INSERT INTO ko_slots VALUES(6,0,'entry',1,6,6,0,0,0,0,0);
INSERT INTO ko_slots VALUES(6,1,'entry',4,7,7,0,0,0,0,0);
INSERT INTO ko_slots VALUES(6,2,'entry',2,4,4,0,0,0,0,0);
INSERT INTO ko_slots VALUES(6,3,'entry',3,5,5,0,0,0,0,0);
CREATE TABLE match_clocks (
    match_id       INTEGER PRIMARY KEY REFERENCES matches(id),
    mode           INTEGER NOT NULL CHECK (mode IN (0, 1)),
    state          INTEGER NOT NULL CHECK (state BETWEEN 0 AND 3),
    running        INTEGER NOT NULL,
    paused_side    INTEGER NOT NULL,
    paused_reason  INTEGER NOT NULL,
    cube_offered   INTEGER NOT NULL,
    flagged        INTEGER NOT NULL,
    flag_reversed  INTEGER NOT NULL,
    delay_ms       INTEGER NOT NULL,
    turn_delay_ms  INTEGER NOT NULL,
    turn_used_ms   INTEGER NOT NULL,
    since_ms       INTEGER NOT NULL,
    a_bank_ms      INTEGER NOT NULL,
    a_second_ms    INTEGER NOT NULL,
    a_lose_delay   INTEGER NOT NULL,
    b_bank_ms      INTEGER NOT NULL,
    b_second_ms    INTEGER NOT NULL,
    b_lose_delay   INTEGER NOT NULL,
    -- when the running side flags (a clock to watch while it is below now)
    flag_at_ms     INTEGER NOT NULL,
    -- the match before the flag decided it, for the TD's reversal (CLK-7)
    pre_flag       TEXT,
    updated_ms     INTEGER NOT NULL
) STRICT;
INSERT INTO match_clocks VALUES(6,0,2,-1,-1,1,0,-1,0,12000,0,0,1795830656077,312000,0,0,287500,0,0,9223372036854775807,NULL,1795830656078);
CREATE TABLE match_presence (
    match_id        INTEGER NOT NULL REFERENCES matches(id),
    side            INTEGER NOT NULL CHECK (side IN (0, 1)),
    arrived_ms      INTEGER,          -- NULL: not present
    absent_from_ms  INTEGER,          -- NULL: from the call
    breaks_used     INTEGER NOT NULL DEFAULT 0,
    break_started_ms INTEGER,         -- a break running
    break_ends_ms   INTEGER, late_clock_ms INTEGER, postpone_min INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, side)
) STRICT, WITHOUT ROWID;
INSERT INTO match_presence VALUES(6,0,1795830656073,NULL,0,NULL,NULL,NULL,0);
INSERT INTO match_presence VALUES(6,1,1795830656073,NULL,0,NULL,NULL,NULL,0);
CREATE TABLE penalties (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    side        INTEGER NOT NULL CHECK (side IN (0, 1)),
    kind        TEXT NOT NULL CHECK (kind IN ('warning', 'points', 'lateness')),
    points      INTEGER NOT NULL CHECK (points >= 0),
    reason      TEXT NOT NULL,
    before_game INTEGER NOT NULL,
    actor       TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
, void_ms INTEGER) STRICT;
INSERT INTO penalties VALUES(1,6,1,'points',1,'slow play after warnings',1,'official:1',1795830656080,NULL);
CREATE TABLE officials (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    role          TEXT NOT NULL CHECK (role IN ('head', 'td', 'assistant')),
    -- Argon2id (common/secret.c); NULL: no password yet, nobody logs in as this official
    password_hash TEXT,
    status        TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'removed')),
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL
) STRICT;
INSERT INTO officials VALUES(1,'Head TD','head','$argon2id$v=19$m=65536,t=2,p=1$OHrqK+vROpYIRT9mS7zuwQ$msutSxvq1ZhP520ER3RN4yQNukE0dQ0+xpv9I/ZwFGA','active',1795830655216,1795830655316);
INSERT INTO officials VALUES(2,'Ada Assistant','assistant','$argon2id$v=19$m=65536,t=2,p=1$DwSaa1DY948YLWNXuG4vLg$zvQ6CQqlydfCt4A/QMkPUwizeVppbiD/hhL5LuDBBbg','active',1795830655756,1795830655756);
CREATE TABLE IF NOT EXISTS "td_sessions" (
    token_hash  TEXT PRIMARY KEY,
    official_id INTEGER NOT NULL REFERENCES officials(id),
    created_ms  INTEGER NOT NULL,
    expires_ms  INTEGER NOT NULL,
    ended_ms    INTEGER
) STRICT;
INSERT INTO td_sessions VALUES('6be77f2dee4e65fd213c89fea51ccbc52d1c588a093fe363f1e0004b4cf9531c',1,1795830655565,1795888255565,NULL);
INSERT INTO td_sessions VALUES('82aa08deaff31d02e318c23b4a5085d6103ae64b21cac95d5798035d45d2ad12',2,1795830655866,1795888255866,NULL);
CREATE TABLE machine_tokens (
    id          INTEGER PRIMARY KEY,
    label       TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
    role        TEXT NOT NULL CHECK (role IN ('td', 'assistant')),
    token_hash  TEXT NOT NULL UNIQUE,
    created_by  INTEGER NOT NULL REFERENCES officials(id),
    created_ms  INTEGER NOT NULL,
    revoked_ms  INTEGER
) STRICT;
CREATE TABLE calls (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    match_id       INTEGER NOT NULL REFERENCES matches(id),
    player_id      INTEGER NOT NULL REFERENCES players(id),
    side           INTEGER NOT NULL CHECK (side IN (0, 1)),
    reason         TEXT NOT NULL CHECK (reason IN ('dispute', 'clock', 'baffle_box', 'observer',
                       'spectators', 'equipment', 'leave_room', 'other')),
    text           TEXT NOT NULL DEFAULT '',
    state          TEXT NOT NULL CHECK (state IN ('open', 'taken', 'closed')),
    created_ms     INTEGER NOT NULL,
    taken_by       TEXT,            -- the official on their way
    taken_ms       INTEGER,
    closed_by      TEXT,
    closed_ms      INTEGER,
    outcome        TEXT,
    leave_minutes  INTEGER,         -- permission to leave the room granted for N minutes
    leave_until_ms INTEGER
, taken_by_actor TEXT, closed_by_actor TEXT) STRICT;
INSERT INTO calls VALUES(1,1,6,6,1,'clock','please bring a clock','taken',1795830656083,'Ada Assistant',1795830656085,NULL,NULL,NULL,NULL,NULL,'official:2',NULL);
CREATE TABLE match_warnings (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    text        TEXT NOT NULL,
    actor       TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
, by_actor TEXT) STRICT;
CREATE TABLE observers (
    id           INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL REFERENCES matches(id),
    name         TEXT NOT NULL,
    fee_cents    INTEGER CHECK (fee_cents IS NULL OR fee_cents >= 0),
    fee_payer    TEXT CHECK (fee_payer IS NULL OR fee_payer IN ('a', 'b', 'both')),
    call_id      INTEGER REFERENCES calls(id),
    appointed_by TEXT NOT NULL,
    appointed_ms INTEGER NOT NULL,
    removed_by   TEXT,
    removed_ms   INTEGER
, appointed_by_actor TEXT, removed_by_actor TEXT) STRICT;
CREATE TABLE rulings (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    match_id       INTEGER NOT NULL REFERENCES matches(id),
    call_id        INTEGER REFERENCES calls(id),
    question       TEXT NOT NULL,
    facts          TEXT NOT NULL,
    decision       TEXT NOT NULL,
    reasons        TEXT NOT NULL,
    effect         TEXT NOT NULL CHECK (effect IN ('none', 'score', 'penalty', 'forfeit',
                       'clock')),
    effect_json    TEXT,
    state          TEXT NOT NULL CHECK (state IN ('decided', 'awaiting_committee')),
    decided_match  INTEGER NOT NULL DEFAULT 0 CHECK (decided_match IN (0, 1)),
    official       TEXT NOT NULL,
    official_id    INTEGER REFERENCES officials(id),
    created_ms     INTEGER NOT NULL
, actor TEXT) STRICT;
CREATE TABLE device_cookies (
    hash         TEXT PRIMARY KEY,
    official_id  INTEGER NOT NULL REFERENCES officials(id),
    failures     INTEGER NOT NULL DEFAULT 0,
    created_ms   INTEGER NOT NULL,
    last_used_ms INTEGER NOT NULL
) STRICT;
INSERT INTO device_cookies VALUES('b6263cca728e8ea4c8ee2ec6c817018b16a2ff232bcb96a74b1b8360341d713f',1,0,1795830655565,1795830655565);
INSERT INTO device_cookies VALUES('fd023e55150847890de4d2120c7cc0ce6b6f33fd061f51022bc0527260e5ad60',2,0,1795830655866,1795830655866);
CREATE INDEX players_tournament ON players(tournament_id, id);
CREATE UNIQUE INDEX players_federation ON players(tournament_id, federation_id) WHERE federation_id <> '';
CREATE INDEX audit_tournament ON audit_log(tournament_id, id);
CREATE INDEX player_sessions_expiry ON player_sessions(expires_ms);
CREATE INDEX matches_tournament ON matches(tournament_id, id);
CREATE INDEX matches_player_a ON matches(player_a);
CREATE INDEX matches_player_b ON matches(player_b);
CREATE INDEX match_states_match ON match_states(match_id, at_ms);
CREATE INDEX reports_match ON reports(match_id, current);
CREATE INDEX events_tournament ON events(tournament_id, id);
CREATE INDEX matches_event ON matches(event_id, round, slot);
CREATE INDEX davis_teams_event ON davis_teams(event_id);
CREATE INDEX chip_ledger_event ON chip_ledger(event_id, round, id);
CREATE INDEX match_clocks_flag ON match_clocks(flag_at_ms) WHERE state = 1;
CREATE UNIQUE INDEX officials_name ON officials(lower(name)) WHERE status <> 'removed';
CREATE UNIQUE INDEX officials_one_head ON officials(role) WHERE role = 'head';
CREATE INDEX td_sessions_expiry ON td_sessions(expires_ms);
CREATE INDEX td_sessions_official ON td_sessions(official_id);
CREATE UNIQUE INDEX calls_one_open ON calls(match_id) WHERE state <> 'closed';
CREATE INDEX calls_tournament ON calls(tournament_id, state);
CREATE INDEX calls_player ON calls(player_id, created_ms);
CREATE INDEX match_warnings_match ON match_warnings(match_id);
CREATE INDEX observers_match ON observers(match_id);
CREATE INDEX rulings_match ON rulings(match_id);
CREATE INDEX rulings_tournament ON rulings(tournament_id, state);
CREATE INDEX penalties_match ON penalties(match_id, void_ms, id);
CREATE INDEX device_cookies_official ON device_cookies(official_id);
COMMIT;
PRAGMA user_version = 16;
