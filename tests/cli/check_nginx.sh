#!/usr/bin/env bash
# Crawford behind a real nginx, the way a venue on the internet runs it: config/nginx.conf
# itself (its paths and ports swapped for a throw-away folder on loopback) with a
# throw-away certificate. Through it: a TD login over HTTP/2 whose cookie is Secure, a
# player's report, an event stream whose events arrive at once (unbuffered), and 2,000
# spectators' GETs of a list, of which crawford's access log tells how many reached it.
# The trusted_proxies setting: crawford believes X-Forwarded-For from nginx only (the
# limits, the login limiter and the log see each client's address; nginx itself is not
# limited as one address), never from another peer; a bad value stops the program.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start nginx
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [ ! -x "$NGINX" ] || ! command -v openssl >/dev/null; then
    echo "check_nginx: nginx and openssl are needed (make test installs them)"; exit 1
fi
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# --- a bad trusted_proxies value: status 2 and a sentence naming the setting
echo '{"trusted_proxies": "127.0.0.1, 10.0.0.0/33"}' >"$dir/bad.json"
"$BIN" serve --config "$dir/bad.json" --port 0 >/dev/null 2>"$dir/bad.err"
code=$?
[ "$code" = 2 ] && grep -q 'trusted_proxies.*10.0.0.0/33' "$dir/bad.err" && ok ||
    bad "a bad trusted_proxies gave status $code: $(cat "$dir/bad.err")"

# --- crawford on loopback, nginx its only trusted proxy
cat >"$dir/crawford.json" <<EOF
{"bind": "127.0.0.1", "database": "$dir/c.db", "static_dir": "static",
 "access_log": "$dir/access.log", "trusted_proxies": "127.0.0.1",
 "allowed_hosts": "localhost, 127.0.0.1", "max_connections_per_address": 16,
 "max_streams_per_address": 8}
EOF
CRAWFORD_TD_PASSWORD='behind the proxy' "$BIN" serve --config "$dir/crawford.json" --port 0 \
    >"$dir/out" 2>"$dir/err" &
pid=$!
wait_for 60 server_up "$pid" "$dir/out"
C=$(grep -o 'http://[^ ]*/' "$dir/out" | head -1)
if [ -z "$C" ]; then echo "check_nginx: crawford did not start: $(cat "$dir/err")"; exit 1; fi
C=${C%/}
CPORT=${C##*:}

# --- the certificate and nginx
N=$dir/nginx
mkdir -p "$N/cache" "$N/tmp"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
    -keyout "$N/key.pem" -out "$N/cert.pem" >/dev/null 2>&1 || bad "openssl made no certificate"
HPORT=$(free_port)
SPORT=$(free_port)
if [ "$(id -u)" = 0 ]; then user='user root;'; else user=''; fi
sed -e "s|^user www-data;|$user|" \
    -e "s|^pid .*|pid $N/nginx.pid;|" \
    -e "s|/var/log/nginx/|$N/|" \
    -e "s|/var/cache/nginx/crawford|$N/cache|" \
    -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$CPORT;|" \
    -e "s|listen 80;|listen 127.0.0.1:$HPORT;|" \
    -e "s|listen 443 ssl http2;|listen 127.0.0.1:$SPORT ssl http2;|" \
    -e '/listen \[::\]/d' \
    -e "s|/etc/crawford/tls/fullchain.pem|$N/cert.pem|" \
    -e "s|/etc/crawford/tls/privkey.pem|$N/key.pem|" \
    -e "s|^http {|http {\n    client_body_temp_path $N/tmp/body;\n    proxy_temp_path $N/tmp/proxy;\n    fastcgi_temp_path $N/tmp/fastcgi;\n    uwsgi_temp_path $N/tmp/uwsgi;\n    scgi_temp_path $N/tmp/scgi;|" \
    config/nginx.conf >"$N/nginx.conf"
"$NGINX" -t -q -p "$N/" -e "$N/error.log" -c "$N/nginx.conf" 2>"$N/test.err" && ok ||
    bad "nginx -t refused the configuration: $(cat "$N/test.err")"
"$NGINX" -p "$N/" -e "$N/error.log" -c "$N/nginx.conf" -g 'daemon off;' 2>>"$N/error.log" &
spid=$!
S=https://localhost:$SPORT
up() { [ "$(curl -sk -o /dev/null -w '%{http_code}' "$S/api/v1/health")" = 200 ]; }
wait_for 60 up && ok || { bad "nginx did not answer: $(cat "$N/error.log")"; check_end; exit 1; }

# settled: the access log (written once a second) holds every request done so far, which
# it does once a request made after them is in it
marks=0
settled() {
    marks=$((marks + 1))
    curl -s -o /dev/null "$C/api/v1/mark-$marks"
    wait_for 30 grep -q " GET /api/v1/mark-$marks " "$dir/access.log"
}

H=(-sk -H 'X-Crawford: 1' -H 'Content-Type: application/json')
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }

# --- HTTP/2 and plain HTTP sent to https
v=$(curl -sk --http2 -o /dev/null -w '%{http_version}' "$S/api/v1/health")
[ "$v" = 2 ] && ok || bad "nginx spoke HTTP/$v, not HTTP/2"
loc=$(curl -s -o /dev/null -w '%{redirect_url}' "http://localhost:$HPORT/api/v1/health")
[ "$loc" = "https://localhost/api/v1/health" ] && ok || bad "plain HTTP not sent to https: $loc"

# --- the TD logs in over TLS: the session cookie is Secure (and not when asked directly,
# in clear text, where a browser would drop a Secure cookie)
hdr=$(curl "${H[@]}" -D - -o /dev/null -c "$dir/td" -d '{"password": "behind the proxy"}' \
    "$S/api/v1/login")
grep -qi '^set-cookie:.*; Secure' <<<"$hdr" && ok || bad "the TD's cookie over https is not Secure: $hdr"
hdr=$(curl "${H[@]}" -D - -o /dev/null -d '{"password": "behind the proxy"}' "$C/api/v1/login")
grep -qi '^set-cookie:' <<<"$hdr" && ! grep -qi 'Secure' <<<"$hdr" && ok ||
    bad "a cookie over plain http is Secure (or missing): $hdr"

# --- a tournament, two players, a match
T=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Proxy night"}' "$S/api/v1/tournaments" | json '["id"]')
A=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Anna"}' "$S/api/v1/tournaments/$T/players")
B=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Bruno"}' "$S/api/v1/tournaments/$T/players")
AID=$(json '["id"]' <<<"$A"); APIN=$(json '["pin"]' <<<"$A")
BID=$(json '["id"]' <<<"$B")
M=$(curl "${H[@]}" -b "$dir/td" -d "{\"player_a\": $AID, \"player_b\": $BID, \"length\": 5}" \
    "$S/api/v1/tournaments/$T/matches" | json '["id"]')
[ -n "$M" ] && ok || bad "no match through nginx: T=$T A=$AID B=$BID"

# --- an event stream through nginx, then Anna's report: the event comes at once, long
# before the stream's 15 s heartbeat or any buffer could push it out
curl -skN -m 300 "$S/api/v1/tournaments/$T/events" >"$dir/stream" &
stream=$!
wait_for 60 grep -q '^retry:' "$dir/stream" && ok || bad "the stream did not open through nginx"
curl "${H[@]}" -c "$dir/a" -d "{\"pin\": \"$APIN\"}" \
    "$S/api/v1/tournaments/$T/players/$AID/login" >/dev/null
t0=$SECONDS
st=$(curl "${H[@]}" -b "$dir/a" -d '{"score": {"a": 5, "b": 3}}' \
    "$S/api/v1/tournaments/$T/matches/$M/report" | json '["state"]')
[ "$st" = reported ] && ok || bad "the report through nginx left the match $st"
wait_for 60 grep -q '^event: match.reported' "$dir/stream" && ok || bad "no event through nginx"
waited=$((SECONDS - t0))
[ "$waited" -lt 10 ] && ok || bad "the event took $waited s through nginx (buffered?)"
kill "$stream" 2>/dev/null; wait "$stream" 2>/dev/null

# --- 2,000 spectators read the players list through nginx, 50 at a time
L="$S/api/v1/tournaments/$T/players"
for i in $(seq 2000); do printf 'url = "%s"\noutput = "/dev/null"\n' "$L"; done >"$dir/spect"
before=$(grep -c " GET /api/v1/tournaments/$T/players " "$dir/access.log")
t0=$(date +%s.%N)
codes=$(curl -sk --no-progress-meter --http2 --parallel --parallel-max 50 -K "$dir/spect" \
    -w '%{http_code}\n' 2>/dev/null)
t1=$(date +%s.%N)
n200=$(grep -c '^200$' <<<"$codes")
[ "$n200" = 2000 ] && ok || bad "$n200 of 2,000 spectators got 200: $(sort <<<"$codes" | uniq -c)"
settled
reached=$(( $(grep -c " GET /api/v1/tournaments/$T/players " "$dir/access.log") - before ))
secs=$(python3 -c "print(f'{$t1 - $t0:.1f}')")
echo "bench nginx.spectators.reached_server $reached of 2000 GETs in $secs s"
# one second of cache: about one request a second (and one per Accept-Encoding variant)
limit=$(python3 -c "import math; print(2 * math.ceil($t1 - $t0) + 4)")
[ "$reached" -ge 1 ] && [ "$reached" -le "$limit" ] && ok ||
    bad "$reached of 2,000 spectators' GETs reached crawford (at most $limit expected)"
# a request with a cookie is never answered from the cache
before=$(grep -c " GET /api/v1/tournaments/$T/players " "$dir/access.log")
for i in 1 2 3; do curl -sk -b "$dir/td" -o /dev/null "$L"; done
settled
n=$(( $(grep -c " GET /api/v1/tournaments/$T/players " "$dir/access.log") - before ))
[ "$n" = 3 ] && ok || bad "$n of 3 requests with a cookie reached crawford (the cache answered)"

# --- whom crawford sees: through nginx, the client's own address (127.0.0.3), whatever
# it claims; directly from an untrusted peer (127.0.0.2), the peer, whatever it claims
curl -sk --interface 127.0.0.3 -H 'X-Forwarded-For: 203.0.113.9' -o /dev/null \
    "$S/api/v1/whoami-nginx"
curl -s --interface 127.0.0.2 -H 'X-Forwarded-For: 203.0.113.9' -H 'X-Forwarded-Proto: https' \
    -o /dev/null "$C/api/v1/whoami-direct"
settled
logged() { grep -q "^[^ ]* $1 GET /api/v1/whoami-$2 " "$dir/access.log"; }
logged 127.0.0.3 nginx && ok ||
    bad "crawford did not log nginx's client 127.0.0.3: $(grep whoami-nginx "$dir/access.log")"
logged 127.0.0.2 direct && ok ||
    bad "a spoofed X-Forwarded-For was believed: $(grep whoami-direct "$dir/access.log")"
grep -q '203.0.113.9' "$dir/access.log" && bad "the spoofed address is in the log" || ok
hdr=$(curl "${H[@]}" --interface 127.0.0.2 -H 'X-Forwarded-Proto: https' -D - -o /dev/null \
    -d '{"password": "behind the proxy"}' "$C/api/v1/login")
grep -qi 'Secure' <<<"$hdr" && bad "X-Forwarded-Proto believed from an untrusted peer" || ok

# --- the login limiter counts each client behind nginx apart: 127.0.0.4 locked out by its
# wrong passwords, 127.0.0.5 still logs in
for i in 1 2 3 4 5 6; do
    code=$(curl "${H[@]}" --interface 127.0.0.4 -o /dev/null -w '%{http_code}' \
        -d '{"password": "wrong guess"}' "$S/api/v1/login")
done
[ "$code" = 429 ] && ok || bad "the sixth wrong login from 127.0.0.4 answered $code, not 429"
code=$(curl "${H[@]}" --interface 127.0.0.5 -o /dev/null -w '%{http_code}' \
    -d '{"password": "behind the proxy"}' "$S/api/v1/login")
[ "$code" = 200 ] && ok || bad "127.0.0.5 could not log in after 127.0.0.4 was locked: $code"

# --- nginx is not limited as one address: 40 streams through it (the server allows 16
# connections and 8 streams an address here) all open, and a request still goes through
for i in $(seq 40); do
    curl -skN -m 120 "$S/api/v1/tournaments/$T/events" >"$dir/s$i" 2>/dev/null &
    echo $! >>"$dir/streams"
done
opened() { [ "$(grep -l '^retry:' "$dir"/s[0-9]* 2>/dev/null | wc -l)" = 40 ]; }
wait_for 60 opened && ok ||
    bad "$(grep -l '^retry:' "$dir"/s[0-9]* | wc -l) of 40 streams opened through nginx"
code=$(curl -sk -o /dev/null -w '%{http_code}' "$S/api/v1/tournaments/$T/matches")
[ "$code" = 200 ] && ok || bad "with 40 streams open, a request through nginx answered $code"
xargs kill <"$dir/streams" 2>/dev/null

check_end
