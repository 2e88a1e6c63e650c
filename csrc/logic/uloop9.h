/* Sudoku Explainer's Unique Loops (six cells or more) on a classic 9x9 grid: the search of
 * shudu.logic.techniques.classic.unique_loops (_find_loops), the same loops in the same
 * order, for the rater (it looks for loops in every state of a walk). */
#ifndef SHUDU_ULOOP9_H
#define SHUDU_ULOOP9_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Each house holds two cells of a loop at most, so a loop has 18 cells at most. */
/* The cells a search may try in all.  A made-up state with dozens of cells holding just
 * the same two digits has billions of paths (a state on a solving path holds no naked
 * pair, so a house has one such cell at most); past this many, the search stops. */
#define ULOOP9_MAX_STEPS 1000000L
#define ULOOP9_MAX_CELLS 18

typedef struct {
    uint8_t a, b;                     /* its two digits, 0-based, a < b */
    uint8_t len;                      /* its number of cells, 6 to 18, even */
    uint8_t cell[ULOOP9_MAX_CELLS];   /* its cells in loop order; cell[0] holds just a/b */
} uloop9_loop;

/* The unique loops of the grid cm (81 9-bit candidate masks; 0 for a placed cell): by
 * pair of digits (ascending as the mask 1 << a | 1 << b), then in the order SE's search
 * finds them.  *out gets an array from malloc (the caller frees it; NULL when there is
 * none).  Returns how many loops there are (those found within ULOOP9_MAX_STEPS), or -1
 * when out of memory. */
int uloop9(const uint16_t cm[81], uloop9_loop **out);

#ifdef __cplusplus
}
#endif

#endif
