#!/usr/bin/env bash
# The browser tests drive Debian's chromium through Playwright (installed by the test
# extras).  Install chromium when it is missing and this is a root shell with apt-get;
# otherwise say exactly what to install (the browser tests then stop with that reason).
set -euo pipefail
for name in chromium chromium-browser; do
  if command -v "$name" >/dev/null 2>&1; then exit 0; fi
done
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests (apt-get install chromium)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "browser tests need Chromium: run 'sudo apt-get install chromium'" \
     "(or set SHUDU_CHROMIUM to a Chromium binary)" >&2
