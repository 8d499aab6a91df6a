#!/usr/bin/env bash
# The one test command (`npm test`): installs what the tests need, builds, then runs every test:
# unit and integration tests, server tests, browser tests in Chromium, and the scenario suites.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  npm ci
fi

# Browser tests drive Debian's Chromium (a test tool's own browser download cannot work here).
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Debian's chromium at /usr/bin/chromium. Install it with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

npm run build
npx vitest run

# Scenario files are regression tests too: the repo's own, and the shared conformance suite beside the checkout.
suites=(scenarios)
if [ -d ../shared/conformance ]; then
  suites+=(../shared/conformance)
else
  echo "note: ../shared/conformance is not beside this checkout; running the repo's scenarios only"
fi
node apps/server/dist/cli.js test "${suites[@]}"
