/* Generic Sudoku solving core: any size n <= 32 (a digit set fits a uint32),
 * any variant whose constraints are expressed as houses (groups of n cells that
 * hold every digit exactly once) plus per-cell peer lists (cells that may not
 * share a digit).
 *
 * The solver keeps its whole search state (an explicit stack of snapshots), so
 * sg_next() can be called repeatedly to enumerate solutions lazily.  A solver
 * object is not shared between threads; distinct solver objects are independent
 * (no mutable globals). */
#ifndef SHUDU_GENERIC_H
#define SHUDU_GENERIC_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SG_MAX_N 32

/* Killer cages: sums up to this grid size (a digit set of a cage fits the
 * uint16 combination tables). */
#define SG_CAGE_MAX_N 16

typedef struct sg_rules {
    int n, ncells, nhouses;
    const int32_t *houses;      /* nhouses * n cell indices */
    const int32_t *peer_start;  /* ncells + 1 offsets into peers */
    const int32_t *peers;       /* symmetric, no self; includes every house-mate */
    /* killer cages (optional: ncages = 0): cage g holds the cells
     * cage_cells[cage_start[g] .. cage_start[g+1]-1], whose digits differ (they must
     * also be peers of one another) and, when cage_sum[g] > 0, add up to it. */
    int ncages;
    const int32_t *cage_start;  /* ncages + 1 offsets into cage_cells */
    const int32_t *cage_cells;
    const int32_t *cage_sum;    /* 0 = no sum */
    /* further constraints (optional: nextra = 0), a program of rules_extra.h */
    size_t nextra;
    const int32_t *extra;
} sg_rules;

typedef struct sg_solver sg_solver; /* opaque, owns its memory */

/* Build a solver for the rules (copies what it needs; the rules arrays may be
 * freed afterwards).  NULL on allocation failure, if n is outside 1..32 or if the
 * program of further constraints is malformed (gx_new says why). */
sg_solver *sg_new(const sg_rules *rules);
void sg_free(sg_solver *s);

/* Load givens (ncells values, 0 = empty, 1..n) and reset the search.
 * rng: NULL = deterministic branch order; otherwise a PRNG state (copied, see
 * sd_seed) used to pick the branch order at random, so the first solution of an
 * empty grid is a random full grid.
 * Returns 0 ok, -1 on an immediate contradiction (then sg_next returns 0). */
int sg_start(sg_solver *s, const uint8_t *givens, const uint64_t *rng);

/* Find the next solution of the current search; writes ncells values (1..n) to
 * out.  Returns 1 if a solution was written, 0 once the search space is
 * exhausted (and on every later call), -2 if cancelled through the flag set by
 * sg_set_cancel (the search can then be resumed by calling sg_next again). */
int sg_next(sg_solver *s, uint8_t *out);

/* Nested refutation, for the logic's nested cage forcing.  masks: the ncells candidate
 * masks of a state (bit d-1 for digit d, every mask non-zero and within the grid's
 * digits; a placed cell holds its one digit).  An open candidate A of masks is refuted
 * when the state's own propagation removes it, or when, with A placed and propagated,
 * trying every open candidate B of that state (each propagated from it: a B that breaks
 * is removed from A's state, which is propagated again) leaves A's state broken.  The
 * As are taken strongest first: those the state's propagation removes, then by the open
 * candidates their own propagation leaves, fewest first (ties: cells in order, digits
 * low to high).  Each refutation stands on the state given alone (none is removed for
 * the next).  The k-th refuted A goes to hits[k] (cell * 32 + digit - 1) and the number
 * of Bs removed on its way to ninner[k]; the Bs themselves (cell * 32 + digit - 1, in
 * order) follow one another in inner, as many as its max_inner entries hold.  Stops
 * after max_hits refutations, once inner is full, or after budget propagations; *nhits
 * is the number of hits.  Every propagation is the search's own (singles, locked
 * candidates, cages, sums).  tick (may be NULL) is called with ctx every few dozen
 * propagations: nonzero stops the search.  Returns the number of hits (0 when there is
 * none), -1 when the state itself breaks, -2 when tick stopped it, -3 when the budget
 * ran out before any hit, -4 when memory ran out.  The search state is overwritten
 * (call sg_start before searching again). */
int sg_nested_refute(sg_solver *s, const uint32_t *masks, long budget, int max_hits,
                     int32_t *hits, int32_t *ninner, int32_t *inner, int max_inner,
                     int *nhits, int (*tick)(void *ctx), void *ctx);

/* Statistics of the current search since sg_start (overwrites *st). */
void sg_get_stats(const sg_solver *s, sd_stats *st);

/* Count solutions of givens, stopping at limit (>= 1).  The first solution is
 * written to first_out if non-NULL and at least one exists.  The statistics of
 * this search are added to *st if non-NULL.  Returns the count (0..limit), or
 * -2 if cancelled. */
int sg_count(sg_solver *s, const uint8_t *givens, int limit, uint8_t *first_out,
             const uint64_t *rng, sd_stats *st);

/* Pause: sg_next returns -2 (resumable) once `nodes` more search nodes are done, so a
 * caller can look at the clock or at signals between slices; 0 never pauses. */
void sg_set_pause(sg_solver *s, uint64_t nodes);

/* Cooperative cancellation: while flag is non-NULL and *flag is non-zero,
 * sg_next (and sg_count) return -2 within a few search nodes.  NULL disables. */
void sg_set_cancel(sg_solver *s, const volatile int *flag);

#ifdef __cplusplus
}
#endif

#endif
