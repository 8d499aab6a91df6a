#!/usr/bin/env bash
# The one test command (`npm test`): installs what the tests need, builds, then runs every test:
# unit and integration tests, server tests, browser tests in Chromium, and the scenario suites.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  npm ci
fi

# What the tests start besides Node, from Debian: Chromium for the browser tests (a test tool's own browser
# download cannot work here), bubblewrap for the sandbox, Redis for the job queue, PostgreSQL for short links.
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's ${need[*]} for the tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "The tests need Debian's ${need[*]}. Install with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
fi

npm run build

# The real-host path is tested end to end on one real CLI: the smallest of the five (about 100 MB), installed into
# the user's cache once, as `hookplay hosts install` does for anyone (never into the repository). A developer who
# has another one installed may pick it with HOOKPLAY_TEST_REAL_HOST.
REAL_HOST="${HOOKPLAY_TEST_REAL_HOST_SPEC:-gemini-cli@0.61.0}"
if [ -z "${HOOKPLAY_TEST_REAL_HOST:-}" ] && ! node apps/server/dist/cli.js hosts list | grep -q "^    ${REAL_HOST}  "; then
  echo "Installing the real ${REAL_HOST} for the real-host tests (once, into the cache)..."
  node apps/server/dist/cli.js hosts install "${REAL_HOST}"
fi

npx vitest run
# The server tests once more over the queue path: every run through BullMQ on a real Redis to a worker and back.
HOOKPLAY_TEST_QUEUE=1 npx vitest run test/server

# Scenario files are regression tests too: the repo's own, and the shared conformance suite beside the checkout.
suites=(scenarios)
if [ -d ../shared/conformance ]; then
  suites+=(../shared/conformance)
else
  echo "note: ../shared/conformance is not beside this checkout; running the repo's scenarios only"
fi
node apps/server/dist/cli.js test "${suites[@]}"
