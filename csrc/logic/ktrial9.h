/* The trials of the cage forcing chain on a 9x9 killer (any houses): assume a digit in a cell
 * and follow singles, locked candidates, cage combinations (with the digits a house puts
 * in a cage, and the digits every combination holds) and the small sums of the 45 rule
 * until nothing more follows or a contradiction shows.  The rules are those of
 * shudu.logic.techniques.variant.killer_forcing._trial, which records the reasons; every
 * rule only removes candidates and needs fewer candidates to apply, so what the trial
 * reaches does not depend on the order: this walk tells, without the reasons, whether
 * the Python trial breaks. */
#ifndef SHUDU_KTRIAL9_H
#define SHUDU_KTRIAL9_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The layout, int32 values: ncages, then per cage its total, its cell count k and its k
 * cells; nsums, then per sum of the 45 rule its total, its counts kp and km, its kp cells
 * counted +1 and its km cells counted -1; then per cell the cells it may not share a
 * digit with (its houses' and its cages' cells), as four 32-bit words, lowest first;
 * then the cells of each house (rows, columns, boxes, diagonals ...), up to 48 houses,
 * four words each.  masks: the 81 candidate masks (bit d-1 for
 * digit d, 0 for a filled cell), values: the 81 digits (0 for open).  For each of the
 * ntrials assumptions (cells[i] holds digits[i]), out[i] is 1 when the trial breaks and
 * 0 when it does not.  Returns 0, or -1 for a layout it cannot read (out untouched),
 * -2 when memory ran out. */
int ktrial9(const int32_t *layout, int nlayout, const uint16_t *masks, const uint8_t *values,
            int ntrials, const uint8_t *cells, const uint8_t *digits, uint8_t *out);

/* The same walk from other starts, for the cage combination forcing: trial i keeps only
 * the digits keeps[i] in each open cell of cut_cells (ncut of them, each 0..80; a cell
 * left without a candidate breaks it at once), then follows.  out[i]: 1 when it breaks;
 * when not, placed[i] is how many cells it filled and final[81 * i ..] the digits each
 * cell can still hold (a cell it filled its one digit, a cell filled before 0).  Returns
 * as ktrial9. */
int ktrial9_cuts(const int32_t *layout, int nlayout, const uint16_t *masks,
                 const uint8_t *values, int ncut, const uint8_t *cut_cells, int ntrials,
                 const uint16_t *keeps, uint8_t *out, uint8_t *placed, uint16_t *final);

#ifdef __cplusplus
}
#endif

#endif
