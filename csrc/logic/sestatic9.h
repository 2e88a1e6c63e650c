/* Sudoku Explainer's static forcing chains and cycles (its "Forcing Chains & Cycles":
 * X-Chains, Y-Chains and forcing chains of both links, 6.5 to 7.0 plus the length bonus)
 * on a 9x9 working grid, as SE's nested forcing chains of level 2 and above apply them
 * inside a chain: every hint in SE's order (rating, complexity, sort key, then as found),
 * the hints that remove the same candidates as an earlier one left out.
 *
 * A hint keeps its chain: the potentials from its target back to its assumption (a
 * cycle: from the potential that closes it, without the assumption), each with the
 * house (0..26) or the cell (-1) that made it; the chains of all calls are interned, so
 * that the same chain has the same id wherever a nested forcing chain meets it. */
#ifndef SHUDU_SESTATIC9_H
#define SHUDU_SESTATIC9_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SESTATIC_CAUSE_CELL (-1) /* made by the cell's rule */
#define SESTATIC_CAUSE_NONE (-2) /* the assumption */

typedef struct sestatic sestatic_t;

/* One hint: its chain (n potentials at chain[0..n-1] of the pool, keys 2 * (digit * 81
 * + cell) + on, their causes alongside), whether it is a cycle, its links (SE's sort key:
 * 2 houses only, 3 cells only, 4 both), its removals (digit * 81 + cell, sorted) at
 * rem[0..n_rem-1] of the removal pool, and its rating (SE's difficulty). */
typedef struct {
    int chain, n, cycle, rem, n_rem, links;
    double diff;
} sestatic_hint;

sestatic_t *sestatic9_new(void);
void sestatic9_free(sestatic_t *s);
/* Forgets every chain interned (sestatic9_intern): ids start again from 0. */
void sestatic9_forget_chains(sestatic_t *s);
/* This thread's own search space (made when first asked for; NULL when out of memory),
 * whose searches do not use the grid cache (each grid is searched), and the call that
 * frees it. */
sestatic_t *sestatic9_mine(void);
void sestatic9_release(void);

/* The hints of the working grid cm (9-bit masks; 0: a placed cell) in SE's order.
 * Returns their number, -1 when memory ran out. */
int sestatic9(sestatic_t *s, const uint16_t cm[81]);

/* Hint i of the last call, its chain's keys and causes and its removals. */
const sestatic_hint *sestatic9_hint(const sestatic_t *s, int i);
const uint16_t *sestatic9_keys(const sestatic_t *s);
const int8_t *sestatic9_causes(const sestatic_t *s);
const uint16_t *sestatic9_removals(const sestatic_t *s);

/* The id of hint i's chain among every chain interned so far (its complexity is
 * sestatic9_complexity), -1 when memory ran out. */
int sestatic9_intern(sestatic_t *s, int i);
int sestatic9_complexity(const sestatic_t *s, int id);

/* The id of another rule's chain (a nested multiple or dynamic forcing chain), named by
 * its n keys, with the given complexity; -1 when memory ran out. */
int sestatic9_intern_keys(sestatic_t *s, const uint16_t *keys, int n, int complexity);

/* How many chains are interned. */
int sestatic9_count(const sestatic_t *s);

#ifdef __cplusplus
}
#endif

#endif
