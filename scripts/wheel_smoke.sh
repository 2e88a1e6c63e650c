#!/usr/bin/env bash
# Build shudu as users get it and test what was built, not the source tree:
#   1. `python -m build` (in its own virtual environment) makes an sdist and, from it, a
#      wheel, in DIST (default: a temporary directory; --dist DIR keeps them);
#   2. the wheel goes into a fresh virtual environment, and tests/wheel_smoke/smoke.py runs
#      against it from an empty directory (so the checkout's src/ is not on the path);
#   3. the solving tests (all of tests/solving: engine, limits, paths, timeouts, constraints,
#      killers, methods, parallel counts, the boundary fuzz) run against the installed wheel,
#      from a copy of tests/ with no src/ beside it, once per propagation path this processor
#      runs (SHUDU_SIMD=portable, avx2, avx512), after smoke.py has run its engine checks
#      under each of them;
#   4. scripts/check_wheel_isa.py disassembles the wheel's extension and refuses
#      instructions beyond the platform's baseline outside dispatched functions.
# Usage: scripts/wheel_smoke.sh [--dist DIR]   (PYTHON names the interpreter; python3.11)
# Each step prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PYTHON=${PYTHON:-$(command -v python3.11 || command -v python3)}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/shudu-wheel.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
DIST=$WORK/dist
if [ "${1:-}" = --dist ]; then DIST=$(realpath -m "$2"); fi
mkdir -p "$DIST"
# A wheel is copied to other machines: the default build is portable, never native.
unset SHUDU_NATIVE

step() { echo "== $1"; STEP_START=$SECONDS; }
took() { echo "   ($((SECONDS - STEP_START)) s)"; }

step "python -m build (sdist and wheel)"
"$PYTHON" -m venv "$WORK/build-env"
"$WORK/build-env/bin/python" -m pip install -q --disable-pip-version-check build
rm -f "$DIST"/shudu-*
"$WORK/build-env/bin/python" -m build --outdir "$DIST" "$ROOT" > "$WORK/build.log" 2>&1 ||
  { tail -n 40 "$WORK/build.log"; echo "FAIL: python -m build"; exit 1; }
SDIST=$(ls "$DIST"/shudu-*.tar.gz)
WHEEL=$(ls "$DIST"/shudu-*.whl)
echo "   $(basename "$SDIST")"
echo "   $(basename "$WHEEL")"
took

step "the wheel in a fresh virtual environment, smoke test"
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install -q --disable-pip-version-check "$WHEEL"
mkdir -p "$WORK/empty"
cp tests/wheel_smoke/smoke.py "$WORK/smoke.py"
(cd "$WORK/empty" && env -u PYTHONPATH "$WORK/venv/bin/python" "$WORK/smoke.py")
took

step "the solving tests against the wheel, on every propagation path"
"$WORK/venv/bin/python" -m pip install -q --disable-pip-version-check pytest pytest-xdist \
  hypothesis numpy jsonschema
# the copy's ROOT/src does not exist: the tests and their subprocesses import the wheel
cp -r tests "$WORK/tests"
[ -d "$ROOT/../shared/data" ] && export SHUDU_SHARED_DATA="$ROOT/../shared/data"
for path in $(cd "$WORK/empty" && env -u PYTHONPATH "$WORK/venv/bin/python" "$WORK/smoke.py" --paths); do
  echo "   SHUDU_SIMD=$path"
  (cd "$WORK/empty" && env -u PYTHONPATH SHUDU_SIMD="$path" "$WORK/venv/bin/python" -m pytest -q \
     -p no:cacheprovider -n auto --dist loadfile --rootdir "$WORK/tests" "$WORK/tests/solving") ||
    { echo "FAIL: the solving tests with SHUDU_SIMD=$path"; exit 1; }
done
took

step "instructions of the wheel's extension (scripts/check_wheel_isa.py)"
"$PYTHON" scripts/check_wheel_isa.py "$WHEEL"
took
