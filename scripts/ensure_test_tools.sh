#!/usr/bin/env bash
# System programs the tests drive: Debian's chromium (the browser tests, through
# Playwright from the test extras) with a CJK font (fonts-wqy-zenhei) and pdftotext
# from poppler-utils (the printed-book tests).  Install what is missing when this is a root shell with apt-get; otherwise say
# exactly what to install (those tests then stop with that reason; under CI they fail).
set -euo pipefail
# One check-and-install at a time on this machine (two test runs at once would both
# reach apt-get, and the second would fail on its lock).
if command -v flock >/dev/null 2>&1; then
  exec 9>"${TMPDIR:-/tmp}/shudu-test-tools.lock"
  flock -w 1800 9 || true
fi
missing=()
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  missing+=(chromium)
fi
if ! command -v pdftotext >/dev/null 2>&1; then
  missing+=(poppler-utils)
fi
# a CJK font, so that the page's 数独 and 中文 are drawn in the browser tests, not boxes
if ! fc-list :lang=zh 2>/dev/null | grep -q .; then
  missing+=(fonts-wqy-zenhei)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's ${missing[*]} for the tests (apt-get install ${missing[*]})"
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "some tests need ${missing[*]}: run 'sudo apt-get install ${missing[*]}'" \
     "(or set SHUDU_CHROMIUM to a Chromium binary)" >&2
