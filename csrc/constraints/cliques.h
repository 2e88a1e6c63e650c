/* The digits each cell of a view of a signed sum can take, for grids of at most 9 digits:
 * the view's cells come in groups of cells that see each other (so differ), and a group's
 * fillings are worked out as sets of digit subsets, one bit for each of the 2^9 subsets,
 * eight 64-bit words.  A group of any size costs a few hundred word operations, where
 * listing its fillings costs up to 9! steps. */
#ifndef SHUDU_CLIQUES_H
#define SHUDU_CLIQUES_H

#include <stdint.h>

#include "common.h"

#define CLIQUES_MAX_DIGITS 9
#define CLIQUES_MAX_CELLS 32

#if SD_HAVE_INT128
/* Every sum of a value of a and a value of b, each set a 128-bit word (bit v: value v;
 * sums of 128 or more dropped). */
static inline unsigned __int128 cliques_add(unsigned __int128 a, unsigned __int128 b) {
    unsigned __int128 out = 0;
    const uint64_t halves[2] = {(uint64_t)b, (uint64_t)(b >> 64)};
    for (int h = 0; h < 2; h++)
        for (uint64_t x = halves[h]; x; x &= x - 1) out |= a << (sd_ctz64(x) + 64 * h);
    return out;
}
#endif

/* Fills out[0..k-1] with the digits (bit d-1 for digit d) each cell takes in some filling
 * of the view: masks[i] the candidates of place i, signs[i] +1 or -1, links[i] the places
 * it must differ from, with the places of a group consecutive and linked to each other
 * only (as the views of rules_extra.c are).  Returns 1 when a filling exists, 0 when
 * none (out all 0), and -2 when it does not apply: more than CLIQUES_MAX_DIGITS digits or
 * CLIQUES_MAX_CELLS places, a group whose terms differ in sign, sums spanning 128 values
 * or more, or no 128-bit integers.  The answer is exact for the view: what
 * sums_supports(total, k, masks, links, signs, out) finds. */
int cliques_supports(int n, int k, int total, const uint32_t *masks, const int8_t *signs,
                     const uint32_t *links, uint32_t *out);

#endif
