/* Whether a finned fish of rows and columns may have an elimination on a 9x9 grid of any
 * geometry (diagonals, extra regions, cages as houses): the peers are given.  The Python
 * search (shudu.logic.fish._search) finds such fish in its own order, slowly where rows,
 * columns and boxes do not make every peer; it is asked only for the digits this says
 * may have one. */
#ifndef SHUDU_FISHANY9_H
#define SHUDU_FISHANY9_H

#include "engine/board9.h"

/* 1 when some `size` base lines (rows for base_kind 0, columns for 1) of the digit's
 * cells `cells` and `size` of the cover lines they touch leave 1..max_fins base cells
 * uncovered (the fins) whose common peers include a cell of the digit in a cover line
 * outside the base lines; 0 when none do.  Every finned or sashimi fish with an
 * elimination is such a choice, so 0 means the search finds none.  size is 2..4. */
int fish_any9(bb81 cells, int size, int base_kind, const bb81 peers[81], int max_fins);

#endif
