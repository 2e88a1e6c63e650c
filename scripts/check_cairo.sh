#!/usr/bin/env bash
# PNG and PDF pictures (shudu.pictures.png/pdf, `shudu render -o x.png`) go through CairoSVG,
# which needs the system Cairo library.  Say exactly what to install when either is
# missing (the picture tests then stop with the same reason); never fail the install.
set -uo pipefail
PY="${1:-.venv/bin/python}"
problem="$("$PY" - <<'PYEOF' 2>&1
try:
    import cairosvg  # noqa: F401
except ImportError:
    print("CairoSVG is not installed: run pip install 'shudu[pictures]'")
except OSError:
    print("the system Cairo library is missing: run 'sudo apt-get install libcairo2'")
PYEOF
)"
if [ -n "$problem" ]; then
  echo "PNG/PDF pictures unavailable: $problem" >&2
fi
exit 0
