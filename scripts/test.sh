#!/usr/bin/env bash
# The whole test suite: typecheck, lint, unit and integration tests (PGlite,
# and PostgreSQL when one answers at 127.0.0.1:5432), the production build,
# and the end-to-end tests in Chromium. Ends with one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/*.json

bash scripts/install-system-deps.sh || exit 1

# Each step's heading says how long the one before took, so a slow step shows in the log.
last=$SECONDS
step() {
  echo
  [ -n "${current:-}" ] && echo "    (${current}: $((SECONDS - last)) s)"
  current="$*" last=$SECONDS
  echo "==> $*"
}
failed=0

if [ -z "${TEST_DATABASE_URL:-}" ] && timeout 2 bash -c '</dev/tcp/127.0.0.1/5432' 2>/dev/null; then
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/test"
fi

# Typecheck, lint and the production build run beside the unit tests: each
# uses one core for much of its time, and the machine has two.
(
  code=0
  echo "==> typecheck" && npm run --silent typecheck || code=1
  echo "==> lint" && npm run --silent lint || code=1
  echo "==> build" && npm run --silent build || code=1
  exit $code
) >test-results/static.log 2>&1 &
static=$!

step "unit and integration tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}, beside typecheck, lint and build"
npx vitest run --reporter=default --reporter=json --outputFile=test-results/unit.json || failed=1
wait $static || failed=1
cat test-results/static.log

step "end-to-end tests (Chromium)"
npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json \
  --outputFile=test-results/e2e.json || failed=1

echo "    (${current}: $((SECONDS - last)) s; whole suite: ${SECONDS} s)"
node scripts/test-summary.mjs test-results/unit.json test-results/e2e.json || failed=1
exit $failed
