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

step "typecheck" && npm run --silent typecheck || failed=1
step "lint" && npm run --silent lint || failed=1

if [ -z "${TEST_DATABASE_URL:-}" ] && timeout 2 bash -c '</dev/tcp/127.0.0.1/5432' 2>/dev/null; then
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/test"
fi
step "unit and integration tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run --reporter=default --reporter=json --outputFile=test-results/unit.json || failed=1

step "build" && npm run --silent build >test-results/build.log 2>&1 || { cat test-results/build.log; failed=1; }
step "end-to-end tests (Chromium)"
npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json \
  --outputFile=test-results/e2e.json || failed=1

echo "    (${current}: $((SECONDS - last)) s; whole suite: ${SECONDS} s)"
node scripts/test-summary.mjs test-results/unit.json test-results/e2e.json || failed=1
exit $failed
