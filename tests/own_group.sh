# Sourced by a script that starts a server and a browser (tests/e2e/check_e2e.sh,
# tests/bench/bench_ui.sh): the script runs again in a process group of its own (a new
# session), and on exit ends whatever is left in that group, the server and the browser, even
# when node was killed by a timeout. The script exits with its own status: while it ends the
# group it ignores the TERM it sends (without that, make bench stopped at 143).
# Set OWN_GROUP_MARK to a variable name of the script's own before sourcing: it marks the
# inner run.
if [ -z "${!OWN_GROUP_MARK:-}" ]; then
  export "$OWN_GROUP_MARK=1"
  exec setsid --wait bash "$0" "$@"
fi
own_group_cleanup() {
  rc=$?
  trap - EXIT
  trap '' TERM INT
  kill -TERM -- -$$ 2>/dev/null
  exit $rc
}
trap own_group_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
