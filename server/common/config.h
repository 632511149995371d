/* The server's settings: compiled-in defaults, overridden by a JSON config file.
 * An unknown key or a bad value is an error naming it, never a silent default. */
#ifndef CW_CONFIG_H
#define CW_CONFIG_H

#include <stddef.h>

struct cw_config {
    char bind[64];
    int port;
    char database[1024];
    char static_dir[1024];
    int threads;
    int max_connections;
    int max_connections_per_address;
    int max_streams;
    int max_streams_per_address;
    int max_replays_per_address;
    int header_timeout_s;
    int connection_timeout_s;
    int connection_memory_bytes;
    int max_body_bytes;
    int max_json_depth;
    int max_string_bytes;
    char access_log[1024];
    char allowed_hosts[1024];
    char trusted_proxies[1024];
    int session_hours;
    int busy_timeout_ms;
    int login_max_failures;
    int login_lock_minutes;
    int pin_max_failures;
    int pin_lock_minutes;
    int pin_address_max_failures;
    int pin_player_max_delay_s;
    int login_hashes_max;
    char public_url[201]; /* "": the address the TD's browser uses */
    char snapshot_folder[1024]; /* "" = no snapshots (ops/tournament/snapshots.h) */
    int snapshot_interval_minutes;
    int snapshot_keep;
};

void cw_config_defaults(struct cw_config *c);
/* 1 when s is an http:// or https:// address with a host, of at most max characters, all of
 * them plain URL characters (none that would need escaping in a page or an XML attribute
 * other than '&'): what a player card's QR code may point at. */
int cw_plain_url(const char *s, size_t max);
/* Reads FILE over the defaults already in c. Returns 0, or -1 with a sentence in err. */
int cw_config_load(struct cw_config *c, const char *file, char *err, size_t errlen);

/* The i-th known setting (0-based) for `crawford serve --help`; -1 past the end. */
int cw_config_doc(int i, const char **name, const char **type, const char **doc);

#endif
