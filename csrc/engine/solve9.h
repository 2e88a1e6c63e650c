/* Fast solver for classic 9x9 Sudoku (band-oriented bitboards). */
#ifndef SHUDU_SOLVE9_H
#define SHUDU_SOLVE9_H

#include <stdint.h>
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Solve a classic 9x9 puzzle.
 * in:    81 cell values, row-major, 0 = empty, 1..9 = given (values > 9 are treated as empty).
 * out:   if non-NULL, receives the FIRST solution found (81 values 1..9); untouched if none.
 * limit: stop after this many solutions (values < 1 are treated as 1;
 *        count(limit=2) is the uniqueness check).
 * rng:   NULL for deterministic search; otherwise a PRNG state (see common.h) and the
 *        search tries branch candidates in random order, so the first solution of the
 *        empty grid is a random full grid.  The state is advanced.
 * st:    if non-NULL, guesses/nodes are ADDED to it.
 * Returns the number of solutions found, 0..limit.  Conflicting givens return 0.
 * Reentrant and thread-safe: uses no mutable global state (but the s9_set_path switch). */
int s9_solve(const uint8_t *in, uint8_t *out, int limit, uint64_t *rng, sd_stats *st);

/* Called every S9_TICK_NODES nodes of s9_solve_ticked; a nonzero answer stops the search. */
typedef int (*s9_tick)(void *ctx);
#define S9_TICK_NODES 16384u

/* s9_solve that calls tick(ctx) every S9_TICK_NODES nodes (tick NULL = never) and
 * returns -2 - found (the solutions found so far; out untouched unless a solution came
 * first) when tick asks it to stop: the clock and Ctrl-C bound long counts this way. */
int s9_solve_ticked(const uint8_t *in, uint8_t *out, int limit, uint64_t *rng, sd_stats *st,
                    s9_tick tick, void *ctx);

/* The propagation paths of s9_solve, chosen at run time: every path gives the same
 * solutions, counts, guesses and nodes; only the speed differs.  A build has the portable
 * path everywhere and, on x86 with GCC or clang, the avx2 and avx512 ones. */
enum { S9_PORTABLE = 0, S9_AVX2 = 1, S9_AVX512 = 2, S9_PATHS = 3 };

/* "portable", "avx2" or "avx512"; NULL for a number that is no path. */
const char *s9_path_name(int path);
/* 1 when this build has the path and this processor runs it. */
int s9_path_runs(int path);
/* The path s9_solve uses: the one s9_set_path chose, else the fastest that runs here. */
int s9_path(void);
/* Choose the path (path < 0: the fastest that runs here).  Returns 0, or -1 (and changes
 * nothing) when the path does not run here.  Meant for start-up (the extension module reads
 * SHUDU_SIMD), tests and benchmarks: not while other threads solve. */
int s9_set_path(int path);

#ifdef __cplusplus
}
#endif

#endif
