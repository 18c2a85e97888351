#!/usr/bin/env bash
# Installs the system packages the test suite needs: Debian's Chromium for the
# end-to-end tests, poppler-utils, whose pdftotext reads the invoice PDF's
# text back in its tests, and faketime, which starts a test's server days
# ahead. Idempotent; skips apt when all are already there.
set -euo pipefail
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium fonts-dejavu-core)
command -v pdftotext >/dev/null || packages+=(poppler-utils)
# The deposits' end-to-end test moves a server's clock forward to a balance's due day.
command -v faketime >/dev/null || packages+=(faketime)
if [ ${#packages[@]} -eq 0 ]; then
  echo "chromium present: $(/usr/bin/chromium --version 2>/dev/null || true)"
  echo "pdftotext present: $(pdftotext -v 2>&1 | head -n 1)"
  echo "faketime present: $(command -v faketime)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "installed: ${packages[*]}"
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null)"
echo "pdftotext: $(pdftotext -v 2>&1 | head -n 1)"
