/* Settings from config/crawford.json: a table of known keys with types and ranges. */
#include "common/config.h"

#include "common/cidr.h"

#include <arpa/inet.h>
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

enum kind { K_INT, K_STR };

struct setting {
    const char *name;
    enum kind kind;
    size_t offset;
    long min, max;   /* K_INT: range; K_STR: min is the shortest, max the buffer size */
    const char *doc; /* what it means */
};

#define INT(n, lo, hi, d)                                                                          \
    {                                                                                              \
#n, K_INT, offsetof(struct cw_config, n), lo, hi, d                                        \
    }
#define STR(n, d)                                                                                  \
    {                                                                                              \
#n, K_STR, offsetof(struct cw_config, n), 1, sizeof(((struct cw_config *)0)->n), d         \
    }

/* a string that may be empty (a list of none) */
#define STR_EMPTY(n, d)                                                                            \
    {                                                                                              \
#n, K_STR, offsetof(struct cw_config, n), 0, sizeof(((struct cw_config *)0)->n), d         \
    }

static const struct setting settings[] = {
    STR(bind, "address to listen on, an IPv4 or IPv6 literal"),
    INT(port, 0, 65535, "TCP port; 0 picks a free port and prints it"),
    STR(database, "SQLite database file, created with its folder on first start"),
    STR(static_dir, "folder of the pages served at /"),
    INT(threads, 0, 64, "HTTP worker threads; 0 = four per CPU"),
    INT(max_connections, 16, 100000, "simultaneous HTTP connections, event streams not counted"),
    INT(max_connections_per_address, 1, 100000,
        "connections (not streams) one address may hold; an IPv6 client counts by its /64"),
    INT(max_streams, 1, 100000, "simultaneous event streams (phones, displays, consoles)"),
    INT(max_streams_per_address, 1, 100000, "event streams one address (or IPv6 /64) may hold"),
    INT(max_replays_per_address, 1, 100000,
        "event streams one address may have replaying a long history at once"),
    INT(header_timeout_s, 1, 600,
        "seconds a new connection has to send a whole request (however slowly it trickles)"),
    INT(connection_timeout_s, 1, 3600,
        "idle seconds before a connection is closed; also the most a request's body and "
        "reply may take"),
    INT(connection_memory_bytes, 4096, 1024 * 1024,
        "memory pool of one connection (headers, buffers); small keeps event streams cheap"),
    INT(max_body_bytes, 1024, 64 * 1024 * 1024, "largest request body accepted (413 beyond)"),
    INT(max_json_depth, 2, 256, "deepest nesting of arrays and objects in a JSON body"),
    INT(max_string_bytes, 16, 16 * 1024 * 1024, "longest string in a JSON body"),
    STR(access_log, "\"stderr\", \"off\" or a file to append access-log lines to"),
    STR(allowed_hosts, "host names the server answers to (Host and Origin), separated by "
                       "commas, each with or without :port; \"*\" = any"),
    STR_EMPTY(trusted_proxies,
        "addresses or ranges (CIDR) of reverse proxies, e.g. \"127.0.0.1, ::1\": only from "
        "those are X-Forwarded-For (the client's address) and X-Forwarded-Proto believed; "
        "none by default"),
    STR_EMPTY(public_url,
        "the address players use, e.g. \"http://crawford.lan:8080\", printed on the player "
        "cards' QR codes; a name the venue's router serves, so it survives a change of laptop; "
        "\"\" = the address the TD's browser uses"),
    INT(session_hours, 1, 24 * 30, "lifetime of a TD login session"),
    INT(busy_timeout_ms, 0, 600000, "SQLite busy timeout"),
    INT(login_max_failures, 1, 1000, "wrong TD passwords from one address before a lock"),
    INT(login_lock_minutes, 1, 24 * 60, "how long the first lock lasts; each next one doubles"),
    INT(login_hashes_max, 1, 64,
        "TD password checks at once (each takes 64 MiB and a CPU); more wait with 503"),
    INT(pin_max_failures, 1, 1000,
        "wrong PINs for one player from one address before that pair is locked; also the "
        "wrong PINs for a player from all addresses before each try waits a delay"),
    INT(pin_lock_minutes, 1, 24 * 60,
        "how long the first PIN lock (per player and address, or per address) lasts; each "
        "next one doubles"),
    INT(pin_address_max_failures, 1, 10000,
        "wrong PINs from one address, for any players, before a lock"),
    INT(pin_player_max_delay_s, 1, 3600,
        "the longest delay between tries for a player whose PIN is being guessed"),
    STR_EMPTY(snapshot_folder,
              "folder for snapshots of the database while serving (a USB stick, a second "
              "disk); \"\" = none"),
    INT(snapshot_interval_minutes, 1, 24 * 60, "minutes between two snapshots"),
    INT(snapshot_keep, 1, 100000, "how many snapshots are kept, the newest"),
};
#define NSETTINGS ((int)(sizeof settings / sizeof settings[0]))

int cw_config_doc(int i, const char **name, const char **type, const char **doc)
{
    if (i < 0 || i >= NSETTINGS)
        return -1;
    *name = settings[i].name;
    *type = settings[i].kind == K_INT ? "integer" : "string";
    *doc = settings[i].doc;
    return 0;
}

void cw_config_defaults(struct cw_config *c)
{
    memset(c, 0, sizeof *c);
    strcpy(c->bind, "0.0.0.0");
    c->port = 8080;
    strcpy(c->database, "data/crawford.db");
    strcpy(c->static_dir, "static");
    c->threads = 0;
    c->max_connections = 8192;
    /* a venue behind one NAT address: 1,000 phones, each with its page's connections and
     * its event stream, and room for the others' addresses beside it */
    c->max_connections_per_address = 2500;
    c->max_streams = 6000;
    c->max_streams_per_address = 2500;
    /* a page never replays (it reads the state anew at each connection): integrations do */
    c->max_replays_per_address = 4;
    c->header_timeout_s = 10;
    c->connection_timeout_s = 120;
    c->connection_memory_bytes = 4096;
    c->max_body_bytes = 1024 * 1024;
    c->max_json_depth = 32;
    c->max_string_bytes = 65536;
    strcpy(c->access_log, "stderr");
    strcpy(c->allowed_hosts, "*");
    c->session_hours = 16;
    c->busy_timeout_ms = 5000;
    c->login_max_failures = 5;
    c->login_lock_minutes = 15;
    c->pin_max_failures = 5;
    c->pin_lock_minutes = 15;
    c->pin_address_max_failures = 20;
    c->pin_player_max_delay_s = 60;
    c->login_hashes_max = 2;
    c->snapshot_interval_minutes = 5;
    c->snapshot_keep = 24; /* two hours at the default interval */
}

/* Characters of a URL that need no escaping in XML except '&', escaped where written. */
static int url_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           strchr("-._~:/?#[]@!$&()*+,;=%", c) != NULL;
}

int cw_plain_url(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n > max)
        return 0;
    size_t skip;
    if (!strncmp(s, "http://", 7))
        skip = 7;
    else if (!strncmp(s, "https://", 8))
        skip = 8;
    else
        return 0;
    if (n == skip || s[skip] == '/')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!url_char(s[i]))
            return 0;
    return 1;
}

static int check_bind(const char *s)
{
    unsigned char buf[16];
    return inet_pton(AF_INET, s, buf) == 1 || inet_pton(AF_INET6, s, buf) == 1;
}

int cw_config_load(struct cw_config *c, const char *file, char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_load_file(file, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        snprintf(err, errlen, "config %s: %s (line %d)", file, je.text, je.line);
        return -1;
    }
    int rc = 0;
    if (!json_is_object(root)) {
        snprintf(err, errlen, "config %s: the file must hold one JSON object", file);
        rc = -1;
        goto out;
    }
    const char *key;
    json_t *val;
    json_object_foreach(root, key, val)
    {
        const struct setting *s = NULL;
        for (int i = 0; i < NSETTINGS; i++)
            if (!strcmp(settings[i].name, key))
                s = &settings[i];
        if (!s) {
            snprintf(err, errlen, "config %s: unknown setting \"%s\"", file, key);
            rc = -1;
            goto out;
        }
        char *dst = (char *)c + s->offset;
        if (s->kind == K_INT) {
            if (!json_is_integer(val)) {
                snprintf(err, errlen, "config %s: setting \"%s\" must be an integer", file, key);
                rc = -1;
                goto out;
            }
            json_int_t v = json_integer_value(val);
            if (v < s->min || v > s->max) {
                snprintf(err, errlen, "config %s: setting \"%s\" is %lld; it must be %ld to %ld",
                         file, key, (long long)v, s->min, s->max);
                rc = -1;
                goto out;
            }
            *(int *)dst = (int)v;
        } else {
            if (!json_is_string(val)) {
                snprintf(err, errlen, "config %s: setting \"%s\" must be a string", file, key);
                rc = -1;
                goto out;
            }
            const char *v = json_string_value(val);
            size_t n = json_string_length(val);
            if (n < (size_t)s->min || n >= (size_t)s->max || strlen(v) != n) {
                snprintf(err, errlen, "config %s: setting \"%s\" must be %ld to %ld characters",
                         file, key, s->min, s->max - 1);
                rc = -1;
                goto out;
            }
            memcpy(dst, v, n + 1);
        }
    }
    if (!check_bind(c->bind)) {
        snprintf(err, errlen, "config %s: setting \"bind\" is \"%s\", not an IPv4 or IPv6 address",
                 file, c->bind);
        rc = -1;
        goto out;
    }
    if (c->public_url[0] && !cw_plain_url(c->public_url, sizeof c->public_url - 1)) {
        snprintf(err, errlen,
                 "config %s: setting \"public_url\" is \"%s\", not an http:// or https:// "
                 "address (e.g. \"http://crawford.lan:8080\")",
                 file, c->public_url);
        rc = -1;
        goto out;
    }
    struct cw_cidr proxies[CW_CIDR_MAX];
    char why[200];
    if (cw_cidr_parse_list(c->trusted_proxies, proxies, CW_CIDR_MAX, why, sizeof why) < 0) {
        snprintf(err, errlen, "config %s: setting \"trusted_proxies\": %s", file, why);
        rc = -1;
    }
out:
    json_decref(root);
    return rc;
}
