/* The rules Sudoku Explainer's nested forcing chains ("Dynamic Forcing Chains (+)" and
 * above) apply inside a chain once it can go no further by singles: intersections
 * (pointing and claiming), hidden pairs, naked pairs and X-Wings, and at level 2 its
 * static forcing chains and cycles (sestatic9.h), tried in that order; the first rule that
 * removes anything gives all its removals.
 *
 * A rule reads the working grid `cm` (what the chain has removed so far) and names, for
 * each of its removals, the candidates of `cm0` (the grid the chain started from) that the
 * chain removed and the rule needed: they become the removal's parents.  Removals come in
 * SE's order (hint by hint as SE finds them, each hint's cells in reading order, digits
 * up), each candidate once (its first time). */
#ifndef SHUDU_SERULES9_H
#define SHUDU_SERULES9_H

#include <stdint.h>

#include "logic/sestatic9.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SERULES_MAX_HINTS 2048
#define SERULES_POOL 65536 /* the parents of all hints */

typedef struct {
    int n_rem, n_hint, n_pool;
    uint16_t rem[729];      /* removed candidates, digit * 81 + cell */
    uint16_t rem_hint[729]; /* the hint each came from */
    int32_t par_at[SERULES_MAX_HINTS]; /* its parents: pool[par_at .. par_at + n_par) */
    uint16_t n_par[SERULES_MAX_HINTS];
    int32_t chain[SERULES_MAX_HINTS]; /* a forcing chain's id (sestatic9_intern); -1: none */
    uint16_t pool[SERULES_POOL];      /* digit * 81 + cell */
} serules_t;

/* SE's rules on the working grid cm against the source cm0 (9-bit masks; a cell whose
 * cm0 mask is 0 is placed), with the static forcing chains of chains when it is not
 * NULL (level 2).  Fills out; returns the number of removals (0: none), -1 when memory
 * ran out. */
int serules9(const uint16_t cm[81], const uint16_t cm0[81], sestatic_t *chains,
             serules_t *out);

#ifdef __cplusplus
}
#endif

#endif
