#!/usr/bin/env bash
# Installs what `npm run bench` needs from Debian's packages when missing:
# nginx (the static-server baseline), with its brotli_static module where
# Debian has one, wrk (a load client that is not itself the limit), and
# Chromium (through install-system-deps.sh). Idempotent:
# apt runs only when something is missing. Does not start nginx: the bench
# runs its own instance with its own configuration and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

brotli_module=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
if command -v nginx >/dev/null && [ -f "$brotli_module" ] && command -v wrk >/dev/null; then
  echo "nginx present: $(nginx -v 2>&1)"
else
  $SUDO apt-get update -qq
  packages=(nginx wrk)
  # The brotli module is optional: the baseline then serves gzip only, and says so.
  if apt-cache show libnginx-mod-http-brotli-static >/dev/null 2>&1; then
    packages+=(libnginx-mod-http-brotli-static)
  fi
  # policy-rc.d 101: install without starting Debian's own nginx service.
  policy=/usr/sbin/policy-rc.d
  created_policy=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod +x "$policy"
    created_policy=1
  fi
  $SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  if [ -n "$created_policy" ]; then $SUDO rm -f "$policy"; fi
  echo "installed: $(nginx -v 2>&1)$([ -f "$brotli_module" ] && echo ', brotli_static module')"
fi

bash scripts/install-system-deps.sh
