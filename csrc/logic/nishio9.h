/* Sudoku Explainer's Nishio forcing chains on one digit of a classic 9x9 grid: the
 * search of shudu.logic.techniques.classic.nishio (_chain) for every assumption at once,
 * step for step in the same order, so that the complexity of each chain is the same. */
#ifndef SHUDU_NISHIO9_H
#define SHUDU_NISHIO9_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* For the digit's candidate cells (bit c of lo for cell c < 64, bit c - 64 of hi), the
 * complexity of the chain of each assumption: out[2 * c + 1] when cell c holds the
 * digit, out[2 * c] when it does not; 0 when the assumption meets no clash (or c is not
 * a candidate).  Complexities above 255 are written as 255. */
void nishio9(uint64_t lo, uint64_t hi, uint8_t out[162]);

#ifdef __cplusplus
}
#endif

#endif
