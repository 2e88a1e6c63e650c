#!/usr/bin/env bash
# Cross checks of the C core for the platforms this machine is not:
#   windows  every C source of csrc/ (but the CPython glue, which needs a Windows Python.h)
#            compiled by mingw-w64 with -Werror -Wpedantic, POSIX-only headers refused
#            (csrc/threads.h must take the Windows branch) and without 128-bit integers
#            (SD_NO_INT128, as with MSVC); test9.exe and test_generic.exe linked, and run
#            under wine when wine is installed;
#   aarch64  the same sources cross-compiled for 64-bit ARM, and the C test program test9
#            run under qemu-user on a few puzzle files.
# Usage: scripts/cross_check.sh [windows] [aarch64]   (both when none is named)
# The compilers come from Debian (gcc-mingw-w64-x86-64, gcc-aarch64-linux-gnu, qemu-user),
# installed here when missing and root.  When they cannot be had the script prints one line
# "SKIP: <reason>" and exits 77; a compile or test failure exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(windows aarch64)

# ------------------------------------------------------------------ the tools
need_pkgs=()
for t in "${targets[@]}"; do
  case $t in
    windows) command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need_pkgs+=(gcc-mingw-w64-x86-64) ;;
    aarch64)
      command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need_pkgs+=(gcc-aarch64-linux-gnu)
      # the C library's headers for the target: only recommended by the compiler's package
      [ -f /usr/aarch64-linux-gnu/include/stdio.h ] || need_pkgs+=(libc6-dev-arm64-cross)
      command -v qemu-aarch64 >/dev/null 2>&1 || need_pkgs+=(qemu-user) ;;
    *) echo "unknown target $t (windows, aarch64)" >&2; exit 2 ;;
  esac
done
if [ ${#need_pkgs[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    if command -v flock >/dev/null 2>&1; then   # one apt-get at a time on this machine
      exec 9>"${TMPDIR:-/tmp}/shudu-test-tools.lock"
      flock -w 1800 9 || true
    fi
    echo "installing Debian's ${need_pkgs[*]} for the cross checks"
    if ! { apt-get -o DPkg::Lock::Timeout=600 update -qq &&
           DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
             --no-install-recommends "${need_pkgs[@]}" >/dev/null; }; then
      echo "SKIP: apt-get could not install ${need_pkgs[*]}"
      exit 77
    fi
  else
    echo "SKIP: the cross checks need ${need_pkgs[*]}: run 'sudo apt-get install ${need_pkgs[*]}'"
    exit 77
  fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/shudu-cross.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
# The C core: every .c of csrc/ but its tests and the CPython glue.
mapfile -t CORE < <(cd csrc && find . -name '*.c' -not -path './tests/*' -not -path './python/*' | sort)
mapfile -t TESTS < <(cd csrc && find tests -name '*.c' | sort)
# The extension's own warnings (setup.py), as errors; the test programs with -Wall.
CORE_FLAGS=(-std=c11 -O2 -Wall -Wextra -Wno-unused-parameter -Werror -I"$ROOT/csrc")
TEST_FLAGS=(-std=c11 -O2 -Wall -Werror -I"$ROOT/csrc")

compile_all() {  # compile_all CC EXTRA_FLAGS...: check every core and test source
  local cc=$1 f
  shift
  for f in "${CORE[@]}"; do
    "$cc" "${CORE_FLAGS[@]}" "$@" -fsyntax-only "csrc/$f" || return 1
  done
  for f in "${TESTS[@]}"; do
    "$cc" "${TEST_FLAGS[@]}" "$@" -fsyntax-only "csrc/$f" || return 1
  done
  echo "  compiled ${#CORE[@]} core and ${#TESTS[@]} test sources with $cc -Werror"
}

# A few puzzle files for test9 (it solves every *.sdm of the directory it is given): the
# examples, and the first puzzles of the shared collections when they are beside the
# repository.
DATA=$WORK/data
mkdir -p "$DATA"
cp examples/few.sdm "$DATA/"
SHARED=${SHUDU_SHARED_DATA:-$ROOT/../shared/data}
for f in top1465.sdm sudoku17.sdm; do
  [ -f "$SHARED/$f" ] && head -n 150 "$SHARED/$f" > "$DATA/$f"
done
ROUNDS=${CROSS_ROUNDS:-2000}   # random partial grids compared with the reference solver

status=0
for t in "${targets[@]}"; do
  start=$SECONDS
  case $t in
    windows)
      echo "windows (x86_64-w64-mingw32-gcc):"
      # POSIX-only headers are refused: on Windows the sources must use csrc/threads.h's
      # Windows threads (mingw-w64 would otherwise quietly offer its own pthreads).
      mkdir -p "$WORK/refuse/sys"
      for h in pthread.h unistd.h sys/time.h; do
        echo "#error \"<$h> is not available with MSVC: use csrc/threads.h\"" > "$WORK/refuse/$h"
      done
      cc=x86_64-w64-mingw32-gcc
      # and without 128-bit integers (MSVC has none): the two-word forms, ISO C only
      if compile_all $cc -I"$WORK/refuse" -DSD_NO_INT128 -Wpedantic &&
         $cc "${TEST_FLAGS[@]}" -static -o "$WORK/test9.exe" csrc/tests/test9.c \
           csrc/engine/solve9.c csrc/engine/board9.c csrc/engine/cpu.c &&
         $cc "${TEST_FLAGS[@]}" -static -o "$WORK/test_generic.exe" csrc/tests/test_generic.c \
           csrc/engine/generic.c csrc/constraints/rules_extra.c csrc/constraints/sums.c \
           csrc/constraints/cliques.c csrc/constraints/outside.c; then
        echo "  linked test9.exe and test_generic.exe"
        if command -v wine >/dev/null 2>&1; then
          if WINEDEBUG=-all wine "$WORK/test9.exe" "$DATA" "$ROUNDS" > "$WORK/win.log" 2>&1; then
            echo "  test9.exe under wine: $(tail -n 1 "$WORK/win.log")"
          else
            cat "$WORK/win.log"; echo "FAIL: test9.exe under wine"; status=1
          fi
        else
          echo "  (wine is not installed: test9.exe linked, not run)"
        fi
      else
        echo "FAIL: the mingw-w64 build"; status=1
      fi
      ;;
    aarch64)
      echo "aarch64 (aarch64-linux-gnu-gcc, qemu-aarch64):"
      cc=aarch64-linux-gnu-gcc
      if compile_all $cc -pthread &&
         $cc "${TEST_FLAGS[@]}" -pthread -o "$WORK/test9" csrc/tests/test9.c \
           csrc/engine/solve9.c csrc/engine/board9.c csrc/engine/cpu.c; then
        if qemu-aarch64 -L /usr/aarch64-linux-gnu "$WORK/test9" "$DATA" "$ROUNDS" \
             > "$WORK/arm.log" 2>&1; then
          echo "  test9 under qemu-aarch64 ($(ls "$DATA" | tr '\n' ' ')$ROUNDS random grids):" \
               "$(tail -n 1 "$WORK/arm.log")"
        else
          cat "$WORK/arm.log"; echo "FAIL: test9 under qemu-aarch64"; status=1
        fi
      else
        echo "FAIL: the aarch64 build"; status=1
      fi
      ;;
  esac
  echo "  ($t: $((SECONDS - start)) s)"
done
exit $status
