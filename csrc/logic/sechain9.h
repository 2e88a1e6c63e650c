/* Sudoku Explainer's multiple forcing chains (static, its 8.0 rung) and dynamic forcing
 * chains (8.5) on a classic 9x9 grid: the search of
 * shudu.logic.techniques.classic.multiple (its Python reference), step for step in the
 * same order, so that every conclusion comes with SE's complexity and in SE's order.
 *
 * A potential is a candidate assumed true or false: key 2 * (digit * 81 + cell) + on
 * (digit 0..8).  A conclusion ("hint") is four ints: its complexity (the ancestors of the
 * chains' ends, counted per chain), its kind (SECHAIN_*), its source (the assumed
 * candidate digit * 81 + cell, the house * 9 + digit of a region, or the cell of a cell
 * forcing) and its target potential: an "on" target removes the cell's other
 * candidates, an "off" target removes the candidate. */
#ifndef SHUDU_SECHAIN9_H
#define SHUDU_SECHAIN9_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SECHAIN_CONTRA_ON = 0,  /* assuming the source true leads to a contradiction */
    SECHAIN_CONTRA_OFF = 1, /* assuming it false does */
    SECHAIN_DOUBLE = 2,     /* the source true and false imply the same */
    SECHAIN_REGION = 3,     /* every place of a digit in a house implies the same */
    SECHAIN_CELL = 4        /* every candidate of a cell implies the same */
};

/* SE's sort key of each kind (after the rating and the complexity). */
extern const int SECHAIN_SORT_KEY[5];

/* The nesting levels sechain9 makes. */
#define SECHAIN_MAX_LEVEL 4

/* The hints of the state whose cell candidate masks are cm[81] (9 bits each; a placed
 * cell has mask 0), static (dynamic = 0) or dynamic, in the order SE finds them.  At
 * level 1 (SE's "Dynamic Forcing Chains (+)", dynamic implied) a run that can go no
 * further applies SE's basic rules to its working grid (serules9.h) and goes on; at
 * level 2 ("(+ Forcing Chains)") its static forcing chains and cycles too, and a hint's
 * complexity adds that of each chain nested among its ancestors (each once); at levels 3
 * and 4 ("(+ Multiple Forcing Chains)", "(+ Dynamic Forcing Chains)") SE's multiple or
 * dynamic search runs inside each run too.  Returns the number of hints and sets *out to
 * them (4 ints each, malloc'd: the caller frees it; NULL when there are none), -1 when
 * memory ran out, -2 for a level it does not make (*out NULL then). */
int sechain9(const uint16_t cm[81], int dynamic, int level, int32_t **out);

/* Frees the work space sechain9 keeps in this thread between calls (up to about 20 MB at
 * the nested levels; the next call makes it again). */
void sechain9_release(void);

#ifdef __cplusplus
}
#endif

#endif
