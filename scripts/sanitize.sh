#!/usr/bin/env bash
# Run the C core under AddressSanitizer + UndefinedBehaviorSanitizer:
#   1. the solvers' own C test programs (every shared puzzle, random and conflicting grids);
#   2. the CPython glue: the extension rebuilt with sanitizers, driven by
#      tests/sanitize_smoke.py with hostile input (bad lengths, bytes, limits, threads).
# Usage: scripts/sanitize.sh [--quick] [--valgrind]
#   SHUDU_DATA  folder of .sdm puzzle files (default ../shared/data, else tests/fixtures/puzzles)
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
VALGRIND=0
for arg in "$@"; do
    case "$arg" in
        --quick) QUICK=1 ;;
        --valgrind) VALGRIND=1 ;;
        *) echo "usage: $0 [--quick] [--valgrind]" >&2; exit 2 ;;
    esac
done

CC=${CC:-gcc}
PY=${PYTHON:-$( [ -x .venv/bin/python ] && echo .venv/bin/python || command -v python3 )}
DATA=${SHUDU_DATA:-../shared/data}
[ -f "$DATA/top1465.sdm" ] || DATA=tests/fixtures/puzzles
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

ROUNDS=2000
[ "$QUICK" = 1 ] && ROUNDS=300

if [ "$VALGRIND" = 1 ]; then
    FLAGS="-g -O1 -Icsrc -pthread"
    RUN="valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite -q"
else
    FLAGS="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -Icsrc -pthread"
    RUN=""
fi

echo "== C tests ($([ "$VALGRIND" = 1 ] && echo valgrind || echo ASan+UBSan)), data: $DATA"
$CC $FLAGS csrc/engine/solve9.c csrc/engine/cpu.c csrc/tests/test9.c -o "$OUT/test9"
$CC $FLAGS csrc/engine/generic.c csrc/constraints/rules_extra.c csrc/constraints/sums.c \
    csrc/constraints/cliques.c csrc/constraints/outside.c csrc/tests/test_generic.c -o "$OUT/test_generic"
$RUN "$OUT/test9" "$DATA" "$ROUNDS"
$RUN "$OUT/test_generic" -q "$DATA/top1465.sdm"

if [ "$VALGRIND" = 1 ]; then
    echo "sanitize: C tests clean under valgrind"
    exit 0
fi

echo "== CPython glue under ASan+UBSan"
mkdir -p "$OUT/pkg"
cp -r src/shudu "$OUT/pkg/shudu"
rm -f "$OUT/pkg/shudu"/_engine*.so
SHUDU_SANITIZE=1 "$PY" setup.py -q build_ext --build-lib "$OUT/lib" --build-temp "$OUT/tmp" >/dev/null
cp "$OUT"/lib/shudu/_engine*.so "$OUT/pkg/shudu/"
PRELOAD="$($CC -print-file-name=libasan.so):$($CC -print-file-name=libubsan.so)"
LD_PRELOAD="$PRELOAD" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    PYTHONPATH="$OUT/pkg" SHUDU_SMOKE_QUICK="$QUICK" "$PY" tests/sanitize_smoke.py
echo "sanitize: all clean"
