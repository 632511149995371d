/* What a running server holds: its settings, its database, and shared in-memory state. */
#ifndef CW_APP_H
#define CW_APP_H

#include "common/config.h"

struct db;
struct db_readers;
struct api_cache;
struct api_limiter;
struct api_bus;
struct op_snapshots;
struct api_replay;

struct app {
    struct cw_config cfg;
    struct db *db;
    struct db_readers *readers;   /* readers of db for the polled lists, or NULL */
    struct api_cache *cache;       /* serialized GET responses, invalidated on change */
    struct api_limiter *login_lim; /* wrong TD passwords per client address */
    struct api_limiter *official_lim; /* each official's right passwords: a burst slowed */
    struct api_limiter *pin_lim;   /* wrong PINs per player, from all addresses: delays */
    struct api_limiter *pin_pair_lim; /* wrong PINs per player and address: locks */
    struct api_limiter *pin_ip_lim; /* wrong PINs per client address */
    struct api_bus *bus;           /* stream entries of each tournament, for the live streams */
    struct op_snapshots *snapshots; /* snapshots while serving (their status when off), or NULL */
    struct api_replay *replay;     /* kept chunks of their history, for replays, or NULL */
};

#endif
