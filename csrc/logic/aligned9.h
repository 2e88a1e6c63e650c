/* Sudoku Explainer's Aligned Pair and Aligned Triplet Exclusion on a classic 9x9 grid:
 * the search of shudu.logic.techniques.classic.aligned, the same cell sets in the same
 * order, for the rater (a triplet is scanned in thousands of states of a hard puzzle). */
#ifndef SHUDU_ALIGNED9_H
#define SHUDU_ALIGNED9_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int8_t cell[3];    /* the base cells, ascending; cell[2] is -1 for a pair */
    uint16_t gone[3];  /* the candidates each loses (9-bit masks) */
} aligned_hit;

/* The aligned exclusions of `degree` (2 or 3) base cells of the grid cm (81 9-bit
 * candidate masks; 0 for a placed cell), in the order they are found: at most `max`
 * written to out.  Returns how many there are in all (may exceed max). */
int aligned9(const uint16_t cm[81], int degree, aligned_hit *out, int max);

#ifdef __cplusplus
}
#endif

#endif
