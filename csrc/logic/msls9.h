/* Multi-sector locked sets over rows and columns of a classic 9x9 pencilmark state: the
 * search behind shudu.logic.msls, independent of Python. */
#ifndef SHUDU_MSLS9_H
#define SHUDU_MSLS9_H

#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Finds sets of rows R and columns C (2 to 7 of each) whose open cells in R x C number
 * n >= min_cells and are locked: summing over digits the smaller of "rows of R where the
 * digit is a candidate of the set" and "columns of C where it is" gives exactly n.
 * masks: the candidates of each cell (9 bits; 0 for a placed cell).  Every row of R and
 * column of C holds an open cell of the set.  Writes up to `limit` (R, C) pairs of 9-bit
 * masks into rows[] and cols[], in the order of the search (R by size then value; for
 * each R, the column sets depth first, columns added in increasing order), and returns
 * how many it wrote. */
int msls9_find(const uint16_t masks[81], int min_cells, int limit, uint16_t *rows,
               uint16_t *cols);

#ifdef __cplusplus
}
#endif

#endif
