#!/usr/bin/env bash
# PNG and PDF pictures (shudu.render.png/pdf, `shudu render -o x.png`) go through CairoSVG,
# which needs the system Cairo library.  Say exactly what to install when it is missing
# (the picture tests then stop with the same reason); never fail the install itself.
set -uo pipefail
PY="${1:-.venv/bin/python}"
problem="$("$PY" -c 'from shudu.render import cairo_problem; print(cairo_problem() or "")' 2>&1)"
if [ -n "$problem" ]; then
  echo "PNG/PDF pictures unavailable: $problem" >&2
  if ! "$PY" -c 'import ctypes.util, sys; sys.exit(not ctypes.util.find_library("cairo"))'; then
    echo "  the system Cairo library is missing: run 'sudo apt-get install libcairo2'" >&2
  fi
fi
exit 0
