/* Pencilmark logic solver for classic 9x9 Sudoku, limited to a fixed ladder of techniques. */
#ifndef SHUDU_LOGIC9_H
#define SHUDU_LOGIC9_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Technique levels, easiest first.  Level 0 covers full houses and hidden singles. */
enum {
    L9_HIDDEN_SINGLE = 0,
    L9_NAKED_SINGLE,
    L9_POINTING,
    L9_CLAIMING,
    L9_NAKED_PAIR,
    L9_X_WING,
    L9_HIDDEN_PAIR,
    L9_NAKED_TRIPLE,
    L9_SWORDFISH,
    L9_HIDDEN_TRIPLE,
    L9_NAKED_QUAD,
    L9_JELLYFISH,
    L9_HIDDEN_QUAD,
    L9_LEVELS
};

/* Solve a 9x9 puzzle with the techniques of level <= max_level only.
 * in:        81 cell values, row-major, 0 = empty, 1..9 = given (values > 9 are treated
 *            as empty).
 * max_level: the hardest level allowed; values below 0 allow nothing (only a complete
 *            grid counts as solved), values above L9_LEVELS - 1 allow every level.
 * cands:     if non-NULL, receives the final candidate mask of every cell (bit d - 1 for
 *            digit d; a placed cell has exactly its own bit).
 * hardest:   if non-NULL, receives the hardest level used (-1 when none was).
 * The solver repeats "apply every instance of the easiest technique that makes progress"
 * until the grid is full or no allowed technique changes anything.  Returns 1 when every
 * cell was filled, 0 when stuck (conflicting givens and contradictions count as stuck).
 * Reentrant and thread-safe: uses no mutable global state. */
int l9_solve(const uint8_t *in, int max_level, uint16_t *cands, int *hardest);

/* Go on from a pencilmark state, in place, with the techniques of level <= max_level.
 * values:  81 cell values (0 = open; values > 9 are treated as open);
 * cands:   81 candidate masks of the open cells (bits above the ninth are ignored);
 *          placed cells' masks are ignored on input and set to 0 on output;
 * hardest: if non-NULL, receives the hardest level used (-1 when none was);
 * passes:  if non-NULL, an array of L9_LEVELS counters, each incremented once per round
 *          in which its level made progress.
 * Returns 1 when every cell is filled, 0 when stuck, -1 on a contradiction.
 * Reentrant and thread-safe. */
int l9_continue(uint8_t *values, uint16_t *cands, int max_level, int *hardest, int *passes);

/* The easiest level <= max_level that would change the state (values and cands as for
 * l9_continue, left untouched), -1 when none would.  A contradictory state, or a level
 * that finds a contradiction, counts as changing it. */
int l9_probe(const uint8_t *values, const uint16_t *cands, int max_level);

/* The first single of a state (values and cands as for l9_continue), in the order the
 * Python finders report them.  kind 0: full house (houses 0..26, the one open cell of a
 * house, holding one candidate); 1: hidden single (boxes, rows, columns; digits in
 * order); 2: naked single (cells in order).  Returns 1 and sets cell, digit (1..9) and
 * house (-1 for a naked single), or 0 when there is none. */
int l9_single(const uint8_t *values, const uint16_t *cands, int kind, int *cell, int *digit,
              int *house);

#ifdef __cplusplus
}
#endif

#endif
