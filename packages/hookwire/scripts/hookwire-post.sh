#!/bin/sh
# hookwire-post [DIALECT]: a hook command for hosts that only run commands (Gemini CLI, Codex,
# Copilot CLI, Cursor, or Claude Code's own command hooks). Posts the hook payload on stdin to a
# running `hookwire serve` and prints its answer, so no Node process starts per event: only curl.
# DIALECT (default claude) may name the event too (`copilot/preToolUse`) for a host whose payload
# does not.
#
#   HOOKWIRE_SERVE_URL   the server, default http://127.0.0.1:8787
#   HOOKWIRE_TOKEN       the bearer token, when serve runs with --token-env (kept out of argv)
#   HOOKWIRE_FAIL_OPEN   set to 1 to let the action proceed when serve cannot answer (down, 5xx)
#
# Exit codes, as the hosts read a hook's exit:
#   0  serve answered 200: its body, the bridge's exact stdout, is printed for the host to read.
#   2  serve refused the request (4xx: a payload it cannot read, a wrong token, an unknown route):
#      the server's reason on stderr, and the action is blocked (Claude Code, Gemini CLI) — a
#      refusal is a mistake in the setup, never a reason to let the action through. HOOKWIRE_FAIL_OPEN
#      does not change this.
#   2  serve is down, slow (30 s) or failing (5xx, 503 while draining): the reason on stderr, blocked;
#   1  the same with HOOKWIRE_FAIL_OPEN=1: a non-blocking error, the action proceeds.
url="${HOOKWIRE_SERVE_URL:-http://127.0.0.1:8787}/hooks/${1:-claude}"
# The status goes on a line of its own after the body: `-w` writes it once the body is out.
if [ -n "${HOOKWIRE_TOKEN:-}" ]; then
  # The header goes through a curl config on fd 3, not the command line other users can see.
  answer=$(curl -sS --max-time 30 -H 'content-type: application/json' --data-binary @- -w '\n%{http_code}' -K /dev/fd/3 "$url" 3<<CONFIG
header = "Authorization: Bearer ${HOOKWIRE_TOKEN}"
CONFIG
)
else
  answer=$(curl -sS --max-time 30 -H 'content-type: application/json' --data-binary @- -w '\n%{http_code}' "$url")
fi
curl_exit=$?
fail() {
  echo "hookwire-post: $1" >&2
  if [ "$2" = refused ] || [ "${HOOKWIRE_FAIL_OPEN:-}" != 1 ]; then exit 2; fi
  exit 1
}
[ "$curl_exit" -eq 0 ] || fail "hookwire serve unreachable or too slow at $url (curl exit $curl_exit)" down
status=${answer##*
}
body=${answer%
*}
[ "$status" = 200 ] && { printf '%s' "$body"; exit 0; }
reason=$(printf '%s' "$body") # the server's error body, without its final newline
case "$status" in
  4??) fail "hookwire serve refused the request to $url (HTTP $status): $reason" refused ;;
  *) fail "hookwire serve failed at $url (HTTP $status): $reason" down ;;
esac
