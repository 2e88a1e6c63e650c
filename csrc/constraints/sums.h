/* The digits each cell of a signed sum can take: cells with candidate masks whose digits,
 * each counted +1 or -1 times, add up to a total, and differ where two cells are linked
 * (a cage, or a sum the 45 rule derives, whose cells may repeat a digit where they do not
 * see each other).  The reference is cage_sums.sum_supports in Python. */
#ifndef SHUDU_SUMS_H
#define SHUDU_SUMS_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#define SUMS_MAX_CELLS 32
#define SUMS_MAX_DIGIT 32

/* Fills out[0..k-1] with the digits (bit d-1 for digit d) each cell takes in some
 * filling.  masks: k candidate masks of digits 1..SUMS_MAX_DIGIT; links[i]: bit j set
 * when cells i and j must differ (either side may say so); signs: k values +1 or -1, or
 * NULL for all +1.  Returns 1 when some filling exists, 0 when none (out all 0), -1 when
 * memory ran out.  k is 1..SUMS_MAX_CELLS. */
int sums_supports(int total, int k, const uint32_t *masks, const uint32_t *links,
                  const int8_t *signs, uint32_t *out);

/* The memory a walk needs, kept for the next walk (a search walks the same sums again
 * and again, and a fresh walk would allocate and clear it each time).  NULL when memory
 * ran out. */
typedef struct sums_scratch sums_scratch;
sums_scratch *sums_scratch_new(void);
void sums_scratch_free(sums_scratch *m);

/* sums_supports walking in the memory of m. */
int sums_supports_with(sums_scratch *m, int total, int k, const uint32_t *masks,
                       const uint32_t *links, const int8_t *signs, uint32_t *out);

#endif
