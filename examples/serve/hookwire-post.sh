#!/bin/sh
# hookwire-post.sh [DIALECT]: a hook command for hosts that only run commands (Gemini CLI, Codex,
# Cursor, or Claude Code's own command hooks). Posts the hook payload on stdin to a running
# `hookwire serve` and prints its answer, so no Node process starts per event: only curl.
# DIALECT may name the event too (`copilot/preToolUse`) for a host whose payload does not: serve
# refuses a payload that names no event (400), and this script then fails closed like any error.
#
#   HOOKWIRE_SERVE_URL   the server, default http://127.0.0.1:8787
#   HOOKWIRE_TOKEN       the bearer token, when serve runs with --token-env (kept out of argv)
#   HOOKWIRE_FAIL_OPEN   set to 1 to let the action proceed when serve cannot answer
#
# serve answers 200 with the bridge's exact stdout, so the host reads it as it reads
# `hookwire run`. When serve is down, slow (30 s) or answers an error, this exits 2 with the
# reason on stderr: exit 2 blocks the action in Claude Code and Gemini CLI (fail closed). With
# HOOKWIRE_FAIL_OPEN=1 it exits 1 instead, a non-blocking error.
url="${HOOKWIRE_SERVE_URL:-http://127.0.0.1:8787}/hooks/${1:-claude}"
if [ -n "${HOOKWIRE_TOKEN:-}" ]; then
  # The header goes through a curl config on fd 3, not the command line other users can see.
  curl -fsS --max-time 30 -H 'content-type: application/json' --data-binary @- -K /dev/fd/3 "$url" 3<<CONFIG
header = "Authorization: Bearer ${HOOKWIRE_TOKEN}"
CONFIG
else
  curl -fsS --max-time 30 -H 'content-type: application/json' --data-binary @- "$url"
fi
status=$?
[ "$status" -eq 0 ] && exit 0
echo "hookwire serve unreachable or failing at $url (curl exit $status)" >&2
[ "${HOOKWIRE_FAIL_OPEN:-}" = 1 ] && exit 1
exit 2
