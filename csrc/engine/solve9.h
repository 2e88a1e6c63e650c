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
 * Reentrant and thread-safe: uses no mutable global state (but the s9_set_simd switch). */
int s9_solve(const uint8_t *in, uint8_t *out, int limit, uint64_t *rng, sd_stats *st);

/* Called every S9_TICK_NODES nodes of s9_solve_ticked; a nonzero answer stops the search. */
typedef int (*s9_tick)(void *ctx);
#define S9_TICK_NODES 16384u

/* s9_solve that calls tick(ctx) every S9_TICK_NODES nodes (tick NULL = never) and
 * returns -2 - found (the solutions found so far; out untouched unless a solution came
 * first) when tick asks it to stop: the clock and Ctrl-C bound long counts this way. */
int s9_solve_ticked(const uint8_t *in, uint8_t *out, int limit, uint64_t *rng, sd_stats *st,
                    s9_tick tick, void *ctx);

/* Whether s9_solve propagates with AVX-512 (1) or with the portable code (0): both give
 * the same solutions, counts, guesses and nodes.  AVX-512 is used when the processor has
 * it, unless s9_set_simd(0) chose the portable code (s9_set_simd(-1) or (1) gives the
 * choice back).  s9_set_simd returns the previous state; it is meant for tests and
 * benchmarks, before solving starts (not while other threads solve). */
int s9_simd_active(void);
int s9_set_simd(int mode);

#ifdef __cplusplus
}
#endif

#endif
