#!/usr/bin/env bash
# The UI tests drive Debian's Chromium headless (never a downloaded browser).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "chromium not installed and cannot apt-get it: UI tests will be skipped" >&2
fi
