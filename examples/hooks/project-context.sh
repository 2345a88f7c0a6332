#!/bin/sh
# A session:start context hook: whatever it prints on stdout (plain text) becomes additional
# context for the agent. It runs in the session's working directory.
cat >/dev/null

branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null) || branch=""
if [ -n "$branch" ]; then
  echo "Git branch: $branch."
fi
echo "Project rule: run the test suite before you say a change is done; never commit secrets."
